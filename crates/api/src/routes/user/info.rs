//! `GET /api/user/userInfo` and `POST /api/user/userInfo`: the signed-in user's profile.

use actix_web::{get, post, web, HttpResponse};
use persistence::users::{AddressInput, ProfileChanges};
use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use super::dto::ProfileDto;
use crate::error::{ApiError, FieldErrors};
use crate::extractors::AuthUser;
use crate::state::AppState;

/// Answer when the profile named is not the caller's (as if it did not exist).
pub const PROFILE_NOT_FOUND: &str = "Profile not found";

/// Distinguishes an absent field (`None`: leave unchanged) from `null` (`Some(None)`: clear).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// An address as the profile form sends it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    /// Ignored (addresses are owned by the profile).
    #[serde(default)]
    pub id: Option<String>,
    /// Street line 1.
    #[serde(default)]
    pub street1: String,
    /// Street line 2.
    #[serde(default)]
    pub street2: Option<String>,
    /// City.
    #[serde(default)]
    pub city: String,
    /// Two-letter state code.
    #[serde(default)]
    pub state: String,
    /// ZIP code.
    #[serde(default)]
    pub postal_code: String,
}

/// Profile changes. Absent fields stay as they are; `null` clears a field.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileBody {
    /// When present, must be the caller's id.
    #[serde(default)]
    pub user_id: Option<String>,
    /// Ignored: the profile id is the caller's.
    #[serde(default)]
    pub id: Option<String>,
    /// Ignored: the e-mail is changed by an admin only.
    #[serde(default)]
    pub email: Option<String>,
    /// First name.
    #[serde(default, deserialize_with = "present")]
    pub first_name: Option<Option<String>>,
    /// Last name.
    #[serde(default, deserialize_with = "present")]
    pub last_name: Option<Option<String>>,
    /// `yyyy-mm-dd`.
    #[serde(default, deserialize_with = "present")]
    pub date_of_birth: Option<Option<String>>,
    /// Phone number.
    #[serde(default, deserialize_with = "present")]
    pub phone_number: Option<Option<String>>,
    /// Terms of service accepted.
    #[serde(default)]
    pub accepted_terms: Option<bool>,
    /// Wants updates.
    #[serde(default, deserialize_with = "present")]
    pub can_contact: Option<Option<bool>>,
    /// Billing address.
    #[serde(default, deserialize_with = "present")]
    pub billing_address: Option<Option<AddressBody>>,
    /// Shipping address.
    #[serde(default, deserialize_with = "present")]
    pub shipping_address: Option<Option<AddressBody>>,
    /// Colour theme name.
    #[serde(default, deserialize_with = "present")]
    pub theme: Option<Option<String>>,
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
    let mut errors = FieldErrors::new();
    let mut field = |name: &str, outcome: Result<Option<String>, Vec<String>>| match outcome {
        Ok(v) => v,
        Err(messages) => {
            errors.entry(name.to_owned()).or_default().extend(messages);
            None
        }
    };
    let _ = &mut field;
    let changes = ProfileChanges {
        first_name: body.first_name.map(|v| v.and_then(non_blank)),
        last_name: body.last_name.map(|v| v.and_then(non_blank)),
        date_of_birth: body.date_of_birth.map(|v| v.and_then(non_blank)),
        phone_number: body.phone_number.map(|v| v.and_then(non_blank)),
        accepted_terms: body.accepted_terms,
        can_contact: body.can_contact,
        billing_address: body.billing_address.map(|a| a.and_then(address_input)),
        shipping_address: body.shipping_address.map(|a| a.and_then(address_input)),
        theme: body.theme.map(|v| v.and_then(non_blank)),
    };
    if errors.is_empty() {
        Ok(changes)
    } else {
        Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            errors,
        })
    }
}

fn non_blank(s: String) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

fn address_input(a: AddressBody) -> Option<AddressInput> {
    Some(AddressInput {
        street1: a.street1,
        street2: a.street2.and_then(non_blank),
        city: a.city,
        state: a.state,
        postal_code: a.postal_code,
    })
}
