//! The port of a card payment provider: a hosted payment window the checkout opens a payment
//! in, reads its state from, and captures or voids it through.

use chrono::NaiveDateTime;

use crate::ids::UserId;
use crate::money::Money;
use crate::order::OrderType;

/// What a payment provider needs to open a payment session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRequest<'a> {
    /// The shop's reference of the session (its checkout token).
    pub reference: &'a str,
    /// The buyer.
    pub user: &'a UserId,
    /// What the order will be (for the provider's records).
    pub order_type: OrderType,
    /// The amount to authorize.
    pub amount: Money,
    /// When the provider should stop accepting a card for it.
    pub expires_at: NaiveDateTime,
}

/// An opened payment session at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedPayment {
    /// The provider's id of the payment (what status, capture and void take).
    pub provider_ref: String,
    /// Where the buyer's browser opens the payment window.
    pub url: String,
    /// What the provider's script in that window needs, for a provider whose card form runs
    /// in the buyer's browser; `None` for a window the provider serves itself.
    pub client: Option<ClientPayment>,
}

/// What a provider's script in the buyer's browser needs to take the card for a payment.
#[derive(Clone, PartialEq, Eq)]
pub struct ClientPayment {
    /// The provider's name (`stripe`).
    pub provider: &'static str,
    /// The secret the script confirms the payment with (one payment's, not the account's).
    pub client_secret: String,
    /// The provider's id of the payment.
    pub payment_id: String,
    /// The account's publishable key.
    pub publishable_key: String,
}

impl std::fmt::Debug for ClientPayment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientPayment")
            .field("provider", &self.provider)
            .field("payment_id", &self.payment_id)
            .finish_non_exhaustive()
    }
}

/// Where a payment stands at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentStatus {
    /// No card accepted yet (a declined card leaves it here: the buyer may try again).
    Pending,
    /// The amount is authorized (reserved on the card), not yet taken.
    Authorized {
        /// The amount authorized.
        amount: Money,
    },
    /// The authorized amount was taken.
    Captured {
        /// The amount taken.
        amount: Money,
    },
    /// The authorization was released (or the session expired unpaid): nothing is taken.
    Voided,
}

/// What became of a card the provider's script in the payment window took
/// ([`PaymentProvider::authorize_card`]).
#[derive(Clone, PartialEq, Eq)]
pub enum CardAuthorization {
    /// The amount is authorized on the card.
    Authorized,
    /// The card's bank asks the buyer to confirm (3-D Secure): the provider's script does it
    /// with this secret of the payment.
    ActionRequired {
        /// The payment's client secret.
        client_secret: String,
    },
    /// The card was declined: what to tell the buyer, who may try another card.
    Declined {
        /// The provider's words.
        message: String,
    },
}

impl std::fmt::Debug for CardAuthorization {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Authorized => f.write_str("Authorized"),
            Self::ActionRequired { .. } => f.write_str("ActionRequired { .. }"),
            Self::Declined { message } => f
                .debug_struct("Declined")
                .field("message", message)
                .finish(),
        }
    }
}

/// Why a payment provider call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    /// The provider knows no payment with this reference.
    #[error("unknown payment")]
    Unknown,
    /// The provider refused the operation in the payment's current state (capturing a voided
    /// payment, voiding a captured one).
    #[error("payment operation refused: {0}")]
    Refused(String),
    /// The provider could not be reached.
    #[error("payment provider unavailable")]
    Unavailable,
    /// Anything else.
    #[error("payment provider error: {0}")]
    Other(String),
}

/// A card payment provider behind a hosted payment window (decisions.md "Checkout and
/// payment"). The buyer types the card into the provider's window, which only authorizes; the
/// shop asks the provider for the outcome (never the browser), captures after the order is
/// committed, and voids when it refuses the purchase. Never call it inside [`crate::store::Store::write`].
pub trait PaymentProvider: Send + Sync {
    /// Opens a payment session for `request.amount`.
    ///
    /// # Errors
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn open(&self, request: &PaymentRequest<'_>) -> Result<OpenedPayment, PaymentError>;

    /// Where a payment stands.
    ///
    /// # Errors
    /// [`PaymentError::Unknown`], [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn status(&self, provider_ref: &str) -> Result<PaymentStatus, PaymentError>;

    /// Takes an authorized amount. Capturing a captured payment again succeeds.
    ///
    /// # Errors
    /// [`PaymentError::Refused`] unless authorized (or captured); [`PaymentError::Unknown`],
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn capture(&self, provider_ref: &str) -> Result<(), PaymentError>;

    /// Releases an authorization, or closes a pending payment so that no card is accepted
    /// any more. Voiding a voided payment again succeeds.
    ///
    /// # Errors
    /// [`PaymentError::Refused`] for a captured payment; [`PaymentError::Unknown`],
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn void(&self, provider_ref: &str) -> Result<(), PaymentError>;

    /// Gives `amount` of a captured payment back to the card; `key` identifies the refund, so
    /// that the same key again is the same refund, never a second one. Answers the provider's
    /// id of the refund.
    ///
    /// # Errors
    /// [`PaymentError::Refused`] unless captured (or for more than is left);
    /// [`PaymentError::Unknown`], [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn refund(&self, provider_ref: &str, amount: Money, key: &str) -> Result<String, PaymentError>;

    /// Asks for the payment's authorization with a card the provider's script in the buyer's
    /// browser took (`card_ref`, the provider's id of it: the card itself never reaches the
    /// shop). Asking again with the same card is the same request, never a second one.
    ///
    /// # Errors
    /// [`PaymentError::Refused`] when the payment takes no card this way (a provider whose
    /// window takes the card itself) or no longer takes one; [`PaymentError::Unknown`],
    /// [`PaymentError::Unavailable`] or [`PaymentError::Other`].
    fn authorize_card(
        &self,
        provider_ref: &str,
        card_ref: &str,
    ) -> Result<CardAuthorization, PaymentError>;
}
