//! Checkout: the cart's quote for its destination, payment sessions that hold stock, the
//! purchase that turns a paid session into an order, and the buyer's orders (decisions.md
//! "Checkout and payment", "Stock"). Every figure comes from [`crate::quote`]; the client's
//! amounts are only ever compared with it.
//!
//! The flow: [`quote_cart`] shows the figures and why checkout is blocked; [`open_session`]
//! re-quotes, refuses a changed amount, holds the cart's variant items for
//! [`SESSION_MINUTES`] and opens the provider's window; [`purchase`] completes a session the
//! provider says is authorized, in one write transaction, then captures; [`cancel_session`]
//! releases a session's hold and voids its payment; [`handle_payment_event`] acts on a
//! provider's webhook (an authorized payment whose buyer never came back becomes the order).

mod error;
mod events;
mod mails;
mod model;
mod orders;
mod plan;
mod ports;
mod purchase;
mod session;
mod window;

#[cfg(test)]
mod tests;

pub use error::{
    AuthorizeCardError, CancelSessionError, OpenSessionError, OrderError, PurchaseError,
    QuoteCartError, Refusal, CART_CHANGED_MESSAGE, TOO_MANY_CHECKOUTS_MESSAGE,
};
pub use events::{handle_payment_event, EventOutcome, ProviderEvent};
pub use mails::{mail_date, order_number};
pub use model::{
    Blocked, CartQuote, CheckoutToken, InvalidSessionStatus, NewOrder, NewOrderItem, NewSession,
    OpenedSession, Order, OrderItem, OwedUnits, PaymentSession, SessionStatus, ShipAddress,
    SESSION_MINUTES, TERMS_MESSAGE,
};
pub use orders::{get_order, list_orders};
pub use plan::quote_cart;
pub use ports::{PaymentEvents, PaymentSessions, Terminals};
pub use purchase::{complete_paid_session, purchase, PurchaseRequest};
pub use session::{cancel_session, open_session, CheckoutLimits, OpenRequest};
pub use window::{authorize_card, payment_window, WindowSession};
