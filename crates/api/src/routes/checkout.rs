//! Checkout (decisions.md "Checkout and payment"): the cart's quote for its destination, the
//! checkout token request that opens a payment session, its cancellation, the purchase, and
//! the buyer's orders. Every figure comes from `domain::checkout`; amounts a client sends are
//! rounded to cents and only compared with the server's.

use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::checkout::{
    self, CartQuote, CheckoutToken, OpenRequest, OpenedSession, Order, PurchaseRequest,
};
use domain::ids::{AddressId, CartId, OrderId, TerminalId, UserId};
use domain::money::Money;
use domain::quote::Amounts;
use rand::RngCore as _;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::address::AddressJson;
use super::cart::CartCall;
use super::products::dto::{PageJson, TerminalJson};
use super::products::params::Params;
use crate::error::ApiError;
use crate::extractors::{no_store, AuthUser};
use crate::state::AppState;

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

fn terminal_id(raw: Option<&String>) -> Option<TerminalId> {
    raw.map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .map(TerminalId::from)
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

/// Quotes the caller's saved cart for the profile's address (or a terminal).
#[utoipa::path(tag = "checkout", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")), request_body = DestinationBody,
    responses((status = 200, body = CartQuoteJson), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's cart, or unknown terminal"),
    (status = 409, description = "a line is no longer sold that way")))]
#[post("/cart/{cartId}/quote")]
pub async fn quote(
    call: CartCall,
    body: web::Json<DestinationBody>,
) -> Result<HttpResponse, ApiError> {
    let terminal = terminal_id(body.ship_to_terminal_id.as_ref());
    let (caller, cart, lift_gate) = (call.caller, CartId::from(call.cart), body.lift_gate);
    let found = call
        .state
        .call(move |s| {
            let user = caller.resolve(s)?.id;
            checkout::quote_cart(&s.store, &user, &cart, terminal.as_ref(), lift_gate)
                .map_err(ApiError::from)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(CartQuoteJson::from(found)))
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
}

impl From<OpenedSession> for OpenedJson {
    fn from(o: OpenedSession) -> Self {
        OpenedJson {
            checkout_token: o.token,
            payment_url: o.payment_url,
            amount: o.amount,
            expires_at: o.expires_at.and_utc().to_rfc3339(),
        }
    }
}

/// Opens a payment session for the cart: holds its variant items for 5 minutes.
#[utoipa::path(tag = "checkout", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")), request_body = OpenBody,
    responses((status = 200, body = OpenedJson), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's cart, or unknown terminal"),
    (status = 409, description = "the amount is not the server's total, stock is short, the account would hold more than it may of a variant, or checkout is blocked"),
    (status = 429, description = "the account opened too many payment sessions in the last hour")))]
#[post("/cart/{cartId}/purchase")]
pub async fn open(call: CartCall, body: web::Json<OpenBody>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut bytes = [0_u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let request = OpenRequest {
        amount: body.amount,
        terminal: terminal_id(body.ship_to_terminal_id.as_ref()),
        lift_gate: body.lift_gate,
        token: CheckoutToken::from_random(bytes),
    };
    let (caller, cart) = (call.caller, CartId::from(call.cart));
    let opened = call
        .state
        .call(move |s| {
            let user = caller.resolve(s)?.id;
            let now = Utc::now().naive_utc();
            let limits = &s.checkout_limits;
            checkout::open_session(&s.store, &*s.payments, &user, &cart, &request, limits, now)
                .map_err(ApiError::from)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(OpenedJson::from(opened)))
}

/// A session to cancel.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CancelBody {
    /// The checkout token.
    pub checkout_token: String,
}

/// Cancels an open payment session: releases its hold and voids its payment.
#[utoipa::path(tag = "checkout", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")), request_body = CancelBody,
    responses((status = 204, description = "cancelled (or no longer open)"), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's cart or session")))]
#[post("/cart/{cartId}/purchase/cancel")]
pub async fn cancel(call: CartCall, body: web::Json<CancelBody>) -> Result<HttpResponse, ApiError> {
    let token = body.into_inner().checkout_token;
    let (caller, cart) = (call.caller, CartId::from(call.cart));
    call.state
        .call(move |s| {
            let user = caller.resolve(s)?.id;
            let now = Utc::now().naive_utc();
            checkout::cancel_session(&s.store, &*s.payments, &user, &cart, &token, now)
                .map_err(ApiError::from)
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
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

/// An order line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemJson {
    /// Id.
    pub id: String,
    /// The product.
    pub product_id: String,
    /// The apparel variant.
    pub variant_id: Option<String>,
    /// Units (true) or cases, shows and apparel items (false).
    pub is_unit: bool,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// unitPrice x quantity.
    #[schema(value_type = f64)]
    pub item_subtotal: Money,
    /// The title at purchase time.
    pub title: String,
    /// The SKU sold.
    pub sku: String,
    /// Units of this line not in stock at the purchase that ship once a case is opened (0
    /// once the case break request is processed, and for other lines).
    pub owed_units: u32,
}

/// The address an order ships to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipAddressJson {
    /// Street line 1.
    pub street1: String,
    /// Street line 2.
    pub street2: Option<String>,
    /// City.
    pub city: String,
    /// State code.
    pub state: String,
    /// ZIP code.
    pub postal_code: String,
}

impl From<domain::checkout::ShipAddress> for ShipAddressJson {
    fn from(a: domain::checkout::ShipAddress) -> Self {
        ShipAddressJson {
            street1: a.street1,
            street2: a.street2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
        }
    }
}

/// An order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderJson {
    /// Id.
    pub id: String,
    /// `PENDING`, `PROCESSING`, `COMPLETED` or `FAILED`.
    #[schema(value_type = String)]
    pub status: domain::status::OrderStatus,
    /// The order type.
    #[schema(value_type = String)]
    pub order_type: domain::order::OrderType,
    /// When it was placed (RFC 3339).
    pub created_on: String,
    /// Subtotal.
    #[schema(value_type = f64)]
    pub subtotal: Money,
    /// Shipping.
    #[schema(value_type = f64)]
    pub shipping: Money,
    /// Tax.
    #[schema(value_type = f64)]
    pub tax: Money,
    /// Liftgate fee.
    #[schema(value_type = f64)]
    pub lift_gate_fee: Money,
    /// Grand total.
    #[schema(value_type = f64)]
    pub grand_total: Money,
    /// Liftgate asked for.
    pub lift_gate: bool,
    /// The terminal, when shipping to one.
    pub ship_to_terminal_id: Option<String>,
    /// Where it ships.
    pub shipping_address: ShipAddressJson,
    /// Items bought.
    pub item_count: u32,
    /// The lines.
    pub items: Vec<OrderItemJson>,
}

impl From<Order> for OrderJson {
    fn from(o: Order) -> Self {
        let Amounts {
            subtotal,
            tax,
            lift_gate_fee,
            shipping,
            grand_total,
        } = o.amounts;
        OrderJson {
            item_count: o.item_count(),
            id: o.id.into_string(),
            status: o.status,
            order_type: o.order_type,
            created_on: o.created_on.and_utc().to_rfc3339(),
            subtotal,
            shipping,
            tax,
            lift_gate_fee,
            grand_total,
            lift_gate: o.lift_gate,
            ship_to_terminal_id: o.ship_to_terminal_id.map(TerminalId::into_string),
            shipping_address: ShipAddressJson::from(o.address),
            items: o
                .items
                .into_iter()
                .map(|i| OrderItemJson {
                    id: i.id,
                    product_id: i.item.product_id.into_string(),
                    variant_id: i.item.variant_id.map(domain::ids::VariantId::into_string),
                    is_unit: i.item.is_unit,
                    quantity: i.item.quantity,
                    unit_price: i.item.unit_price,
                    item_subtotal: i.item.item_subtotal,
                    title: i.item.title,
                    sku: i.item.sku,
                    owed_units: i.owed_units,
                })
                .collect(),
        }
    }
}

/// Completes a paid payment session: the order (the same one again for the same token).
#[utoipa::path(tag = "checkout", security(("bearer" = [])),
    request_body = PurchaseBody,
    responses((status = 200, body = OrderJson), (status = 400, description = "bad body or address"),
    (status = 401, description = "not signed in"), (status = 404, description = "not the caller's session"),
    (status = 409, description = "not paid, expired, cancelled, the cart or amounts changed, or stock is short")))]
#[post("/purchase")]
pub async fn purchase(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<PurchaseBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let a = body.amounts;
    let request = PurchaseRequest {
        user_id: UserId::from(body.user_id),
        shipping_address_id: body.shipping_address_id.map(AddressId::from),
        amounts: Amounts {
            subtotal: a.subtotal,
            tax: a.tax,
            lift_gate_fee: a.lift_gate_fee,
            shipping: a.shipping,
            grand_total: a.grand_total,
        },
        token: body.checkout_token,
    };
    let order = state
        .call(move |s| {
            let now = Utc::now().naive_utc();
            checkout::purchase(&s.store, &*s.payments, &user.id, &request, now)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(OrderJson::from(order)))
}

/// The caller's orders, newest first.
#[utoipa::path(tag = "checkout", security(("bearer" = [])),
    params(super::products::params::PageQuery),
    responses((status = 200, body = PageJson<OrderJson>), (status = 401, description = "not signed in")))]
#[get("/orders")]
pub async fn list_orders(
    state: web::Data<AppState>,
    user: AuthUser,
    params: Params,
) -> Result<HttpResponse, ApiError> {
    let page = params.page()?;
    let found = state
        .call(move |s| checkout::list_orders(&s.store, &user.id, page))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(PageJson::<OrderJson>::new(page, found)))
}

/// One of the caller's orders.
#[utoipa::path(path = "/orders/{orderId}", tag = "checkout", security(("bearer" = [])),
    params(("orderId" = String, Path, description = "Order id")),
    responses((status = 200, body = OrderJson), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's order")))]
#[get("/orders/{order_id}")]
pub async fn get_order(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = OrderId::from(path.into_inner());
    let found = state
        .call(move |s| checkout::get_order(&s.store, &user.id, &id))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(OrderJson::from(found)))
}
