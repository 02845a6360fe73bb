//! `POST /api/user/register`.

use actix_web::{post, web, HttpResponse};
use domain::account::{check_password_rule, Email, Role};
use persistence::DbError;

use super::dto::{Credentials, MessageResponse};
use crate::error::ApiError;
use crate::state::{blocking, AppState};

/// The success message (storefront.md §2 /user/register).
pub const REGISTERED: &str = "Account created successfully! Please log in.";
/// Answer for an address that already has an account.
pub const EMAIL_TAKEN: &str = "Email is already registered";

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
    let email = Email::parse(&email).map_err(|m| ApiError::bad_field("email", m))?;
    check_password_rule(&password).map_err(|m| ApiError::bad_field("password", m))?;
    let passwords = state.passwords.clone();
    let hash = blocking(move || passwords.hash(&password).map_err(ApiError::internal)).await?;
    state
        .run(move |conn| {
            match persistence::users::create_user(conn, email.as_str(), &hash, Role::User) {
                Ok(_) => Ok(()),
                Err(DbError::Duplicate(_)) => Err(ApiError::Conflict(EMAIL_TAKEN.into())),
                Err(e) => Err(e.into()),
            }
        })
        .await?;
    Ok(HttpResponse::Created().json(MessageResponse {
        message: REGISTERED.into(),
    }))
}
