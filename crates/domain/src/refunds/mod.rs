//! Refunds of paid orders (back office): a full or partial amount with a reason, given back
//! through the payment provider, never more than the order's payment in total; a refund of a
//! whole order may return its counted stock.
//!
//! [`refund_order`] reserves the amount under the order's lock first (a pending refund counts
//! against what is left), calls the provider outside any transaction with the refund's id as
//! its idempotency key, then records the outcome.

mod model;
mod ports;
mod service;

pub use model::{NewRefund, Refund, RefundInput, RefundableOrder, ValidRefund, MAX_REASON_LEN};
pub use ports::Refunds;
pub use service::{refund_order, refunds_of, retry_refund, RefundError};
