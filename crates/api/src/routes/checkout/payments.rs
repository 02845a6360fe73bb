//! `POST /api/payments/sandbox/{checkoutToken}`: the sandbox payment window's card form
//! (decisions.md "Checkout and payment"). Possession of the token (256 random bits, in the
//! window's address) is what a hosted payment window trusts; the shop itself only believes
//! the provider's status when the purchase is completed. The card number is never stored
//! (only its last four digits) and never logged: the body is not logged, and [`CardBody`]'s
//! `Debug` hides it.

use actix_web::{post, web, HttpResponse};
use chrono::Utc;
use domain::checkout::{authorize_card, AuthorizeCardError, CheckoutToken};
use domain::payments::CardAuthorization;
use payments::sandbox::{Card, Outcome, SandboxError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::no_store;
use crate::state::AppState;

/// A card as typed into the window.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CardBody {
    /// Card number (spaces and dashes allowed).
    pub card_number: String,
    /// Expiry month, 1 to 12.
    #[serde(deserialize_with = "crate::whole::number")]
    #[schema(minimum = 1, maximum = 12)]
    pub exp_month: u32,
    /// Expiry year (two or four digits).
    #[serde(deserialize_with = "crate::whole::number")]
    #[schema(minimum = 0, maximum = 9999)]
    pub exp_year: u32,
    /// Security code.
    pub cvc: String,
    /// Name on the card.
    pub name: String,
}

impl std::fmt::Debug for CardBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CardBody { .. }")
    }
}

/// The window's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayResult {
    /// `SUCCESS` or `DECLINED`.
    pub status: &'static str,
    /// What to tell the buyer when declined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<&'static str>,
}

/// The message of a declined card.
pub const DECLINED_MESSAGE: &str = "Your card was declined. Please try another card.";

/// Pays a sandbox payment with a test card: 4242 4242 4242 4242 is authorized, any other valid
/// card (4000 0000 0000 0002) is declined and may be retried while the session lasts.
#[utoipa::path(path = "/payments/sandbox/{checkoutToken}", tag = "checkout",
    params(("checkoutToken" = String, Path, description = "Checkout token")), request_body = CardBody,
    responses((status = 200, body = PayResult), (status = 400, description = "a card field is invalid"),
    (status = 404, description = "unknown payment"), (status = 409, description = "already paid, cancelled or expired")))]
#[post("/payments/sandbox/{token}")]
pub async fn sandbox_pay(
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<CardBody>,
) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner();
    if !CheckoutToken::is_well_formed(&token) {
        return Err(SandboxError::NotFound.into());
    }
    let body = body.into_inner();
    let card = Card {
        number: body.card_number,
        exp_month: body.exp_month,
        exp_year: body.exp_year,
        cvc: body.cvc,
        name: body.name,
    };
    let outcome = state
        .call(move |s| s.sandbox.pay(&token, &card, Utc::now().naive_utc()))
        .await?;
    let result = match outcome {
        Outcome::Success => PayResult {
            status: "SUCCESS",
            message: None,
        },
        Outcome::Declined => PayResult {
            status: "DECLINED",
            message: Some(DECLINED_MESSAGE),
        },
    };
    Ok(HttpResponse::Ok().insert_header(no_store()).json(result))
}

/// The card Stripe.js took in the payment window.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StripeCardBody {
    /// Stripe's id of the card: a PaymentMethod (`pm_...`) or a card (`card_...`).
    #[schema(pattern = "^(pm|card)_[A-Za-z0-9]+$", max_length = 255)]
    pub payment_method: String,
}

/// What became of the card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StripeCardResult {
    /// `SUCCESS` (authorized), `ACTION_REQUIRED` (3-D Secure: Stripe.js confirms it with
    /// `clientSecret`) or `DECLINED`.
    pub status: &'static str,
    /// The payment's client secret, with `ACTION_REQUIRED`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    /// What to tell the buyer, with `DECLINED`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// Whether `id` can be Stripe's id of a card: `pm_` or `card_` and then letters and digits.
fn is_card_ref(id: &str) -> bool {
    let rest = id.strip_prefix("pm_").or_else(|| id.strip_prefix("card_"));
    rest.is_some_and(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_alphanumeric()))
        && id.len() <= 255
}

/// Puts the card Stripe.js took in the payment window (its card element; the card number
/// never reaches the shop) to the session's PaymentIntent and confirms it, so that the amount
/// is authorized, or the bank's 3-D Secure is asked for. A declined card may be replaced while
/// the session lasts. The purchase still re-reads the intent from Stripe.
#[utoipa::path(path = "/payments/stripe/{checkoutToken}/card", tag = "checkout",
    params(("checkoutToken" = String, Path, description = "Checkout token")), request_body = StripeCardBody,
    responses((status = 200, body = StripeCardResult), (status = 400, description = "not a card id"),
    (status = 404, description = "unknown payment, or Stripe is not the payment provider"),
    (status = 409, description = "the session was used, cancelled or has expired"),
    (status = 503, description = "Stripe did not answer")))]
#[post("/payments/stripe/{token}/card")]
pub async fn stripe_card(
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Json<StripeCardBody>,
) -> Result<HttpResponse, ApiError> {
    let card = body.into_inner().payment_method;
    if !is_card_ref(&card) {
        return Err(ApiError::bad_field(
            "paymentMethod",
            "must be a Stripe card id (pm_... or card_...)",
        ));
    }
    if state.stripe.is_none() {
        return Err(ApiError::NotFound(
            "Stripe is not the payment provider".to_owned(),
        ));
    }
    let Some(token) = CheckoutToken::parse(&path.into_inner()) else {
        return Err(AuthorizeCardError::NotFound.into());
    };
    let outcome = state
        .call(move |s| {
            authorize_card(
                &s.store,
                s.payments.as_ref(),
                &token,
                &card,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    let result = match outcome {
        CardAuthorization::Authorized => StripeCardResult {
            status: "SUCCESS",
            client_secret: None,
            message: None,
        },
        CardAuthorization::ActionRequired { client_secret } => StripeCardResult {
            status: "ACTION_REQUIRED",
            client_secret: Some(client_secret),
            message: None,
        },
        CardAuthorization::Declined { message } => StripeCardResult {
            status: "DECLINED",
            client_secret: None,
            message: Some(message),
        },
    };
    Ok(HttpResponse::Ok().insert_header(no_store()).json(result))
}
