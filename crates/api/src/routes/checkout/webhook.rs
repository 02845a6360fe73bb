//! `POST /api/payments/stripe/webhook`: Stripe's events. The signature is checked against the
//! endpoint's secret (400 otherwise); the payment the event is about is re-read from Stripe and
//! acted on by the checkout's use case, whatever the event's type: an authorized payment whose
//! buyer never came back becomes the order, a canceled one releases its hold. Each event is
//! acted on once; a replay answers 200 and changes nothing. Any node answers.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use domain::checkout::{handle_payment_event, EventOutcome, ProviderEvent};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::state::AppState;

/// A Stripe event as Stripe sends it (only its id, its type and the id of the object it is
/// about are read, after the signature is checked). It describes the body in the API document;
/// the handler reads the raw bytes, which the signature covers.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct StripeEventJson {
    /// `evt_...`.
    id: String,
    /// The event's type (`payment_intent.succeeded`, ...).
    #[schema(rename = "type")]
    kind: String,
    /// `{object: {...}}`: what the event is about.
    #[schema(value_type = Object)]
    data: serde_json::Value,
}

/// What the webhook did with an event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedJson {
    /// Always true: the event was received.
    pub received: bool,
    /// `replay` (acted on before), `nothing`, `order` or `released`.
    pub outcome: &'static str,
}

/// Receives a Stripe event (configure the endpoint's URL and `STRIPE_WEBHOOK_SECRET` as README
/// "Going live with Stripe" says).
#[utoipa::path(tag = "checkout",
    params(("Stripe-Signature" = String, Header, description = "t=<unix time>,v1=<HMAC-SHA256 hex>")),
    request_body(content = StripeEventJson, content_type = "application/json", description = "A Stripe event"),
    responses((status = 200, body = ReceivedJson), (status = 400, description = "not a JSON object, or the signature does not check out"),
    (status = 404, description = "Stripe is not the payment provider"),
    (status = 503, description = "the payment provider or the database did not answer: Stripe sends the event again")))]
#[post("/payments/stripe/webhook")]
pub async fn stripe_webhook(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // Like every write: a body that is not a JSON object is refused first, whoever sends it.
    let is_json = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        return Err(ApiError::bad_request(
            "Content-Type must be application/json",
        ));
    }
    if let Err(e) = serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(&body) {
        return Err(ApiError::bad_request(format!("Malformed JSON: {e}")));
    }
    let Some(header) = req
        .headers()
        .get("Stripe-Signature")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
    else {
        return Err(ApiError::bad_request("missing Stripe-Signature header"));
    };
    let Some(secret) = state
        .stripe
        .as_ref()
        .map(|stripe| stripe.webhook_secret.clone())
    else {
        return Err(ApiError::NotFound(
            "Stripe is not the payment provider".to_owned(),
        ));
    };
    let outcome = state
        .call(move |s| {
            let now = Utc::now();
            let event = verify(&secret, Some(&header), &body, now.timestamp())?;
            let event = ProviderEvent {
                id: &event.id,
                kind: &event.kind,
                payment_ref: event.payment_intent.as_deref(),
            };
            handle_payment_event(
                &s.store,
                s.payments.as_ref(),
                &s.mailing,
                &event,
                now.naive_utc(),
            )
            .map_err(ApiError::from)
        })
        .await?;
    let outcome = match outcome {
        EventOutcome::Replay => "replay",
        EventOutcome::Nothing => "nothing",
        EventOutcome::Order(_) => "order",
        EventOutcome::Released => "released",
    };
    Ok(HttpResponse::Ok().json(ReceivedJson {
        received: true,
        outcome,
    }))
}

fn verify(
    secret: &str,
    header: Option<&str>,
    body: &[u8],
    now: i64,
) -> Result<payments::stripe_webhook::WebhookEvent, ApiError> {
    payments::stripe_webhook::verify(secret, header, body, now)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}
