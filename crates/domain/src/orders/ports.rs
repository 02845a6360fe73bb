//! The orders' store ports: the buyer's orders, and the back office's sales and case breaks.

use chrono::NaiveDateTime;

use crate::checkout::{NewOrder, Order};
use crate::ids::{CaseBreakId, OrderId, UserId};
use crate::orders::{CaseBreak, DateRange, Sale};
use crate::paging::{Page, PageRequest};
use crate::status::{CaseBreakStatus, OrderStatus};
use crate::store::StoreError;

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
    fn case_break(&mut self, id: &CaseBreakId) -> Result<Option<CaseBreak>, StoreError>;

    /// Marks a PENDING or PROCESSING request COMPLETED with the units the case gave
    /// (`quantity_added`), and adds `to_stock` of them (what the waiting order did not take)
    /// to the product's unit stock, in the caller's transaction. Answers false (and changes
    /// nothing) when the request was not open any more: of two parallel calls one wins.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the product has no unit product.
    fn complete_case_break(
        &mut self,
        id: &CaseBreakId,
        quantity_added: u32,
        to_stock: u32,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError>;
}

/// Orders with their items and status history.
pub trait Orders {
    /// Stores an order with its items and its first status-history row (PENDING, by nobody)
    /// and answers it as stored (no units owed: case break requests come after it).
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when an order has this checkout token already;
    /// [`StoreError::Conflict`] for an unknown user, product or variant.
    fn insert_order(&mut self, order: &NewOrder) -> Result<Order, StoreError>;

    /// The order with this id, with its items.
    fn find_order(&mut self, id: &OrderId) -> Result<Option<Order>, StoreError>;

    /// One page of a user's orders, newest first, with their items.
    fn orders_of(&mut self, user: &UserId, page: PageRequest) -> Result<Page<Order>, StoreError>;
}
