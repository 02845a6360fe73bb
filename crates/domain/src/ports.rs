//! The ports of the hexagon: what the use cases need from the outside world, as traits. The
//! adapters implement them: `persistence` the [`Store`] and its repositories (SQLite and
//! PostgreSQL), `auth` the [`PasswordHasher`] and [`TokenService`]. Ports are synchronous
//! (diesel is); the API runs a whole use case in one blocking call.
//!
//! Repository methods exist only on the transaction value a [`Store`] hands to a closure, so
//! nothing queries outside a transaction, and one use case is one `read` or `write` (plus,
//! where a slow step such as password hashing sits between, one before and one after it).

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::account::{NewUser, Role, User, UserFilter, UserListItem};
use crate::cart::StoredLine;
use crate::catalogue::{
    ApparelRecord, FacetCount, FacetKind, InventoryFilter, InventoryItem, MetadataItem,
    MetadataKind, MetadataLists, NamedRef, NewVariant, PricedProduct, PricedVariant, Product,
    ProductFilter, ProductUsage, Show, ShowFilter, StoredVariant, Term, TermUsage, Terminal,
    TypeRef, UnitRecord, ValidApparel, ValidProduct, ValidShow, ValidTerm, Vocabulary,
};
use crate::checkout::{NewOrder, NewSession, Order, PaymentSession, SessionStatus};
use crate::ids::{CartId, OrderId, ProductId, SessionId, TerminalId, UserId, VariantId};
use crate::money::Money;
use crate::paging::{Page, PageRequest};
use crate::profile::{Profile, ProfileChanges};
use crate::reports::{ActivityUser, NewReport, Report, StockRow};
use crate::sales::{CaseBreak, DateRange, Sale};
use crate::status::{CaseBreakStatus, OrderStatus};
use crate::user_admin::Contact;

/// Why a storage operation failed. Adapters map their own errors onto these variants; the
/// use cases turn the ones they expect (a duplicate e-mail, a missing row) into their own
/// error enums and pass the rest on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The row asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A unique rule refused the write; the text names the rule or column.
    #[error("duplicate: {0}")]
    Duplicate(String),
    /// The write conflicts with other rows or the current state (a reference, a check such as
    /// stock below zero, a serialization failure).
    #[error("conflict: {0}")]
    Conflict(String),
    /// The store could not be reached in time (no free connection, server down, locked).
    #[error("store unavailable")]
    Unavailable,
    /// Anything else: a bug or a broken store. Logged, never shown to a client.
    #[error("store error: {0}")]
    Other(String),
}

/// The database: runs a closure on one transaction value that implements every repository.
pub trait Store: Send + Sync {
    /// The transaction value handed to the closures.
    type Tx<'a>: Catalogue
        + ApparelAdmin
        + Users
        + Terminals
        + Carts
        + Stock
        + Orders
        + PaymentSessions
        + Audit
        + Sales
        + Reports
        + ReportData
    where
        Self: 'a;

    /// Runs `f` on a read-only unit of work. Each statement sees committed data.
    ///
    /// # Errors
    /// Whatever `f` returns; [`StoreError::Unavailable`] (converted into `E`) when no
    /// connection can be had.
    fn read<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Self::Tx<'_>) -> Result<T, E>;

    /// Runs `f` in one write transaction (`BEGIN IMMEDIATE` on SQLite, so a concurrent writer
    /// waits instead of failing): committed when `f` answers `Ok`, rolled back on `Err`.
    ///
    /// # Errors
    /// Whatever `f` returns; [`StoreError::Unavailable`] when no connection can be had or the
    /// write lock is not granted in time; [`StoreError::Other`] when the commit fails.
    fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Self::Tx<'_>) -> Result<T, E>;
}

/// The catalogue: products, apparel, shows, metadata, and the version every catalogue write
/// moves (API nodes key their read caches by it).
pub trait Catalogue {
    /// The current catalogue version (0 before the first write).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn catalogue_version(&mut self) -> Result<i64, StoreError>;

    /// Moves the catalogue version on by one and answers the new one. Every catalogue write
    /// calls it in its own transaction.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn bump_catalogue_version(&mut self) -> Result<i64, StoreError>;

    /// One page of products matching `filter`, in `filter.sort` order, with the number that
    /// match in all. With `known_total` (a count of the same filter at the same catalogue
    /// version) the count is not run again. Never one query per product.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn list_products(
        &mut self,
        filter: &ProductFilter,
        page: PageRequest,
        known_total: Option<i64>,
    ) -> Result<Page<Product>, StoreError>;

    /// How many products `filter` lists have each value of `kind`, for every value with at
    /// least one product, by value. `filter` is taken as given: the caller has removed `kind`'s
    /// own values ([`ProductFilter::without`]). Counting sizes, the filter's genders must match
    /// on the counted variant (and counting genders, its sizes), as the list requires of one
    /// variant. One query (for apparel colours, which are product or variant colours, two).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn facet_counts(
        &mut self,
        filter: &ProductFilter,
        kind: FacetKind,
    ) -> Result<Vec<FacetCount>, StoreError>;

    /// The product (of any kind) with this id, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_product(&mut self, id: &ProductId) -> Result<Option<Product>, StoreError>;

    /// One page of shows (by title, then id) with their contents.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn list_shows(
        &mut self,
        filter: &ShowFilter,
        page: PageRequest,
    ) -> Result<Page<Show>, StoreError>;

    /// The show with this id, or `None` (also for a product that is not a show).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_show(&mut self, id: &ProductId) -> Result<Option<Show>, StoreError>;

    /// The brand with this id, or named `key` in any letter case.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_brand(&mut self, key: &str) -> Result<Option<NamedRef>, StoreError>;

    /// The id of the show type with this id, or named `key` in any letter case.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_show_type(&mut self, key: &str) -> Result<Option<String>, StoreError>;

    /// Every brand, category, colour, effect, apparel type and show type, each by name.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn metadata(&mut self) -> Result<MetadataLists, StoreError>;

    /// One page of one metadata kind (by name; `search` anywhere in the name, any case), each
    /// item with its product count.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn metadata_page(
        &mut self,
        kind: MetadataKind,
        search: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<MetadataItem>, StoreError>;

    /// Every apparel type (by name) with the number of apparel products of that type.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn apparel_types(&mut self) -> Result<Vec<(TypeRef, i64)>, StoreError>;

    /// Every show type, by name.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn show_types(&mut self) -> Result<Vec<TypeRef>, StoreError>;

    /// The SKUs of every apparel product (`APP-n`), for the next base SKU.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn apparel_skus(&mut self) -> Result<Vec<String>, StoreError>;

    /// The products with these ids (unknown ids are absent), with what pricing needs.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn priced_products(
        &mut self,
        ids: &[ProductId],
    ) -> Result<HashMap<ProductId, PricedProduct>, StoreError>;

    /// The apparel variants with these ids (unknown ids are absent).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn priced_variants(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError>;

    /// The product with this id (any kind) with what pricing needs, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn priced_product(&mut self, id: &ProductId) -> Result<Option<PricedProduct>, StoreError>;

    /// The available apparel variant with this id, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn priced_variant(&mut self, id: &VariantId) -> Result<Option<PricedVariant>, StoreError>;

    /// Sets a product's stock flag; answers whether the product exists. The caller moves the
    /// catalogue version on in the same transaction.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn set_product_in_stock(&mut self, id: &ProductId, in_stock: bool) -> Result<bool, StoreError>;

    /// The term of `kind` with this id.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_term(&mut self, kind: Vocabulary, id: &str) -> Result<Option<Term>, StoreError>;

    /// The term of `kind` with this name in any letter case.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn term_named(&mut self, kind: Vocabulary, name: &str) -> Result<Option<Term>, StoreError>;

    /// Stores a new term and answers it with its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the name is taken.
    fn insert_term(&mut self, kind: Vocabulary, term: &ValidTerm) -> Result<Term, StoreError>;

    /// Changes a term's name and description.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the name is taken; [`StoreError::NotFound`].
    fn update_term(
        &mut self,
        kind: Vocabulary,
        id: &str,
        term: &ValidTerm,
    ) -> Result<(), StoreError>;

    /// What uses a term: products (and, for a colour, apparel variants).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn term_usage(&mut self, kind: Vocabulary, id: &str) -> Result<TermUsage, StoreError>;

    /// Fireworks products (not shows, not apparel) and shows, counted.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn product_counts(&mut self) -> Result<(i64, i64), StoreError>;

    /// Units of unit products and items of apparel variants in stock, summed.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn stock_total(&mut self) -> Result<i64, StoreError>;

    /// One page of unit products and apparel variants matching `filter`, by SKU (then id).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn inventory_page(
        &mut self,
        filter: &InventoryFilter,
        page: PageRequest,
    ) -> Result<Page<InventoryItem>, StoreError>;

    /// Whether a product or unit product other than `except` has this SKU.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn sku_in_use(&mut self, sku: &str, except: Option<&ProductId>) -> Result<bool, StoreError>;

    /// Stores a new fireworks product with its colour and effect links; answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the SKU is taken; [`StoreError::Conflict`] for unknown
    /// metadata.
    fn insert_product(
        &mut self,
        product: &ValidProduct,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError>;

    /// The stored form of a fireworks product (not a show or apparel), or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn product_record(&mut self, id: &ProductId) -> Result<Option<ValidProduct>, StoreError>;

    /// Replaces a fireworks product's fields and links (the SKU stays).
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; [`StoreError::Conflict`] for unknown metadata.
    fn update_product(
        &mut self,
        id: &ProductId,
        product: &ValidProduct,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Creates or updates a product's unit product (its stock is kept; a new one starts at 0)
    /// and sets it available. When `unit` carries the price helper's price
    /// (`price_overridden` false) and the stored price was the admin's, the admin's stays.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the unit SKU is taken.
    fn put_unit_product(
        &mut self,
        product: &ProductId,
        unit: &UnitRecord,
        available: bool,
    ) -> Result<(), StoreError>;

    /// Marks a product's unit product (un)available.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn set_unit_available(
        &mut self,
        product: &ProductId,
        available: bool,
    ) -> Result<(), StoreError>;

    /// Deletes a product's unit product, if any.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when rows still refer to it.
    fn delete_unit_product(&mut self, product: &ProductId) -> Result<(), StoreError>;

    /// What uses a product: order items, shows, case break requests.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn usage_of_product(&mut self, id: &ProductId) -> Result<ProductUsage, StoreError>;

    /// Deletes a product with its links, unit product, variants and cart lines.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when orders, shows or requests still refer to it.
    fn delete_product(&mut self, id: &ProductId) -> Result<(), StoreError>;

    /// The SKUs of every show (`SHOW-n`), for the next one.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn show_skus(&mut self) -> Result<Vec<String>, StoreError>;

    /// Stores a new show (package `[1]`) with its lines; answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the SKU is taken; [`StoreError::Conflict`] for unknown
    /// references.
    fn insert_show(
        &mut self,
        sku: &str,
        show: &ValidShow,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError>;

    /// The stored form of a show, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn show_record(&mut self, id: &ProductId) -> Result<Option<ValidShow>, StoreError>;

    /// Replaces a show's fields and lines.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; [`StoreError::Conflict`] for unknown references.
    fn update_show(
        &mut self,
        id: &ProductId,
        show: &ValidShow,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Deletes a term (the caller checked nothing uses it).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a row still refers to it.
    fn delete_term(&mut self, kind: Vocabulary, id: &str) -> Result<(), StoreError>;
}

/// The back office's apparel writes: products with their size/gender/colour variants.
pub trait ApparelAdmin {
    /// Stores a new apparel product (without variants) under `sku`; answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the SKU is taken; [`StoreError::Conflict`] for unknown
    /// references.
    fn insert_apparel(
        &mut self,
        sku: &str,
        apparel: &ValidApparel,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError>;

    /// The stored form of an apparel product with every variant, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn apparel_record(&mut self, id: &ProductId) -> Result<Option<ApparelRecord>, StoreError>;

    /// Replaces an apparel product's own fields and colours (not its variants).
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; [`StoreError::Conflict`] for unknown references.
    fn update_apparel(
        &mut self,
        id: &ProductId,
        apparel: &ValidApparel,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Adds a variant to an apparel product.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the SKU or the size/gender/colour is taken.
    fn insert_variant(
        &mut self,
        product: &ProductId,
        variant: &NewVariant,
    ) -> Result<VariantId, StoreError>;

    /// One variant, available or not.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn stored_variant(&mut self, id: &VariantId) -> Result<Option<StoredVariant>, StoreError>;

    /// Sets a variant's price, its stock when given, and whether it is for sale.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when there is no such variant.
    fn update_variant(
        &mut self,
        id: &VariantId,
        unit_price: Money,
        stock: Option<u32>,
        available: bool,
    ) -> Result<(), StoreError>;

    /// Order items that reference the variant.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn variant_order_items(&mut self, id: &VariantId) -> Result<i64, StoreError>;

    /// Removes the variant from every cart.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn delete_variant_cart_lines(&mut self, id: &VariantId) -> Result<(), StoreError>;

    /// Deletes a variant no order references (its cart lines and holds go with it).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when an order still refers to it.
    fn delete_variant(&mut self, id: &VariantId) -> Result<(), StoreError>;
}

/// What the back office's sales use cases need: orders with their buyers and history, and
/// case break requests.
pub trait Sales {
    /// Orders placed in the range (with the status, when given), newest first.
    ///
    /// # Errors
    /// Store failures.
    fn sales(
        &mut self,
        range: &DateRange,
        status: Option<OrderStatus>,
    ) -> Result<Vec<Sale>, StoreError>;

    /// One order as the report shows it.
    ///
    /// # Errors
    /// Store failures.
    fn sale(&mut self, id: &OrderId) -> Result<Option<Sale>, StoreError>;

    /// Sets an order's status and records the change (who, when).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown order.
    fn set_order_status(
        &mut self,
        id: &OrderId,
        status: OrderStatus,
        by: &UserId,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Case break requests made in the range (with the status, when given), newest first.
    ///
    /// # Errors
    /// Store failures.
    fn case_breaks(
        &mut self,
        range: &DateRange,
        status: Option<CaseBreakStatus>,
    ) -> Result<Vec<CaseBreak>, StoreError>;

    /// Orders per status, of all time (one count per status, no order read).
    ///
    /// # Errors
    /// Store failures.
    fn order_counts(&mut self) -> Result<Vec<(OrderStatus, i64)>, StoreError>;

    /// Requests per status made in the range.
    ///
    /// # Errors
    /// Store failures.
    fn case_break_counts(
        &mut self,
        range: &DateRange,
    ) -> Result<Vec<(CaseBreakStatus, i64)>, StoreError>;

    /// One case break request.
    ///
    /// # Errors
    /// Store failures.
    fn case_break(&mut self, id: &str) -> Result<Option<CaseBreak>, StoreError>;

    /// Marks a PENDING or PROCESSING request COMPLETED with the units the case gave
    /// (`quantity_added`), and adds `to_stock` of them (what the waiting order did not take)
    /// to the product's unit stock, in the caller's transaction. Answers false (and changes
    /// nothing) when the request was not open any more: of two parallel calls one wins.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the product has no unit product.
    fn complete_case_break(
        &mut self,
        id: &str,
        quantity_added: u32,
        to_stock: u32,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError>;
}

/// Stored reports and the background job's claims on them.
pub trait Reports {
    /// Stores a PENDING report; answers its id.
    ///
    /// # Errors
    /// Store failures.
    fn insert_report(&mut self, report: &NewReport) -> Result<String, StoreError>;

    /// One report, with its result when `with_result`.
    ///
    /// # Errors
    /// Store failures.
    fn find_report(&mut self, id: &str, with_result: bool) -> Result<Option<Report>, StoreError>;

    /// One page of reports, newest first, without results.
    ///
    /// # Errors
    /// Store failures.
    fn list_reports(&mut self, page: PageRequest) -> Result<Page<Report>, StoreError>;

    /// Whether a report waits to be claimed (a read, so that idle nodes never take the write
    /// lock just to look).
    ///
    /// # Errors
    /// Store failures.
    fn report_waiting(&mut self, stale_before: NaiveDateTime) -> Result<bool, StoreError>;

    /// Claims the oldest PENDING report, or a PROCESSING one claimed before `stale_before`
    /// (its node went silent): marks it PROCESSING, claimed now, one more attempt. The claim is
    /// a conditional update, so that of several nodes exactly one gets a report.
    ///
    /// # Errors
    /// Store failures.
    fn claim_report(
        &mut self,
        now: NaiveDateTime,
        stale_before: NaiveDateTime,
    ) -> Result<Option<Report>, StoreError>;

    /// Stores a claimed report's result: COMPLETED.
    ///
    /// # Errors
    /// Store failures.
    fn complete_report(
        &mut self,
        id: &str,
        result: &serde_json::Value,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Marks a report FAILED with the reason.
    ///
    /// # Errors
    /// Store failures.
    fn fail_report(&mut self, id: &str, reason: &str, at: NaiveDateTime) -> Result<(), StoreError>;
}

/// The rows the reports compute from, beyond orders ([`Sales`]).
pub trait ReportData {
    /// Every available unit product and variant with its price, stock and category.
    ///
    /// # Errors
    /// Store failures.
    fn stock_rows(&mut self) -> Result<Vec<StockRow>, StoreError>;

    /// Users who signed up or last signed in within the range, by e-mail.
    ///
    /// # Errors
    /// Store failures.
    fn activity_users(&mut self, range: &DateRange) -> Result<Vec<ActivityUser>, StoreError>;

    /// The audit trail within the range, counted per admin e-mail, action and entity.
    ///
    /// # Errors
    /// Store failures.
    fn audit_summary(
        &mut self,
        range: &DateRange,
    ) -> Result<Vec<(String, String, String, i64)>, StoreError>;

    /// The category name of each of these products.
    ///
    /// # Errors
    /// Store failures.
    fn product_categories(&mut self, ids: &[String])
        -> Result<HashMap<String, String>, StoreError>;
}

/// One row of the audit trail: who did what to which entity, when, before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// Who (none for the system).
    pub actor: Option<UserId>,
    /// `create`, `update`, `delete`, ...
    pub action: &'static str,
    /// The entity's kind (`brand`, `product`, ...).
    pub entity: &'static str,
    /// The entity's id.
    pub entity_id: String,
    /// `{"before": ..., "after": ...}` as JSON text.
    pub details: String,
    /// When.
    pub at: NaiveDateTime,
}

impl AuditEntry {
    /// An entry with the JSON of the entity before and after the change.
    #[must_use]
    pub fn new<T: serde::Serialize>(
        actor: &UserId,
        action: &'static str,
        entity: &'static str,
        entity_id: &str,
        before: Option<&T>,
        after: Option<&T>,
        at: NaiveDateTime,
    ) -> AuditEntry {
        let details = serde_json::json!({ "before": before, "after": after }).to_string();
        AuditEntry {
            actor: Some(actor.clone()),
            action,
            entity,
            entity_id: entity_id.to_owned(),
            details,
            at,
        }
    }
}

/// The audit trail of admin writes.
pub trait Audit {
    /// Appends an entry (in the same transaction as the change it records).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn record_audit(&mut self, entry: &AuditEntry) -> Result<(), StoreError>;
}

/// Accounts: users, their profiles and their carts.
pub trait Users {
    /// Inserts a user and answers it with its new id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the e-mail is taken.
    fn insert_user(&mut self, user: &NewUser, at: NaiveDateTime) -> Result<User, StoreError>;

    /// Inserts the empty profile of a new user.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the user has a profile already; [`StoreError::Conflict`]
    /// for an unknown user.
    fn insert_empty_profile(&mut self, user: &UserId, at: NaiveDateTime) -> Result<(), StoreError>;

    /// Inserts the empty cart of a new user and answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the user has a cart already; [`StoreError::Conflict`]
    /// for an unknown user.
    fn insert_empty_cart(&mut self, user: &UserId, at: NaiveDateTime)
        -> Result<CartId, StoreError>;

    /// The user with this (normalised) e-mail.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn user_by_email(&mut self, email: &str) -> Result<Option<User>, StoreError>;

    /// The user with this id.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn user_by_id(&mut self, id: &UserId) -> Result<Option<User>, StoreError>;

    /// Accounts, counted.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn count_users(&mut self) -> Result<i64, StoreError>;

    /// Whether any active admin exists.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn any_active_admin(&mut self) -> Result<bool, StoreError>;

    /// The ids of the active admins. In a write, their rows are locked from here until the
    /// transaction ends (PostgreSQL `FOR UPDATE`, in id order; SQLite's write lock does it), so
    /// that two changes of roles or activity, each checking that an admin remains, take turns
    /// instead of each removing the other's admin.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn lock_active_admins(&mut self) -> Result<Vec<UserId>, StoreError>;

    /// Records a successful sign-in at `at`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown user.
    fn record_login(&mut self, id: &UserId, at: NaiveDateTime) -> Result<(), StoreError>;

    /// The id of the user's cart, when they have one.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_of(&mut self, user: &UserId) -> Result<Option<CartId>, StoreError>;

    /// The user's profile with its addresses and the owner's e-mail.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the user has no profile.
    fn profile_of(&mut self, user: &UserId) -> Result<Profile, StoreError>;

    /// Applies validated changes to the user's profile and answers the result. Billing and
    /// shipping addresses are separate rows, so editing one never changes the other.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the user has no profile.
    fn update_profile(
        &mut self,
        user: &UserId,
        changes: ProfileChanges,
        at: NaiveDateTime,
    ) -> Result<Profile, StoreError>;

    /// Activates or deactivates a user.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown user.
    fn set_active(
        &mut self,
        id: &UserId,
        active: bool,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Changes a user's role.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown user.
    fn set_role(&mut self, id: &UserId, role: Role, at: NaiveDateTime) -> Result<(), StoreError>;

    /// One user with their profile's names and phone, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn user_row(&mut self, id: &UserId) -> Result<Option<UserListItem>, StoreError>;

    /// Changes a user's e-mail and role.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; [`StoreError::Duplicate`] when the e-mail is taken.
    fn update_account(
        &mut self,
        id: &UserId,
        email: &str,
        role: Role,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Sets a new password hash and moves the user's token version on (older tokens stop
    /// working).
    ///
    /// # Errors
    /// [`StoreError::NotFound`].
    fn set_password(
        &mut self,
        id: &UserId,
        password_hash: &str,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Sets the names and phone of a user's profile.
    ///
    /// # Errors
    /// [`StoreError::NotFound`].
    fn set_contact(
        &mut self,
        id: &UserId,
        contact: &Contact,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// One page of users (by e-mail, then id) with their profile names, and the total.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn list_users(
        &mut self,
        filter: &UserFilter,
        page: PageRequest,
    ) -> Result<Page<UserListItem>, StoreError>;
}

/// Carts and their lines.
pub trait Carts {
    /// The owner of a cart, or `None` for an unknown cart. In a write, the cart is locked
    /// from here until the transaction ends (PostgreSQL `FOR NO KEY UPDATE`; SQLite's write lock
    /// does it), so changes of one cart, each reading its lines and writing new quantities,
    /// take turns instead of losing each other's.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_owner(&mut self, cart: &CartId) -> Result<Option<UserId>, StoreError>;

    /// The lines of a cart, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_lines(&mut self, cart: &CartId) -> Result<Vec<StoredLine>, StoreError>;

    /// The products the cart's lines name (any kind, with their relations, as
    /// [`Catalogue::find_product`] answers each); a product deleted since is absent. `ids`
    /// are those lines' products, each once, as this unit of work read them
    /// ([`Carts::cart_lines`]), so that an adapter holding the products in memory needs not
    /// read them again.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_products(
        &mut self,
        cart: &CartId,
        ids: &[ProductId],
    ) -> Result<Vec<Product>, StoreError>;

    /// What pricing needs of the products the cart's lines name, as
    /// [`Catalogue::priced_products`] answers it.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_priced_products(
        &mut self,
        cart: &CartId,
    ) -> Result<HashMap<ProductId, PricedProduct>, StoreError>;

    /// The available variants the cart's lines name, as [`Catalogue::priced_variants`]
    /// answers them.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_priced_variants(
        &mut self,
        cart: &CartId,
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError>;

    /// Creates the line of `product` (and `variant`) with these quantities. The caller read
    /// the cart's lines in this write, after [`Carts::cart_owner`] locked the cart, and found
    /// none for them: one statement where an update-else-insert took two.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the product or variant no longer exists;
    /// [`StoreError::Duplicate`] when the cart already has that line.
    fn add_cart_line(
        &mut self,
        cart: &CartId,
        product: &ProductId,
        variant: Option<&VariantId>,
        cases: u32,
        units: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Sets the quantities of the cart's line `line` (an id read in this write).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn set_cart_line(
        &mut self,
        cart: &CartId,
        line: &str,
        cases: u32,
        units: u32,
    ) -> Result<(), StoreError>;

    /// Deletes the line of `product` (and `variant`); answers whether there was one.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn delete_cart_line(
        &mut self,
        cart: &CartId,
        product: &ProductId,
        variant: Option<&VariantId>,
    ) -> Result<bool, StoreError>;

    /// Deletes every line of a cart (a completed purchase).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn clear_cart(&mut self, cart: &CartId) -> Result<(), StoreError>;
}

/// Counted stock: apparel variants' items and the holds of open payment sessions, unit
/// products' units, case break requests (decisions.md "Stock"). Available = stock - unexpired
/// holds.
pub trait Stock {
    /// Locks these variants' rows until the transaction ends (so that two checkouts never
    /// count the same items: PostgreSQL `FOR UPDATE`, in id order; SQLite's write transaction
    /// already excludes every other writer) and answers their current stock.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn lock_variant_stock(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, u32>, StoreError>;

    /// The items of these variants held by holds that expire after `now`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn held_quantities(
        &mut self,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError>;

    /// The items of these variants held by `user`'s sessions, by holds that expire after
    /// `now` (what the account holds, against [`crate::checkout::CheckoutLimits`]).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn held_by_user(
        &mut self,
        user: &UserId,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError>;

    /// Holds `quantity` items of each variant for a payment session until `expires_at`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for an unknown session or variant.
    fn insert_holds(
        &mut self,
        session: &SessionId,
        holds: &[(VariantId, u32)],
        expires_at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Releases every hold of a session.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn release_holds(&mut self, session: &SessionId) -> Result<(), StoreError>;

    /// Deletes holds that expired at or before `now` (they no longer count anyway).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn purge_expired_holds(&mut self, now: NaiveDateTime) -> Result<(), StoreError>;

    /// Takes `quantity` items of a variant if it has that many (one conditional update: stock
    /// never goes below zero); answers whether it did.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn take_variant_stock(&mut self, id: &VariantId, quantity: u32) -> Result<bool, StoreError>;

    /// Takes up to `wanted` units of a unit product (as many as it has) and answers how many
    /// were taken.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn take_unit_stock(&mut self, unit_product: &str, wanted: u32) -> Result<u32, StoreError>;

    /// Records a PENDING request to break cases of `product` into `quantity` units for an
    /// order.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for an unknown product or order.
    fn insert_case_break_request(
        &mut self,
        product: &ProductId,
        order: &OrderId,
        quantity: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;
}

/// Payment sessions: one per checkout token.
pub trait PaymentSessions {
    /// Stores a new OPEN session and answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the token is taken.
    fn insert_session(&mut self, session: &NewSession) -> Result<SessionId, StoreError>;

    /// How many sessions `user` opened after `since` (whatever became of them): the count
    /// is kept in the store, so it holds across every server of the shop.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn sessions_opened_since(
        &mut self,
        user: &UserId,
        since: NaiveDateTime,
    ) -> Result<u32, StoreError>;

    /// The session of a checkout token. With `lock`, its row stays locked until the
    /// transaction ends (PostgreSQL `FOR UPDATE`), so two purchases with one token run one
    /// after the other.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn session_by_token(
        &mut self,
        token: &str,
        lock: bool,
    ) -> Result<Option<PaymentSession>, StoreError>;

    /// Moves an OPEN session to `status` (with the order it made); answers false when the
    /// session was no longer OPEN.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn close_session(
        &mut self,
        id: &SessionId,
        status: SessionStatus,
        order: Option<&OrderId>,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError>;

    /// Whether `cart` has an OPEN session that expires after `now`: while it has, the cart's
    /// lines cannot change (decisions.md "Stock").
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn cart_being_paid(&mut self, cart: &CartId, now: NaiveDateTime) -> Result<bool, StoreError>;
}

/// Orders with their items and status history.
pub trait Orders {
    /// Stores an order with its items and its first status-history row (PENDING, by nobody)
    /// and answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when an order has this checkout token already;
    /// [`StoreError::Conflict`] for an unknown user, product or variant.
    fn insert_order(&mut self, order: &NewOrder) -> Result<OrderId, StoreError>;

    /// The order with this id, with its items.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_order(&mut self, id: &OrderId) -> Result<Option<Order>, StoreError>;

    /// One page of a user's orders, newest first, with their items.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn orders_of(&mut self, user: &UserId, page: PageRequest) -> Result<Page<Order>, StoreError>;
}

/// Freight terminals.
pub trait Terminals {
    /// Terminals in `state` (exact code) whose ZIP code starts with `zip_prefix`, by state,
    /// ZIP code, name and id. `None` does not filter.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn list_terminals(
        &mut self,
        state: Option<&str>,
        zip_prefix: Option<&str>,
    ) -> Result<Vec<Terminal>, StoreError>;

    /// The terminal with this id.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] or [`StoreError::Other`] when the store fails.
    fn find_terminal(&mut self, id: &TerminalId) -> Result<Option<Terminal>, StoreError>;
}

/// What a payment provider needs to open a payment session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRequest<'a> {
    /// The shop's reference of the session (its checkout token).
    pub reference: &'a str,
    /// The amount to authorize.
    pub amount: Money,
    /// When the provider should stop accepting a card for it.
    pub expires_at: NaiveDateTime,
}

/// An opened payment session at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedPayment {
    /// The provider's id of the payment (what status, capture and void take).
    pub provider_ref: String,
    /// Where the buyer's browser opens the payment window.
    pub url: String,
}

/// Where a payment stands at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentStatus {
    /// No card accepted yet (a declined card leaves it here: the buyer may try again).
    Pending,
    /// The amount is authorized (reserved on the card), not yet taken.
    Authorized {
        /// The amount authorized.
        amount: Money,
    },
    /// The authorized amount was taken.
    Captured {
        /// The amount taken.
        amount: Money,
    },
    /// The authorization was released (or the session expired unpaid): nothing is taken.
    Voided,
}

/// Why a payment provider call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    /// The provider knows no payment with this reference.
    #[error("unknown payment")]
    Unknown,
    /// The provider refused the operation in the payment's current state (capturing a voided
    /// payment, voiding a captured one).
    #[error("payment operation refused: {0}")]
    Refused(String),
    /// The provider could not be reached.
    #[error("payment provider unavailable")]
    Unavailable,
    /// Anything else.
    #[error("payment provider error: {0}")]
    Other(String),
}

/// A card payment provider behind a hosted payment window (decisions.md "Checkout and
/// payment"). The buyer types the card into the provider's window, which only authorizes; the
/// shop asks the provider for the outcome (never the browser), captures after the order is
/// committed, and voids when it refuses the purchase. Never call it inside [`Store::write`].
pub trait PaymentProvider: Send + Sync {
    /// Opens a payment session for `request.amount`.
    ///
    /// # Errors
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn open(&self, request: &PaymentRequest<'_>) -> Result<OpenedPayment, PaymentError>;

    /// Where a payment stands.
    ///
    /// # Errors
    /// [`PaymentError::Unknown`], [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn status(&self, provider_ref: &str) -> Result<PaymentStatus, PaymentError>;

    /// Takes an authorized amount. Capturing a captured payment again succeeds.
    ///
    /// # Errors
    /// [`PaymentError::Refused`] unless authorized (or captured); [`PaymentError::Unknown`],
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn capture(&self, provider_ref: &str) -> Result<(), PaymentError>;

    /// Releases an authorization, or closes a pending payment so that no card is accepted
    /// any more. Voiding a voided payment again succeeds.
    ///
    /// # Errors
    /// [`PaymentError::Refused`] for a captured payment; [`PaymentError::Unknown`],
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn void(&self, provider_ref: &str) -> Result<(), PaymentError>;
}

/// Why a password could not be hashed or checked: never "wrong password", which is
/// `Ok(false)`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Too many hashes are running: the hasher bounds them (each takes memory and CPU on
    /// purpose) and refused this one after a short wait. Try again in a moment.
    #[error("password hashing is busy")]
    Busy,
    /// A broken stored hash or a failing library.
    #[error("password hashing failed: {0}")]
    Failed(String),
}

/// Password hashing (argon2id in the `auth` adapter). Slow on purpose: call it off the async
/// workers and never inside a [`Store::write`].
pub trait PasswordHasher: Send + Sync {
    /// A PHC string for `password`.
    ///
    /// # Errors
    /// [`PasswordError::Busy`] when too many hashes run; [`PasswordError::Failed`] when the
    /// hasher fails.
    fn hash(&self, password: &str) -> Result<String, PasswordError>;

    /// Whether `password` matches the PHC string `hash`.
    ///
    /// # Errors
    /// [`PasswordError::Busy`] when too many hashes run; [`PasswordError::Failed`] when
    /// `hash` cannot be read.
    fn verify(&self, password: &str, hash: &str) -> Result<bool, PasswordError>;

    /// Spends the time of a verification without a stored hash, so that an unknown e-mail
    /// takes as long as a wrong password.
    ///
    /// # Errors
    /// [`PasswordError::Busy`] exactly when a real verification would be refused, so that an
    /// unknown e-mail is not told apart by that either.
    fn verify_nothing(&self, password: &str) -> Result<(), PasswordError>;
}

/// What a valid token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    /// The user.
    pub user: UserId,
    /// The role when the token was issued (the API re-reads the current one).
    pub role: Role,
    /// The user's token version when it was issued; a token of an older version is refused.
    pub version: i32,
}

/// Why a token was refused or could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The token is past its expiry.
    #[error("token expired")]
    Expired,
    /// Bad signature, algorithm, shape or claims.
    #[error("invalid token")]
    Invalid,
    /// Signing failed (a bug or a broken key).
    #[error("token signing failed: {0}")]
    Signing(String),
}

/// Signed session tokens (JWT in the `auth` adapter).
pub trait TokenService: Send + Sync {
    /// A token for `user` with `role`, valid for the session's lifetime.
    ///
    /// # Errors
    /// [`TokenError::Signing`] when signing fails.
    fn issue(&self, user: &UserId, role: Role, version: i32) -> Result<String, TokenError>;

    /// The claims of a valid token.
    ///
    /// # Errors
    /// [`TokenError::Expired`] or [`TokenError::Invalid`].
    fn verify(&self, token: &str) -> Result<TokenClaims, TokenError>;
}
