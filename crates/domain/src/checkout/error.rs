//! Why a checkout call was refused: one error type per use case, built from the refusals they
//! share. Everything but a provider or store failure is the buyer's situation, said in words
//! they can act on.

use super::Blocked;
use crate::payments::PaymentError;
use crate::quote::QuoteError;
use crate::store::StoreError;

/// The answer to a client whose amounts differ from the server's quote (decisions.md "Money").
pub const CART_CHANGED_MESSAGE: &str = "Your cart changed. Please review the new total.";

/// The answer to an account over its payment sessions per hour (decisions.md "Stock").
pub const TOO_MANY_CHECKOUTS_MESSAGE: &str = "Too many checkout attempts. Please try again later.";

/// Why the caller's cart could not be priced ([`super::quote_cart`], and the first step of
/// opening a payment session and of the purchase).
#[derive(Debug, thiserror::Error)]
pub enum QuoteCartError {
    /// No such cart, or not the caller's.
    #[error("Cart not found")]
    CartNotFound,
    /// The terminal asked for does not exist.
    #[error("Terminal not found")]
    TerminalNotFound,
    /// A line cannot be priced (not sold that way, gone from the catalogue).
    #[error(transparent)]
    Line(#[from] QuoteError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why the cart cannot be bought as it stands (opening a payment session, the purchase).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The cart cannot be checked out as it stands.
    #[error("{}", .0.message())]
    Blocked(Blocked),
    /// The client's amounts (or the cart since the session opened) differ from the server's.
    #[error("{CART_CHANGED_MESSAGE}")]
    CartChanged,
    /// A case, show or apparel product is out of stock (its title).
    #[error("{0} is out of stock")]
    OutOfStock(String),
    /// Fewer variant items are available than the cart holds.
    #[error("Only {available} left of {title} ({sku})")]
    OnlyLeft {
        /// Items available (stock minus other sessions' holds).
        available: u32,
        /// The product's title.
        title: String,
        /// The variant's SKU.
        sku: String,
    },
}

/// Why a payment session was not opened ([`super::open_session`]).
#[derive(Debug, thiserror::Error)]
pub enum OpenSessionError {
    /// The cart could not be priced.
    #[error(transparent)]
    Quote(#[from] QuoteCartError),
    /// The cart cannot be bought as it stands.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The account opened as many payment sessions in the last hour as it may
    /// ([`super::CheckoutLimits::sessions_per_hour`]).
    #[error("{TOO_MANY_CHECKOUTS_MESSAGE}")]
    TooManyAttempts,
    /// The account's open sessions would hold more items of one variant than it may
    /// ([`super::CheckoutLimits::max_held_per_variant`]).
    #[error(
        "You can hold at most {limit} of {title} ({sku}) at a time, counting your open \
         checkouts. Lower the quantity, or complete or cancel your other checkout first."
    )]
    HoldLimit {
        /// Most items of one variant an account's open sessions may hold.
        limit: u32,
        /// The product's title.
        title: String,
        /// The variant's SKU.
        sku: String,
    },
    /// The payment provider failed.
    #[error(transparent)]
    Payment(#[from] PaymentError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a payment session was not cancelled ([`super::cancel_session`]).
#[derive(Debug, thiserror::Error)]
pub enum CancelSessionError {
    /// No such cart, or not the caller's.
    #[error("Cart not found")]
    CartNotFound,
    /// No such payment session, or not the caller's.
    #[error("Checkout session not found")]
    SessionNotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a purchase was not completed ([`super::purchase`]).
#[derive(Debug, thiserror::Error)]
pub enum PurchaseError {
    /// No such payment session, or not the caller's.
    #[error("Checkout session not found")]
    SessionNotFound,
    /// The provider has no authorized payment for the session.
    #[error("The payment has not been completed")]
    NotPaid,
    /// The session ended before the purchase.
    #[error("Your checkout session expired. Please check out again.")]
    Expired,
    /// The session was cancelled (or refused before).
    #[error("This checkout was cancelled. Please check out again.")]
    Cancelled,
    /// The shipping address sent is not the one the order ships to.
    #[error("shippingAddressId is not the address this order ships to")]
    WrongAddress,
    /// The order a completed session made is gone.
    #[error("Order not found")]
    OrderNotFound,
    /// The cart could not be priced.
    #[error(transparent)]
    Quote(#[from] QuoteCartError),
    /// The cart cannot be bought as it stands.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The payment provider failed.
    #[error(transparent)]
    Payment(#[from] PaymentError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl PurchaseError {
    /// Whether the error refuses the purchase for good (so its payment is voided and its hold
    /// released), rather than failing on the way (store or provider down: try again).
    #[must_use]
    pub const fn refuses_purchase(&self) -> bool {
        !matches!(
            self,
            PurchaseError::Payment(_)
                | PurchaseError::Store(_)
                | PurchaseError::SessionNotFound
                | PurchaseError::Quote(QuoteCartError::CartNotFound | QuoteCartError::Store(_))
                | PurchaseError::NotPaid
        )
    }
}

/// Why one of the buyer's orders was not read ([`super::get_order`]).
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// No such order, or not the caller's.
    #[error("Order not found")]
    OrderNotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why the payment window's card could not be put to its payment ([`super::authorize_card`]).
#[derive(Debug, thiserror::Error)]
pub enum AuthorizeCardError {
    /// No session has this token.
    #[error("Payment not found")]
    NotFound,
    /// The session was used, cancelled or has expired.
    #[error("This payment session has ended. Please check out again.")]
    Closed,
    /// The provider failed or refused.
    #[error(transparent)]
    Payment(#[from] PaymentError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}
