//! Request and response bodies of the account calls (camelCase, as the specification names
//! them).

use domain::profile::Profile;
use domain::users::Role;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::routes::profile::dto::AddressJson;

/// E-mail and password. Unknown fields are refused (storefront.md §5).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// E-mail address: at most 254 bytes of UTF-8 (400 beyond). The schema's 63 characters
    /// are what fits in 254 bytes whatever the characters; longer ASCII addresses are taken.
    #[schema(max_length = 63)]
    pub email: String,
    /// Password: at most 128 bytes of UTF-8 (400 beyond). The schema's 32 characters are what
    /// fits in 128 bytes whatever the characters; longer ASCII passwords are taken.
    #[schema(max_length = 32)]
    pub password: String,
}

/// A plain `{message}` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    /// What happened.
    pub message: String,
}

/// A cart reference in the sign-in answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartRef {
    /// Cart id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Owner.
    #[schema(format = Uuid)]
    pub user_id: String,
}

/// Who signed in.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserInfo {
    /// User id.
    #[schema(format = Uuid)]
    pub id: String,
    /// E-mail address.
    pub email: String,
    /// Role.
    #[schema(value_type = String, example = "USER")]
    pub role: Role,
    /// The profile.
    pub profile: Option<ProfileDto>,
    /// The user's cart, where the specification's client reads it.
    pub cart: Option<CartRef>,
    /// The same cart under the name the specification writes (`Cart`, with a capital C).
    #[serde(rename = "Cart")]
    pub cart_as_written: Option<CartRef>,
    /// This sign-in (RFC 3339).
    #[serde(rename = "lastLogin")]
    pub last_login: Option<String>,
    /// When the account was created (RFC 3339).
    #[serde(rename = "createdOn")]
    pub created_on: String,
}

/// Sign-in answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginResponse {
    /// Bearer token, valid 24 hours.
    pub token: String,
    /// The signed-in user.
    #[serde(rename = "userInfo")]
    pub user_info: UserInfo,
}

/// A customer's profile.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileDto {
    /// Profile id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Owner.
    #[schema(format = Uuid)]
    pub user_id: String,
    /// Owner's e-mail.
    pub email: String,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Date of birth, `yyyy-mm-dd`.
    #[schema(format = Date)]
    pub date_of_birth: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
    /// Whether the terms of service were accepted.
    pub accepted_terms: bool,
    /// Whether the customer wants updates (`false` until the customer says otherwise).
    pub can_contact: bool,
    /// Billing address.
    pub billing_address: Option<AddressJson>,
    /// Shipping address.
    pub shipping_address: Option<AddressJson>,
    /// Chosen colour theme (one of the shop's theme names).
    #[schema(example = "dark")]
    pub theme: Option<String>,
}

impl From<Profile> for ProfileDto {
    fn from(p: Profile) -> Self {
        ProfileDto {
            id: p.id.into_string(),
            user_id: p.user_id.into_string(),
            email: p.email,
            first_name: p.first_name,
            last_name: p.last_name,
            date_of_birth: p.date_of_birth,
            phone_number: p.phone_number,
            accepted_terms: p.accepted_terms,
            can_contact: p.can_contact.unwrap_or(false),
            billing_address: p.billing_address.map(AddressJson::from),
            shipping_address: p.shipping_address.map(AddressJson::from),
            theme: p.theme,
        }
    }
}
