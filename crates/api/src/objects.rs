//! Nested objects in request bodies read only from JSON objects. serde's derived structs also
//! read an array of their fields in order (`[null, null]` as `{"a": null, "b": null}`), which
//! the OpenAPI document does not allow; fields holding a nested struct use these
//! (`#[serde(deserialize_with = "crate::objects::one")]`, `optional`, `many`). The body itself
//! is checked by `text_guard`.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

fn object<T: DeserializeOwned, E: serde::de::Error>(value: Value) -> Result<T, E> {
    if !value.is_object() {
        return Err(E::custom("expected a JSON object"));
    }
    serde_json::from_value(value).map_err(E::custom)
}

/// A nested struct, from an object only.
///
/// # Errors
/// Anything but an object, or the struct's own errors.
pub fn one<'de, D: Deserializer<'de>, T: DeserializeOwned>(deserializer: D) -> Result<T, D::Error> {
    object(Value::deserialize(deserializer)?)
}

/// An optional nested struct: `null` (or absent, with `#[serde(default)]`) or an object.
///
/// # Errors
/// As [`one`].
pub fn optional<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    match Value::deserialize(deserializer)? {
        Value::Null => Ok(None),
        value => object(value).map(Some),
    }
}

/// A list of nested structs, each from an object.
///
/// # Errors
/// Anything but an array of objects, or an item's own errors.
pub fn many<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    match Value::deserialize(deserializer)? {
        Value::Array(items) => items.into_iter().map(object).collect(),
        _ => Err(D::Error::custom("expected a JSON array")),
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        a: Option<i32>,
    }

    #[derive(Debug, Deserialize)]
    struct Outer {
        #[serde(deserialize_with = "super::one")]
        one: Inner,
        #[serde(default, deserialize_with = "super::optional")]
        optional: Option<Inner>,
        #[serde(default, deserialize_with = "super::many")]
        many: Vec<Inner>,
    }

    fn read(json: &str) -> Option<Outer> {
        serde_json::from_str(json).ok()
    }

    #[test]
    fn nested_structs_come_from_objects_only() {
        let ok = read(r#"{"one": {"a": 1}, "optional": null, "many": [{"a": 2}]}"#);
        assert_eq!(
            ok.map(|o| (o.one, o.optional, o.many)),
            Some((Inner { a: Some(1) }, None, vec![Inner { a: Some(2) }]))
        );
        assert!(read(r#"{"one": {}}"#).is_some_and(|o| o.optional.is_none() && o.many.is_empty()));
        assert!(read(r#"{"one": [null]}"#).is_none());
        assert!(read(r#"{"one": {}, "optional": [1]}"#).is_none());
        assert!(read(r#"{"one": {}, "many": [[2]]}"#).is_none());
        assert!(read(r#"{"one": {}, "many": {"a": 1}}"#).is_none());
    }
}
