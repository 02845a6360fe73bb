//! What the shop does with a payment provider's event (its webhook), once the adapter has
//! checked the event's signature: it re-reads the payment from the provider, whatever the
//! event says, and acts on where the payment stands. An authorized payment whose buyer never
//! came back becomes the order (the purchase's own checks and transaction); a voided one
//! releases its session's hold. Each event is acted on once: a replay changes nothing.

use chrono::NaiveDateTime;

use super::purchase::complete_paid_session;
use super::session::abort;
use super::{CancelSessionError, PaymentEvents, PaymentSessions, PurchaseError, SessionStatus};
use crate::ids::OrderId;
use crate::payments::{PaymentProvider, PaymentStatus};
use crate::store::Store;

/// A provider's event, its signature checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProviderEvent<'a> {
    /// The provider's id of the event (what makes a replay one).
    pub id: &'a str,
    /// Its type, as the provider names it (recorded, never trusted).
    pub kind: &'a str,
    /// The provider's id of the payment it is about, if it is about one.
    pub payment_ref: Option<&'a str>,
}

/// What the shop did with an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventOutcome {
    /// The event was acted on before: nothing done.
    Replay,
    /// Nothing to do (not about a session's payment, or the payment is pending).
    Nothing,
    /// The paid session is an order (made now, or before by the buyer's purchase).
    Order(OrderId),
    /// The payment was voided or refused: the session is closed and its hold released.
    Released,
}

/// Acts on a provider's event (see the module's documentation).
///
/// # Errors
/// Provider and store failures (the provider then sends the event again); a purchase refused
/// for good is not an error ([`EventOutcome::Released`]).
pub fn handle_payment_event(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    mailing: &crate::notifications::Mailing,
    event: &ProviderEvent<'_>,
    now: NaiveDateTime,
) -> Result<EventOutcome, PurchaseError> {
    if store.read(|tx| tx.event_seen(event.id))? {
        return Ok(EventOutcome::Replay);
    }
    let outcome = match event.payment_ref {
        Some(payment) => act(store, payments, mailing, payment, now)?,
        None => EventOutcome::Nothing,
    };
    store.write(|tx| tx.record_event(event.id, event.kind, now))?;
    Ok(outcome)
}

fn act(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    mailing: &crate::notifications::Mailing,
    payment: &str,
    now: NaiveDateTime,
) -> Result<EventOutcome, PurchaseError> {
    let Some(session) = store.read(|tx| tx.session_by_provider_ref(payment))? else {
        return Ok(EventOutcome::Nothing);
    };
    match payments.status(payment)? {
        PaymentStatus::Authorized { .. } | PaymentStatus::Captured { .. } => {
            match complete_paid_session(store, payments, mailing, &session, now) {
                Ok(order) => Ok(EventOutcome::Order(order.id)),
                Err(e) if e.refuses_purchase() => Ok(EventOutcome::Released),
                Err(PurchaseError::Cancelled | PurchaseError::Expired) => {
                    Ok(EventOutcome::Released)
                }
                Err(e) => Err(e),
            }
        }
        PaymentStatus::Voided if session.status == SessionStatus::Open => {
            store
                .write(|tx| abort(tx, &session.id, now))
                .map_err(|e| match e {
                    CancelSessionError::Store(e) => PurchaseError::Store(e),
                    _ => PurchaseError::SessionNotFound,
                })?;
            Ok(EventOutcome::Released)
        }
        PaymentStatus::Voided | PaymentStatus::Pending => Ok(EventOutcome::Nothing),
    }
}
