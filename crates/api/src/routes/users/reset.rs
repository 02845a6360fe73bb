//! Password reset by link (issue 35): `POST /api/user/forgot-password` mails a link (the same
//! answer for known and unknown addresses), `POST /api/user/reset-password` sets a new password
//! with the link's token, `POST /api/user/admin/reset-password` (ADMIN) mails a user a link
//! valid for the hours the admin chose.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use domain::ids::UserId;
use domain::users::{self, ResetToken};
use rand::RngCore;
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::MessageResponse;
use crate::error::ApiError;
use crate::extractors::{client_ip, AdminUser};
use crate::state::AppState;

/// The answer to "forgot password", whatever the address.
pub const RESET_ASKED: &str =
    "If an account exists for that e-mail, we have sent it a link to reset the password. The link works for 1 hour.";
/// The answer once the password is set.
pub const PASSWORD_RESET: &str = "Your password has been reset. Please log in.";
/// The answer to the admin.
pub const LINK_SENT: &str = "A reset link is on its way to the user.";
/// Past the per-address limit.
pub const TOO_MANY_RESETS: &str =
    "Too many password reset requests from your network. Please try again later.";

/// The address to send a link to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ForgotBody {
    /// E-mail address.
    pub email: String,
}

/// A link's token and the new password.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResetBody {
    /// The token of the link (`/reset-password?token=...`).
    pub token: String,
    /// The new password (the registration rule).
    pub new_password: String,
}

impl std::fmt::Debug for ResetBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResetBody { .. }")
    }
}

/// Whom to send a link, and how long it works.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdminResetBody {
    /// The user.
    #[schema(format = Uuid)]
    pub user_id: String,
    /// How many hours the link works, 1 to 168 (default 24).
    #[serde(default = "a_day", deserialize_with = "crate::whole::number")]
    #[schema(minimum = 1, maximum = 168)]
    pub expires_in_hours: i64,
}

const fn a_day() -> i64 {
    24
}

fn fresh_token() -> ResetToken {
    let mut bytes = [0_u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    ResetToken::from_random(&bytes)
}

/// Mails a password reset link to the account of `email`, if there is one. The answer is the
/// same either way, and so is the work done while the caller waits: the mail leaves through
/// the outbox. Limited per client address, and to 3 links an hour per account.
#[utoipa::path(tag = "user", request_body = ForgotBody, responses(
    (status = 200, body = MessageResponse), (status = 400, description = "not a JSON object with an email"),
    (status = 429, description = "too many requests from this network")))]
#[post("/user/forgot-password")]
pub async fn forgot(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<ForgotBody>,
) -> Result<HttpResponse, ApiError> {
    let client = client_ip(&req, &state);
    if !state.limit(move |l| l.reset(client)).await? {
        return Err(ApiError::TooManyRequests(TOO_MANY_RESETS.into()));
    }
    let email = body.into_inner().email;
    let token = fresh_token();
    state
        .call(move |s| {
            users::request_password_reset(
                &s.store,
                &s.mailing,
                &email,
                &token,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: RESET_ASKED.into(),
    }))
}

/// Sets a new password with a reset link's token. The link is used up, and every session of
/// the account from before ends (its tokens answer 401).
#[utoipa::path(tag = "user", request_body = ResetBody, responses(
    (status = 200, body = MessageResponse), (status = 400, description = "not a JSON object with a token and a new password"),
    (status = 404, description = "the link is unknown, used or expired"),
    (status = 422, description = "the password breaks the rule"),
    (status = 503, description = "password hashing busy: try again in a moment")))]
#[post("/user/reset-password")]
pub async fn reset(
    state: web::Data<AppState>,
    body: web::Json<ResetBody>,
) -> Result<HttpResponse, ApiError> {
    let ResetBody {
        token,
        new_password,
    } = body.into_inner();
    state
        .call(move |s| {
            users::reset_password_with_link(
                &s.store,
                &*s.passwords,
                &token,
                &new_password,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: PASSWORD_RESET.into(),
    }))
}

/// Mails a user a password reset link that works for `expiresInHours` (ADMIN).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = AdminResetBody,
    responses((status = 200, body = MessageResponse), (status = 400, description = "not a JSON object"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "User not found"), (status = 422, description = "hours out of range")))]
#[post("/user/admin/reset-password")]
pub async fn admin_send(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<AdminResetBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (actor, user) = (admin.0.id, UserId::from(body.user_id));
    let token = fresh_token();
    state
        .call(move |s| {
            users::send_reset_link(
                &s.store,
                &s.mailing,
                &actor,
                &user,
                body.expires_in_hours,
                &token,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: LINK_SENT.into(),
    }))
}
