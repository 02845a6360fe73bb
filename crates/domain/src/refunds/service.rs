//! The refund use cases.

use chrono::NaiveDateTime;

use crate::audit::{Audit, AuditEntry};
use crate::catalogue::{CatalogueReads, Packing};
use crate::checkout::OrderItem;
use crate::ids::{OrderId, UserId};
use crate::money::Money;
use crate::payments::{PaymentError, PaymentProvider};
use crate::profile::FieldErrors;
use crate::refunds::{NewRefund, Refund, RefundInput, RefundableOrder, Refunds, ValidRefund};
use crate::store::{Store, StoreError};

/// Why a refund was not given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefundError {
    /// No such order (or it was not paid through a session).
    #[error("Order not found")]
    NotFound,
    /// The form's failures by field.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// More than the payment has left.
    #[error("A refund cannot be more than the {} left of this order's payment", .left.dollars())]
    TooMuch {
        /// What is left to refund.
        left: Money,
    },
    /// Stock is returned only with a refund of the whole order.
    #[error("Only a refund of the whole order returns its stock")]
    PartialRestock,
    /// The provider refused (the payment was never captured, say).
    #[error("The payment provider refused the refund: {0}")]
    Refused(String),
    /// The provider did not answer: the refund stays pending (its amount reserved) so that it
    /// is never given twice.
    #[error("The payment provider did not answer; the refund is pending")]
    Pending,
    /// The provider failed otherwise.
    #[error(transparent)]
    Payment(PaymentError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Gives back `input`'s amount of an order's payment, for `actor`.
///
/// In a write transaction with the order locked: the amount must not be more than the grand
/// total less every earlier refund (pending ones included), and a refund that returns stock
/// must be the whole order; the refund is stored pending. Then the provider refunds, with the
/// refund's id as idempotency key, outside any transaction. Then the refund is confirmed (and
/// audited: who, when, how much, why) and, when asked, the order's counted stock returned
/// (variant items, and units the order took from stock). A refusal removes the pending refund; no answer leaves it pending.
///
/// # Errors
/// [`RefundError`].
pub fn refund_order(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    actor: &UserId,
    order: &OrderId,
    input: &RefundInput,
    now: NaiveDateTime,
) -> Result<Refund, RefundError> {
    let valid = input.validate().map_err(RefundError::Invalid)?;
    let (id, paid) = store.write(|tx| reserve(tx, actor, order, &valid, now))?;
    let provider_ref = &paid.provider_ref;
    match payments.refund(provider_ref, valid.amount, &id) {
        Ok(provider_refund_id) => store.write(|tx| {
            tx.confirm_refund(&id, &provider_refund_id, now)?;
            if valid.restock {
                restock(tx, &paid.items)?;
                // The storefront shows counted stock: every node's cache drops the old figure.
                tx.bump_catalogue_version()?;
            }
            let given = serde_json::json!({
                "refund": id, "amount": valid.amount.dollars(), "reason": valid.reason,
                "restock": valid.restock, "providerRefundId": provider_refund_id,
            });
            let entry = AuditEntry::new(
                actor,
                "refund",
                "order",
                order.as_str(),
                None,
                Some(&given),
                now,
            );
            tx.record_audit(&entry)?;
            find(tx, order, &id)
        }),
        Err(PaymentError::Unavailable) => Err(RefundError::Pending),
        Err(e) => {
            store.write(|tx| tx.delete_refund(&id))?;
            Err(match e {
                PaymentError::Refused(why) => RefundError::Refused(why),
                other => RefundError::Payment(other),
            })
        }
    }
}

/// An order's refunds, oldest first.
///
/// # Errors
/// Store failures.
pub fn refunds_of(store: &impl Store, order: &OrderId) -> Result<Vec<Refund>, StoreError> {
    store.read(|tx| tx.refunds_of(order))
}

fn reserve<T: Refunds + ?Sized>(
    tx: &mut T,
    actor: &UserId,
    order: &OrderId,
    valid: &ValidRefund,
    now: NaiveDateTime,
) -> Result<(String, RefundableOrder), RefundError> {
    let paid = tx.refundable_order(order)?.ok_or(RefundError::NotFound)?;
    let left = paid.grand_total - paid.refunded;
    if valid.amount > left {
        return Err(RefundError::TooMuch { left });
    }
    if valid.restock && (valid.amount != paid.grand_total || !paid.refunded.is_zero()) {
        return Err(RefundError::PartialRestock);
    }
    let id = tx.insert_refund(&NewRefund {
        order_id: order,
        amount: valid.amount,
        reason: &valid.reason,
        restock: valid.restock,
        created_by: actor,
        created_on: now,
    })?;
    Ok((id, paid))
}

/// Returns the order's counted stock: its variant items, and the units it took from stock
/// (what a case break still owes it was never taken).
fn restock<T: Refunds + ?Sized>(tx: &mut T, items: &[OrderItem]) -> Result<(), RefundError> {
    for line in items {
        let item = &line.item;
        if let Some(variant) = &item.variant_id {
            tx.return_variant_stock(variant, item.quantity)?;
        } else if item.packing == Packing::Unit {
            let taken = item.quantity.saturating_sub(line.owed_units);
            if taken > 0 {
                tx.return_unit_stock(&item.product_id, taken)?;
            }
        }
    }
    Ok(())
}

fn find<T: Refunds + ?Sized>(tx: &mut T, order: &OrderId, id: &str) -> Result<Refund, RefundError> {
    tx.refunds_of(order)?
        .into_iter()
        .find(|r| r.id == id)
        .ok_or(RefundError::NotFound)
}
