//! The refund use cases.

use crate::checkout::order_number;
use crate::notifications::{greeting, Mailing, Notification, Outbox, RefundMail};
use crate::orders::Sales;
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
    mailing: &Mailing,
    actor: &UserId,
    order: &OrderId,
    input: &RefundInput,
    now: NaiveDateTime,
) -> Result<Refund, RefundError> {
    let valid = input.validate().map_err(RefundError::Invalid)?;
    let (id, paid) = store.write(|tx| reserve(tx, actor, order, &valid, now))?;
    let pending = Pending {
        order: order.clone(),
        id,
        amount: valid.amount,
        reason: valid.reason,
        restock: valid.restock,
    };
    settle(store, payments, mailing, actor, &pending, &paid, now)
}

/// Sends a pending refund to the provider again, with the same idempotency key: the provider
/// answers the refund it made the first time, if it did, and never makes a second one. A
/// refund that is no longer pending is answered as it is.
///
/// # Errors
/// [`RefundError::NotFound`] for an unknown order or refund; otherwise as [`refund_order`].
pub fn retry_refund(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    mailing: &Mailing,
    actor: &UserId,
    order: &OrderId,
    refund: &str,
    now: NaiveDateTime,
) -> Result<Refund, RefundError> {
    let (found, paid) = store.read(|tx| {
        let paid = tx.refundable_order(order)?.ok_or(RefundError::NotFound)?;
        let found = find(tx, order, refund)?;
        Ok::<_, RefundError>((found, paid))
    })?;
    if !found.pending() {
        return Ok(found);
    }
    let pending = Pending {
        order: order.clone(),
        id: found.id,
        amount: found.amount,
        reason: found.reason,
        restock: found.restocked,
    };
    settle(store, payments, mailing, actor, &pending, &paid, now)
}

/// A refund stored pending, as the provider is asked for it.
struct Pending {
    order: OrderId,
    id: String,
    amount: Money,
    reason: String,
    restock: bool,
}

/// Asks the provider for a pending refund (its id the idempotency key), outside any
/// transaction, then confirms it (once: the stock it returns is returned once however many
/// calls confirm it), audits it and returns the stock; removes it when the provider refuses;
/// leaves it pending when the provider does not answer.
fn settle(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    mailing: &Mailing,
    actor: &UserId,
    refund: &Pending,
    paid: &RefundableOrder,
    now: NaiveDateTime,
) -> Result<Refund, RefundError> {
    let order = &refund.order;
    match payments.refund(&paid.provider_ref, refund.amount, &refund.id) {
        Ok(provider_refund_id) => store.write(|tx| {
            if tx.confirm_refund(&refund.id, &provider_refund_id, now)? {
                if refund.restock {
                    restock(tx, &paid.items)?;
                    // The storefront shows counted stock: every node's cache drops the old figure.
                    tx.bump_catalogue_version()?;
                }
                let given = serde_json::json!({
                    "refund": refund.id, "amount": refund.amount.dollars(), "reason": refund.reason,
                    "restock": refund.restock, "providerRefundId": provider_refund_id,
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
                if let Some(sale) = tx.sale(order)? {
                    let buyer = &sale.buyer;
                    let notice = Notification::RefundIssued(RefundMail {
                        name: greeting(buyer.first_name.as_deref(), &buyer.email),
                        number: order_number(order),
                        amount: refund.amount.dollars(),
                        reason: refund.reason.clone(),
                        link: mailing.link("/profile"),
                    });
                    tx.enqueue_mail(&mailing.mail(&buyer.email, notice, now))?;
                }
            }
            find(tx, order, &refund.id)
        }),
        Err(PaymentError::Unavailable) => Err(RefundError::Pending),
        Err(e) => {
            store.write(|tx| tx.delete_refund(&refund.id))?;
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
