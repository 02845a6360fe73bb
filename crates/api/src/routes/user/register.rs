//! `POST /api/user/register`.

use actix_web::{post, web, HttpResponse};
use chrono::Utc;

use super::dto::{Credentials, MessageResponse};
use crate::error::ApiError;
use crate::state::AppState;

/// The success message (storefront.md §2 /user/register).
pub const REGISTERED: &str = "Account created successfully! Please log in.";

/// Creates a customer (role USER) with an empty profile and an empty cart.
#[utoipa::path(post, path = "/api/user/register", tag = "user", request_body = Credentials, responses(
    (status = 201, body = MessageResponse), (status = 400, description = "invalid email or password"),
    (status = 409, description = "email already registered")))]
#[post("/user/register")]
pub async fn register(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
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
