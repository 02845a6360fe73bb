//! Stock, sessions and orders as tests outside this crate set and check them (they have no
//! diesel of their own).

use chrono::NaiveDateTime;
use diesel::dsl::{count, count_star, sum};
use diesel::prelude::*;

use domain::catalogue::CatalogueReads as _;
use domain::ids::VariantId;
use domain::store::{Store as _, StoreError};

use super::TestDatabase;
use crate::error::DbError;
use crate::schema::{
    apparel_variants, audit_log, case_break_requests, order_items, orders, payment_sessions,
    sandbox_payments, stock_holds, unit_products,
};
use crate::store::Tx;

/// An audit row as tests read it: (action, entity id, actor id, details JSON).
pub type AuditRow = (String, Option<String>, Option<String>, Option<String>);

impl TestDatabase {
    /// Sets an apparel variant's stock.
    ///
    /// # Errors
    /// Database failures.
    pub fn set_variant_stock(&self, variant: &str, stock: i32) -> Result<(), DbError> {
        self.catalogue_write(|tx| {
            diesel::update(apparel_variants::table.find(variant))
                .set(apparel_variants::available_stock.eq(stock))
                .execute(tx.conn())
                .map_err(DbError::from)?;
            tx.variant_changed(&VariantId::from(variant))
        })
    }

    /// An apparel variant's stock.
    ///
    /// # Errors
    /// Database failures.
    pub fn variant_stock(&self, variant: &str) -> Result<i32, DbError> {
        let mut conn = self.db().get()?;
        Ok(apparel_variants::table
            .find(variant)
            .select(apparel_variants::available_stock)
            .first(&mut *conn)?)
    }

    /// Items of a variant held by unexpired holds at `now`.
    ///
    /// # Errors
    /// Database failures.
    pub fn variant_held(&self, variant: &str, now: NaiveDateTime) -> Result<i64, DbError> {
        let mut conn = self.db().get()?;
        let held: Option<i64> = stock_holds::table
            .filter(stock_holds::variant_id.eq(variant))
            .filter(stock_holds::expires_at.gt(now))
            .select(sum(stock_holds::quantity))
            .first(&mut *conn)?;
        Ok(held.unwrap_or(0))
    }

    /// Items of a variant sold (in order items).
    ///
    /// # Errors
    /// Database failures.
    pub fn variant_sold(&self, variant: &str) -> Result<i64, DbError> {
        let mut conn = self.db().get()?;
        let sold: Option<i64> = order_items::table
            .filter(order_items::variant_id.eq(variant))
            .select(sum(order_items::quantity))
            .first(&mut *conn)?;
        Ok(sold.unwrap_or(0))
    }

    /// Sets the unit stock of a product's unit product.
    ///
    /// # Errors
    /// Database failures.
    pub fn set_unit_stock(&self, product: &str, stock: i32) -> Result<(), DbError> {
        self.catalogue_write(|tx| {
            diesel::update(unit_products::table.filter(unit_products::product_id.eq(product)))
                .set(unit_products::available_stock.eq(stock))
                .execute(tx.conn())
                .map_err(DbError::from)?;
            tx.product_changed(product);
            Ok(())
        })
    }

    /// Runs `write` as the shop's catalogue writes run: in a write transaction that moves the
    /// catalogue version and logs the products `write` notes, so that the list index and the
    /// servers' read caches follow it.
    fn catalogue_write(
        &self,
        write: impl FnOnce(&mut Tx<'_>) -> Result<(), StoreError>,
    ) -> Result<(), DbError> {
        self.db()
            .write(|tx| {
                write(tx)?;
                tx.bump_catalogue_version()?;
                Ok::<_, StoreError>(())
            })
            .map_err(DbError::other)
    }

    /// The unit stock of a product's unit product.
    ///
    /// # Errors
    /// Database failures.
    pub fn unit_stock(&self, product: &str) -> Result<i32, DbError> {
        let mut conn = self.db().get()?;
        Ok(unit_products::table
            .filter(unit_products::product_id.eq(product))
            .select(unit_products::available_stock)
            .first(&mut *conn)?)
    }

    /// The quantities of a product's case break requests, with their status.
    ///
    /// # Errors
    /// Database failures.
    pub fn case_break_requests(&self, product: &str) -> Result<Vec<(i32, String)>, DbError> {
        let mut conn = self.db().get()?;
        Ok(case_break_requests::table
            .filter(case_break_requests::product_id.eq(product))
            .select((case_break_requests::quantity, case_break_requests::status))
            .load(&mut *conn)?)
    }

    /// Moves a payment session (its holds and its sandbox payment) to end at `at`.
    ///
    /// # Errors
    /// Database failures.
    pub fn expire_session(&self, token: &str, at: NaiveDateTime) -> Result<(), DbError> {
        let mut conn = self.db().get()?;
        let id: String = payment_sessions::table
            .filter(payment_sessions::token.eq(token))
            .select(payment_sessions::id)
            .first(&mut *conn)?;
        diesel::update(payment_sessions::table.find(&id))
            .set(payment_sessions::expires_at.eq(at))
            .execute(&mut *conn)?;
        diesel::update(stock_holds::table.filter(stock_holds::session_id.eq(&id)))
            .set(stock_holds::expires_at.eq(at))
            .execute(&mut *conn)?;
        diesel::update(sandbox_payments::table.find(token))
            .set(sandbox_payments::expires_at.eq(at))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// Moves a payment session's opening time to `at` (a session opened earlier).
    ///
    /// # Errors
    /// Database failures.
    pub fn backdate_session(&self, token: &str, at: NaiveDateTime) -> Result<(), DbError> {
        let mut conn = self.db().get()?;
        diesel::update(payment_sessions::table.filter(payment_sessions::token.eq(token)))
            .set(payment_sessions::created_on.eq(at))
            .execute(&mut *conn)?;
        Ok(())
    }

    /// The checkout tokens of a cart's OPEN payment sessions (expired or not).
    ///
    /// # Errors
    /// Database failures.
    pub fn open_session_tokens(&self, cart: &str) -> Result<Vec<String>, DbError> {
        let mut conn = self.db().get()?;
        Ok(payment_sessions::table
            .filter(payment_sessions::cart_id.eq(cart))
            .filter(payment_sessions::status.eq(domain::checkout::SessionStatus::Open.as_str()))
            .select(payment_sessions::token)
            .load(&mut *conn)?)
    }

    /// A session's status, or `None`.
    ///
    /// # Errors
    /// Database failures.
    pub fn session_status(&self, token: &str) -> Result<Option<String>, DbError> {
        let mut conn = self.db().get()?;
        Ok(payment_sessions::table
            .filter(payment_sessions::token.eq(token))
            .select(payment_sessions::status)
            .first(&mut *conn)
            .optional()?)
    }

    /// The sandbox provider's status of a payment (with the card's stored last digits).
    ///
    /// # Errors
    /// Database failures.
    pub fn sandbox_payment(
        &self,
        token: &str,
    ) -> Result<Option<(String, Option<String>)>, DbError> {
        let mut conn = self.db().get()?;
        Ok(sandbox_payments::table
            .find(token)
            .select((sandbox_payments::status, sandbox_payments::card_last4))
            .first(&mut *conn)
            .optional()?)
    }

    /// Orders in the database, and order items.
    ///
    /// # Errors
    /// Database failures.
    pub fn order_counts(&self) -> Result<(i64, i64), DbError> {
        let mut conn = self.db().get()?;
        let o = orders::table.select(count_star()).first(&mut *conn)?;
        let i = order_items::table.select(count_star()).first(&mut *conn)?;
        Ok((o, i))
    }

    /// The number of items of each order with this checkout token (`None`: no such order).
    ///
    /// # Errors
    /// Database failures.
    pub fn order_of_token(&self, token: &str) -> Result<Option<(String, i64)>, DbError> {
        let mut conn = self.db().get()?;
        let Some(id) = orders::table
            .filter(orders::checkout_token.eq(token))
            .select(orders::id)
            .first::<String>(&mut *conn)
            .optional()?
        else {
            return Ok(None);
        };
        let n = order_items::table
            .filter(order_items::order_id.eq(&id))
            .select(count_star())
            .first(&mut *conn)?;
        Ok(Some((id, n)))
    }

    /// The audit rows of an entity kind: (action, entity id, actor id, details), oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub fn audit_rows(&self, entity: &str) -> Result<Vec<AuditRow>, DbError> {
        let mut conn = self.db().get()?;
        Ok(audit_log::table
            .filter(audit_log::entity.eq(entity))
            .order((audit_log::created_at, audit_log::id))
            .select((
                audit_log::action,
                audit_log::entity_id,
                audit_log::actor_id,
                audit_log::details,
            ))
            .load(&mut *conn)?)
    }
}

impl TestDatabase {
    /// Inserts `users` accounts quickly (one multi-row statement per chunk), each with a
    /// profile holding the given names: `(email, first name, last name)`. The password hash is
    /// not a real one: these accounts cannot sign in.
    ///
    /// # Errors
    /// Database failures.
    pub fn insert_bulk_users(
        &self,
        users: &[(String, Option<String>, Option<String>)],
        at: NaiveDateTime,
    ) -> Result<(), DbError> {
        use crate::models::{Profile, User};
        use crate::schema::{profiles, users as users_table};
        let mut conn = self.db().get()?;
        for chunk in users.chunks(500) {
            let rows: Vec<User> = chunk
                .iter()
                .map(|(email, _, _)| User {
                    id: uuid::Uuid::now_v7().to_string(),
                    email: email.clone(),
                    password_hash: "not-a-hash".into(),
                    role: "USER".into(),
                    active: true,
                    last_login: None,
                    created_on: at,
                    updated_on: at,
                    token_version: 0,
                })
                .collect();
            let profiles: Vec<Profile> = rows
                .iter()
                .zip(chunk)
                .map(|(u, (_, first, last))| Profile {
                    id: uuid::Uuid::now_v7().to_string(),
                    user_id: u.id.clone(),
                    first_name: first.clone(),
                    last_name: last.clone(),
                    date_of_birth: None,
                    phone_number: None,
                    accepted_terms: false,
                    can_contact: None,
                    billing_address_id: None,
                    shipping_address_id: None,
                    theme: None,
                    updated_on: at,
                })
                .collect();
            insert_rows!(&mut *conn, users_table::table, &rows)?;
            insert_rows!(&mut *conn, profiles::table, &profiles)?;
        }
        Ok(())
    }
}

impl TestDatabase {
    /// How many times each report was claimed, by id.
    ///
    /// # Errors
    /// Database failures.
    pub fn report_attempts(&self) -> Result<Vec<(String, i32)>, DbError> {
        use crate::schema::reports;
        let mut conn = self.db().get()?;
        Ok(reports::table
            .order(reports::id)
            .select((reports::id, reports::attempts))
            .load(&mut *conn)?)
    }

    /// Makes a report look like one a node claimed `minutes_ago` and then died computing:
    /// PROCESSING, no result.
    ///
    /// # Errors
    /// Database failures.
    pub fn orphan_report(&self, id: &str, claimed_at: NaiveDateTime) -> Result<(), DbError> {
        use crate::schema::reports;
        let mut conn = self.db().get()?;
        diesel::update(reports::table.find(id))
            .set((
                reports::status.eq("PROCESSING"),
                reports::claimed_at.eq(Some(claimed_at)),
                reports::result.eq(None::<String>),
                reports::completed_at.eq(None::<NaiveDateTime>),
            ))
            .execute(&mut *conn)?;
        Ok(())
    }
}

/// Every order of `db` with its number of items (backups and restores read a database that no
/// [`TestDatabase`] owns).
///
/// # Errors
/// Database failures.
pub fn order_item_counts(
    db: &crate::Db,
) -> Result<std::collections::HashMap<String, i64>, DbError> {
    let mut conn = db.get()?;
    let rows: Vec<(String, i64)> = orders::table
        .left_join(order_items::table)
        .group_by(orders::id)
        .select((orders::id, count(order_items::id.nullable())))
        .load(&mut *conn)?;
    Ok(rows.into_iter().collect())
}
