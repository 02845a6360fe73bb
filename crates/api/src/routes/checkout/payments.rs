//! `POST /api/payments/sandbox/{checkoutToken}`: the sandbox payment window's card form
//! (decisions.md "Checkout and payment"). Possession of the token (256 random bits, in the
//! window's address) is what a hosted payment window trusts; the shop itself only believes
//! the provider's status when the purchase is completed. The card number is never stored
//! (only its last four digits) and never logged: the body is not logged, and [`CardBody`]'s
//! `Debug` hides it.

use actix_web::{post, web, HttpResponse};
use chrono::Utc;
use domain::checkout::CheckoutToken;
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
