//! Whole numbers in request bodies, as JSON Schema's `integer` means them: `815` and `815.0`
//! are the same integer (a client's JSON library may print either), `815.5` is not one.
//! Fields use `#[serde(deserialize_with = "crate::whole::number")]` (or `optional`).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::Deserializer;

/// Reads a whole number that fits `T` from a JSON integer or a float without a fraction.
///
/// # Errors
/// A fraction, a number outside `T`, or another JSON type.
pub fn number<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64> + TryFrom<u64>,
{
    deserializer.deserialize_any(Whole(PhantomData))
}

/// [`number`] for an optional field (`null` or absent: `None`; pair with `#[serde(default)]`).
///
/// # Errors
/// As [`number`].
pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64> + TryFrom<u64>,
{
    deserializer.deserialize_option(Optional(PhantomData))
}

struct Whole<T>(PhantomData<T>);

impl<T: TryFrom<i64> + TryFrom<u64>> Visitor<'_> for Whole<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        T::try_from(v).map_err(|_| E::custom(format_args!("{v} is out of range")))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        T::try_from(v).map_err(|_| E::custom(format_args!("{v} is out of range")))
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "the value is checked to be whole and inside i64's range first"
    )]
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
        // 2^63 as a float: every whole float below it (and from -2^63) is an exact i64.
        const LIMIT: f64 = 9_223_372_036_854_775_808.0;
        if v.fract() != 0.0 || !(-LIMIT..LIMIT).contains(&v) {
            return Err(E::custom(format_args!(
                "{v} is not a whole number in range"
            )));
        }
        self.visit_i64(v as i64)
    }
}

struct Optional<T>(PhantomData<T>);

impl<'de, T: TryFrom<i64> + TryFrom<u64>> Visitor<'de> for Optional<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number or null")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        number(deserializer).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Body {
        #[serde(deserialize_with = "super::number")]
        n: u32,
        #[serde(default, deserialize_with = "super::optional")]
        o: Option<i64>,
    }

    fn read(json: &str) -> Option<(u32, Option<i64>)> {
        serde_json::from_str::<Body>(json).ok().map(|b| (b.n, b.o))
    }

    #[test]
    fn integers_and_whole_floats_are_read_fractions_and_overflow_refused() {
        assert_eq!(read(r#"{"n": 815}"#), Some((815, None)));
        assert_eq!(read(r#"{"n": 815.0, "o": -3.0}"#), Some((815, Some(-3))));
        assert_eq!(read(r#"{"n": 1, "o": null}"#), Some((1, None)));
        assert_eq!(read(r#"{"n": 815.5}"#), None);
        assert_eq!(read(r#"{"n": -1}"#), None);
        assert_eq!(read(r#"{"n": 4294967296}"#), None);
        assert_eq!(read(r#"{"n": 1e300}"#), None);
        assert_eq!(read(r#"{"n": "5"}"#), None);
        assert_eq!(read(r#"{"n": 1, "o": 9223372036854775808.0}"#), None);
    }
}
