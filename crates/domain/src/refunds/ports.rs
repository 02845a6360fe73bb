//! The refunds' store port.

use chrono::NaiveDateTime;

use crate::ids::{OrderId, ProductId, VariantId};
use crate::refunds::{NewRefund, Refund, RefundableOrder};
use crate::store::StoreError;

/// Refunds of orders, and the stock a whole-order refund returns.
pub trait Refunds {
    /// The order as a refund needs it, its row locked until the transaction ends (so two
    /// refunds of one order take turns), or `None` for an unknown order or one without a
    /// payment session.
    fn refundable_order(&mut self, order: &OrderId) -> Result<Option<RefundableOrder>, StoreError>;

    /// Stores a pending refund and answers its id.
    fn insert_refund(&mut self, refund: &NewRefund<'_>) -> Result<String, StoreError>;

    /// Records the provider's id of a pending refund (it is then done). Answers whether it was
    /// still pending: `false` when another call confirmed it first.
    fn confirm_refund(
        &mut self,
        id: &str,
        provider_refund_id: &str,
        at: NaiveDateTime,
    ) -> Result<bool, StoreError>;

    /// Removes a pending refund the provider refused.
    fn delete_refund(&mut self, id: &str) -> Result<(), StoreError>;

    /// An order's refunds, oldest first.
    fn refunds_of(&mut self, order: &OrderId) -> Result<Vec<Refund>, StoreError>;

    /// Puts `quantity` items back into a variant's stock.
    fn return_variant_stock(&mut self, id: &VariantId, quantity: u32) -> Result<(), StoreError>;

    /// Puts `quantity` units back into a product's unit stock (if it has a unit product).
    fn return_unit_stock(&mut self, product: &ProductId, quantity: u32) -> Result<(), StoreError>;
}
