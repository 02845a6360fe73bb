//! The back office's reads of what was sold: orders in a date range with buyers, products,
//! variants and status history (a fixed number of queries per report, never one per order),
//! the admin's status changes, and case break requests.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use domain::catalogue::Package;
use domain::ids::{OrderId, UserId};
use domain::money::Money;
use domain::orders::{Buyer, CaseBreak, DateRange, Sale, SoldProduct, SoldVariant, StatusChange};
use domain::status::{CaseBreakStatus, OrderStatus};
use uuid::Uuid;

use crate::models::{CaseBreakRequest, Order as OrderRow, OrderStatusChange};
use crate::orders::with_items;
use crate::schema::{
    apparel_variants, case_break_requests, colors, order_refunds, order_status_history, orders,
    products, profiles, unit_products, users,
};
use crate::{DbConnection, DbError};
type BuyerRow = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

fn sales_of(conn: &mut DbConnection, rows: Vec<OrderRow>) -> Result<Vec<Sale>, DbError> {
    let user_ids: Vec<String> = rows.iter().map(|r| r.user_id.clone()).collect();
    let order_ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let orders = with_items(conn, rows)?;
    if orders.is_empty() {
        return Ok(Vec::new());
    }
    let buyers: HashMap<String, BuyerRow> = users::table
        .left_join(profiles::table)
        .filter(users::id.eq_any(&user_ids))
        .select((
            users::id,
            users::email,
            profiles::first_name.nullable(),
            profiles::last_name.nullable(),
            profiles::phone_number.nullable(),
        ))
        .load::<BuyerRow>(conn)?
        .into_iter()
        .map(|b| (b.0.clone(), b))
        .collect();
    let product_ids: Vec<String> = orders
        .iter()
        .flat_map(|o| o.items.iter().map(|i| i.item.product_id.to_string()))
        .collect();
    let products: HashMap<String, SoldProduct> = products::table
        .filter(products::id.eq_any(&product_ids))
        .select((
            products::id,
            products::title,
            products::sku,
            products::is_show,
            products::is_apparel,
        ))
        .load::<(String, String, String, bool, bool)>(conn)?
        .into_iter()
        .map(|(id, title, sku, is_show, is_apparel)| {
            (
                id,
                SoldProduct {
                    title,
                    sku,
                    is_show,
                    is_apparel,
                },
            )
        })
        .collect();
    let variant_ids: Vec<String> = orders
        .iter()
        .flat_map(|o| o.items.iter().filter_map(|i| i.item.variant_id.as_ref()))
        .map(ToString::to_string)
        .collect();
    let variants: HashMap<String, SoldVariant> = if variant_ids.is_empty() {
        HashMap::new()
    } else {
        apparel_variants::table
            .left_join(colors::table)
            .filter(apparel_variants::id.eq_any(&variant_ids))
            .select((
                apparel_variants::id,
                apparel_variants::sku,
                apparel_variants::size,
                colors::name.nullable(),
            ))
            .load::<(String, String, String, Option<String>)>(conn)?
            .into_iter()
            .map(|(id, sku, size, color)| (id, SoldVariant { sku, size, color }))
            .collect()
    };
    let mut history: HashMap<String, Vec<StatusChange>> = HashMap::new();
    let changes: Vec<(OrderStatusChange, Option<String>)> = order_status_history::table
        .left_join(users::table.on(users::id.nullable().eq(order_status_history::changed_by)))
        .filter(order_status_history::order_id.eq_any(&order_ids))
        .order((
            order_status_history::order_id,
            order_status_history::changed_at,
            order_status_history::id,
        ))
        .select((OrderStatusChange::as_select(), users::email.nullable()))
        .load(conn)?;
    for (change, by) in changes {
        let to: OrderStatus = change.status.parse().map_err(DbError::other)?;
        let list = history.entry(change.order_id).or_default();
        list.push(StatusChange {
            from: list.last().map(|c| c.to),
            to,
            by,
            at: change.changed_at,
        });
    }
    // Per order: (confirmed, all) refunds. A pending one has given nothing back yet, but its
    // amount is reserved.
    let mut refunds: HashMap<String, (i64, i64)> = HashMap::new();
    for (order, cents, confirmed) in order_refunds::table
        .filter(order_refunds::order_id.eq_any(&order_ids))
        .select((
            order_refunds::order_id,
            order_refunds::amount_cents,
            order_refunds::provider_refund_id.is_not_null(),
        ))
        .load::<(String, i64, bool)>(conn)?
    {
        let entry = refunds.entry(order).or_default();
        entry.0 += if confirmed { cents } else { 0 };
        entry.1 += cents;
    }
    orders
        .into_iter()
        .map(|order| {
            let (id, email, first_name, last_name, phone_number) = buyers
                .get(order.user_id.as_str())
                .cloned()
                .ok_or_else(|| DbError::other(format!("order {} has no buyer", order.id)))?;
            let lines = order
                .items
                .iter()
                .map(|i| {
                    (
                        products.get(i.item.product_id.as_str()).cloned(),
                        i.item
                            .variant_id
                            .as_ref()
                            .and_then(|v| variants.get(v.as_str()).cloned()),
                    )
                })
                .collect();
            let (refunded, reserved) = refunds.get(order.id.as_str()).copied().unwrap_or_default();
            Ok(Sale {
                history: history.remove(order.id.as_str()).unwrap_or_default(),
                refunded: Money::from_cents(refunded),
                refundable: order.amounts.grand_total - Money::from_cents(reserved),
                buyer: Buyer {
                    id: UserId::from(id),
                    email,
                    first_name,
                    last_name,
                    phone_number,
                },
                lines,
                order,
            })
        })
        .collect()
}

/// Orders placed in the range (with the status, when given), newest first.
///
/// # Errors
/// Database failures.
pub fn sales(
    conn: &mut DbConnection,
    range: &DateRange,
    status: Option<OrderStatus>,
) -> Result<Vec<Sale>, DbError> {
    let mut q = orders::table
        .filter(orders::created_on.le(range.end))
        .into_boxed();
    if let Some(start) = range.start {
        q = q.filter(orders::created_on.ge(start));
    }
    if let Some(status) = status {
        q = q.filter(orders::status.eq(status.as_str()));
    }
    let rows: Vec<OrderRow> = q
        .order((orders::created_on.desc(), orders::id.desc()))
        .select(OrderRow::as_select())
        .load(conn)?;
    sales_of(conn, rows)
}

/// One order as the report shows it.
///
/// # Errors
/// Database failures.
pub fn sale(conn: &mut DbConnection, id: &OrderId) -> Result<Option<Sale>, DbError> {
    let rows: Vec<OrderRow> = orders::table
        .find(id.as_str())
        .select(OrderRow::as_select())
        .load(conn)?;
    Ok(sales_of(conn, rows)?.pop())
}

/// Sets an order's status and appends the change to its history.
///
/// # Errors
/// [`StoreError::NotFound`] for an unknown order.
pub fn set_order_status(
    conn: &mut DbConnection,
    id: &OrderId,
    status: OrderStatus,
    by: &UserId,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(orders::table.find(id.as_str()))
        .set((
            orders::status.eq(status.as_str()),
            orders::updated_on.eq(at),
        ))
        .execute(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    diesel::insert_into(order_status_history::table)
        .values(&OrderStatusChange {
            id: Uuid::now_v7().to_string(),
            order_id: id.to_string(),
            status: status.as_str().to_owned(),
            changed_by: Some(by.to_string()),
            changed_at: at,
        })
        .execute(conn)?;
    Ok(())
}

type CaseBreakRow = (CaseBreakRequest, String, String, String);

fn case_break_of(row: CaseBreakRow) -> Result<CaseBreak, DbError> {
    let (r, sku, title, package) = row;
    Ok(CaseBreak {
        id: r.id.into(),
        product_id: r.product_id.into(),
        sku,
        title,
        order_id: r.order_id.map(Into::into),
        quantity: u32::try_from(r.quantity).unwrap_or(0),
        quantity_added: r.quantity_added.and_then(|q| u32::try_from(q).ok()),
        status: r.status.parse().map_err(DbError::other)?,
        box_size: Package::parse(&package).map_or_else(|_| vec![1], |p| p.parts().to_vec()),
        created_on: r.created_on,
    })
}

/// Case break requests made in the range (with the status, when given), newest first.
///
/// # Errors
/// Database failures.
pub fn case_breaks(
    conn: &mut DbConnection,
    range: &DateRange,
    status: Option<CaseBreakStatus>,
) -> Result<Vec<CaseBreak>, DbError> {
    let mut q = case_break_requests::table
        .inner_join(products::table)
        .filter(case_break_requests::created_on.le(range.end))
        .into_boxed();
    if let Some(start) = range.start {
        q = q.filter(case_break_requests::created_on.ge(start));
    }
    if let Some(status) = status {
        q = q.filter(case_break_requests::status.eq(status.as_str()));
    }
    q.order((
        case_break_requests::created_on.desc(),
        case_break_requests::id.desc(),
    ))
    .select((
        CaseBreakRequest::as_select(),
        products::sku,
        products::title,
        products::package,
    ))
    .load::<CaseBreakRow>(conn)?
    .into_iter()
    .map(case_break_of)
    .collect()
}

/// Orders per status, of all time.
///
/// # Errors
/// Database failures.
pub fn order_counts(conn: &mut DbConnection) -> Result<Vec<(OrderStatus, i64)>, DbError> {
    orders::table
        .group_by(orders::status)
        .select((orders::status, count_star()))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .map(|(s, n)| Ok((s.parse().map_err(DbError::other)?, n)))
        .collect()
}

/// Case break requests per status made in the range.
///
/// # Errors
/// Database failures.
pub fn case_break_counts(
    conn: &mut DbConnection,
    range: &DateRange,
) -> Result<Vec<(CaseBreakStatus, i64)>, DbError> {
    let start = range
        .start
        .unwrap_or(chrono::DateTime::UNIX_EPOCH.naive_utc());
    case_break_requests::table
        .filter(case_break_requests::created_on.le(range.end))
        .filter(case_break_requests::created_on.ge(start))
        .group_by(case_break_requests::status)
        .select((case_break_requests::status, count_star()))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .map(|(s, n)| Ok((s.parse().map_err(DbError::other)?, n)))
        .collect()
}

/// One case break request.
///
/// # Errors
/// Database failures.
pub fn case_break(conn: &mut DbConnection, id: &str) -> Result<Option<CaseBreak>, DbError> {
    case_break_requests::table
        .inner_join(products::table)
        .filter(case_break_requests::id.eq(id))
        .select((
            CaseBreakRequest::as_select(),
            products::sku,
            products::title,
            products::package,
        ))
        .first::<CaseBreakRow>(conn)
        .optional()?
        .map(case_break_of)
        .transpose()
}

/// Completes an open request with the units the case gave (`quantity_added`) and adds
/// `to_stock` units (those the waiting order did not take) to the product's unit stock. The
/// status update is conditional (only an open request changes), so of two parallel calls one
/// wins; answers the request's product if this call did, `None` if it did not.
///
/// # Errors
/// [`StoreError::NotFound`] when the product has no unit product (nothing is changed: the
/// caller's transaction rolls back).
pub fn complete_case_break(
    conn: &mut DbConnection,
    id: &str,
    quantity_added: u32,
    to_stock: u32,
    at: NaiveDateTime,
) -> Result<Option<String>, DbError> {
    let added = i32::try_from(quantity_added).unwrap_or(i32::MAX);
    let to_stock = i32::try_from(to_stock).unwrap_or(i32::MAX);
    let open = [
        CaseBreakStatus::Pending.as_str(),
        CaseBreakStatus::Processing.as_str(),
    ];
    let won = diesel::update(
        case_break_requests::table
            .filter(case_break_requests::id.eq(id))
            .filter(case_break_requests::status.eq_any(open)),
    )
    .set((
        case_break_requests::status.eq(CaseBreakStatus::Completed.as_str()),
        case_break_requests::quantity_added.eq(Some(added)),
        case_break_requests::updated_on.eq(at),
    ))
    .execute(conn)?;
    if won == 0 {
        return Ok(None);
    }
    let product: String = case_break_requests::table
        .find(id)
        .select(case_break_requests::product_id)
        .first(conn)?;
    let n = diesel::update(unit_products::table.filter(unit_products::product_id.eq(&product)))
        .set(unit_products::available_stock.eq(unit_products::available_stock + to_stock))
        .execute(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(Some(product))
}

/// The domain's port over the queries above.
mod port {
    use crate::sales;
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::ids::{CaseBreakId, OrderId, UserId};
    use domain::orders::Sales;
    use domain::orders::{CaseBreak, DateRange, Sale};
    use domain::status::{CaseBreakStatus, OrderStatus};
    use domain::store::StoreError;

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

        fn case_break(&mut self, id: &CaseBreakId) -> Result<Option<CaseBreak>, StoreError> {
            q(sales::case_break(self.conn, id.as_str()))
        }

        fn complete_case_break(
            &mut self,
            id: &CaseBreakId,
            quantity_added: u32,
            to_stock: u32,
            at: NaiveDateTime,
        ) -> Result<bool, StoreError> {
            let completed = q(sales::complete_case_break(
                self.conn,
                id.as_str(),
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
}
