//! Field errors of the profile form, with the specification's messages.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

/// One validation failure, with the specification's message as its `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum FieldError {
    /// street1 is blank.
    #[error("Street address is required")]
    StreetRequired,
    /// city is blank.
    #[error("City is required")]
    CityRequired,
    /// state is blank.
    #[error("State is required")]
    StateRequired,
    /// state is not one of the 50 codes.
    #[error("Please select a valid state")]
    StateInvalid,
    /// postalCode is blank.
    #[error("Postal code is required")]
    PostalCodeRequired,
    /// postalCode is not `12345` or `12345-6789`.
    #[error("Please enter a valid postal code (e.g., 12345 or 12345-6789)")]
    PostalCodeInvalid,
    /// Some but not all of street, city and postal code are filled.
    #[error("Please complete all required address fields (street, city, postal code)")]
    AddressIncomplete,
    /// Street, city and postal code are filled but the address is still not complete.
    #[error("Invalid address format")]
    AddressInvalid,
    /// phoneNumber is blank.
    #[error("Phone number is required")]
    PhoneRequired,
    /// phoneNumber is not a phone number.
    #[error("Please enter a valid phone number")]
    PhoneInvalid,
    /// dateOfBirth is blank.
    #[error("Date of birth is required")]
    DateOfBirthRequired,
    /// dateOfBirth is not a date, or not a plausible birth date.
    #[error("Please enter a valid date")]
    DateOfBirthInvalid,
    /// firstName is blank.
    #[error("First name is required")]
    FirstNameRequired,
    /// lastName is blank.
    #[error("Last name is required")]
    LastNameRequired,
    /// A text is longer than its field allows.
    #[error("Please enter at most {0} characters")]
    TooLong(usize),
    /// theme is not one of [`THEMES`](crate::profile::THEMES).
    #[error("Please select a valid theme")]
    ThemeInvalid,
}

/// Validation failures keyed by camelCase field name, in a stable (sorted) order.
///
/// Serializes as the `errors` object of a 422 answer: `{"firstName": ["First name is
/// required"], "billingAddress.city": ["City is required"]}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    /// No failure yet.
    #[must_use]
    pub fn new() -> FieldErrors {
        FieldErrors::default()
    }

    /// Records a failure of `field`.
    pub fn add(&mut self, field: impl Into<String>, error: FieldError) {
        self.0
            .entry(field.into())
            .or_default()
            .push(error.to_string());
    }

    /// Records a failure of `field` in words of its own (a rule outside the profile's).
    pub fn add_message(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.entry(field.into()).or_default().push(message.into());
    }

    /// Records every failure of `other` with its field names put under `prefix`
    /// (`street1` becomes `billingAddress.street1`; the empty name becomes `billingAddress`).
    pub fn merge_under(&mut self, prefix: &str, other: FieldErrors) {
        for (field, messages) in other.0 {
            let key = if field.is_empty() {
                prefix.to_owned()
            } else {
                format!("{prefix}.{field}")
            };
            self.0.entry(key).or_default().extend(messages);
        }
    }

    /// Whether nothing failed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The messages of one field (empty when it passed).
    #[must_use]
    pub fn get(&self, field: &str) -> &[String] {
        self.0.get(field).map_or(&[], Vec::as_slice)
    }

    /// The fields and their messages.
    #[must_use]
    pub fn as_map(&self) -> &BTreeMap<String, Vec<String>> {
        &self.0
    }

    /// The first message, for the `message` of the answer.
    #[must_use]
    pub fn first_message(&self) -> Option<&str> {
        self.0.values().flatten().next().map(String::as_str)
    }

    /// `Ok(value)` when nothing failed, the failures otherwise.
    ///
    /// # Errors
    /// `self` when it holds any failure.
    pub fn into_result<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for FieldErrors {
    /// The first message (or a generic sentence when empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.first_message().unwrap_or("Invalid input"))
    }
}

impl std::error::Error for FieldErrors {}

/// The longest name, in characters.
pub const MAX_NAME_LEN: usize = 100;
/// The longest street line or city, in characters.
pub const MAX_ADDRESS_LINE_LEN: usize = 200;

/// A trimmed text, `None` when blank or absent.
pub(super) fn filled(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// A required text: trimmed, not blank, at most `max` characters.
pub(super) fn required_text(
    text: &str,
    required: FieldError,
    max: usize,
) -> Result<String, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        Err(required)
    } else if text.chars().count() > max {
        Err(FieldError::TooLong(max))
    } else {
        Ok(text.to_owned())
    }
}
