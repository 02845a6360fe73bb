//! `POST /api/user/register`.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;

use super::dto::{Credentials, MessageResponse};
use crate::error::ApiError;
use crate::extractors::client_ip;
use crate::state::AppState;

/// The success message (storefront.md §2 /user/register).
pub const REGISTERED: &str = "Account created successfully! Please log in.";
/// Answer past the registration limits.
pub const TOO_MANY_REGISTRATIONS: &str =
    "Too many registrations from your network. Please try again later.";

/// Creates a customer (role USER) with an empty profile and an empty cart.
#[utoipa::path(tag = "user", request_body = Credentials, responses(
    (status = 201, body = MessageResponse), (status = 422, description = "invalid email or password"),
    (status = 409, description = "email already registered"), (status = 429, description = "rate limited"),
    (status = 503, description = "password hashing busy: try again in a moment")))]
#[post("/user/register")]
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let client = client_ip(&req, &state);
    if !state.limit(move |l| l.register(client)).await? {
        return Err(ApiError::TooManyRequests(TOO_MANY_REGISTRATIONS.into()));
    }
    let Credentials { email, password } = body.into_inner();
    state
        .call(move |s| {
            domain::users::register(
                &s.store,
                &*s.passwords,
                &email,
                &password,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Created().json(MessageResponse {
        message: REGISTERED.into(),
    }))
}
