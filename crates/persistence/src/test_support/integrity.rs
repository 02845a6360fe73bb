//! What the crash test (`crates/api/tests/crash/`) reads back after a SIGKILL and a restart:
//! the whole database scanned for half-written purchases and status changes, the products it
//! made with what must come with them, unit stock and its case breaks, the catalogue version.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::dsl::{count_star, sum};
use diesel::prelude::*;

use super::TestDatabase;
use crate::error::DbError;
use crate::schema::{
    audit_log, case_break_requests, order_items, order_status_history, orders, payment_sessions,
    product_colors, product_effects, products, sandbox_payments, stock_holds, unit_products,
};

/// The result of [`TestDatabase::integrity`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Integrity {
    /// Orders in the database.
    pub orders: usize,
    /// Every broken rule, one sentence each (empty: none).
    pub problems: Vec<String>,
}

/// A product read by SKU with what one write must have stored with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductFacts {
    /// The product id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its case price in cents.
    pub case_price_cents: i64,
    /// Whether it is sold by the unit too.
    pub is_case_breakable: bool,
    /// Its unit product, if any: (available, stock).
    pub unit: Option<(bool, i32)>,
    /// Colour links.
    pub colours: i64,
    /// Effect links.
    pub effects: i64,
    /// The audit actions recorded for it, oldest first.
    pub audit: Vec<String>,
}

/// One case break request: (id, quantity, quantity added, status).
pub type CaseBreakRow = (String, i32, Option<i32>, String);

impl TestDatabase {
    /// Scans the whole database for what no transaction may leave half-done: an order without
    /// items, items without their order, an order whose history does not start with its
    /// PENDING row or whose status is not its latest history row's, a used session without its
    /// order or an order without its used session, an order whose payment is neither
    /// authorized nor captured, a captured payment without an order, holds of a closed
    /// session, a case break request whose status and added units disagree, a case-breakable
    /// product without an available unit product.
    ///
    /// # Errors
    /// Database failures.
    pub fn integrity(&self) -> Result<Integrity, DbError> {
        let mut conn = self.db().get()?;
        let conn = &mut *conn;
        let order_rows: Vec<(String, String, String)> = orders::table
            .select((orders::id, orders::status, orders::checkout_token))
            .load(conn)?;
        let item_orders: Vec<String> = order_items::table
            .select(order_items::order_id)
            .load(conn)?;
        let history: Vec<(String, String, String, Option<String>, NaiveDateTime)> =
            order_status_history::table
                .order((order_status_history::changed_at, order_status_history::id))
                .select((
                    order_status_history::id,
                    order_status_history::order_id,
                    order_status_history::status,
                    order_status_history::changed_by,
                    order_status_history::changed_at,
                ))
                .load(conn)?;
        let sessions: Vec<(String, String, String, Option<String>)> = payment_sessions::table
            .select((
                payment_sessions::id,
                payment_sessions::token,
                payment_sessions::status,
                payment_sessions::order_id,
            ))
            .load(conn)?;
        let payments: HashMap<String, String> = sandbox_payments::table
            .select((sandbox_payments::reference, sandbox_payments::status))
            .load::<(String, String)>(conn)?
            .into_iter()
            .collect();
        let hold_sessions: Vec<String> = stock_holds::table
            .select(stock_holds::session_id)
            .load(conn)?;
        let case_breaks: Vec<(String, Option<String>, String, Option<i32>)> =
            case_break_requests::table
                .select((
                    case_break_requests::id,
                    case_break_requests::order_id,
                    case_break_requests::status,
                    case_break_requests::quantity_added,
                ))
                .load(conn)?;
        let breakable: Vec<(String, String, Option<bool>)> = products::table
            .left_join(unit_products::table)
            .filter(products::is_case_breakable.eq(true))
            .select((
                products::id,
                products::sku,
                unit_products::available.nullable(),
            ))
            .load(conn)?;

        let mut problems = Vec::new();
        let order_ids: HashSet<&str> = order_rows.iter().map(|o| o.0.as_str()).collect();
        let with_items: HashSet<&str> = item_orders.iter().map(String::as_str).collect();
        for missing in with_items.difference(&order_ids) {
            problems.push(format!("order items of a missing order {missing}"));
        }
        let mut history_of: HashMap<&str, Vec<(&str, bool)>> = HashMap::new();
        for (_, order, status, by, _) in &history {
            if !order_ids.contains(order.as_str()) {
                problems.push(format!("status history of a missing order {order}"));
            }
            history_of
                .entry(order.as_str())
                .or_default()
                .push((status.as_str(), by.is_some()));
        }
        let used: HashMap<&str, (&str, Option<&str>)> = sessions
            .iter()
            .map(|(_, token, status, order)| (token.as_str(), (status.as_str(), order.as_deref())))
            .collect();
        for (id, status, token) in &order_rows {
            if !with_items.contains(id.as_str()) {
                problems.push(format!("order {id} has no items"));
            }
            match history_of.get(id.as_str()).map(Vec::as_slice) {
                None | Some([]) => problems.push(format!("order {id} has no status history")),
                Some(steps) => {
                    if steps[0] != ("PENDING", false) {
                        problems.push(format!("order {id}'s history starts with {:?}", steps[0]));
                    }
                    let latest = steps[steps.len() - 1].0;
                    if latest != status {
                        problems.push(format!(
                            "order {id} is {status} but its latest history row says {latest}"
                        ));
                    }
                }
            }
            match used.get(token.as_str()) {
                Some(("USED", Some(order))) if *order == id => {}
                other => problems.push(format!(
                    "order {id}'s session is {other:?}, not USED with the order"
                )),
            }
            match payments.get(token).map(String::as_str) {
                Some("AUTHORIZED" | "CAPTURED") => {}
                other => problems.push(format!("order {id}'s payment is {other:?}")),
            }
        }
        let tokens: HashSet<&str> = order_rows.iter().map(|o| o.2.as_str()).collect();
        for (id, token, status, order) in &sessions {
            if status == "USED" && !tokens.contains(token.as_str()) {
                problems.push(format!(
                    "session {id} is USED but made no order ({order:?})"
                ));
            }
        }
        for (reference, status) in &payments {
            if status == "CAPTURED" && !tokens.contains(reference.as_str()) {
                problems.push(format!("payment {reference} was captured without an order"));
            }
        }
        let open: HashSet<&str> = sessions
            .iter()
            .filter(|s| s.2 == "OPEN")
            .map(|s| s.0.as_str())
            .collect();
        for session in hold_sessions.iter().filter(|s| !open.contains(s.as_str())) {
            problems.push(format!("session {session} is closed but still holds stock"));
        }
        for (id, order, status, added) in &case_breaks {
            if order.as_deref().is_some_and(|o| !order_ids.contains(o)) {
                problems.push(format!("case break {id} of a missing order {order:?}"));
            }
            if (status == "COMPLETED") != added.is_some() {
                problems.push(format!(
                    "case break {id} is {status} with {added:?} units added"
                ));
            }
        }
        for (id, sku, unit) in &breakable {
            if *unit != Some(true) {
                problems.push(format!(
                    "case-breakable product {sku} ({id}) has no available unit product ({unit:?})"
                ));
            }
        }
        Ok(Integrity {
            orders: order_rows.len(),
            problems,
        })
    }

    /// The catalogue version (every catalogue write moves it on by one).
    ///
    /// # Errors
    /// Database failures.
    pub fn catalogue_version(&self) -> Result<i64, DbError> {
        let mut conn = self.db().get()?;
        crate::catalogue::current_version(&mut conn)
    }

    /// Audit rows of these entity kinds (`product`, `apparel`, `case_break`, `order`, ...).
    ///
    /// # Errors
    /// Database failures.
    pub fn audit_count(&self, entities: &[&str]) -> Result<i64, DbError> {
        let mut conn = self.db().get()?;
        Ok(audit_log::table
            .filter(audit_log::entity.eq_any(entities))
            .select(count_star())
            .first(&mut *conn)?)
    }

    /// The orders, and the buyers' confirmation mails in the outbox.
    ///
    /// # Errors
    /// Database failures.
    pub fn orders_and_confirmations(&self) -> Result<(i64, i64), DbError> {
        use crate::schema::{mail_outbox, orders};
        let mut conn = self.db().get()?;
        let orders: i64 = orders::table.select(count_star()).first(&mut *conn)?;
        let mails: i64 = mail_outbox::table
            .filter(mail_outbox::kind.eq("orderPlaced"))
            .select(count_star())
            .first(&mut *conn)?;
        Ok((orders, mails))
    }

    /// The product with this SKU and what was stored with it, or `None`.
    ///
    /// # Errors
    /// Database failures.
    pub fn product_by_sku(&self, sku: &str) -> Result<Option<ProductFacts>, DbError> {
        let mut conn = self.db().get()?;
        let conn = &mut *conn;
        let Some((id, title, case_price_cents, is_case_breakable)) = products::table
            .filter(products::sku.eq(sku))
            .select((
                products::id,
                products::title,
                products::case_price_cents,
                products::is_case_breakable,
            ))
            .first::<(String, String, i64, bool)>(conn)
            .optional()?
        else {
            return Ok(None);
        };
        let unit = unit_products::table
            .filter(unit_products::product_id.eq(&id))
            .select((unit_products::available, unit_products::available_stock))
            .first(conn)
            .optional()?;
        let colours = product_colors::table
            .filter(product_colors::product_id.eq(&id))
            .select(count_star())
            .first(conn)?;
        let effects = product_effects::table
            .filter(product_effects::product_id.eq(&id))
            .select(count_star())
            .first(conn)?;
        let audit = audit_log::table
            .filter(audit_log::entity_id.eq(&id))
            .order((audit_log::created_at, audit_log::id))
            .select(audit_log::action)
            .load(conn)?;
        Ok(Some(ProductFacts {
            id,
            title,
            case_price_cents,
            is_case_breakable,
            unit,
            colours,
            effects,
            audit,
        }))
    }

    /// An order's status, or `None`.
    ///
    /// # Errors
    /// Database failures.
    pub fn order_status(&self, id: &str) -> Result<Option<String>, DbError> {
        let mut conn = self.db().get()?;
        Ok(orders::table
            .find(id)
            .select(orders::status)
            .first(&mut *conn)
            .optional()?)
    }

    /// A product's case break requests, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub fn case_break_rows(&self, product: &str) -> Result<Vec<CaseBreakRow>, DbError> {
        let mut conn = self.db().get()?;
        Ok(case_break_requests::table
            .filter(case_break_requests::product_id.eq(product))
            .order((case_break_requests::created_on, case_break_requests::id))
            .select((
                case_break_requests::id,
                case_break_requests::quantity,
                case_break_requests::quantity_added,
                case_break_requests::status,
            ))
            .load(&mut *conn)?)
    }

    /// Units of a product sold (its unit order items).
    ///
    /// # Errors
    /// Database failures.
    pub fn units_sold(&self, product: &str) -> Result<i64, DbError> {
        let mut conn = self.db().get()?;
        let sold: Option<i64> = order_items::table
            .filter(order_items::product_id.eq(product))
            .filter(order_items::is_unit.eq(true))
            .select(sum(order_items::quantity))
            .first(&mut *conn)?;
        Ok(sold.unwrap_or(0))
    }
}
