//! Typed identifiers. Every row id is a UUID text made by the storage adapter; wrapping it in a
//! type per kind means a product id cannot be passed where a user id is expected.

/// Declares an id newtype over `String`: `From<String>`, `From<&str>`, `as_str`, `Display`,
/// serialized as the plain string.
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
}
