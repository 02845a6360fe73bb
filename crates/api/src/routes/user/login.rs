//! `POST /api/user/login`.

use actix_web::{post, web, HttpRequest, HttpResponse};

use super::dto::{CartRef, Credentials, LoginResponse, ProfileDto, UserInfo};
use crate::error::ApiError;
use crate::extractors::client_ip;
use crate::state::{blocking, AppState};

/// Same answer for an unknown e-mail, a wrong password and a deactivated account.
pub const INVALID_CREDENTIALS: &str = "Invalid email or password";
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
    if !state
        .login_limiter
        .check(client_ip(&req, state.trust_proxy))
    {
        return Err(ApiError::TooManyRequests(TOO_MANY_ATTEMPTS.into()));
    }
    let Credentials { email, password } = body.into_inner();
    let email = email.trim().to_lowercase();
    let user = state
        .run(move |conn| Ok(persistence::users::find_by_email(conn, &email)?))
        .await?;
    let passwords = state.passwords.clone();
    let user = blocking(move || {
        let Some(user) = user else {
            passwords.verify_nothing(&password);
            return Ok(None);
        };
        let ok = passwords
            .verify(&password, &user.password_hash)
            .map_err(ApiError::internal)?;
        Ok((ok && user.active).then_some(user))
    })
    .await?
    .ok_or_else(|| ApiError::Unauthorized(INVALID_CREDENTIALS.into()))?;

    let token = state
        .tokens
        .issue(&user.id, user.role)
        .map_err(ApiError::internal)?;
    let user_id = user.id.clone();
    let (profile, cart_id) = state
        .run(move |conn| {
            persistence::users::record_login(conn, &user_id)?;
            let profile = persistence::users::profile_of(conn, &user_id)?;
            let cart_id = persistence::users::cart_id_of(conn, &user_id)?;
            Ok((profile, cart_id))
        })
        .await?;
    Ok(HttpResponse::Ok().json(LoginResponse {
        token,
        user_info: UserInfo {
            cart: cart_id.map(|id| CartRef {
                id,
                user_id: user.id.clone(),
            }),
            id: user.id,
            email: user.email,
            role: user.role,
            profile: Some(ProfileDto::from(profile)),
        },
    }))
}
