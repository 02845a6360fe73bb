//! The checkout's values: why checkout is blocked, tokens, payment sessions, orders.

use chrono::NaiveDateTime;

use crate::catalogue::{Packing, StoredAddress, Terminal};
use crate::ids::{CartId, OrderId, ProductId, SessionId, TerminalId, UserId, VariantId};
use crate::macros::string_enum;
use crate::money::Money;
use crate::order::OrderType;
use crate::quote::{Amounts, Quote, MISSING_ADDRESS_MESSAGE};
use crate::state::UsState;
use crate::status::OrderStatus;

/// How long a payment session (and its hold on stock) lasts (storefront.md §9: 5 minutes).
pub const SESSION_MINUTES: i64 = 5;

/// The warning when the terms of service are not accepted (storefront.md §8).
pub const TERMS_MESSAGE: &str = "Please click here to accept the Terms of Service before checkout";

/// Why a cart cannot be checked out now, in the order they are reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    /// No line.
    EmptyCart,
    /// No complete shipping address (and no terminal).
    MissingAddress,
    /// The destination state is not shipped to.
    NotShipped(UsState),
    /// The terms of service are not accepted.
    TermsNotAccepted,
}

impl Blocked {
    /// The code the API sends (`EMPTY_CART`, `MISSING_ADDRESS`, `NOT_SHIPPED`,
    /// `TERMS_NOT_ACCEPTED`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Blocked::EmptyCart => "EMPTY_CART",
            Blocked::MissingAddress => "MISSING_ADDRESS",
            Blocked::NotShipped(_) => "NOT_SHIPPED",
            Blocked::TermsNotAccepted => "TERMS_NOT_ACCEPTED",
        }
    }

    /// The specification's words for it (storefront.md §8).
    #[must_use]
    pub fn message(self) -> String {
        match self {
            Blocked::EmptyCart => crate::quote::EMPTY_CART_MESSAGE.to_owned(),
            Blocked::MissingAddress => MISSING_ADDRESS_MESSAGE.to_owned(),
            Blocked::NotShipped(state) => format!(
                "We currently don't ship to {}. Please select a different shipping address.",
                state.code()
            ),
            Blocked::TermsNotAccepted => TERMS_MESSAGE.to_owned(),
        }
    }
}

/// Units of a case-breakable product that the purchase would take from stock: as many as
/// there are (a negative stock counts as none). The rest ([`units_owed`]) are sold all the
/// same and owed to the order until a case is opened (decisions.md "Stock").
#[must_use]
pub fn units_from_stock(wanted: u32, available_stock: i32) -> u32 {
    u32::try_from(available_stock).unwrap_or(0).min(wanted)
}

/// Units of a case-breakable product that would be owed: those [`units_from_stock`] cannot
/// give.
#[must_use]
pub fn units_owed(wanted: u32, available_stock: i32) -> u32 {
    wanted - units_from_stock(wanted, available_stock)
}

/// A cart line's units that are not in stock now: buying them opens a case break request,
/// and they ship once a case is opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwedUnits {
    /// The case-breakable product.
    pub product_id: ProductId,
    /// Its title.
    pub title: String,
    /// Units owed.
    pub units: u32,
}

/// A cart's checkout figures for a destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartQuote {
    /// Every figure, from the money engine.
    pub quote: Quote,
    /// Cases plus units over every line.
    pub item_count: u32,
    /// Why checkout is blocked, when it is.
    pub blocked: Option<Blocked>,
    /// Where the order would ship: the profile's shipping address (its billing address when
    /// it has no separate one), or the terminal's address.
    pub address: Option<StoredAddress>,
    /// The terminal shipped to, if any.
    pub terminal: Option<Terminal>,
    /// Per unit line short of stock now: the units that would ship once a case is opened.
    pub owed_units: Vec<OwedUnits>,
}

/// A checkout token: 256 random bits as 64 lowercase hex digits. It names a payment session
/// (and, for the sandbox provider, its payment window), so it must not be guessable.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CheckoutToken(String);

impl CheckoutToken {
    /// The token of 32 random bytes (the caller draws them from a secure generator).
    #[must_use]
    pub fn from_random(bytes: [u8; 32]) -> CheckoutToken {
        CheckoutToken(hex::encode(bytes))
    }

    /// The token as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The token in `text`, when it has a token's shape (so that junk never reaches a query).
    #[must_use]
    pub fn parse(text: &str) -> Option<CheckoutToken> {
        Self::is_well_formed(text).then(|| CheckoutToken(text.to_owned()))
    }

    /// Whether a text has a token's shape (so that junk never reaches a query).
    #[must_use]
    pub fn is_well_formed(text: &str) -> bool {
        text.len() == 64
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    }
}

impl From<CheckoutToken> for String {
    fn from(token: CheckoutToken) -> String {
        token.0
    }
}

impl std::fmt::Display for CheckoutToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A text that is not a session status.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid payment session status")]
pub struct InvalidSessionStatus;

string_enum! {
    /// Where a payment session stands. Expiry is by time, not by status.
    pub enum SessionStatus: InvalidSessionStatus {
        /// Waiting for the buyer to pay and the shop to complete the purchase.
        Open => "OPEN",
        /// Turned into an order.
        Used => "USED",
        /// Cancelled by the buyer or refused by the shop; its hold is released.
        Aborted => "ABORTED",
    }
}

/// A payment session to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    /// The checkout token.
    pub token: CheckoutToken,
    /// The provider's id of the payment.
    pub provider_ref: String,
    /// The buyer.
    pub user_id: UserId,
    /// The cart bought.
    pub cart_id: CartId,
    /// The grand total authorized.
    pub amount: Money,
    /// The cart and destination the amount was quoted for ([`crate::checkout`]'s plan).
    pub fingerprint: String,
    /// The terminal shipped to, if any.
    pub ship_to_terminal_id: Option<TerminalId>,
    /// Liftgate asked for.
    pub lift_gate: bool,
    /// When the session (and its hold) ends.
    pub expires_at: NaiveDateTime,
    /// When it was opened.
    pub created_on: NaiveDateTime,
}

/// A stored payment session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentSession {
    /// Id.
    pub id: SessionId,
    /// The checkout token.
    pub token: CheckoutToken,
    /// The provider's id of the payment.
    pub provider_ref: String,
    /// The buyer.
    pub user_id: UserId,
    /// The cart bought.
    pub cart_id: CartId,
    /// The grand total authorized.
    pub amount: Money,
    /// The cart and destination the amount was quoted for.
    pub fingerprint: String,
    /// The terminal shipped to, if any.
    pub ship_to_terminal_id: Option<TerminalId>,
    /// Liftgate asked for.
    pub lift_gate: bool,
    /// Where it stands.
    pub status: SessionStatus,
    /// The order it made, once used.
    pub order_id: Option<OrderId>,
    /// When it (and its hold) ends.
    pub expires_at: NaiveDateTime,
}

impl PaymentSession {
    /// Whether the session is past its end at `now`.
    #[must_use]
    pub fn expired(&self, now: NaiveDateTime) -> bool {
        now >= self.expires_at
    }
}

/// What the buyer's browser needs to open the payment window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedSession {
    /// The checkout token.
    pub token: CheckoutToken,
    /// The payment window's address.
    pub payment_url: String,
    /// What the provider's script in the window needs (a provider whose card form runs in
    /// the browser), `None` for the sandbox.
    pub client: Option<crate::payments::ClientPayment>,
    /// The amount to pay.
    pub amount: Money,
    /// When the session ends.
    pub expires_at: NaiveDateTime,
}

/// The address an order ships to, copied into the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipAddress {
    /// Street line 1.
    pub street1: String,
    /// Street line 2.
    pub street2: Option<String>,
    /// City.
    pub city: String,
    /// Two-letter state code.
    pub state: String,
    /// ZIP code.
    pub postal_code: String,
}

impl From<&StoredAddress> for ShipAddress {
    fn from(a: &StoredAddress) -> Self {
        ShipAddress {
            street1: a.street1.clone(),
            street2: a.street2.clone(),
            city: a.city.clone(),
            state: a.state.clone(),
            postal_code: a.postal_code.clone(),
        }
    }
}

/// An order line to store: a number of cases, units, shows or apparel items of one product,
/// priced by the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrderItem {
    /// The product.
    pub product_id: ProductId,
    /// The apparel variant.
    pub variant_id: Option<VariantId>,
    /// Units of a case-breakable product, or cases (also shows and apparel items).
    pub packing: Packing,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    pub unit_price: Money,
    /// `unit_price * quantity`.
    pub item_subtotal: Money,
    /// The product's title at purchase time.
    pub title: String,
    /// The SKU sold (product, unit product or variant).
    pub sku: String,
}

/// An order to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOrder {
    /// The buyer.
    pub user_id: UserId,
    /// The order type that picked the shipping table.
    pub order_type: OrderType,
    /// Where it ships.
    pub address: ShipAddress,
    /// The terminal, when shipping to one.
    pub ship_to_terminal_id: Option<TerminalId>,
    /// Liftgate asked for.
    pub lift_gate: bool,
    /// The five figures.
    pub amounts: Amounts,
    /// The checkout token it was bought with (unique: one order per token).
    pub checkout_token: CheckoutToken,
    /// The lines.
    pub items: Vec<NewOrderItem>,
    /// When.
    pub created_on: NaiveDateTime,
}

/// A stored order line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderItem {
    /// Id.
    pub id: String,
    /// The line as bought.
    pub item: NewOrderItem,
    /// Units of this line sold but not in stock at the purchase, still waiting for a case to
    /// be opened (its open case break request); 0 for other lines (decisions.md "Stock").
    pub owed_units: u32,
}

/// A stored order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Id.
    pub id: OrderId,
    /// The buyer.
    pub user_id: UserId,
    /// Where it stands.
    pub status: OrderStatus,
    /// The order type.
    pub order_type: OrderType,
    /// Where it ships.
    pub address: ShipAddress,
    /// The terminal, when shipping to one.
    pub ship_to_terminal_id: Option<TerminalId>,
    /// Liftgate asked for.
    pub lift_gate: bool,
    /// The five figures.
    pub amounts: Amounts,
    /// The lines.
    pub items: Vec<OrderItem>,
    /// When it was placed.
    pub created_on: NaiveDateTime,
}

impl Order {
    /// Items bought: the sum of the lines' quantities.
    #[must_use]
    pub fn item_count(&self) -> u32 {
        self.items.iter().map(|i| i.item.quantity).sum()
    }
}
