//! Checkout's request bodies and answers.

use crate::routes::catalogue::dto::TerminalJson;
use crate::routes::profile::dto::AddressJson;
use domain::checkout::{CartQuote, OpenedSession};
use domain::money::Money;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The destination a quote or a checkout is for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DestinationBody {
    /// Ship to this freight terminal instead of the profile's address.
    #[serde(default)]
    pub ship_to_terminal_id: Option<String>,
    /// Ask for a liftgate delivery (never for a terminal).
    #[serde(default)]
    pub lift_gate: bool,
}

/// Why checkout is blocked.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlockedJson {
    /// `EMPTY_CART`, `MISSING_ADDRESS`, `NOT_SHIPPED` or `TERMS_NOT_ACCEPTED`.
    pub reason: &'static str,
    /// The specification's words for it.
    pub message: String,
}

/// The cart's checkout figures for its destination.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartQuoteJson {
    /// Sum of the lines.
    #[schema(value_type = f64)]
    pub subtotal: Money,
    /// `show`, `apparelOnly`, `retail`, `wholesale` or `combo`.
    #[schema(value_type = String)]
    pub order_type: domain::order::OrderType,
    /// Shipping.
    #[schema(value_type = f64)]
    pub shipping: Money,
    /// Liftgate fee.
    #[schema(value_type = f64)]
    pub lift_gate_fee: Money,
    /// Sales tax.
    #[schema(value_type = f64)]
    pub tax: Money,
    /// subtotal + tax + shipping + liftGateFee.
    #[schema(value_type = f64)]
    pub grand_total: Money,
    /// Cases plus units over every line.
    pub item_count: u32,
    /// Whether the cart can be checked out now.
    pub can_checkout: bool,
    /// Why not, when it cannot.
    pub blocked: Option<BlockedJson>,
    /// Where it ships: the profile's shipping address (billing when none) or the terminal's.
    pub shipping_address: Option<AddressJson>,
    /// The terminal, when shipping to one.
    pub terminal: Option<TerminalJson>,
    /// The unit lines that stock cannot fill now: their units ship once a case is opened.
    pub owed_units: Vec<OwedUnitsJson>,
}

/// Units of a cart line that ship once a case is opened (decisions.md "Stock").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwedUnitsJson {
    /// The product.
    pub product_id: String,
    /// Its title.
    pub title: String,
    /// Units owed.
    pub units: u32,
}

impl From<CartQuote> for CartQuoteJson {
    fn from(q: CartQuote) -> Self {
        CartQuoteJson {
            subtotal: q.quote.subtotal,
            order_type: q.quote.order_type,
            shipping: q.quote.shipping,
            lift_gate_fee: q.quote.lift_gate_fee,
            tax: q.quote.tax,
            grand_total: q.quote.grand_total,
            item_count: q.item_count,
            can_checkout: q.blocked.is_none(),
            blocked: q.blocked.map(|b| BlockedJson {
                reason: b.code(),
                message: b.message(),
            }),
            shipping_address: q.address.map(AddressJson::from),
            terminal: q.terminal.map(TerminalJson::from),
            owed_units: q
                .owed_units
                .into_iter()
                .map(|o| OwedUnitsJson {
                    product_id: o.product_id.into_string(),
                    title: o.title,
                    units: o.units,
                })
                .collect(),
        }
    }
}

/// The checkout token request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OpenBody {
    /// The grand total the buyer saw (rounded to cents before it is compared).
    #[serde(deserialize_with = "domain::money::rounded")]
    #[schema(value_type = f64, minimum = 0, maximum = 9_999_999_999_999.99)]
    pub amount: Money,
    /// Ship to this freight terminal instead of the profile's address.
    #[serde(default)]
    pub ship_to_terminal_id: Option<String>,
    /// Ask for a liftgate delivery (never for a terminal).
    #[serde(default)]
    pub lift_gate: bool,
}

/// An opened payment session.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenedJson {
    /// The checkout token.
    pub checkout_token: String,
    /// The payment window to open.
    pub payment_url: String,
    /// The amount to pay.
    #[schema(value_type = f64)]
    pub amount: Money,
    /// When the session and its hold on stock end (RFC 3339).
    pub expires_at: String,
    /// Who takes the card: `sandbox` (the shop's test window) or `stripe`.
    pub provider: &'static str,
    /// Stripe: the PaymentIntent's client secret, which Stripe.js in the window confirms the
    /// payment with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// Stripe: the PaymentIntent's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_intent_id: Option<String>,
    /// Stripe: the account's publishable key, for Stripe.js.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publishable_key: Option<String>,
}

impl From<OpenedSession> for OpenedJson {
    fn from(o: OpenedSession) -> Self {
        let client = o.client;
        OpenedJson {
            checkout_token: o.token.into(),
            payment_url: o.payment_url,
            amount: o.amount,
            expires_at: o.expires_at.and_utc().to_rfc3339(),
            provider: client.as_ref().map_or("sandbox", |c| c.provider),
            payment_intent_id: client.as_ref().map(|c| c.payment_id.clone()),
            publishable_key: client.as_ref().map(|c| c.publishable_key.clone()),
            client_secret: client.map(|c| c.client_secret),
        }
    }
}

/// A session to cancel.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CancelBody {
    /// The checkout token.
    pub checkout_token: String,
}

/// The five figures the buyer saw.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AmountsBody {
    /// Subtotal.
    #[serde(deserialize_with = "domain::money::rounded")]
    #[schema(value_type = f64, minimum = 0, maximum = 9_999_999_999_999.99)]
    pub subtotal: Money,
    /// Tax.
    #[serde(deserialize_with = "domain::money::rounded")]
    #[schema(value_type = f64, minimum = 0, maximum = 9_999_999_999_999.99)]
    pub tax: Money,
    /// Liftgate fee.
    #[serde(deserialize_with = "domain::money::rounded")]
    #[schema(value_type = f64, minimum = 0, maximum = 9_999_999_999_999.99)]
    pub lift_gate_fee: Money,
    /// Shipping.
    #[serde(deserialize_with = "domain::money::rounded")]
    #[schema(value_type = f64, minimum = 0, maximum = 9_999_999_999_999.99)]
    pub shipping: Money,
    /// Grand total.
    #[serde(deserialize_with = "domain::money::rounded")]
    #[schema(value_type = f64, minimum = 0, maximum = 9_999_999_999_999.99)]
    pub grand_total: Money,
}

/// `POST /api/purchase`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PurchaseBody {
    /// The buyer (the caller).
    pub user_id: String,
    /// The address the order ships to (the quote's `shippingAddress.id`).
    #[serde(default)]
    pub shipping_address_id: Option<String>,
    /// The figures the buyer saw.
    #[serde(deserialize_with = "crate::objects::one")]
    pub amounts: AmountsBody,
    /// The session's checkout token.
    pub checkout_token: String,
}
