//! The adapter of the domain's ports: [`Db`] is a [`Store`]; the transaction value [`Tx`]
//! implements [`Catalogue`], [`Users`] and [`Terminals`] by running this crate's diesel
//! queries on its connection. Every [`DbError`] becomes a [`StoreError`] here.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use domain::account::{NewUser, Role, User, UserFilter, UserListItem};
use domain::cart::StoredLine;
use domain::catalogue::{
    ApparelRecord, FacetCount, FacetKind, InventoryFilter, InventoryItem, MetadataItem,
    MetadataKind, MetadataLists, NamedRef, NewVariant, PricedProduct, PricedVariant, Product,
    ProductFilter, ProductUsage, Show, ShowFilter, StoredVariant, Term, TermUsage, Terminal,
    TypeRef, UnitRecord, ValidApparel, ValidProduct, ValidShow, ValidTerm, Vocabulary,
};
use domain::checkout::{NewOrder, NewSession, Order, PaymentSession, SessionStatus};
use domain::ids::{CartId, OrderId, ProductId, SessionId, TerminalId, UserId, VariantId};
use domain::money::Money;
use domain::paging::{Page, PageRequest};
use domain::ports::{
    ApparelAdmin, Audit, AuditEntry, Carts, Catalogue, Orders, PaymentSessions, ReportData,
    Reports, Sales, Stock, Store, StoreError, Terminals, Users,
};
use domain::profile::{Profile, ProfileChanges};
use domain::reports::{ActivityUser, NewReport, Report, StockRow};
use domain::sales::{CaseBreak, DateRange, Sale};
use domain::status::{CaseBreakStatus, OrderStatus};
use domain::user_admin::Contact;

use crate::catalogue::Changes;
use crate::connection::{Db, DbConnection};
use crate::error::DbError;
use crate::{audit, carts, catalogue, checkout, orders, reports, sales, users};

impl From<DbError> for StoreError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::NotFound => StoreError::NotFound,
            DbError::Duplicate(m) => StoreError::Duplicate(m),
            DbError::Conflict(m) => StoreError::Conflict(m),
            DbError::Unavailable => StoreError::Unavailable,
            DbError::Other(m) => StoreError::Other(m),
        }
    }
}

/// One unit of work on one pooled connection: the repositories of the domain's ports.
pub struct Tx<'a> {
    conn: &'a mut DbConnection,
    db: &'a Db,
    /// What a write changed that the catalogue's list index reads (logged at commit).
    changes: Changes,
    /// The catalogue version this unit of work read, if it did: a list then needs not read it
    /// again to know how fresh the list index must be.
    version: Option<i64>,
    /// Whether this is a write transaction: reads in it see its own writes, which only SQL
    /// can (the list index follows committed versions).
    writing: bool,
}

impl Tx<'_> {
    /// Takes `version` as the catalogue version of this unit of work without reading it: the
    /// caller read it a moment ago (a node's read cache checks it at most once a second).
    /// Catalogue reads that need a version, the list index's, then run no statement for it;
    /// their answers are at least as new as `version`.
    pub fn assume_catalogue_version(&mut self, version: i64) {
        self.version = Some(version);
    }
}

impl<'a> Tx<'a> {
    fn new(conn: &'a mut DbConnection, db: &'a Db, writing: bool) -> Self {
        Tx {
            conn,
            db,
            changes: Changes::default(),
            version: None,
            writing,
        }
    }

    /// The connection, for the test support's direct writes (which note what they change).
    pub(crate) fn conn(&mut self) -> &mut DbConnection {
        self.conn
    }

    /// Notes `product` as changed by this write (the list index reloads it).
    pub(crate) fn product_changed(&mut self, product: &str) {
        self.changes.product(product);
    }

    /// Notes the product of an apparel variant as changed (nothing, if the variant is gone).
    pub(crate) fn variant_changed(&mut self, id: &VariantId) -> Result<(), StoreError> {
        match q(catalogue::variant_product(self.conn, id))? {
            Some(product) => self.changes.product(&product),
            None => self.changes.nothing(),
        }
        Ok(())
    }
}

impl std::fmt::Debug for Tx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tx")
            .field("backend", &self.conn.backend())
            .finish()
    }
}

/// The error of a write transaction's closure, or of diesel beginning or committing it.
enum TxError<E> {
    App(E),
    Db(diesel::result::Error),
}

impl<E> From<diesel::result::Error> for TxError<E> {
    fn from(e: diesel::result::Error) -> Self {
        TxError::Db(e)
    }
}

impl Store for Db {
    type Tx<'a> = Tx<'a>;

    fn read<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
    {
        let mut conn = self.get().map_err(|e| E::from(e.into()))?;
        f(&mut Tx::new(&mut conn, self, false))
    }

    fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
    {
        // The turn first, then a connection: a writer waiting for its turn holds no connection
        // that a reader could use.
        let turn = self.writer_turn();
        let mut conn = self.get().map_err(|e| E::from(e.into()))?;
        let mut moved_to = None;
        let value = conn
            .write_transaction(|conn| {
                let mut tx = Tx::new(conn, self, true);
                let value = f(&mut tx).map_err(TxError::App)?;
                // The log of what moved the catalogue version commits with the change.
                tx.changes
                    .record(tx.conn)
                    .map_err(|e| TxError::App(E::from(e.into())))?;
                moved_to = tx.changes.moved_to();
                Ok(value)
            })
            .map_err(|e| match e {
                TxError::App(e) => e,
                TxError::Db(e) => E::from(DbError::from(e).into()),
            })?;
        // Committed: the next writer may go while this one brings the list index up to date.
        drop(turn);
        if let Some(version) = moved_to {
            if let Err(error) = self.index.follow(self, &mut conn, version) {
                // The write stands; the next list catches the index up instead.
                tracing::debug!(%error, "the list index did not follow a catalogue write");
            }
        }
        Ok(value)
    }
}

/// Runs one query of this crate and turns its error into the port's.
fn q<T>(result: Result<T, DbError>) -> Result<T, StoreError> {
    result.map_err(StoreError::from)
}

impl Catalogue for Tx<'_> {
    fn catalogue_version(&mut self) -> Result<i64, StoreError> {
        let version = q(catalogue::current_version(self.conn))?;
        self.version = Some(version);
        Ok(version)
    }

    fn bump_catalogue_version(&mut self) -> Result<i64, StoreError> {
        let version = q(catalogue::bump_version(self.conn))?;
        self.changes.bumped(version);
        Ok(version)
    }

    fn list_products(
        &mut self,
        filter: &ProductFilter,
        page: PageRequest,
        known_total: Option<i64>,
    ) -> Result<Page<Product>, StoreError> {
        q(catalogue::list_products_counted(
            self.conn,
            self.db,
            self.version,
            filter,
            page,
            known_total,
        ))
    }

    fn facet_counts(
        &mut self,
        filter: &ProductFilter,
        kind: FacetKind,
    ) -> Result<Vec<FacetCount>, StoreError> {
        q(catalogue::facet_counts(
            self.conn,
            self.db,
            self.version,
            filter,
            kind,
        ))
    }

    fn find_product(&mut self, id: &ProductId) -> Result<Option<Product>, StoreError> {
        if !self.writing {
            let indexed = catalogue::products_by_index(
                self.conn,
                self.db,
                self.version,
                std::slice::from_ref(id),
            );
            if let Some(found) = q(indexed)? {
                return Ok(found.into_iter().next());
            }
        }
        q(catalogue::find_product(self.conn, id.as_str()))
    }

    fn list_shows(
        &mut self,
        filter: &ShowFilter,
        page: PageRequest,
    ) -> Result<Page<Show>, StoreError> {
        q(catalogue::list_shows(
            self.conn,
            self.db,
            self.version,
            filter,
            page,
        ))
    }

    fn find_show(&mut self, id: &ProductId) -> Result<Option<Show>, StoreError> {
        q(catalogue::find_show(self.conn, id.as_str()))
    }

    fn find_brand(&mut self, key: &str) -> Result<Option<NamedRef>, StoreError> {
        q(catalogue::find_brand(self.conn, key))
    }

    fn find_show_type(&mut self, key: &str) -> Result<Option<String>, StoreError> {
        q(catalogue::find_show_type(self.conn, key))
    }

    fn metadata(&mut self) -> Result<MetadataLists, StoreError> {
        q(catalogue::metadata(self.conn))
    }

    fn metadata_page(
        &mut self,
        kind: MetadataKind,
        search: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<MetadataItem>, StoreError> {
        q(catalogue::metadata_page(self.conn, kind, search, page))
    }

    fn apparel_types(&mut self) -> Result<Vec<(TypeRef, i64)>, StoreError> {
        q(catalogue::apparel_types(self.conn))
    }

    fn show_types(&mut self) -> Result<Vec<TypeRef>, StoreError> {
        q(catalogue::show_types(self.conn))
    }

    fn apparel_skus(&mut self) -> Result<Vec<String>, StoreError> {
        q(catalogue::apparel_skus(self.conn))
    }

    fn priced_products(
        &mut self,
        ids: &[ProductId],
    ) -> Result<HashMap<ProductId, PricedProduct>, StoreError> {
        q(catalogue::priced_products(self.conn, ids))
    }

    fn priced_variants(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError> {
        q(catalogue::priced_variants(self.conn, ids))
    }

    fn priced_product(&mut self, id: &ProductId) -> Result<Option<PricedProduct>, StoreError> {
        q(catalogue::priced_product(self.conn, id))
    }

    fn priced_variant(&mut self, id: &VariantId) -> Result<Option<PricedVariant>, StoreError> {
        q(catalogue::priced_variant(self.conn, id))
    }

    fn set_product_in_stock(&mut self, id: &ProductId, in_stock: bool) -> Result<bool, StoreError> {
        self.changes.product(id.as_str());
        q(catalogue::set_product_in_stock(
            self.conn,
            id.as_str(),
            in_stock,
        ))
    }

    fn find_term(&mut self, kind: Vocabulary, id: &str) -> Result<Option<Term>, StoreError> {
        q(catalogue::vocabulary::find(self.conn, kind, id))
    }

    fn term_named(&mut self, kind: Vocabulary, name: &str) -> Result<Option<Term>, StoreError> {
        q(catalogue::vocabulary::named_as(self.conn, kind, name))
    }

    fn insert_term(&mut self, kind: Vocabulary, term: &ValidTerm) -> Result<Term, StoreError> {
        self.changes.everything();
        q(catalogue::vocabulary::insert(self.conn, kind, term))
    }

    fn update_term(
        &mut self,
        kind: Vocabulary,
        id: &str,
        term: &ValidTerm,
    ) -> Result<(), StoreError> {
        self.changes.everything();
        q(catalogue::vocabulary::update(self.conn, kind, id, term))
    }

    fn term_usage(&mut self, kind: Vocabulary, id: &str) -> Result<TermUsage, StoreError> {
        q(catalogue::vocabulary::usage(self.conn, kind, id))
    }

    fn product_counts(&mut self) -> Result<(i64, i64), StoreError> {
        q(catalogue::product_counts(self.conn))
    }

    fn stock_total(&mut self) -> Result<i64, StoreError> {
        q(catalogue::stock_total(self.conn))
    }

    fn inventory_page(
        &mut self,
        filter: &InventoryFilter,
        page: PageRequest,
    ) -> Result<Page<InventoryItem>, StoreError> {
        q(catalogue::inventory_page(self.conn, filter, page))
    }

    fn sku_in_use(&mut self, sku: &str, except: Option<&ProductId>) -> Result<bool, StoreError> {
        q(catalogue::sku_in_use(self.conn, sku, except))
    }

    fn insert_product(
        &mut self,
        product: &ValidProduct,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError> {
        let id = q(catalogue::insert_product(self.conn, product, at))?;
        self.changes.product(id.as_str());
        Ok(id)
    }

    fn product_record(&mut self, id: &ProductId) -> Result<Option<ValidProduct>, StoreError> {
        q(catalogue::product_record(self.conn, id))
    }

    fn update_product(
        &mut self,
        id: &ProductId,
        product: &ValidProduct,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        self.changes.product(id.as_str());
        q(catalogue::update_product(self.conn, id, product, at))
    }

    fn put_unit_product(
        &mut self,
        product: &ProductId,
        unit: &UnitRecord,
        available: bool,
    ) -> Result<(), StoreError> {
        self.changes.product(product.as_str());
        q(catalogue::put_unit_product(
            self.conn, product, unit, available,
        ))
    }

    fn set_unit_available(
        &mut self,
        product: &ProductId,
        available: bool,
    ) -> Result<(), StoreError> {
        self.changes.product(product.as_str());
        q(catalogue::set_unit_available(self.conn, product, available))
    }

    fn delete_unit_product(&mut self, product: &ProductId) -> Result<(), StoreError> {
        self.changes.product(product.as_str());
        q(catalogue::delete_unit_product(self.conn, product))
    }

    fn usage_of_product(&mut self, id: &ProductId) -> Result<ProductUsage, StoreError> {
        q(catalogue::usage_of_product(self.conn, id))
    }

    fn delete_product(&mut self, id: &ProductId) -> Result<(), StoreError> {
        self.changes.product(id.as_str());
        q(catalogue::delete_product(self.conn, id))
    }

    fn show_skus(&mut self) -> Result<Vec<String>, StoreError> {
        q(catalogue::show_skus(self.conn))
    }

    fn insert_show(
        &mut self,
        sku: &str,
        show: &ValidShow,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError> {
        let id = q(catalogue::insert_show(self.conn, sku, show, at))?;
        self.changes.product(id.as_str());
        Ok(id)
    }

    fn show_record(&mut self, id: &ProductId) -> Result<Option<ValidShow>, StoreError> {
        q(catalogue::show_record(self.conn, id))
    }

    fn update_show(
        &mut self,
        id: &ProductId,
        show: &ValidShow,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        self.changes.product(id.as_str());
        q(catalogue::update_show(self.conn, id, show, at))
    }

    fn delete_term(&mut self, kind: Vocabulary, id: &str) -> Result<(), StoreError> {
        self.changes.everything();
        q(catalogue::vocabulary::delete(self.conn, kind, id))
    }
}

impl Users for Tx<'_> {
    fn insert_user(&mut self, user: &NewUser, at: NaiveDateTime) -> Result<User, StoreError> {
        q(users::insert_user(self.conn, user, at))
    }

    fn insert_empty_profile(&mut self, user: &UserId, at: NaiveDateTime) -> Result<(), StoreError> {
        q(users::insert_empty_profile(self.conn, user, at))
    }

    fn insert_empty_cart(
        &mut self,
        user: &UserId,
        at: NaiveDateTime,
    ) -> Result<CartId, StoreError> {
        q(users::insert_empty_cart(self.conn, user, at))
    }

    fn user_by_email(&mut self, email: &str) -> Result<Option<User>, StoreError> {
        q(users::find_by_email(self.conn, email))
    }

    fn user_by_id(&mut self, id: &UserId) -> Result<Option<User>, StoreError> {
        q(users::find_by_id(self.conn, id))
    }

    fn count_users(&mut self) -> Result<i64, StoreError> {
        q(users::count_users(self.conn))
    }

    fn any_active_admin(&mut self) -> Result<bool, StoreError> {
        q(users::any_admin(self.conn))
    }

    fn lock_active_admins(&mut self) -> Result<Vec<UserId>, StoreError> {
        q(users::lock_active_admins(self.conn))
    }

    fn record_login(&mut self, id: &UserId, at: NaiveDateTime) -> Result<(), StoreError> {
        q(users::record_login(self.conn, id, at))
    }

    fn cart_of(&mut self, user: &UserId) -> Result<Option<CartId>, StoreError> {
        q(users::cart_id_of(self.conn, user))
    }

    fn profile_of(&mut self, user: &UserId) -> Result<Profile, StoreError> {
        q(users::profile_of(self.conn, user))
    }

    fn update_profile(
        &mut self,
        user: &UserId,
        changes: ProfileChanges,
        at: NaiveDateTime,
    ) -> Result<Profile, StoreError> {
        q(users::update_profile(self.conn, user, changes, at))
    }

    fn set_active(
        &mut self,
        id: &UserId,
        active: bool,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(users::set_active(self.conn, id, active, at))
    }

    fn set_role(&mut self, id: &UserId, role: Role, at: NaiveDateTime) -> Result<(), StoreError> {
        q(users::set_role(self.conn, id, role, at))
    }

    fn user_row(&mut self, id: &UserId) -> Result<Option<UserListItem>, StoreError> {
        q(users::user_row(self.conn, id))
    }

    fn update_account(
        &mut self,
        id: &UserId,
        email: &str,
        role: Role,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(users::update_account(self.conn, id, email, role, at))
    }

    fn set_password(
        &mut self,
        id: &UserId,
        password_hash: &str,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(users::set_password(self.conn, id, password_hash, at))
    }

    fn set_contact(
        &mut self,
        id: &UserId,
        contact: &Contact,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(users::set_contact(self.conn, id, contact, at))
    }

    fn list_users(
        &mut self,
        filter: &UserFilter,
        page: PageRequest,
    ) -> Result<Page<UserListItem>, StoreError> {
        q(users::list_users(self.conn, filter, page))
    }
}

impl Carts for Tx<'_> {
    fn cart_owner(&mut self, cart: &CartId) -> Result<Option<UserId>, StoreError> {
        q(carts::owner(self.conn, cart, self.writing))
    }

    fn cart_lines(&mut self, cart: &CartId) -> Result<Vec<StoredLine>, StoreError> {
        q(carts::lines(self.conn, cart))
    }

    fn cart_products(
        &mut self,
        cart: &CartId,
        ids: &[ProductId],
    ) -> Result<Vec<Product>, StoreError> {
        if !self.writing {
            let indexed = catalogue::products_by_index(self.conn, self.db, self.version, ids);
            if let Some(found) = q(indexed)? {
                return Ok(found);
            }
        }
        q(catalogue::cart_products(self.conn, cart.as_str()))
    }

    fn cart_priced_products(
        &mut self,
        cart: &CartId,
    ) -> Result<HashMap<ProductId, PricedProduct>, StoreError> {
        q(catalogue::cart_priced_products(self.conn, cart.as_str()))
    }

    fn cart_priced_variants(
        &mut self,
        cart: &CartId,
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError> {
        q(catalogue::cart_priced_variants(self.conn, cart.as_str()))
    }

    fn add_cart_line(
        &mut self,
        cart: &CartId,
        product: &ProductId,
        variant: Option<&VariantId>,
        cases: u32,
        units: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(carts::add_line(
            self.conn, cart, product, variant, cases, units, at,
        ))
    }

    fn set_cart_line(
        &mut self,
        cart: &CartId,
        line: &str,
        cases: u32,
        units: u32,
    ) -> Result<(), StoreError> {
        q(carts::set_line(self.conn, cart, line, cases, units))
    }

    fn delete_cart_line(
        &mut self,
        cart: &CartId,
        product: &ProductId,
        variant: Option<&VariantId>,
    ) -> Result<bool, StoreError> {
        q(carts::delete_line(self.conn, cart, product, variant))
    }

    fn clear_cart(&mut self, cart: &CartId) -> Result<(), StoreError> {
        q(carts::clear(self.conn, cart))
    }
}

impl Terminals for Tx<'_> {
    fn list_terminals(
        &mut self,
        state: Option<&str>,
        zip_prefix: Option<&str>,
    ) -> Result<Vec<Terminal>, StoreError> {
        q(catalogue::list_terminals(self.conn, state, zip_prefix))
    }

    fn find_terminal(&mut self, id: &TerminalId) -> Result<Option<Terminal>, StoreError> {
        q(catalogue::find_terminal(self.conn, id.as_str()))
    }
}

impl Stock for Tx<'_> {
    fn lock_variant_stock(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, u32>, StoreError> {
        q(checkout::lock_variant_stock(self.conn, ids))
    }

    fn held_quantities(
        &mut self,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError> {
        q(checkout::held_quantities(self.conn, ids, now))
    }

    fn held_by_user(
        &mut self,
        user: &UserId,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError> {
        q(checkout::held_by_user(self.conn, user, ids, now))
    }

    fn insert_holds(
        &mut self,
        session: &SessionId,
        holds: &[(VariantId, u32)],
        expires_at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(checkout::insert_holds(
            self.conn, session, holds, expires_at,
        ))
    }

    fn release_holds(&mut self, session: &SessionId) -> Result<(), StoreError> {
        q(checkout::release_holds(self.conn, session))
    }

    fn purge_expired_holds(&mut self, now: NaiveDateTime) -> Result<(), StoreError> {
        q(checkout::purge_expired_holds(self.conn, now))
    }

    fn take_variant_stock(&mut self, id: &VariantId, quantity: u32) -> Result<bool, StoreError> {
        self.variant_changed(id)?;
        q(checkout::take_variant_stock(self.conn, id, quantity))
    }

    fn take_unit_stock(&mut self, unit_product: &str, wanted: u32) -> Result<u32, StoreError> {
        match q(checkout::take_unit_stock(self.conn, unit_product, wanted))? {
            Some((product, taken)) => {
                self.changes.product(&product);
                Ok(taken)
            }
            None => {
                self.changes.nothing();
                Ok(0)
            }
        }
    }

    fn insert_case_break_request(
        &mut self,
        product: &ProductId,
        order: &OrderId,
        quantity: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(checkout::insert_case_break_request(
            self.conn, product, order, quantity, at,
        ))
    }
}

impl PaymentSessions for Tx<'_> {
    fn insert_session(&mut self, session: &NewSession) -> Result<SessionId, StoreError> {
        q(checkout::insert_session(self.conn, session))
    }

    fn sessions_opened_since(
        &mut self,
        user: &UserId,
        since: NaiveDateTime,
    ) -> Result<u32, StoreError> {
        q(checkout::sessions_opened_since(self.conn, user, since))
    }

    fn session_by_token(
        &mut self,
        token: &str,
        lock: bool,
    ) -> Result<Option<PaymentSession>, StoreError> {
        q(checkout::session_by_token(self.conn, token, lock))
    }

    fn close_session(
        &mut self,
        id: &SessionId,
        status: SessionStatus,
        order: Option<&OrderId>,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError> {
        q(checkout::close_session(self.conn, id, status, order, at))
    }

    fn cart_being_paid(&mut self, cart: &CartId, now: NaiveDateTime) -> Result<bool, StoreError> {
        q(checkout::cart_being_paid(self.conn, cart, now))
    }
}

impl Orders for Tx<'_> {
    fn insert_order(&mut self, order: &NewOrder) -> Result<OrderId, StoreError> {
        q(orders::insert(self.conn, order))
    }

    fn find_order(&mut self, id: &OrderId) -> Result<Option<Order>, StoreError> {
        q(orders::find(self.conn, id))
    }

    fn orders_of(&mut self, user: &UserId, page: PageRequest) -> Result<Page<Order>, StoreError> {
        q(orders::of_user(self.conn, user, page))
    }
}

impl ApparelAdmin for Tx<'_> {
    fn insert_apparel(
        &mut self,
        sku: &str,
        apparel: &ValidApparel,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError> {
        let id = q(catalogue::insert_apparel(self.conn, sku, apparel, at))?;
        self.changes.product(id.as_str());
        Ok(id)
    }

    fn apparel_record(&mut self, id: &ProductId) -> Result<Option<ApparelRecord>, StoreError> {
        q(catalogue::apparel_record(self.conn, id))
    }

    fn update_apparel(
        &mut self,
        id: &ProductId,
        apparel: &ValidApparel,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        self.changes.product(id.as_str());
        q(catalogue::update_apparel(self.conn, id, apparel, at))
    }

    fn insert_variant(
        &mut self,
        product: &ProductId,
        variant: &NewVariant,
    ) -> Result<VariantId, StoreError> {
        self.changes.product(product.as_str());
        q(catalogue::insert_variant(self.conn, product, variant))
    }

    fn stored_variant(&mut self, id: &VariantId) -> Result<Option<StoredVariant>, StoreError> {
        q(catalogue::stored_variant(self.conn, id))
    }

    fn update_variant(
        &mut self,
        id: &VariantId,
        unit_price: Money,
        stock: Option<u32>,
        available: bool,
    ) -> Result<(), StoreError> {
        self.variant_changed(id)?;
        q(catalogue::update_variant(
            self.conn, id, unit_price, stock, available,
        ))
    }

    fn variant_order_items(&mut self, id: &VariantId) -> Result<i64, StoreError> {
        q(catalogue::variant_order_items(self.conn, id))
    }

    fn delete_variant_cart_lines(&mut self, id: &VariantId) -> Result<(), StoreError> {
        q(catalogue::delete_variant_cart_lines(self.conn, id))
    }

    fn delete_variant(&mut self, id: &VariantId) -> Result<(), StoreError> {
        self.variant_changed(id)?;
        q(catalogue::delete_variant(self.conn, id))
    }
}

impl Sales for Tx<'_> {
    fn sales(
        &mut self,
        range: &DateRange,
        status: Option<OrderStatus>,
    ) -> Result<Vec<Sale>, StoreError> {
        q(sales::sales(self.conn, range, status))
    }

    fn sale(&mut self, id: &OrderId) -> Result<Option<Sale>, StoreError> {
        q(sales::sale(self.conn, id))
    }

    fn set_order_status(
        &mut self,
        id: &OrderId,
        status: OrderStatus,
        by: &UserId,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(sales::set_order_status(self.conn, id, status, by, at))
    }

    fn case_breaks(
        &mut self,
        range: &DateRange,
        status: Option<CaseBreakStatus>,
    ) -> Result<Vec<CaseBreak>, StoreError> {
        q(sales::case_breaks(self.conn, range, status))
    }

    fn order_counts(&mut self) -> Result<Vec<(OrderStatus, i64)>, StoreError> {
        q(sales::order_counts(self.conn))
    }

    fn case_break_counts(
        &mut self,
        range: &DateRange,
    ) -> Result<Vec<(CaseBreakStatus, i64)>, StoreError> {
        q(sales::case_break_counts(self.conn, range))
    }

    fn case_break(&mut self, id: &str) -> Result<Option<CaseBreak>, StoreError> {
        q(sales::case_break(self.conn, id))
    }

    fn complete_case_break(
        &mut self,
        id: &str,
        quantity_added: u32,
        to_stock: u32,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError> {
        let completed = q(sales::complete_case_break(
            self.conn,
            id,
            quantity_added,
            to_stock,
            at,
        ))?;
        match &completed {
            Some(product) => self.changes.product(product),
            None => self.changes.nothing(),
        }
        Ok(completed.is_some())
    }
}

impl Reports for Tx<'_> {
    fn insert_report(&mut self, report: &NewReport) -> Result<String, StoreError> {
        q(reports::insert(self.conn, report))
    }

    fn find_report(&mut self, id: &str, with_result: bool) -> Result<Option<Report>, StoreError> {
        q(reports::find(self.conn, id, with_result))
    }

    fn list_reports(&mut self, page: PageRequest) -> Result<Page<Report>, StoreError> {
        q(reports::list(self.conn, page))
    }

    fn report_waiting(&mut self, stale_before: NaiveDateTime) -> Result<bool, StoreError> {
        q(reports::waiting(self.conn, stale_before))
    }

    fn claim_report(
        &mut self,
        now: NaiveDateTime,
        stale_before: NaiveDateTime,
    ) -> Result<Option<Report>, StoreError> {
        q(reports::claim(self.conn, now, stale_before))
    }

    fn complete_report(
        &mut self,
        id: &str,
        result: &serde_json::Value,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        q(reports::complete(self.conn, id, result, at))
    }

    fn fail_report(&mut self, id: &str, reason: &str, at: NaiveDateTime) -> Result<(), StoreError> {
        q(reports::fail(self.conn, id, reason, at))
    }
}

impl ReportData for Tx<'_> {
    fn stock_rows(&mut self) -> Result<Vec<StockRow>, StoreError> {
        q(reports::stock_rows(self.conn))
    }

    fn activity_users(&mut self, range: &DateRange) -> Result<Vec<ActivityUser>, StoreError> {
        q(reports::activity_users(self.conn, range))
    }

    fn audit_summary(
        &mut self,
        range: &DateRange,
    ) -> Result<Vec<(String, String, String, i64)>, StoreError> {
        q(reports::audit_summary(self.conn, range))
    }

    fn product_categories(
        &mut self,
        ids: &[String],
    ) -> Result<HashMap<String, String>, StoreError> {
        q(reports::product_categories(self.conn, ids))
    }
}

impl Audit for Tx<'_> {
    fn record_audit(&mut self, entry: &AuditEntry) -> Result<(), StoreError> {
        q(audit::record(self.conn, entry))
    }
}
