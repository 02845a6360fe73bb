//! Phone numbers.

use serde::Serialize;

use super::errors::FieldError;

/// The longest phone number as typed (trimmed), in characters: the rule's 17 significant
/// characters (`+` and 16 digits) with room for the spaces, dashes and parentheses around them.
pub const PHONE_MAX_LEN: usize = 30;

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
    /// [`FieldError::PhoneRequired`] when blank, [`FieldError::TooLong`] beyond
    /// [`PHONE_MAX_LEN`] characters, [`FieldError::PhoneInvalid`] otherwise.
    pub fn parse(text: &str) -> Result<PhoneNumber, FieldError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(FieldError::PhoneRequired);
        }
        if text.chars().count() > PHONE_MAX_LEN {
            return Err(FieldError::TooLong(PHONE_MAX_LEN));
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
