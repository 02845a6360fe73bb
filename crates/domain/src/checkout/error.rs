//! Why a checkout call was refused.

use super::Blocked;
use crate::payments::PaymentError;
use crate::quote::QuoteError;
use crate::store::StoreError;

/// The answer to a client whose amounts differ from the server's quote (decisions.md "Money").
pub const CART_CHANGED_MESSAGE: &str = "Your cart changed. Please review the new total.";

/// The answer to an account over its payment sessions per hour (decisions.md "Stock").
pub const TOO_MANY_CHECKOUTS_MESSAGE: &str = "Too many checkout attempts. Please try again later.";

/// Why a checkout call was refused. Everything but [`CheckoutError::Payment`] and
/// [`CheckoutError::Store`] is the buyer's situation, said in words they can act on.
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    /// No such cart, or not the caller's.
    #[error("Cart not found")]
    CartNotFound,
    /// No such payment session, or not the caller's.
    #[error("Checkout session not found")]
    SessionNotFound,
    /// No such order, or not the caller's.
    #[error("Order not found")]
    OrderNotFound,
    /// The terminal asked for does not exist.
    #[error("Terminal not found")]
    TerminalNotFound,
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
    /// A line cannot be priced (not sold that way, gone from the catalogue).
    #[error(transparent)]
    Line(#[from] QuoteError),
    /// The payment provider failed.
    #[error(transparent)]
    Payment(#[from] PaymentError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl CheckoutError {
    /// Whether the error refuses the purchase for good (so its payment is voided and its hold
    /// released), rather than failing on the way (store or provider down: try again).
    #[must_use]
    pub const fn refuses_purchase(&self) -> bool {
        !matches!(
            self,
            CheckoutError::Payment(_)
                | CheckoutError::Store(_)
                | CheckoutError::SessionNotFound
                | CheckoutError::CartNotFound
                | CheckoutError::NotPaid
        )
    }
}
