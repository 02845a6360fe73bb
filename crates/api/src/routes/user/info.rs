//! `GET /api/user/userInfo` and `POST /api/user/userInfo`: the signed-in user's profile.

use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::profile::{Address, AddressInput, ProfileInput};
use persistence::users::{AddressInput as AddressInputRow, ProfileChanges};
use serde::Deserialize;
use utoipa::ToSchema;

use super::dto::ProfileDto;
use crate::error::ApiError;
use crate::extractors::AuthUser;
use crate::state::AppState;

/// Answer when the profile named is not the caller's (as if it did not exist).
pub const PROFILE_NOT_FOUND: &str = "Profile not found";

/// Profile changes: `domain::profile::ProfileInput` plus the ids a client may echo back.
/// Absent or `null` fields stay as they are (see `domain::profile`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileBody {
    /// When present, must be the caller's id.
    #[serde(default)]
    pub user_id: Option<String>,
    /// Ignored: the profile is the caller's.
    #[serde(default)]
    pub id: Option<String>,
    /// Ignored: the e-mail is changed by an admin only.
    #[serde(default)]
    pub email: Option<String>,
    /// First name.
    #[serde(default)]
    pub first_name: Option<String>,
    /// Last name.
    #[serde(default)]
    pub last_name: Option<String>,
    /// `yyyy-mm-dd`.
    #[serde(default)]
    pub date_of_birth: Option<String>,
    /// Phone number.
    #[serde(default)]
    pub phone_number: Option<String>,
    /// Terms of service accepted.
    #[serde(default)]
    pub accepted_terms: Option<bool>,
    /// Wants updates.
    #[serde(default)]
    pub can_contact: Option<bool>,
    /// Billing address (an `id` inside is ignored).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub billing_address: Option<AddressInput>,
    /// Shipping address (an `id` inside is ignored).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub shipping_address: Option<AddressInput>,
    /// Colour theme name.
    #[serde(default)]
    pub theme: Option<String>,
}

/// The caller's profile.
#[utoipa::path(get, path = "/api/user/userInfo", tag = "user", security(("bearer" = [])),
    responses((status = 200, body = ProfileDto), (status = 401, description = "not signed in")))]
#[get("/user/userInfo")]
pub async fn get_user_info(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let profile = state
        .run(move |conn| Ok(persistence::users::profile_of(conn, &user.id)?))
        .await?;
    Ok(HttpResponse::Ok().json(ProfileDto::from(profile)))
}

/// Saves the caller's profile (validated as storefront.md §5 says) and answers the result.
#[utoipa::path(post, path = "/api/user/userInfo", tag = "user", security(("bearer" = [])), request_body = ProfileBody,
    responses((status = 200, body = ProfileDto), (status = 401, description = "not signed in"),
    (status = 404, description = "another user's profile"), (status = 422, description = "field errors")))]
#[post("/user/userInfo")]
pub async fn post_user_info(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<ProfileBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    if body.user_id.as_deref().is_some_and(|id| id != user.id) {
        return Err(ApiError::not_found(PROFILE_NOT_FOUND));
    }
    let changes = validate(body)?;
    let profile = state
        .run(move |conn| Ok(persistence::users::update_profile(conn, &user.id, changes)?))
        .await?;
    Ok(HttpResponse::Ok().json(ProfileDto::from(profile)))
}

fn validate(body: ProfileBody) -> Result<ProfileChanges, ApiError> {
    let input = ProfileInput {
        user_id: body.user_id,
        first_name: body.first_name,
        last_name: body.last_name,
        date_of_birth: body.date_of_birth,
        phone_number: body.phone_number,
        accepted_terms: body.accepted_terms,
        can_contact: body.can_contact,
        billing_address: body.billing_address,
        shipping_address: body.shipping_address,
        theme: body.theme,
    };
    let update =
        input
            .validate(Utc::now().date_naive())
            .map_err(|errors| ApiError::Validation {
                message: errors.to_string(),
                errors: errors.as_map().clone(),
            })?;
    let address = |a: Address| AddressInputRow {
        street1: a.street1,
        street2: a.street2,
        city: a.city,
        state: a.state.code().to_owned(),
        postal_code: a.postal_code,
    };
    Ok(ProfileChanges {
        first_name: update.first_name.map(Some),
        last_name: update.last_name.map(Some),
        date_of_birth: update
            .date_of_birth
            .map(|d| Some(d.format("%Y-%m-%d").to_string())),
        phone_number: update.phone_number.map(|p| Some(p.as_str().to_owned())),
        accepted_terms: update.accepted_terms,
        can_contact: update.can_contact.map(Some),
        billing_address: update.billing_address.map(|a| Some(address(a))),
        shipping_address: update.shipping_address.map(|a| Some(address(a))),
        theme: update.theme.map(|t| Some(t.as_str().to_owned())),
    })
}
