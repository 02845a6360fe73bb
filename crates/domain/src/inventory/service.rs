//! The back office's reads of counted stock (back-office.md §2 dashboard and inventory;
//! decisions.md "Stock": /admin/inventory lists unit products, and apparel variants, by SKU).

use super::model::*;
use crate::paging::{Page, PageRequest};
use chrono::{Duration, NaiveDateTime};

use crate::inventory::Inventory;
use crate::orders::DateRange;
use crate::orders::Sales;
use crate::status::{CaseBreakStatus, OrderStatus};
use crate::store::{Store, StoreError};
use crate::users::Accounts;

/// The dashboard's figures, in one read.
///
/// # Errors
/// Store failures.
pub fn summary(store: &impl Store, now: NaiveDateTime) -> Result<Summary, StoreError> {
    // Every order and request so far (a day ahead covers clocks a little apart).
    let ever = DateRange {
        start: None,
        end: now + Duration::days(1),
    };
    store.read(|tx| {
        let (products, shows) = tx.product_counts()?;
        let orders = tx.order_counts()?;
        let orders_in = |status| {
            orders
                .iter()
                .filter(|(s, _)| *s == status)
                .map(|(_, n)| n)
                .sum::<i64>()
        };
        let breaks = tx.case_break_counts(&ever)?;
        let breaks_in = |status| {
            breaks
                .iter()
                .filter(|(s, _)| *s == status)
                .map(|(_, n)| n)
                .sum::<i64>()
        };
        Ok(Summary {
            users: tx.count_users()?,
            inventory: tx.stock_total()?,
            products,
            shows,
            pending_orders: orders_in(OrderStatus::Pending),
            processing_orders: orders_in(OrderStatus::Processing),
            pending_case_breaks: breaks_in(CaseBreakStatus::Pending),
            processing_case_breaks: breaks_in(CaseBreakStatus::Processing),
        })
    })
}

/// One page of the inventory, by SKU.
///
/// # Errors
/// Store failures.
pub fn inventory(
    store: &impl Store,
    filter: &InventoryFilter,
    page: PageRequest,
) -> Result<Page<InventoryItem>, StoreError> {
    store.read(|tx| tx.inventory_page(filter, page))
}
