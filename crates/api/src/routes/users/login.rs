//! `POST /api/user/login`.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;

use super::dto::{CartRef, Credentials, LoginResponse, ProfileDto, UserInfo};
use domain::users::{EMAIL_MAX_LEN, PASSWORD_MAX_LEN};

use crate::error::ApiError;
use crate::extractors::{client_ip, no_store};
use crate::rate_limit::{AccountKey, MAX_FAILURE_DELAY};
use crate::state::AppState;

/// Answer past the per-address sign-in limit.
pub const TOO_MANY_ATTEMPTS: &str = "Too many sign-in attempts. Please try again later.";

/// Answer to an e-mail longer than any account's.
pub const EMAIL_TOO_LONG: &str = "Email must be at most 254 bytes";

/// Answer to a password longer than any account's.
pub const PASSWORD_TOO_LONG: &str = "Password must be at most 128 bytes";

/// Signs in: checks the password (argon2id, off the async workers), records `lastLogin` and
/// answers a 24-hour token with the user's info, profile and cart.
#[utoipa::path(tag = "user", request_body = Credentials, responses(
    (status = 200, body = LoginResponse), (status = 400, description = "malformed body or unknown field"),
    (status = 401, description = "invalid email or password"), (status = 429, description = "rate limited")))]
#[post("/user/login")]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { email, password } = body.into_inner();
    // Before any limiter or lookup: no account has a longer e-mail or password, and a limiter
    // must never be handed a client's unbounded text.
    if email.len() > EMAIL_MAX_LEN {
        return Err(ApiError::bad_field("email", EMAIL_TOO_LONG));
    }
    if password.len() > PASSWORD_MAX_LEN {
        return Err(ApiError::bad_field("password", PASSWORD_TOO_LONG));
    }
    let client = client_ip(&req, &state);
    if !state.limit(move |l| l.sign_in(client)).await? {
        return Err(ApiError::TooManyRequests(TOO_MANY_ATTEMPTS.into()));
    }
    let account = AccountKey::of(&email);
    let signed_in = state
        .call(move |s| {
            domain::users::sign_in(
                &s.store,
                &*s.passwords,
                &*s.tokens,
                &email,
                &password,
                Utc::now().naive_utc(),
            )
        })
        .await;
    let signed_in = match signed_in {
        Err(ApiError::Unauthorized(message)) => {
            // Only failures count; past the account's allowance each is answered later.
            // Should the check itself fail, the longest delay: the 401 stays the answer.
            let delay = state
                .limit(move |l| l.sign_in_failed(account))
                .await
                .unwrap_or(MAX_FAILURE_DELAY);
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            return Err(ApiError::Unauthorized(message));
        }
        other => other?,
    };
    let user = signed_in.user;
    let cart = signed_in.cart.map(|id| CartRef {
        id: id.into_string(),
        user_id: user.id.to_string(),
    });
    // A token and a profile: no browser or proxy may keep a copy.
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(LoginResponse {
            token: signed_in.token,
            user_info: UserInfo {
                cart_as_written: cart.clone(),
                cart,
                last_login: user.last_login.map(super::list::rfc3339),
                created_on: super::list::rfc3339(user.created_on),
                id: user.id.into_string(),
                email: user.email,
                role: user.role,
                profile: Some(ProfileDto::from(signed_in.profile)),
            },
        }))
}
