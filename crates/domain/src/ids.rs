//! Typed identifiers. Every row id is a UUID text made by the storage adapter; wrapping it in a
//! type per kind means a product id cannot be passed where a user id is expected.
//!
//! Two ways in: `From<String>` / `From<&str>` take the adapter's own rows (and test literals)
//! as they are, and [`FromStr`](std::str::FromStr) (`text.parse::<ProductId>()`) checks text
//! from outside (a path or a request body) with [`IdError`]. `TryFrom<String>` cannot be the
//! checked one while `From<String>` exists (the standard library's blanket `TryFrom` for every
//! `From` would clash), and keeping `From` leaves the adapter's row mapping untouched.

/// Longest id accepted from outside (the adapter's UUIDs are 36 characters).
pub const MAX_ID_LEN: usize = 64;

/// Why a text from outside is not an id of any kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// Empty text.
    #[error("id is empty")]
    Empty,
    /// Longer than [`MAX_ID_LEN`] characters.
    #[error("id is longer than {MAX_ID_LEN} characters")]
    TooLong,
    /// A character other than ASCII letters, digits, `-` and `_`.
    #[error("id has a character other than letters, digits, '-' and '_'")]
    BadCharacter,
}

/// Checks a text from outside as an id: 1 to [`MAX_ID_LEN`] characters of `[A-Za-z0-9_-]`.
///
/// # Errors
/// [`IdError`] says which rule the text breaks.
pub fn check_id(text: &str) -> Result<&str, IdError> {
    if text.is_empty() {
        Err(IdError::Empty)
    } else if text.len() > MAX_ID_LEN {
        Err(IdError::TooLong)
    } else if !text
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Err(IdError::BadCharacter)
    } else {
        Ok(text)
    }
}

/// Declares an id newtype over `String`: `From<String>`, `From<&str>` (trusted rows), `FromStr`
/// (checked text from outside), `as_str`, `Display`, serialized as the plain string.
macro_rules! id_type {
    ($( $(#[$meta:meta])* $name:ident ),+ $(,)?) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The id as text.
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The id as an owned text.
            #[must_use]
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                $name(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                $name(id.to_owned())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::str::FromStr for $name {
            type Err = IdError;

            /// Checks a text from outside (a path or a body) with [`check_id`].
            fn from_str(text: &str) -> Result<Self, IdError> {
                check_id(text).map(|id| $name(id.to_owned()))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }
    )+};
}

id_type! {
    /// A user (account).
    UserId,
    /// A customer profile.
    ProfileId,
    /// A cart.
    CartId,
    /// A product of any kind (firework, show, apparel).
    ProductId,
    /// An apparel variant.
    VariantId,
    /// An order.
    OrderId,
    /// A freight terminal.
    TerminalId,
    /// A postal address.
    AddressId,
    /// A checkout payment session.
    SessionId,
    /// A brand (a vocabulary term).
    BrandId,
    /// A category (a vocabulary term).
    CategoryId,
    /// A colour (a vocabulary term; `colorId` in JSON).
    ColourId,
    /// A line of a cart.
    CartLineId,
    /// A case break request.
    CaseBreakId,
    /// A stored report (back-office reports and their background job).
    ReportId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_travel_as_plain_strings() {
        let id = ProductId::from("p-1");
        assert_eq!(id.as_str(), "p-1");
        assert_eq!(serde_json::to_string(&id).expect("json"), "\"p-1\"");
        let back: ProductId = serde_json::from_str("\"p-1\"").expect("json");
        assert_eq!(back, id);
        assert_eq!(id.to_string(), "p-1");
    }

    #[test]
    fn ids_from_outside_are_checked() {
        let uuid = "0b6a3c1e-5f2d-4c8e-9a7b-1d2e3f4a5b6c";
        assert_eq!(
            uuid.parse::<ReportId>().map(String::from),
            Ok(uuid.to_owned())
        );
        assert_eq!(
            "seed_brand-7".parse::<BrandId>().map(String::from),
            Ok("seed_brand-7".to_owned())
        );
        assert_eq!(
            "x".repeat(MAX_ID_LEN)
                .parse::<CaseBreakId>()
                .map(|id| id.as_str().len()),
            Ok(MAX_ID_LEN)
        );
        for (text, why) in [
            ("", IdError::Empty),
            (&*"x".repeat(MAX_ID_LEN + 1), IdError::TooLong),
            ("a b", IdError::BadCharacter),
            ("a/b", IdError::BadCharacter),
            ("../x", IdError::BadCharacter),
            ("é", IdError::BadCharacter),
            ("a%20", IdError::BadCharacter),
        ] {
            assert_eq!(text.parse::<ColourId>(), Err(why), "{text:?}");
        }
    }
}
