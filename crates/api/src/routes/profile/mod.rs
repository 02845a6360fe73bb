//! `GET /api/user/userInfo` and `POST /api/user/userInfo`: the signed-in user's profile.

use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::profile::{AddressInput, ProfileInput};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::routes::users::dto::ProfileDto;
pub mod dto;

use crate::error::ApiError;
use crate::extractors::{no_store, AuthUser};
use crate::state::AppState;

/// An address as a form sends it (every field optional; an `id` may come along and is
/// ignored).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressBody {
    /// First street line.
    pub street1: Option<String>,
    /// Second street line (optional).
    pub street2: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Two-letter state code.
    pub state: Option<String>,
    /// ZIP code, `12345` or `12345-6789`.
    pub postal_code: Option<String>,
}

impl From<AddressBody> for AddressInput {
    fn from(a: AddressBody) -> Self {
        AddressInput {
            street1: a.street1,
            street2: a.street2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
        }
    }
}

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
    #[serde(default, deserialize_with = "crate::objects::optional")]
    #[schema(value_type = Option<Object>)]
    pub billing_address: Option<AddressBody>,
    /// Shipping address (an `id` inside is ignored).
    #[serde(default, deserialize_with = "crate::objects::optional")]
    #[schema(value_type = Option<Object>)]
    pub shipping_address: Option<AddressBody>,
    /// Colour theme name.
    #[serde(default)]
    pub theme: Option<String>,
}

impl From<ProfileBody> for ProfileInput {
    fn from(body: ProfileBody) -> Self {
        ProfileInput {
            user_id: body.user_id,
            first_name: body.first_name,
            last_name: body.last_name,
            date_of_birth: body.date_of_birth,
            phone_number: body.phone_number,
            accepted_terms: body.accepted_terms,
            can_contact: body.can_contact,
            billing_address: body.billing_address.map(AddressInput::from),
            shipping_address: body.shipping_address.map(AddressInput::from),
            theme: body.theme,
        }
    }
}

/// The caller's profile.
#[utoipa::path(tag = "user", security(("bearer" = [])),
    responses((status = 200, body = ProfileDto), (status = 401, description = "not signed in")))]
#[get("/user/userInfo")]
pub async fn get_user_info(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let profile = state
        .call(move |s| domain::profile::get(&s.store, &user.id))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(ProfileDto::from(profile)))
}

/// Saves the caller's profile (validated as storefront.md §5 says) and answers the result.
#[utoipa::path(tag = "user", security(("bearer" = [])), request_body = ProfileBody,
    responses((status = 200, body = ProfileDto), (status = 401, description = "not signed in"),
    (status = 404, description = "another user's profile"), (status = 422, description = "field errors")))]
#[post("/user/userInfo")]
pub async fn post_user_info(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<ProfileBody>,
) -> Result<HttpResponse, ApiError> {
    let input = ProfileInput::from(body.into_inner());
    let profile = state
        .call(move |s| domain::profile::update(&s.store, &user.id, &input, Utc::now().naive_utc()))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(ProfileDto::from(profile)))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use domain::profile::{PhoneNumber, ProfileUpdate, Theme};
    use domain::state::UsState;

    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).expect("a real date")
    }

    /// The body as the route reads it, then as the domain validates it.
    fn read(json: &str) -> ProfileInput {
        let body: ProfileBody = serde_json::from_str(json).expect("reads");
        ProfileInput::from(body)
    }

    #[test]
    fn a_full_edit_form_validates() {
        let json = r#"{
            "userId": "u-1",
            "firstName": " Ann ",
            "lastName": "Lee",
            "dateOfBirth": "1990-05-17",
            "phoneNumber": "(701) 555-0100",
            "acceptedTerms": true,
            "canContact": false,
            "billingAddress": {"id": "a-1", "street1": "1 Main St", "street2": null, "city": "Fargo", "state": "ND", "postalCode": "58102"},
            "shippingAddress": {"street1": "2 Oak Ave", "city": "Boston", "state": "MA", "postalCode": "02110"},
            "theme": "dark"
        }"#;
        let input = read(json);
        let update = input.validate(today()).expect("valid");
        assert_eq!(update.user_id.as_deref(), Some("u-1"));
        assert_eq!(update.first_name.as_deref(), Some("Ann"));
        assert_eq!(update.last_name.as_deref(), Some("Lee"));
        assert_eq!(update.date_of_birth, NaiveDate::from_ymd_opt(1990, 5, 17));
        assert_eq!(
            update.phone_number.as_ref().map(PhoneNumber::as_str),
            Some("(701) 555-0100")
        );
        assert_eq!(update.accepted_terms, Some(true));
        assert_eq!(update.can_contact, Some(false));
        assert_eq!(
            update.billing_address.as_ref().map(|a| a.state),
            Some(UsState::NorthDakota)
        );
        // Not shipped to, but a valid address: checkout refuses it, the profile keeps it.
        assert_eq!(
            update.shipping_address.as_ref().map(|a| a.state),
            Some(UsState::Massachusetts)
        );
        assert_eq!(update.theme, Some(Theme::parse("dark").expect("theme")));
    }

    #[test]
    fn accepting_the_terms_alone_leaves_everything_else_unchanged() {
        let input = read(r#"{"acceptedTerms": true, "lastName": null}"#);
        let update = input.validate(today()).expect("valid");
        assert_eq!(
            update,
            ProfileUpdate {
                accepted_terms: Some(true),
                ..ProfileUpdate::default()
            }
        );
    }
}
