//! The adapter of the domain's [`Refunds`](domain::refunds::Refunds) port: table
//! `order_refunds`, and the stock a whole-order refund puts back.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::ids::{OrderId, ProductId, UserId, VariantId};
use domain::money::Money;
use domain::refunds::{NewRefund, Refund, RefundableOrder};
use uuid::Uuid;

use crate::native::Native as _;
use crate::schema::{apparel_variants, order_refunds, orders, payment_sessions, unit_products};
use crate::{DbConnection, DbError};

/// The order's grand total, its refunds so far and its payment's provider reference, the
/// order's row locked on PostgreSQL (SQLite's write transaction holds the file), and its items.
///
/// # Errors
/// Database failures.
pub fn refundable_order(
    conn: &mut DbConnection,
    order: &OrderId,
) -> Result<Option<RefundableOrder>, DbError> {
    let query = orders::table
        .find(order.as_str())
        .select((orders::grand_total_cents, orders::checkout_token));
    let row: Option<(i64, String)> = match conn {
        DbConnection::Postgresql(c) => query.for_update().first(c).optional()?,
        DbConnection::Sqlite(_) => query.first_native(conn).optional()?,
    };
    let Some((grand_total, token)) = row else {
        return Ok(None);
    };
    let Some(provider_ref) = payment_sessions::table
        .filter(payment_sessions::token.eq(&token))
        .select(payment_sessions::provider_ref)
        .first_native::<String>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    // An order has a few refunds at most: summed here (SQL's SUM of a BIGINT is a NUMERIC).
    let refunded: i64 = order_refunds::table
        .filter(order_refunds::order_id.eq(order.as_str()))
        .select(order_refunds::amount_cents)
        .load_native::<i64>(conn)?
        .into_iter()
        .sum();
    let items = crate::orders::find(conn, order)?
        .map(|o| o.items)
        .unwrap_or_default();
    Ok(Some(RefundableOrder {
        grand_total: Money::from_cents(grand_total),
        refunded: Money::from_cents(refunded),
        provider_ref,
        items,
    }))
}

/// Stores a pending refund; answers its id.
///
/// # Errors
/// Database failures.
pub fn insert_refund(conn: &mut DbConnection, refund: &NewRefund<'_>) -> Result<String, DbError> {
    let id = Uuid::now_v7().to_string();
    diesel::insert_into(order_refunds::table)
        .values((
            order_refunds::id.eq(&id),
            order_refunds::order_id.eq(refund.order_id.as_str()),
            order_refunds::amount_cents.eq(refund.amount.cents()),
            order_refunds::reason.eq(refund.reason),
            order_refunds::restocked.eq(refund.restock),
            order_refunds::created_by.eq(refund.created_by.as_str()),
            order_refunds::created_on.eq(refund.created_on),
        ))
        .execute_native(conn)?;
    Ok(id)
}

/// Records the provider's id of a pending refund; answers whether it was still pending.
///
/// # Errors
/// Database failures.
pub fn confirm_refund(
    conn: &mut DbConnection,
    id: &str,
    provider_refund_id: &str,
    at: NaiveDateTime,
) -> Result<bool, DbError> {
    let changed = diesel::update(
        order_refunds::table
            .find(id)
            .filter(order_refunds::provider_refund_id.is_null()),
    )
    .set((
        order_refunds::provider_refund_id.eq(provider_refund_id),
        order_refunds::confirmed_on.eq(at),
    ))
    .execute_native(conn)?;
    Ok(changed == 1)
}

/// Removes a pending refund.
///
/// # Errors
/// Database failures.
pub fn delete_refund(conn: &mut DbConnection, id: &str) -> Result<(), DbError> {
    diesel::delete(
        order_refunds::table
            .find(id)
            .filter(order_refunds::provider_refund_id.is_null()),
    )
    .execute_native(conn)?;
    Ok(())
}

type RefundRow = (
    String,
    String,
    i64,
    String,
    bool,
    Option<String>,
    String,
    NaiveDateTime,
);

/// An order's refunds, oldest first.
///
/// # Errors
/// Database failures.
pub fn refunds_of(conn: &mut DbConnection, order: &OrderId) -> Result<Vec<Refund>, DbError> {
    let rows: Vec<RefundRow> = order_refunds::table
        .filter(order_refunds::order_id.eq(order.as_str()))
        .order((order_refunds::created_on.asc(), order_refunds::id.asc()))
        .select((
            order_refunds::id,
            order_refunds::order_id,
            order_refunds::amount_cents,
            order_refunds::reason,
            order_refunds::restocked,
            order_refunds::provider_refund_id,
            order_refunds::created_by,
            order_refunds::created_on,
        ))
        .load_native(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(id, order_id, cents, reason, restocked, provider_refund_id, by, on)| Refund {
                id,
                order_id: OrderId::from(order_id),
                amount: Money::from_cents(cents),
                reason,
                restocked,
                provider_refund_id,
                created_by: UserId::from(by),
                created_on: on,
            },
        )
        .collect())
}

fn count(quantity: u32) -> i32 {
    i32::try_from(quantity).unwrap_or(i32::MAX)
}

/// Adds items back to a variant's stock.
///
/// # Errors
/// Database failures.
pub fn return_variant_stock(
    conn: &mut DbConnection,
    id: &VariantId,
    quantity: u32,
) -> Result<(), DbError> {
    diesel::update(apparel_variants::table.find(id.as_str()))
        .set(
            apparel_variants::available_stock
                .eq(apparel_variants::available_stock + count(quantity)),
        )
        .execute_native(conn)?;
    Ok(())
}

/// Adds units back to a product's unit stock, if it has a unit product.
///
/// # Errors
/// Database failures.
pub fn return_unit_stock(
    conn: &mut DbConnection,
    product: &ProductId,
    quantity: u32,
) -> Result<(), DbError> {
    diesel::update(unit_products::table.filter(unit_products::product_id.eq(product.as_str())))
        .set(unit_products::available_stock.eq(unit_products::available_stock + count(quantity)))
        .execute_native(conn)?;
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::refunds;
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::ids::{OrderId, ProductId, VariantId};
    use domain::refunds::{NewRefund, Refund, RefundableOrder, Refunds};
    use domain::store::StoreError;

    impl Refunds for Tx<'_> {
        fn refundable_order(
            &mut self,
            order: &OrderId,
        ) -> Result<Option<RefundableOrder>, StoreError> {
            q(refunds::refundable_order(self.conn, order))
        }

        fn insert_refund(&mut self, refund: &NewRefund<'_>) -> Result<String, StoreError> {
            q(refunds::insert_refund(self.conn, refund))
        }

        fn confirm_refund(
            &mut self,
            id: &str,
            provider_refund_id: &str,
            at: NaiveDateTime,
        ) -> Result<bool, StoreError> {
            q(refunds::confirm_refund(
                self.conn,
                id,
                provider_refund_id,
                at,
            ))
        }

        fn delete_refund(&mut self, id: &str) -> Result<(), StoreError> {
            q(refunds::delete_refund(self.conn, id))
        }

        fn refunds_of(&mut self, order: &OrderId) -> Result<Vec<Refund>, StoreError> {
            q(refunds::refunds_of(self.conn, order))
        }

        fn return_variant_stock(
            &mut self,
            id: &VariantId,
            quantity: u32,
        ) -> Result<(), StoreError> {
            self.variant_changed(id)?;
            q(refunds::return_variant_stock(self.conn, id, quantity))
        }

        fn return_unit_stock(
            &mut self,
            product: &ProductId,
            quantity: u32,
        ) -> Result<(), StoreError> {
            self.changes.product(product.as_str());
            q(refunds::return_unit_stock(self.conn, product, quantity))
        }
    }
}
