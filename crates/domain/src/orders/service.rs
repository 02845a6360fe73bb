//! The back office's view of what the shop sold (back-office.md §3 "Purchase order or sale",
//! "Case break request", §4, §5 "Date range", §7 "Reports"; decisions.md "Stock"): orders in a
//! date range with their buyers and status history, the admin moving an order's status, and
//! case break requests, processed by adding the units to stock exactly once.

use super::model::*;
use crate::checkout::order_number;
use crate::notifications::{greeting, Mailing, Notification, Outbox, StatusMail};
use std::collections::BTreeMap;

use crate::orders::Sales;
use crate::status::{CaseBreakStatus, OrderStatus};
use chrono::NaiveDateTime;

use crate::audit::{Audit, AuditEntry};
use crate::catalogue::CatalogueReads;
use crate::ids::{CaseBreakId, OrderId, UserId};
use crate::money::Money;
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};

/// Why a sales call was refused.
#[derive(Debug, thiserror::Error)]
pub enum SalesError {
    /// Bad dates, status or quantity.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No order has this id.
    #[error("Order not found")]
    OrderNotFound,
    /// No case break request has this id.
    #[error("Case break request not found")]
    CaseBreakNotFound,
    /// The request is COMPLETED or FAILED.
    #[error("This case break request is already {0} and cannot be processed again")]
    AlreadyClosed(CaseBreakStatus),
    /// Fewer units than the request owes to its order (decisions.md "Stock").
    #[error("At least {0} units are owed to the waiting order")]
    FewerThanOwed(u32),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn invalid(field: &str, message: impl Into<String>) -> SalesError {
    let mut errors = FieldErrors::new();
    errors.add_message(field, message);
    SalesError::Invalid(errors)
}

/// An order status from a client.
///
/// # Errors
/// [`SalesError::Invalid`] (`status`).
pub fn parse_order_status(text: &str) -> Result<OrderStatus, SalesError> {
    text.trim().parse().map_err(|_| {
        invalid(
            "status",
            "status must be PENDING, PROCESSING, COMPLETED or FAILED",
        )
    })
}

/// A case break status filter from a client (blank or `ALL`: none).
///
/// # Errors
/// [`SalesError::Invalid`] (`status`).
pub fn parse_case_break_filter(text: Option<&str>) -> Result<Option<CaseBreakStatus>, SalesError> {
    match text
        .map(str::trim)
        .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("ALL"))
    {
        None => Ok(None),
        Some(t) => t.to_ascii_uppercase().parse().map(Some).map_err(|_| {
            invalid(
                "status",
                "status must be PENDING, PROCESSING, COMPLETED or FAILED",
            )
        }),
    }
}

/// Orders placed in the range, with the total of their grand totals.
///
/// # Errors
/// Store failures.
pub fn sales_report(
    store: &impl Store,
    range: &DateRange,
    status: Option<OrderStatus>,
) -> Result<SalesReport, SalesError> {
    let orders = store.read(|tx| tx.sales(range, status))?;
    // Net of refunds: what the shop kept.
    let total_sales = orders
        .iter()
        .map(|s| s.order.amounts.grand_total - s.refunded)
        .fold(Money::ZERO, |a, b| a + b);
    Ok(SalesReport {
        orders,
        total_sales,
    })
}

/// Moves an order to `status` (any of the four, at any time: §4) and records who did it;
/// setting the status it has changes nothing. Answers the order.
///
/// # Errors
/// [`SalesError::OrderNotFound`]; store failures.
pub fn set_sale_status(
    store: &impl Store,
    mailing: &Mailing,
    actor: &UserId,
    id: &OrderId,
    status: OrderStatus,
    now: NaiveDateTime,
) -> Result<Sale, SalesError> {
    store.write(|tx| {
        let before = tx.sale(id)?.ok_or(SalesError::OrderNotFound)?;
        if before.order.status == status {
            return Ok(before);
        }
        tx.set_order_status(id, status, actor, now)?;
        tx.record_audit(&AuditEntry::new(
            actor,
            "status",
            "order",
            id.as_str(),
            Some(&before.order.status),
            Some(&status),
            now,
        ))?;
        // The buyer hears of it, in the change's own transaction.
        let buyer = &before.buyer;
        let notice = Notification::OrderStatusChanged(StatusMail {
            name: greeting(buyer.first_name.as_deref(), &buyer.email),
            number: order_number(id),
            status: status_words(status).to_owned(),
            link: mailing.link("/profile"),
        });
        tx.enqueue_mail(&mailing.mail(&buyer.email, notice, now))?;
        tx.sale(id)?.ok_or(SalesError::OrderNotFound)
    })
}

/// A status in a buyer's words.
fn status_words(status: OrderStatus) -> &'static str {
    match status {
        OrderStatus::Pending => "Pending",
        OrderStatus::Processing => "Processing",
        OrderStatus::Completed => "Completed",
        OrderStatus::Failed => "Failed",
    }
}

/// Case break requests made in the range, with the total quantity and the count per status.
///
/// # Errors
/// Store failures.
pub fn case_break_report(
    store: &impl Store,
    range: &DateRange,
    status: Option<CaseBreakStatus>,
) -> Result<CaseBreakReport, SalesError> {
    store.read(|tx| {
        let data = tx.case_breaks(range, status)?;
        let mut status_counts: BTreeMap<&'static str, i64> = CaseBreakStatus::ALL
            .iter()
            .map(|s| (s.as_str(), 0))
            .collect();
        for (s, n) in tx.case_break_counts(range)? {
            status_counts.insert(s.as_str(), n);
        }
        Ok(CaseBreakReport {
            total_quantity: data.iter().map(|c| u64::from(c.quantity)).sum(),
            data,
            status_counts,
        })
    })
}

/// The units an opened case gave, as [`process_case_break`] checks them (before it looks the
/// request up).
///
/// # Errors
/// [`SalesError::Invalid`] (`quantityAdded`: [`QUANTITY_MESSAGE`]) unless 1 to
/// [`MAX_QUANTITY_ADDED`].
pub fn quantity_added_of(quantity_added: i64) -> Result<u32, SalesError> {
    u32::try_from(quantity_added)
        .ok()
        .filter(|q| *q >= 1 && i64::from(*q) <= MAX_QUANTITY_ADDED)
        .ok_or_else(|| invalid("quantityAdded", QUANTITY_MESSAGE))
}

/// Processes a case break request (decisions.md "Stock"): `quantity_added` is the units the
/// opened case gave; they first fill the units owed to the waiting order (the request's
/// quantity, sold already), and only the rest goes to the product's unit stock. The request
/// is marked COMPLETED in the same transaction. Of two parallel calls exactly one adds.
///
/// # Errors
/// [`SalesError::Invalid`] (`quantityAdded`: [`QUANTITY_MESSAGE`]),
/// [`SalesError::CaseBreakNotFound`], [`SalesError::AlreadyClosed`],
/// [`SalesError::FewerThanOwed`] when `quantity_added` is below the request's quantity; store
/// failures.
pub fn process_case_break(
    store: &impl Store,
    actor: &UserId,
    id: &CaseBreakId,
    quantity_added: i64,
    now: NaiveDateTime,
) -> Result<CaseBreak, SalesError> {
    let quantity = quantity_added_of(quantity_added)?;
    store.write(|tx| {
        let before = tx.case_break(id)?.ok_or(SalesError::CaseBreakNotFound)?;
        if !before.status.can_be_processed() {
            return Err(SalesError::AlreadyClosed(before.status));
        }
        let to_stock = quantity
            .checked_sub(before.quantity)
            .ok_or(SalesError::FewerThanOwed(before.quantity))?;
        if !tx.complete_case_break(id, quantity, to_stock, now)? {
            let now_status = tx
                .case_break(id)?
                .map_or(CaseBreakStatus::Completed, |c| c.status);
            return Err(SalesError::AlreadyClosed(now_status));
        }
        // The unit stock the storefront shows changed: every node's read cache drops it.
        tx.bump_catalogue_version()?;
        let after = tx.case_break(id)?.ok_or(SalesError::CaseBreakNotFound)?;
        tx.record_audit(&AuditEntry::new(
            actor,
            "process",
            "case_break",
            id.as_str(),
            Some(&(before.status, before.quantity_added)),
            Some(&(after.status, after.quantity_added)),
            now,
        ))?;
        Ok(after)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::ProductId;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.3f").expect("instant")
    }

    #[test]
    fn dates_are_utc_day_bounds_and_the_end_defaults_to_today() {
        let now = at("2026-11-23 15:00:00.000");
        let r = DateRange::parse(Some("2026-11-01"), Some("2026-11-02"), now).expect("range");
        assert_eq!(r.start, Some(at("2026-11-01 00:00:00.000")));
        assert_eq!(r.end, at("2026-11-02 23:59:59.999"));
        let r = DateRange::parse(
            Some("2026-11-01T00:00:00.000Z"),
            Some("2026-11-02T23:59:59.999Z"),
            now,
        )
        .expect("range");
        assert_eq!(r.end, at("2026-11-02 23:59:59.999"));
        let r = DateRange::parse(None, None, now).expect("range");
        assert_eq!((r.start, r.end), (None, at("2026-11-23 23:59:59.999")));
        assert!(DateRange::parse(Some("yesterday"), None, now).is_err());
        assert!(DateRange::parse(Some("2026-11-03"), Some("2026-11-02"), now).is_err());
    }

    #[test]
    fn statuses_from_clients() {
        assert_eq!(
            parse_order_status("COMPLETED").ok(),
            Some(OrderStatus::Completed)
        );
        assert!(parse_order_status("SHIPPED").is_err());
        assert_eq!(parse_case_break_filter(Some("All")).ok(), Some(None));
        assert_eq!(
            parse_case_break_filter(Some("pending")).ok(),
            Some(Some(CaseBreakStatus::Pending))
        );
        assert!(parse_case_break_filter(Some("DONE")).is_err());
    }

    #[test]
    fn an_open_request_owes_its_quantity_and_a_closed_one_nothing() {
        let request = |status| CaseBreak {
            id: "cb".into(),
            product_id: ProductId::from("p"),
            sku: "SKU".into(),
            title: "Cake".into(),
            order_id: None,
            quantity: 7,
            quantity_added: None,
            status,
            box_size: vec![12],
            created_on: at("2026-11-23 15:00:00.000"),
        };
        let owed: Vec<u32> = CaseBreakStatus::ALL
            .iter()
            .map(|s| request(*s).owed_units())
            .collect();
        assert_eq!(owed, [7, 7, 0, 0]);
        assert_eq!(
            SalesError::FewerThanOwed(7).to_string(),
            "At least 7 units are owed to the waiting order"
        );
    }
}
