//! Checkout (decisions.md "Checkout and payment"): the cart's quote for its destination, the
//! checkout token request that opens a payment session, its cancellation, the purchase, and
//! the buyer's orders. Every figure comes from `domain::checkout`; amounts a client sends are
//! rounded to cents and only compared with the server's.

use actix_web::{post, web, HttpResponse};
use chrono::Utc;
use domain::checkout::{self, CheckoutToken, OpenRequest, PurchaseError, PurchaseRequest};
use domain::ids::{AddressId, CartId, TerminalId, UserId};
use domain::quote::Amounts;
use rand::RngCore as _;

use super::dto::{CancelBody, CartQuoteJson, DestinationBody, OpenBody, OpenedJson, PurchaseBody};
use crate::error::ApiError;
use crate::extractors::{no_store, AuthUser};
use crate::routes::cart::CartCall;
use crate::routes::orders::dto::OrderJson;
use crate::state::AppState;

fn terminal_id(raw: Option<&String>) -> Option<TerminalId> {
    raw.map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .map(TerminalId::from)
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
        // A text that is no token names no session, as the use case would answer.
        token: CheckoutToken::parse(&body.checkout_token).ok_or(PurchaseError::SessionNotFound)?,
    };
    let order = state
        .call(move |s| {
            let now = Utc::now().naive_utc();
            checkout::purchase(&s.store, &*s.payments, &s.mailing, &user.id, &request, now)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(OrderJson::from(order)))
}
