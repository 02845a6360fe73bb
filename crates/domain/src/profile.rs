//! Validation of the customer profile and its addresses (storefront.md §5), for
//! `POST /api/user/userInfo`.
//!
//! [`ProfileInput`] is the request body as sent (camelCase, every field optional);
//! [`ProfileInput::validate`] turns it into a [`ProfileUpdate`] or a [`FieldErrors`] map keyed
//! by camelCase field name (nested address fields as `billingAddress.street1`), ready for a 422
//! `{message, errors: {field: [messages]}}`.
//!
//! # Absent fields
//! The same call saves the whole edit form and only accepts the terms (`acceptedTerms: true`
//! with the rest left out or unchanged). So a field that is absent or `null` means "not
//! provided, leave as it is", and only the values that are present are validated: a present
//! first name must not be blank ("First name is required"), a present phone number must be
//! valid, and so on. An address whose street, city and postal code are all blank is "empty",
//! valid by the address rule, and is treated as not provided; nothing is cleared by this call.

use std::collections::BTreeMap;
use std::fmt;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::state::UsState;

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
    /// theme is not one of [`THEMES`].
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
fn filled(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// A required text: trimmed, not blank, at most `max` characters.
fn required_text(text: &str, required: FieldError, max: usize) -> Result<String, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        Err(required)
    } else if text.chars().count() > max {
        Err(FieldError::TooLong(max))
    } else {
        Ok(text.to_owned())
    }
}

/// An address as typed in a form (every field optional; an `id` may come along and is
/// ignored).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
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
        10 => digits(&bytes[..5]) && bytes[5] == b'-' && digits(&bytes[6..]),
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

/// A phone number that passed the rule, kept as typed (trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// Checks a phone number: after removing spaces, dashes and parentheses, an optional `+`,
    /// then a digit 1-9, then up to 15 more digits (storefront.md §5, read literally:
    /// `^\+?[1-9]\d{0,15}$`).
    ///
    /// # Errors
    /// [`FieldError::PhoneRequired`] when blank, [`FieldError::PhoneInvalid`] otherwise.
    pub fn parse(text: &str) -> Result<PhoneNumber, FieldError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(FieldError::PhoneRequired);
        }
        let compact: String = text
            .chars()
            .filter(|c| !(c.is_whitespace() || matches!(c, '-' | '(' | ')')))
            .collect();
        let digits = compact.strip_prefix('+').unwrap_or(&compact);
        let valid = matches!(digits.as_bytes().first(), Some(b'1'..=b'9'))
            && digits.len() <= 16
            && digits.bytes().all(|b| b.is_ascii_digit());
        if valid {
            Ok(PhoneNumber(text.to_owned()))
        } else {
            Err(FieldError::PhoneInvalid)
        }
    }

    /// The number as typed (trimmed).
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number without spaces, dashes and parentheses (`+15551234567`).
    #[must_use]
    pub fn compact(&self) -> String {
        self.0
            .chars()
            .filter(|c| !(c.is_whitespace() || matches!(c, '-' | '(' | ')')))
            .collect()
    }
}

/// The earliest accepted date of birth.
const EARLIEST_BIRTH: Option<NaiveDate> = NaiveDate::from_ymd_opt(1900, 1, 1);

/// A date of birth: `YYYY-MM-DD`, or a date-time starting with it (`1990-05-17T00:00:00.000Z`,
/// as a browser's date sends it), between 1900-01-01 and `today`.
///
/// # Errors
/// [`FieldError::DateOfBirthRequired`] when blank, [`FieldError::DateOfBirthInvalid`] when not
/// a calendar date or outside that range.
pub fn parse_date_of_birth(text: &str, today: NaiveDate) -> Result<NaiveDate, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldError::DateOfBirthRequired);
    }
    let date_part = match text.split_once('T') {
        Some((date, _time)) => date,
        None => text,
    };
    if date_part.len() != 10 {
        return Err(FieldError::DateOfBirthInvalid);
    }
    let date = NaiveDate::parse_from_str(date_part, "%Y-%m-%d")
        .map_err(|_| FieldError::DateOfBirthInvalid)?;
    if EARLIEST_BIRTH.is_some_and(|earliest| date < earliest) || date > today {
        return Err(FieldError::DateOfBirthInvalid);
    }
    Ok(date)
}

/// The 35 colour themes the shop knows (storefront.md §9); `light` is the default.
pub const THEMES: [&str; 35] = [
    "light",
    "dark",
    "cupcake",
    "bumblebee",
    "emerald",
    "corporate",
    "synthwave",
    "retro",
    "cyberpunk",
    "valentine",
    "halloween",
    "garden",
    "forest",
    "aqua",
    "lofi",
    "pastel",
    "fantasy",
    "wireframe",
    "black",
    "luxury",
    "dracula",
    "cmyk",
    "autumn",
    "business",
    "acid",
    "lemonade",
    "night",
    "coffee",
    "winter",
    "dim",
    "nord",
    "sunset",
    "caramellatte",
    "abyss",
    "silk",
];

/// One of [`THEMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Theme(&'static str);

impl Theme {
    /// The default theme, `light`.
    pub const DEFAULT: Theme = Theme("light");

    /// One of the 35 theme names (exact spelling, blanks around ignored).
    ///
    /// # Errors
    /// [`FieldError::ThemeInvalid`] for any other name.
    pub fn parse(text: &str) -> Result<Theme, FieldError> {
        let text = text.trim();
        THEMES
            .into_iter()
            .find(|name| *name == text)
            .map(Theme)
            .ok_or(FieldError::ThemeInvalid)
    }

    /// The theme's name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme::DEFAULT
    }
}

/// The body of `POST /api/user/userInfo`, as sent. Every field is optional: absent or `null`
/// means "leave unchanged" (see the module documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).expect("a real date")
    }

    fn address(street1: &str, city: &str, state: &str, postal_code: &str) -> AddressInput {
        AddressInput {
            street1: Some(street1.into()),
            street2: None,
            city: Some(city.into()),
            state: Some(state.into()),
            postal_code: Some(postal_code.into()),
        }
    }

    fn messages(errors: &FieldErrors, field: &str) -> Vec<String> {
        errors.get(field).to_vec()
    }

    #[test]
    fn a_complete_address_is_valid_and_trimmed() {
        let mut input = address(" 1 Main St ", " Fargo ", "nd", " 58102 ");
        input.street2 = Some("  ".into());
        let valid = input.validate().expect("valid").expect("not empty");
        assert_eq!(
            valid,
            Address {
                street1: "1 Main St".into(),
                street2: None,
                city: "Fargo".into(),
                state: UsState::NorthDakota,
                postal_code: "58102".into(),
            }
        );
        input.street2 = Some(" Suite 4 ".into());
        input.postal_code = Some("58102-1234".into());
        let valid = input.validate().expect("valid").expect("not empty");
        assert_eq!(valid.street2.as_deref(), Some("Suite 4"));
        assert_eq!(valid.postal_code, "58102-1234");
        assert_eq!(input.check(), Ok(AddressCheck::Complete));
    }

    #[test]
    fn an_empty_address_is_valid_and_means_no_address() {
        for input in [
            AddressInput::default(),
            address("", " ", "", ""),
            address("", "", "ND", ""),
        ] {
            assert_eq!(input.check(), Ok(AddressCheck::Empty));
            assert_eq!(input.validate(), Ok(None));
        }
    }

    #[test]
    fn a_partial_address_names_what_is_missing() {
        let input = address("1 Main St", "", "ND", "");
        assert_eq!(input.check(), Err(FieldError::AddressIncomplete));
        let errors = input.validate().expect_err("partial");
        assert_eq!(
            messages(&errors, ""),
            ["Please complete all required address fields (street, city, postal code)"]
        );
        assert_eq!(messages(&errors, "city"), ["City is required"]);
        assert_eq!(messages(&errors, "postalCode"), ["Postal code is required"]);
        assert!(messages(&errors, "street1").is_empty());

        let errors = address("", "Fargo", "", "58102")
            .validate()
            .expect_err("partial");
        assert_eq!(messages(&errors, "street1"), ["Street address is required"]);
        assert_eq!(messages(&errors, "state"), ["State is required"]);
    }

    #[test]
    fn three_fields_without_a_state_is_an_invalid_address_format() {
        let input = address("1 Main St", "Fargo", " ", "58102");
        assert_eq!(input.check(), Err(FieldError::AddressInvalid));
        let errors = input.validate().expect_err("no state");
        assert_eq!(messages(&errors, ""), ["Invalid address format"]);
        assert_eq!(messages(&errors, "state"), ["State is required"]);
    }

    #[test]
    fn state_and_postal_code_formats() {
        let errors = address("1 Main St", "Fargo", "ZZ", "58102")
            .validate()
            .expect_err("bad state");
        assert_eq!(messages(&errors, "state"), ["Please select a valid state"]);
        assert!(messages(&errors, "").is_empty());

        let format = "Please enter a valid postal code (e.g., 12345 or 12345-6789)";
        for bad in [
            "1234",
            "123456",
            "5810a",
            "58102-123",
            "58102 1234",
            "58102-12345",
            "581021234",
        ] {
            let errors = address("1 Main St", "Fargo", "ND", bad)
                .validate()
                .expect_err(bad);
            assert_eq!(messages(&errors, "postalCode"), [format], "{bad}");
        }
        assert_eq!(parse_postal_code(""), Err(FieldError::PostalCodeRequired));
        assert_eq!(parse_postal_code("12345"), Ok("12345".into()));
        assert_eq!(parse_state("ma"), Ok(UsState::Massachusetts));
        assert_eq!(parse_state(""), Err(FieldError::StateRequired));
    }

    #[test]
    fn long_address_lines_are_refused() {
        let long = "x".repeat(MAX_ADDRESS_LINE_LEN + 1);
        let errors = address(&long, "Fargo", "ND", "58102")
            .validate()
            .expect_err("too long");
        assert_eq!(
            messages(&errors, "street1"),
            ["Please enter at most 200 characters"]
        );
    }

    #[test]
    fn phone_numbers() {
        for good in [
            "5551234567",
            "+1 (555) 123-4567",
            "(701) 555-0100",
            "  +44 20 7946 0958 ",
            "7",
            "+1234567890123456",
        ] {
            assert!(PhoneNumber::parse(good).is_ok(), "{good}");
        }
        for bad in [
            "0123456789",
            "+0123",
            "555.123.4567",
            "+",
            "12345678901234567",
            "call me",
            "555-CALL",
            "++15551234567",
        ] {
            assert_eq!(
                PhoneNumber::parse(bad).map_err(|e| e.to_string()),
                Err("Please enter a valid phone number".to_owned()),
                "{bad}"
            );
        }
        assert_eq!(
            PhoneNumber::parse("  ").map_err(|e| e.to_string()),
            Err("Phone number is required".to_owned())
        );
        let phone = PhoneNumber::parse(" +1 (555) 123-4567 ").expect("valid");
        assert_eq!(phone.as_str(), "+1 (555) 123-4567");
        assert_eq!(phone.compact(), "+15551234567");
    }

    #[test]
    fn dates_of_birth() {
        let parse = |text: &str| parse_date_of_birth(text, today()).map_err(|e| e.to_string());
        assert_eq!(
            parse("1990-05-17"),
            Ok(NaiveDate::from_ymd_opt(1990, 5, 17).expect("date"))
        );
        assert_eq!(
            parse("1990-05-17T00:00:00.000Z"),
            Ok(NaiveDate::from_ymd_opt(1990, 5, 17).expect("date"))
        );
        assert_eq!(parse("2026-11-22"), Ok(today()));
        let invalid = Err("Please enter a valid date".to_owned());
        for bad in [
            "1990-02-30",
            "17/05/1990",
            "1990-5-17",
            "yesterday",
            "2026-11-23",
            "1899-12-31",
            "+1990-05-17",
        ] {
            assert_eq!(parse(bad), invalid, "{bad}");
        }
        assert_eq!(parse(" "), Err("Date of birth is required".to_owned()));
    }

    #[test]
    fn themes() {
        assert_eq!(THEMES.len(), 35);
        for name in ["light", "dark", "cupcake", "coffee", "sunset"] {
            assert_eq!(Theme::parse(name).map(Theme::as_str), Ok(name));
        }
        assert_eq!(Theme::default().as_str(), "light");
        assert_eq!(
            Theme::parse("neon").map_err(|e| e.to_string()),
            Err("Please select a valid theme".to_owned())
        );
        let mut sorted = THEMES.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 35);
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
        let input: ProfileInput = serde_json::from_str(json).expect("reads");
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
        let input: ProfileInput =
            serde_json::from_str(r#"{"acceptedTerms": true, "lastName": null}"#).expect("reads");
        let update = input.validate(today()).expect("valid");
        assert_eq!(
            update,
            ProfileUpdate {
                accepted_terms: Some(true),
                ..ProfileUpdate::default()
            }
        );
    }

    #[test]
    fn every_field_message_is_keyed_by_its_camel_case_name() {
        let input = ProfileInput {
            first_name: Some(" ".into()),
            last_name: Some(String::new()),
            date_of_birth: Some("1990-13-01".into()),
            phone_number: Some("0".into()),
            theme: Some("neon".into()),
            billing_address: Some(address("1 Main St", "", "", "")),
            shipping_address: Some(address("1 Main St", "Fargo", "XX", "5810")),
            ..ProfileInput::default()
        };
        let errors = input.validate(today()).expect_err("invalid");
        let expected: Vec<(&str, &str)> = vec![
            (
                "billingAddress",
                "Please complete all required address fields (street, city, postal code)",
            ),
            ("billingAddress.city", "City is required"),
            ("billingAddress.postalCode", "Postal code is required"),
            ("billingAddress.state", "State is required"),
            ("dateOfBirth", "Please enter a valid date"),
            ("firstName", "First name is required"),
            ("lastName", "Last name is required"),
            ("phoneNumber", "Please enter a valid phone number"),
            (
                "shippingAddress.postalCode",
                "Please enter a valid postal code (e.g., 12345 or 12345-6789)",
            ),
            ("shippingAddress.state", "Please select a valid state"),
            ("theme", "Please select a valid theme"),
        ];
        let actual: Vec<(&str, &str)> = errors
            .as_map()
            .iter()
            .flat_map(|(field, msgs)| msgs.iter().map(move |m| (field.as_str(), m.as_str())))
            .collect();
        assert_eq!(actual, expected);
        assert_eq!(
            errors.first_message(),
            Some("Please complete all required address fields (street, city, postal code)")
        );
        assert_eq!(
            errors.to_string(),
            errors.first_message().unwrap_or_default()
        );
        let json = serde_json::to_value(&errors).expect("serializes");
        assert_eq!(json["firstName"][0], "First name is required");
    }

    #[test]
    fn required_messages_of_the_profile_form() {
        let input = ProfileInput {
            date_of_birth: Some(String::new()),
            phone_number: Some(" ".into()),
            first_name: Some("x".repeat(MAX_NAME_LEN + 1)),
            ..ProfileInput::default()
        };
        let errors = input.validate(today()).expect_err("invalid");
        assert_eq!(
            messages(&errors, "dateOfBirth"),
            ["Date of birth is required"]
        );
        assert_eq!(
            messages(&errors, "phoneNumber"),
            ["Phone number is required"]
        );
        assert_eq!(
            messages(&errors, "firstName"),
            ["Please enter at most 100 characters"]
        );
    }

    #[test]
    fn field_errors_helpers() {
        let mut errors = FieldErrors::new();
        assert!(errors.is_empty());
        assert_eq!(errors.to_string(), "Invalid input");
        errors.add("city", FieldError::CityRequired);
        assert_eq!(errors.clone().into_result(1), Err(errors.clone()));
        assert_eq!(FieldErrors::new().into_result(1), Ok(1));
    }
}
