//! The profile form as sent, and its validation into a [`ProfileUpdate`].

use chrono::NaiveDate;

use super::address::{Address, AddressInput};
use super::birth::parse_date_of_birth;
use super::errors::{filled, required_text, FieldError, FieldErrors, MAX_NAME_LEN};
use super::phone::PhoneNumber;
use super::theme::Theme;

/// The profile form as the API read it (the wire DTO lives in the API). Every field is
/// optional: absent or `null` means "leave unchanged" (see the module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileInput {
    /// The user the profile belongs to; the API checks it is the caller.
    pub user_id: Option<String>,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Date of birth, `YYYY-MM-DD` (or a date-time starting with it).
    pub date_of_birth: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
    /// Whether the terms of service are accepted.
    pub accepted_terms: Option<bool>,
    /// Whether the shop may send updates.
    pub can_contact: Option<bool>,
    /// Billing address.
    pub billing_address: Option<AddressInput>,
    /// Shipping address.
    pub shipping_address: Option<AddressInput>,
    /// Colour theme.
    pub theme: Option<String>,
}

impl ProfileInput {
    /// Validates every field that is present; `today` bounds the date of birth.
    ///
    /// # Errors
    /// Every failure, keyed by camelCase field name: `firstName`, `lastName`, `dateOfBirth`,
    /// `phoneNumber`, `theme`, `billingAddress` (the address check) and
    /// `billingAddress.street1` etc., the same for `shippingAddress`.
    pub fn validate(&self, today: NaiveDate) -> Result<ProfileUpdate, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut check = |field: &str, error: FieldError| errors.add(field, error);

        let first_name = self
            .first_name
            .as_deref()
            .map(|name| required_text(name, FieldError::FirstNameRequired, MAX_NAME_LEN));
        let last_name = self
            .last_name
            .as_deref()
            .map(|name| required_text(name, FieldError::LastNameRequired, MAX_NAME_LEN));
        let date_of_birth = self
            .date_of_birth
            .as_deref()
            .map(|text| parse_date_of_birth(text, today));
        let phone_number = self.phone_number.as_deref().map(PhoneNumber::parse);
        let theme = self.theme.as_deref().map(Theme::parse);

        let first_name = present(first_name, "firstName", &mut check);
        let last_name = present(last_name, "lastName", &mut check);
        let date_of_birth = present(date_of_birth, "dateOfBirth", &mut check);
        let phone_number = present(phone_number, "phoneNumber", &mut check);
        let theme = present(theme, "theme", &mut check);

        let mut address = |field: &str, input: Option<&AddressInput>| match input {
            None => None,
            Some(input) => match input.validate() {
                Ok(address) => address,
                Err(address_errors) => {
                    errors.merge_under(field, address_errors);
                    None
                }
            },
        };
        let billing_address = address("billingAddress", self.billing_address.as_ref());
        let shipping_address = address("shippingAddress", self.shipping_address.as_ref());

        errors.into_result(ProfileUpdate {
            user_id: filled(self.user_id.as_deref()).map(str::to_owned),
            first_name,
            last_name,
            date_of_birth,
            phone_number,
            accepted_terms: self.accepted_terms,
            can_contact: self.can_contact,
            billing_address,
            shipping_address,
            theme,
        })
    }
}

/// A validated profile change: `None` everywhere means "leave unchanged".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileUpdate {
    /// The user id the client named, if any (to compare with the caller).
    pub user_id: Option<String>,
    /// New first name, trimmed.
    pub first_name: Option<String>,
    /// New last name, trimmed.
    pub last_name: Option<String>,
    /// New date of birth.
    pub date_of_birth: Option<NaiveDate>,
    /// New phone number.
    pub phone_number: Option<PhoneNumber>,
    /// New terms acceptance.
    pub accepted_terms: Option<bool>,
    /// New contact preference.
    pub can_contact: Option<bool>,
    /// New billing address.
    pub billing_address: Option<Address>,
    /// New shipping address.
    pub shipping_address: Option<Address>,
    /// New theme.
    pub theme: Option<Theme>,
}

/// The value of an optional field, recording its failure under `field`.
fn present<T>(
    result: Option<Result<T, FieldError>>,
    field: &str,
    record: &mut impl FnMut(&str, FieldError),
) -> Option<T> {
    match result? {
        Ok(value) => Some(value),
        Err(error) => {
            record(field, error);
            None
        }
    }
}
