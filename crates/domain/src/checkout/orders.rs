//! The buyer's orders.

use super::{Order, OrderError};
use crate::ids::{OrderId, UserId};
use crate::orders::Orders;
use crate::paging::{Page, PageRequest};
use crate::store::Store;

/// One page of the caller's orders, newest first.
///
/// # Errors
/// Store failures.
pub fn list_orders(
    store: &impl Store,
    user: &UserId,
    page: PageRequest,
) -> Result<Page<Order>, OrderError> {
    Ok(store.read(|tx| tx.orders_of(user, page))?)
}

/// One of the caller's orders.
///
/// # Errors
/// [`OrderError::OrderNotFound`] for an unknown order or another user's; store failures.
pub fn get_order(store: &impl Store, user: &UserId, id: &OrderId) -> Result<Order, OrderError> {
    store
        .read(|tx| tx.find_order(id))?
        .filter(|o| o.user_id == *user)
        .ok_or(OrderError::OrderNotFound)
}
