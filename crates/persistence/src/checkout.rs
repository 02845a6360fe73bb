//! Payment sessions, stock holds and counted stock (variants' items, unit products' units,
//! case break requests).
//!
//! Locking: on SQLite every write transaction is `BEGIN IMMEDIATE`, which already excludes
//! every other writer, so the reads here need no lock. PostgreSQL runs READ COMMITTED, so the
//! rows a decision rests on (a session, a variant's stock) are read `FOR UPDATE`: one `match`
//! on the connection per such read.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::dsl::sum;
use diesel::prelude::*;
use domain::checkout::{CheckoutToken, NewSession, PaymentSession as Session, SessionStatus};
use domain::ids::{CartId, OrderId, ProductId, SessionId, UserId, VariantId};
use domain::money::Money;
use domain::status::CaseBreakStatus;
use uuid::Uuid;

use crate::models::{CaseBreakRequest, PaymentSession, StockHold};
use crate::native::CacheDsl as _;
use crate::native::Native as _;
use crate::schema::{
    apparel_variants, case_break_requests, payment_sessions, stock_holds, unit_products,
};
use crate::{DbConnection, DbError};
fn count(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn quantity(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

/// Stores a new OPEN session and answers its id.
///
/// # Errors
/// [`StoreError::Duplicate`] when the token is taken; database failures.
pub fn insert_session(conn: &mut DbConnection, s: &NewSession) -> Result<SessionId, DbError> {
    let id = Uuid::now_v7().to_string();
    diesel::insert_into(payment_sessions::table)
        .values(&PaymentSession {
            id: id.clone(),
            token: s.token.as_str().to_owned(),
            user_id: s.user_id.to_string(),
            cart_id: s.cart_id.to_string(),
            amount_cents: s.amount.cents(),
            cart_fingerprint: s.fingerprint.clone(),
            ship_to_terminal_id: s.ship_to_terminal_id.as_ref().map(ToString::to_string),
            lift_gate: s.lift_gate,
            status: SessionStatus::Open.as_str().to_owned(),
            card_last4: None,
            order_id: None,
            expires_at: s.expires_at,
            created_on: s.created_on,
            updated_on: s.created_on,
            provider_ref: s.provider_ref.clone(),
        })
        .execute_native(conn)?;
    Ok(SessionId::from(id))
}

/// The session of a token; with `lock`, locked for the rest of the transaction.
///
/// # Errors
/// Database failures; [`StoreError::Other`] for a stored status that is not one.
pub fn session_by_token(
    conn: &mut DbConnection,
    token: &str,
    lock: bool,
) -> Result<Option<Session>, DbError> {
    let query = payment_sessions::table.filter(payment_sessions::token.eq(token));
    // PostgreSQL: lock the row so a second purchase of the token waits for this one.
    let row: Option<PaymentSession> = match conn {
        DbConnection::Postgresql(c) if lock => query
            .select(PaymentSession::as_select())
            .for_update()
            .first(c)
            .optional()?,
        _ => native!(conn, |c| query
            .select(PaymentSession::as_select())
            .first(c)
            .optional())?,
    };
    row.map(session).transpose()
}

/// The session whose payment the provider knows by `provider_ref`.
///
/// # Errors
/// Database failures.
pub fn session_by_provider_ref(
    conn: &mut DbConnection,
    provider_ref: &str,
) -> Result<Option<Session>, DbError> {
    native!(conn, |c| payment_sessions::table
        .filter(payment_sessions::provider_ref.eq(provider_ref))
        .select(PaymentSession::as_select())
        .first(c)
        .optional())?
    .map(session)
    .transpose()
}

fn session(r: PaymentSession) -> Result<Session, DbError> {
    Ok(Session {
        id: SessionId::from(r.id),
        status: r.status.parse().map_err(DbError::other)?,
        token: CheckoutToken::parse(&r.token)
            .ok_or_else(|| DbError::other("a stored checkout token is malformed".to_owned()))?,
        provider_ref: r.provider_ref,
        user_id: r.user_id.into(),
        cart_id: r.cart_id.into(),
        amount: Money::from_cents(r.amount_cents),
        fingerprint: r.cart_fingerprint,
        ship_to_terminal_id: r.ship_to_terminal_id.map(Into::into),
        lift_gate: r.lift_gate,
        order_id: r.order_id.map(OrderId::from),
        expires_at: r.expires_at,
    })
}

/// Moves an OPEN session to `status`; answers false when it was not OPEN any more.
///
/// # Errors
/// Database failures.
pub fn close_session(
    conn: &mut DbConnection,
    id: &SessionId,
    status: SessionStatus,
    order: Option<&OrderId>,
    at: NaiveDateTime,
) -> Result<bool, DbError> {
    let changed = diesel::update(
        payment_sessions::table
            .filter(payment_sessions::id.eq(id.as_str()))
            .filter(payment_sessions::status.eq(SessionStatus::Open.as_str())),
    )
    .set((
        payment_sessions::status.eq(status.as_str()),
        payment_sessions::order_id.eq(order.map(OrderId::as_str)),
        payment_sessions::updated_on.eq(at),
    ))
    .cached()
    .execute_native(conn)?;
    Ok(changed == 1)
}

/// Whether `cart` has an OPEN session that expires after `now`. Read in the cart change's
/// write, after the cart's row was locked: a session opens under the same lock, so a change
/// and an opening take turns.
///
/// # Errors
/// Database failures.
pub fn cart_being_paid(
    conn: &mut DbConnection,
    cart: &CartId,
    now: NaiveDateTime,
) -> Result<bool, DbError> {
    let open = diesel::select(diesel::dsl::exists(
        payment_sessions::table
            .filter(payment_sessions::cart_id.eq(cart.as_str()))
            .filter(payment_sessions::status.eq(SessionStatus::Open.as_str()))
            .filter(payment_sessions::expires_at.gt(now)),
    ))
    .get_result_native(conn)?;
    Ok(open)
}

/// Locks the variants' rows (PostgreSQL, in id order) and answers their stock.
///
/// # Errors
/// Database failures.
pub fn lock_variant_stock(
    conn: &mut DbConnection,
    ids: &[VariantId],
) -> Result<HashMap<VariantId, u32>, DbError> {
    let mut ids: Vec<&str> = ids.iter().map(VariantId::as_str).collect();
    ids.sort_unstable();
    let query = apparel_variants::table
        .filter(apparel_variants::id.eq_any(ids))
        .order(apparel_variants::id)
        .select((apparel_variants::id, apparel_variants::available_stock));
    // PostgreSQL: two checkouts of the same variant take turns (SQLite's write lock does it).
    let rows: Vec<(String, i32)> = match conn {
        DbConnection::Postgresql(c) => query.for_update().load(c)?,
        DbConnection::Sqlite(_) => query.load_native(conn)?,
    };
    Ok(rows
        .into_iter()
        .map(|(id, stock)| (VariantId::from(id), quantity(i64::from(stock))))
        .collect())
}

/// Summed holds per variant, as the two hold queries load them.
fn held_by_variant(rows: Vec<(String, Option<i64>)>) -> HashMap<VariantId, u32> {
    rows.into_iter()
        .map(|(id, held)| (VariantId::from(id), quantity(held.unwrap_or(0))))
        .collect()
}

/// Items of these variants held by holds that expire after `now`.
///
/// # Errors
/// Database failures.
pub fn held_quantities(
    conn: &mut DbConnection,
    ids: &[VariantId],
    now: NaiveDateTime,
) -> Result<HashMap<VariantId, u32>, DbError> {
    let ids: Vec<&str> = ids.iter().map(VariantId::as_str).collect();
    let rows: Vec<(String, Option<i64>)> = stock_holds::table
        .filter(stock_holds::variant_id.eq_any(ids))
        .filter(stock_holds::expires_at.gt(now))
        .group_by(stock_holds::variant_id)
        .select((stock_holds::variant_id, sum(stock_holds::quantity)))
        .load_native(conn)?;
    Ok(held_by_variant(rows))
}

/// Items of these variants held by `user`'s sessions, by holds that expire after `now`.
///
/// # Errors
/// Database failures.
pub fn held_by_user(
    conn: &mut DbConnection,
    user: &UserId,
    ids: &[VariantId],
    now: NaiveDateTime,
) -> Result<HashMap<VariantId, u32>, DbError> {
    let ids: Vec<&str> = ids.iter().map(VariantId::as_str).collect();
    let rows: Vec<(String, Option<i64>)> = stock_holds::table
        .inner_join(payment_sessions::table)
        .filter(payment_sessions::user_id.eq(user.as_str()))
        .filter(stock_holds::variant_id.eq_any(ids))
        .filter(stock_holds::expires_at.gt(now))
        .group_by(stock_holds::variant_id)
        .select((stock_holds::variant_id, sum(stock_holds::quantity)))
        .load_native(conn)?;
    Ok(held_by_variant(rows))
}

/// How many sessions `user` opened after `since`.
///
/// # Errors
/// Database failures.
pub fn sessions_opened_since(
    conn: &mut DbConnection,
    user: &UserId,
    since: NaiveDateTime,
) -> Result<u32, DbError> {
    let n: i64 = payment_sessions::table
        .filter(payment_sessions::user_id.eq(user.as_str()))
        .filter(payment_sessions::created_on.gt(since))
        .count()
        .get_result_native(conn)?;
    Ok(quantity(n))
}

/// Holds items of variants for a session.
///
/// # Errors
/// [`StoreError::Conflict`] for an unknown session or variant; database failures.
pub fn insert_holds(
    conn: &mut DbConnection,
    session: &SessionId,
    holds: &[(VariantId, u32)],
    expires_at: NaiveDateTime,
) -> Result<(), DbError> {
    if holds.is_empty() {
        return Ok(());
    }
    let rows: Vec<StockHold> = holds
        .iter()
        .map(|(variant, n)| StockHold {
            session_id: session.to_string(),
            variant_id: variant.to_string(),
            quantity: count(*n),
            expires_at,
        })
        .collect();
    insert_rows!(conn, stock_holds::table, &rows)?;
    Ok(())
}

/// Releases a session's holds.
///
/// # Errors
/// Database failures.
pub fn release_holds(conn: &mut DbConnection, session: &SessionId) -> Result<(), DbError> {
    diesel::delete(stock_holds::table.filter(stock_holds::session_id.eq(session.as_str())))
        .execute_native(conn)?;
    Ok(())
}

/// Deletes holds that expired at or before `now`.
///
/// # Errors
/// Database failures.
pub fn purge_expired_holds(conn: &mut DbConnection, now: NaiveDateTime) -> Result<(), DbError> {
    diesel::delete(stock_holds::table.filter(stock_holds::expires_at.le(now)))
        .execute_native(conn)?;
    Ok(())
}

/// Takes `n` items of a variant if it has them (one conditional update).
///
/// # Errors
/// Database failures.
pub fn take_variant_stock(
    conn: &mut DbConnection,
    id: &VariantId,
    n: u32,
) -> Result<bool, DbError> {
    let n = count(n);
    let changed = diesel::update(
        apparel_variants::table
            .filter(apparel_variants::id.eq(id.as_str()))
            .filter(apparel_variants::available_stock.ge(n)),
    )
    .set(apparel_variants::available_stock.eq(apparel_variants::available_stock - n))
    .cached()
    .execute_native(conn)?;
    Ok(changed == 1)
}

/// Takes up to `wanted` units of a unit product; answers how many were taken, and the product
/// whose unit it is (`None` for an unknown unit product: nothing is taken).
///
/// # Errors
/// Database failures.
pub fn take_unit_stock(
    conn: &mut DbConnection,
    unit: &str,
    wanted: u32,
) -> Result<Option<(String, u32)>, DbError> {
    let query = unit_products::table
        .find(unit)
        .select((unit_products::product_id, unit_products::available_stock));
    // PostgreSQL: read and update the row as one step (SQLite's write lock does it).
    let row: Option<(String, i32)> = match conn {
        DbConnection::Postgresql(c) => query.for_update().first(c).optional()?,
        DbConnection::Sqlite(_) => query.first_native(conn).optional()?,
    };
    let Some((product, stock)) = row else {
        return Ok(None);
    };
    let taken = quantity(i64::from(stock)).min(wanted);
    if taken > 0 {
        diesel::update(unit_products::table.find(unit))
            .set(unit_products::available_stock.eq(unit_products::available_stock - count(taken)))
            .cached()
            .execute_native(conn)?;
    }
    Ok(Some((product, taken)))
}

/// Records a PENDING case break request.
///
/// # Errors
/// [`StoreError::Conflict`] for an unknown product or order; database failures.
pub fn insert_case_break_request(
    conn: &mut DbConnection,
    product: &ProductId,
    order: &OrderId,
    n: u32,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    diesel::insert_into(case_break_requests::table)
        .values(&CaseBreakRequest {
            id: Uuid::now_v7().to_string(),
            product_id: product.to_string(),
            order_id: Some(order.to_string()),
            quantity: count(n),
            quantity_added: None,
            status: CaseBreakStatus::Pending.as_str().to_owned(),
            created_on: at,
            updated_on: at,
        })
        .execute_native(conn)?;
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::checkout;
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::checkout::PaymentSessions;
    use domain::checkout::{CheckoutToken, NewSession, PaymentSession, SessionStatus};
    use domain::ids::{CartId, OrderId, SessionId, UserId};
    use domain::store::StoreError;

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
            token: &CheckoutToken,
            lock: bool,
        ) -> Result<Option<PaymentSession>, StoreError> {
            q(checkout::session_by_token(self.conn, token.as_str(), lock))
        }

        fn session_by_provider_ref(
            &mut self,
            provider_ref: &str,
        ) -> Result<Option<PaymentSession>, StoreError> {
            q(checkout::session_by_provider_ref(self.conn, provider_ref))
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

        fn cart_being_paid(
            &mut self,
            cart: &CartId,
            now: NaiveDateTime,
        ) -> Result<bool, StoreError> {
            q(checkout::cart_being_paid(self.conn, cart, now))
        }
    }
}
