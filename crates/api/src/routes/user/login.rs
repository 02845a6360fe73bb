//! `POST /api/user/login`.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;

use super::dto::{CartRef, Credentials, LoginResponse, ProfileDto, UserInfo};
use crate::error::ApiError;
use crate::extractors::{client_ip, no_store};
use crate::state::AppState;

/// Answer past the per-address sign-in limit.
pub const TOO_MANY_ATTEMPTS: &str = "Too many sign-in attempts. Please try again later.";

/// Signs in: checks the password (argon2id, off the async workers), records `lastLogin` and
/// answers a 24-hour token with the user's info, profile and cart.
#[utoipa::path(post, path = "/api/user/login", tag = "user", request_body = Credentials, responses(
    (status = 200, body = LoginResponse), (status = 400, description = "malformed body or unknown field"),
    (status = 401, description = "invalid email or password"), (status = 429, description = "rate limited")))]
#[post("/user/login")]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { email, password } = body.into_inner();
    if !state.limits.sign_in(client_ip(&req, &state), &email) {
        return Err(ApiError::TooManyRequests(TOO_MANY_ATTEMPTS.into()));
    }
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
        .await?;
    let user = signed_in.user;
    // A token and a profile: no browser or proxy may keep a copy.
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(LoginResponse {
            token: signed_in.token,
            user_info: UserInfo {
                cart: signed_in.cart.map(|id| CartRef {
                    id: id.into_string(),
                    user_id: user.id.to_string(),
                }),
                last_login: user.last_login.map(super::list::rfc3339),
                created_on: super::list::rfc3339(user.created_on),
                id: user.id.into_string(),
                email: user.email,
                role: user.role,
                profile: Some(ProfileDto::from(signed_in.profile)),
            },
        }))
}
