//! Orders, their items and their status history.

use std::collections::HashMap;

use chrono::SubsecRound as _;
use diesel::prelude::*;
use domain::catalogue::Packing;
use domain::checkout::{NewOrder, NewOrderItem, Order, OrderItem, ShipAddress};
use domain::ids::{OrderId, UserId};
use domain::money::Money;
use domain::paging::{Page, PageRequest};
use domain::quote::Amounts;
use domain::status::{CaseBreakStatus, OrderStatus};
use uuid::Uuid;

use crate::in_json::in_json;
use crate::models::{Order as OrderRow, OrderItem as ItemRow, OrderStatusChange};
use crate::native::Native as _;
use crate::schema::{case_break_requests, order_items, order_status_history, orders};
use crate::{DbConnection, DbError};
/// Stores an order, its items and its PENDING history row; answers the order as stored (as
/// [`find`] would read it, but for units owed, which case break requests written after it
/// add).
///
/// # Errors
/// [`StoreError::Duplicate`] when the checkout token made an order already;
/// [`StoreError::Conflict`] for an unknown user, product or variant; database failures.
pub fn insert(conn: &mut DbConnection, order: &NewOrder) -> Result<Order, DbError> {
    let id = Uuid::now_v7().to_string();
    let a = &order.amounts;
    // PostgreSQL keeps microseconds: the answer carries the time a later read gives.
    let created_on = order.created_on.trunc_subsecs(6);
    let row = OrderRow {
        id: id.clone(),
        user_id: order.user_id.to_string(),
        status: OrderStatus::Pending.as_str().to_owned(),
        order_type: order.order_type.as_str().to_owned(),
        ship_street1: order.address.street1.clone(),
        ship_street2: order.address.street2.clone(),
        ship_city: order.address.city.clone(),
        ship_state: order.address.state.clone(),
        ship_postal_code: order.address.postal_code.clone(),
        ship_to_terminal_id: order.ship_to_terminal_id.as_ref().map(ToString::to_string),
        lift_gate: order.lift_gate,
        subtotal_cents: a.subtotal.cents(),
        shipping_cents: a.shipping.cents(),
        tax_cents: a.tax.cents(),
        lift_gate_fee_cents: a.lift_gate_fee.cents(),
        grand_total_cents: a.grand_total.cents(),
        checkout_token: order.checkout_token.as_str().to_owned(),
        created_on,
        updated_on: created_on,
    };
    diesel::insert_into(orders::table)
        .values(&row)
        .execute_native(conn)?;
    let items: Vec<ItemRow> = order
        .items
        .iter()
        .map(|i| ItemRow {
            id: Uuid::now_v7().to_string(),
            order_id: id.clone(),
            product_id: i.product_id.to_string(),
            variant_id: i.variant_id.as_ref().map(ToString::to_string),
            is_unit: i.packing.is_unit(),
            quantity: i32::try_from(i.quantity).unwrap_or(i32::MAX),
            unit_price_cents: i.unit_price.cents(),
            item_subtotal_cents: i.item_subtotal.cents(),
            title: i.title.clone(),
            sku: i.sku.clone(),
        })
        .collect();
    match items.as_slice() {
        [] => {}
        // One item (most orders): a single-row insert, whose prepared statement is cached.
        // Diesel prepares a batch insert again on every call (on PostgreSQL, parsed and
        // planned each purchase).
        [one] => {
            diesel::insert_into(order_items::table)
                .values(one)
                .execute_native(conn)?;
        }
        _ => {
            insert_rows!(conn, order_items::table, &items)?;
        }
    }
    diesel::insert_into(order_status_history::table)
        .values(&OrderStatusChange {
            id: Uuid::now_v7().to_string(),
            order_id: id.clone(),
            status: OrderStatus::Pending.as_str().to_owned(),
            changed_by: None,
            changed_at: created_on,
        })
        .execute_native(conn)?;
    let mut items: Vec<OrderItem> = items.into_iter().map(item).collect();
    // In the order `find` reads them.
    items.sort_by(|a, b| a.id.cmp(&b.id));
    self::order(row, items)
}

/// The order with this id, with its items.
///
/// # Errors
/// Database failures.
pub fn find(conn: &mut DbConnection, id: &OrderId) -> Result<Option<Order>, DbError> {
    let Some(row) = native!(conn, |c| orders::table
        .find(id.as_str())
        .select(OrderRow::as_select())
        .first(c)
        .optional())?
    else {
        return Ok(None);
    };
    let mut found = with_items(conn, vec![row])?;
    Ok(found.pop())
}

/// One page of a user's orders, newest first.
///
/// # Errors
/// Database failures.
pub fn of_user(
    conn: &mut DbConnection,
    user: &UserId,
    page: PageRequest,
) -> Result<Page<Order>, DbError> {
    let total: i64 = orders::table
        .filter(orders::user_id.eq(user.as_str()))
        .count()
        .get_result_native(conn)?;
    let rows: Vec<OrderRow> = native!(conn, |c| orders::table
        .filter(orders::user_id.eq(user.as_str()))
        .order((orders::created_on.desc(), orders::id.desc()))
        .limit(page.page_size)
        .offset(page.offset())
        .select(OrderRow::as_select())
        .load(c))?;
    Ok(Page {
        items: with_items(conn, rows)?,
        total,
    })
}

/// The orders of these rows with their items (one query for every item).
pub(crate) fn with_items(
    conn: &mut DbConnection,
    rows: Vec<OrderRow>,
) -> Result<Vec<Order>, DbError> {
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let items: Vec<ItemRow> = match ids.as_slice() {
        [] => Vec::new(),
        // One order (a purchase's answer, an order's page): `=`, whose cached plan is an index
        // lookup whatever the table's size. PostgreSQL keeps one generic plan per statement
        // and connection; for `= ANY(...)` one made while order_items was nearly empty
        // scanned the whole table (seen under the purchase benchmark on a new database).
        [id] => native!(conn, |c| order_items::table
            .filter(order_items::order_id.eq(*id))
            .order(order_items::id)
            .select(ItemRow::as_select())
            .load(c))?,
        _ => native!(conn, |c| order_items::table
            .filter(in_json(order_items::order_id, &ids))
            .order((order_items::order_id, order_items::id))
            .select(ItemRow::as_select())
            .load(c))?,
    };
    let owed = owed_units(conn, &ids)?;
    let mut by_order: HashMap<String, Vec<OrderItem>> = HashMap::new();
    for i in items {
        let owed_units = if i.is_unit {
            owed.get(&(i.order_id.clone(), i.product_id.clone()))
                .copied()
                .unwrap_or(0)
        } else {
            0
        };
        by_order
            .entry(i.order_id.clone())
            .or_default()
            .push(OrderItem {
                owed_units,
                ..item(i)
            });
    }
    rows.into_iter()
        .map(|r| {
            let items = by_order.remove(&r.id).unwrap_or_default();
            order(r, items)
        })
        .collect()
}

/// Units still owed per (order, product): the quantities of the orders' open (PENDING or
/// PROCESSING) case break requests.
fn owed_units(
    conn: &mut DbConnection,
    orders: &[&str],
) -> Result<HashMap<(String, String), u32>, DbError> {
    if orders.is_empty() {
        return Ok(HashMap::new());
    }
    let open = [
        CaseBreakStatus::Pending.as_str(),
        CaseBreakStatus::Processing.as_str(),
    ];
    let rows: Vec<(Option<String>, String, i32)> = case_break_requests::table
        .filter(in_json(case_break_requests::order_id, orders))
        .filter(in_json(case_break_requests::status, &open))
        .select((
            case_break_requests::order_id,
            case_break_requests::product_id,
            case_break_requests::quantity,
        ))
        .load_native(conn)?;
    let mut owed = HashMap::new();
    for (order, product, quantity) in rows {
        if let Some(order) = order {
            *owed.entry((order, product)).or_insert(0) += u32::try_from(quantity).unwrap_or(0);
        }
    }
    Ok(owed)
}

fn item(i: ItemRow) -> OrderItem {
    OrderItem {
        owed_units: 0,
        id: i.id,
        item: NewOrderItem {
            product_id: i.product_id.into(),
            variant_id: i.variant_id.map(Into::into),
            packing: Packing::from_is_unit(i.is_unit),
            quantity: u32::try_from(i.quantity).unwrap_or(0),
            unit_price: Money::from_cents(i.unit_price_cents),
            item_subtotal: Money::from_cents(i.item_subtotal_cents),
            title: i.title,
            sku: i.sku,
        },
    }
}

fn order(r: OrderRow, items: Vec<OrderItem>) -> Result<Order, DbError> {
    Ok(Order {
        id: OrderId::from(r.id),
        user_id: UserId::from(r.user_id),
        status: r.status.parse().map_err(DbError::other)?,
        order_type: r.order_type.parse().map_err(DbError::other)?,
        address: ShipAddress {
            street1: r.ship_street1,
            street2: r.ship_street2,
            city: r.ship_city,
            state: r.ship_state,
            postal_code: r.ship_postal_code,
        },
        ship_to_terminal_id: r.ship_to_terminal_id.map(Into::into),
        lift_gate: r.lift_gate,
        amounts: Amounts {
            subtotal: Money::from_cents(r.subtotal_cents),
            tax: Money::from_cents(r.tax_cents),
            lift_gate_fee: Money::from_cents(r.lift_gate_fee_cents),
            shipping: Money::from_cents(r.shipping_cents),
            grand_total: Money::from_cents(r.grand_total_cents),
        },
        items,
        created_on: r.created_on,
    })
}

/// The domain's port over the queries above.
mod port {
    use crate::orders;
    use crate::store::{q, Tx};
    use domain::checkout::{NewOrder, Order};
    use domain::ids::{OrderId, UserId};
    use domain::orders::Orders;
    use domain::paging::{Page, PageRequest};
    use domain::store::StoreError;

    impl Orders for Tx<'_> {
        fn insert_order(&mut self, order: &NewOrder) -> Result<Order, StoreError> {
            q(orders::insert(self.conn, order))
        }

        fn find_order(&mut self, id: &OrderId) -> Result<Option<Order>, StoreError> {
            q(orders::find(self.conn, id))
        }

        fn orders_of(
            &mut self,
            user: &UserId,
            page: PageRequest,
        ) -> Result<Page<Order>, StoreError> {
            q(orders::of_user(self.conn, user, page))
        }
    }
}
