//! The payment window of a session, for a provider whose card form runs in the buyer's
//! browser (Stripe.js): what the window shows, and the card its script took. Whoever holds the
//! checkout token (256 random bits, in the window's address) is the buyer, as for any hosted
//! payment window; the purchase still believes only the provider.

use chrono::NaiveDateTime;

use super::{AuthorizeCardError, CheckoutToken, PaymentSessions, SessionStatus};
use crate::money::Money;
use crate::payments::{CardAuthorization, PaymentProvider};
use crate::store::{Store, StoreError};

/// What the payment window shows of its session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowSession {
    /// The amount to pay.
    pub amount: Money,
    /// Whether the session still takes a card (open and not expired).
    pub open: bool,
}

/// The session behind a payment window, or `None` for an unknown token.
///
/// # Errors
/// Store failures.
pub fn payment_window(
    store: &impl Store,
    token: &CheckoutToken,
    now: NaiveDateTime,
) -> Result<Option<WindowSession>, StoreError> {
    let session = store.read(|tx| tx.session_by_token(token, false))?;
    Ok(session.map(|s| WindowSession {
        amount: s.amount,
        open: s.status == SessionStatus::Open && !s.expired(now),
    }))
}

/// Puts the card the window's script took (`card_ref`, the provider's id of it) to the
/// session's payment, while the session is open. The provider call runs outside any
/// transaction.
///
/// # Errors
/// [`AuthorizeCardError::NotFound`], [`AuthorizeCardError::Closed`], the provider's and the
/// store's failures.
pub fn authorize_card(
    store: &impl Store,
    payments: &dyn PaymentProvider,
    token: &CheckoutToken,
    card_ref: &str,
    now: NaiveDateTime,
) -> Result<CardAuthorization, AuthorizeCardError> {
    let session = store
        .read(|tx| tx.session_by_token(token, false))?
        .ok_or(AuthorizeCardError::NotFound)?;
    if session.status != SessionStatus::Open || session.expired(now) {
        return Err(AuthorizeCardError::Closed);
    }
    Ok(payments.authorize_card(&session.provider_ref, card_ref)?)
}
