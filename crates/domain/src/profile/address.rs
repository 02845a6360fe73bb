//! Postal addresses: the address check, the field rules, and a valid address.

use serde::Serialize;

use super::errors::{filled, required_text, FieldError, FieldErrors, MAX_ADDRESS_LINE_LEN};
use crate::state::UsState;

/// An address as typed in a form (every field optional; an `id` may come along and is
/// ignored).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressInput {
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

/// What the address check (storefront.md §5) says of an address that passes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressCheck {
    /// Street, city and postal code all blank: valid, and means "no address".
    Empty,
    /// Street, city, state and postal code all filled.
    Complete,
}

impl AddressInput {
    /// The address check: empty (street, city and postal code all blank) is valid; partial
    /// (one or two of them filled) is not; three filled is complete only with a state.
    ///
    /// # Errors
    /// [`FieldError::AddressIncomplete`] for a partial address, [`FieldError::AddressInvalid`]
    /// when street, city and postal code are filled but the state is blank.
    pub fn check(&self) -> Result<AddressCheck, FieldError> {
        let filled_count = [&self.street1, &self.city, &self.postal_code]
            .into_iter()
            .filter(|field| filled(field.as_deref()).is_some())
            .count();
        match filled_count {
            0 => Ok(AddressCheck::Empty),
            3 if filled(self.state.as_deref()).is_some() => Ok(AddressCheck::Complete),
            3 => Err(FieldError::AddressInvalid),
            _ => Err(FieldError::AddressIncomplete),
        }
    }

    /// Validates the address: `Ok(None)` when empty, `Ok(Some(address))` when every rule
    /// passes. Errors are keyed `""` for the whole address and by field name otherwise.
    ///
    /// # Errors
    /// The address check's message and every field's message (street, city, state, postal
    /// code) that applies.
    pub fn validate(&self) -> Result<Option<Address>, FieldErrors> {
        let mut errors = FieldErrors::new();
        match self.check() {
            Ok(AddressCheck::Empty) => return Ok(None),
            Ok(AddressCheck::Complete) => {}
            Err(error) => errors.add("", error),
        }
        let street1 = required_text(
            self.street1.as_deref().unwrap_or_default(),
            FieldError::StreetRequired,
            MAX_ADDRESS_LINE_LEN,
        );
        let street2 = match filled(self.street2.as_deref()) {
            None => Ok(None),
            Some(text) if text.chars().count() > MAX_ADDRESS_LINE_LEN => {
                Err(FieldError::TooLong(MAX_ADDRESS_LINE_LEN))
            }
            Some(text) => Ok(Some(text.to_owned())),
        };
        let city = required_text(
            self.city.as_deref().unwrap_or_default(),
            FieldError::CityRequired,
            MAX_ADDRESS_LINE_LEN,
        );
        let state = parse_state(self.state.as_deref().unwrap_or_default());
        let postal_code = parse_postal_code(self.postal_code.as_deref().unwrap_or_default());
        for (field, error) in [
            ("street1", street1.as_ref().err()),
            ("street2", street2.as_ref().err()),
            ("city", city.as_ref().err()),
            ("state", state.as_ref().err()),
            ("postalCode", postal_code.as_ref().err()),
        ] {
            if let Some(error) = error {
                errors.add(field, *error);
            }
        }
        match (street1, street2, city, state, postal_code) {
            (Ok(street1), Ok(street2), Ok(city), Ok(state), Ok(postal_code))
                if errors.is_empty() =>
            {
                Ok(Some(Address {
                    street1,
                    street2,
                    city,
                    state,
                    postal_code,
                }))
            }
            _ => Err(errors),
        }
    }
}

/// A state field: required, one of the 50 codes.
///
/// # Errors
/// [`FieldError::StateRequired`] when blank, [`FieldError::StateInvalid`] otherwise.
pub fn parse_state(text: &str) -> Result<UsState, FieldError> {
    if text.trim().is_empty() {
        return Err(FieldError::StateRequired);
    }
    text.parse().map_err(|_| FieldError::StateInvalid)
}

/// The longest postal code, `12345-6789`.
pub const POSTAL_CODE_MAX_LEN: usize = 10;

/// A postal code: five digits, optionally a dash and four digits; returned trimmed.
///
/// # Errors
/// [`FieldError::PostalCodeRequired`] when blank, [`FieldError::PostalCodeInvalid`] otherwise
/// (a non-blank but too short code gets the format message, which says what is expected).
pub fn parse_postal_code(text: &str) -> Result<String, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldError::PostalCodeRequired);
    }
    let bytes = text.as_bytes();
    let digits = |range: &[u8]| range.iter().all(u8::is_ascii_digit);
    let valid = match bytes.len() {
        5 => digits(bytes),
        POSTAL_CODE_MAX_LEN => digits(&bytes[..5]) && bytes[5] == b'-' && digits(&bytes[6..]),
        _ => false,
    };
    if valid {
        Ok(text.to_owned())
    } else {
        Err(FieldError::PostalCodeInvalid)
    }
}

/// A complete, valid postal address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// First street line, trimmed, not blank.
    pub street1: String,
    /// Second street line, trimmed; `None` when blank.
    pub street2: Option<String>,
    /// City, trimmed, not blank.
    pub city: String,
    /// State.
    pub state: UsState,
    /// `12345` or `12345-6789`.
    pub postal_code: String,
}
