//! Money: exact decimal amounts in dollars, always a whole number of cents.
//!
//! One rounding rule for the whole shop (decisions.md "Money"): to cents, half away from zero,
//! once per figure. The database keeps money as `i64` cents ([`Money::from_cents`],
//! [`Money::cents`]); JSON carries it as a number with at most two decimals. No float takes
//! part in any computation: the only `f64` is the one handed to the JSON serializer.
//!
//! # JSON
//! - Serialized as a JSON number: whole dollars as an integer (`12`), otherwise the nearest
//!   `f64` to the exact cent value (`12.34`), which prints back exactly: every amount up to
//!   [`Money::MAX`] has at most 15 significant digits, and a double tells apart (and prints
//!   back) every decimal of 15 significant digits.
//! - Deserialized from a JSON number or a numeric string. A float is read through its shortest
//!   round-trip decimal text (Rust's `Display` for `f64`), so `12.34` is `12.34`, never
//!   `12.339999...`. The value must have at most two decimals once trailing zeros are dropped
//!   (`"12.340"` is accepted as 12.34, `12.345` is refused), must not be negative (every amount
//!   a client may send is a price or a total) and must not exceed [`Money::MAX`].

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Sub, SubAssign};
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount of US dollars with exactly two decimals (a whole number of cents).
///
/// The value may be negative only as the result of a subtraction; every constructor that takes
/// input from outside ([`FromStr`], `Deserialize`, [`Money::parse_decimal`]) refuses negative
/// amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(Decimal);

/// Why a text, number or decimal is not an acceptable amount of money.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// Not a decimal number at all.
    #[error("Amount must be a number")]
    NotANumber,
    /// More than two decimals (fractions of a cent).
    #[error("Amount must have at most two decimals")]
    TooManyDecimals,
    /// Below zero.
    #[error("Amount must not be negative")]
    Negative,
    /// Above [`Money::MAX`].
    #[error("Amount is too large")]
    TooLarge,
}

impl Money {
    /// Zero dollars.
    pub const ZERO: Money = Money::from_cents(0);

    /// The largest amount accepted from outside: 9,999,999,999,999.99 dollars, the largest
    /// amount with 15 significant digits, which a JSON number (an IEEE double) carries exactly.
    pub const MAX: Money = Money::from_cents(999_999_999_999_999);

    /// The amount of `cents` cents (the database representation).
    #[must_use]
    pub const fn from_cents(cents: i64) -> Money {
        let negative = cents < 0;
        let magnitude = cents.unsigned_abs();
        // Split the 64-bit magnitude over the decimal's low and middle 32-bit words.
        let lo = (magnitude & 0xFFFF_FFFF) as u32;
        let mid = (magnitude >> 32) as u32;
        Money(Decimal::from_parts(lo, mid, 0, negative, 2))
    }

    /// The amount of `dollars` whole dollars.
    #[must_use]
    pub const fn from_dollars(dollars: i32) -> Money {
        Money::from_cents(dollars as i64 * 100)
    }

    /// Rounds an exact decimal to cents, half away from zero: the shop's one rounding rule.
    #[must_use]
    pub fn round_cents(value: Decimal) -> Money {
        Money::normalized(value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero))
    }

    /// An exact decimal as money, without rounding.
    ///
    /// # Errors
    /// [`MoneyError::TooManyDecimals`] when the value has fractions of a cent,
    /// [`MoneyError::Negative`] below zero and [`MoneyError::TooLarge`] above [`Money::MAX`].
    pub fn parse_decimal(value: Decimal) -> Result<Money, MoneyError> {
        if value.normalize().scale() > 2 {
            return Err(MoneyError::TooManyDecimals);
        }
        if value.is_sign_negative() && !value.is_zero() {
            return Err(MoneyError::Negative);
        }
        let money = Money::normalized(value);
        if money > Money::MAX {
            return Err(MoneyError::TooLarge);
        }
        Ok(money)
    }

    /// Keeps the scale at exactly two so that equal amounts look alike everywhere.
    fn normalized(mut value: Decimal) -> Money {
        if value.is_zero() {
            return Money::ZERO;
        }
        value.rescale(2);
        Money(value)
    }

    /// The amount in cents (the database representation).
    ///
    /// Amounts beyond the `i64` range (about 92 quadrillion dollars, unreachable from any
    /// accepted input) saturate at `i64::MIN` / `i64::MAX`.
    #[must_use]
    pub fn cents(&self) -> i64 {
        let cents = self.0 * Decimal::ONE_HUNDRED;
        cents.to_i64().unwrap_or(if cents.is_sign_negative() {
            i64::MIN
        } else {
            i64::MAX
        })
    }

    /// The exact decimal value in dollars.
    #[must_use]
    pub const fn as_decimal(&self) -> Decimal {
        self.0
    }

    /// Whether this is zero dollars.
    #[must_use]
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// Whether this is below zero.
    #[must_use]
    pub fn is_negative(&self) -> bool {
        self.0.is_sign_negative() && !self.0.is_zero()
    }

    /// This amount times an exact factor (a tax rate, a share), rounded once to cents half away
    /// from zero.
    #[must_use]
    pub fn times(&self, factor: Decimal) -> Money {
        Money::round_cents(self.0 * factor)
    }

    /// The amount as the shop shows prices, in dollars grouped by thousands: `$1,250.00`,
    /// `-$3.50` (what `formatMoney` of frontend/src/lib/format.ts writes, for the pages the
    /// server renders itself).
    #[must_use]
    pub fn dollars(&self) -> String {
        let text = self.to_string();
        let (sign, digits) = text
            .strip_prefix('-')
            .map_or(("", text.as_str()), |rest| ("-", rest));
        let (whole, cents) = digits.split_once('.').unwrap_or((digits, "00"));
        let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        format!("{sign}${grouped}.{cents}")
    }
}

impl Default for Money {
    fn default() -> Self {
        Money::ZERO
    }
}

impl fmt::Display for Money {
    /// Two decimals, no currency sign, `-` for negative amounts: `12.34`, `5.00`, `-0.01`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut value = self.0;
        value.rescale(2);
        fmt::Display::fmt(&value, f)
    }
}

impl FromStr for Money {
    type Err = MoneyError;

    /// Parses a plain decimal text such as `12.34`, `12` or ` 0.5 ` (surrounding blanks are
    /// ignored); the rules of [`Money::parse_decimal`] apply.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        // Plain decimal notation only: no exponent, no sign games beyond a leading minus.
        if text.is_empty()
            || !text
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+')
        {
            return Err(MoneyError::NotANumber);
        }
        let value = Decimal::from_str_exact(text).map_err(|_| MoneyError::NotANumber)?;
        Money::parse_decimal(value)
    }
}

impl TryFrom<Decimal> for Money {
    type Error = MoneyError;

    fn try_from(value: Decimal) -> Result<Self, Self::Error> {
        Money::parse_decimal(value)
    }
}

impl From<Money> for Decimal {
    fn from(money: Money) -> Self {
        money.0
    }
}

impl Add for Money {
    type Output = Money;

    fn add(self, rhs: Money) -> Money {
        Money::normalized(self.0 + rhs.0)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        *self = *self + rhs;
    }
}

impl Sub for Money {
    type Output = Money;

    fn sub(self, rhs: Money) -> Money {
        Money::normalized(self.0 - rhs.0)
    }
}

impl SubAssign for Money {
    fn sub_assign(&mut self, rhs: Money) {
        *self = *self - rhs;
    }
}

impl Mul<u32> for Money {
    type Output = Money;

    /// A price times a quantity (exact: cents times a whole number are still cents).
    fn mul(self, quantity: u32) -> Money {
        Money::normalized(self.0 * Decimal::from(quantity))
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Money> for Money {
    fn sum<I: Iterator<Item = &'a Money>>(iter: I) -> Money {
        iter.copied().sum()
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cents = self.cents();
        if cents % 100 == 0 {
            serializer.serialize_i64(cents / 100)
        } else {
            // Division of an exactly representable integer (< 2^53) by 100 is correctly
            // rounded, and for up to 15 significant digits the shortest round-trip printing of
            // that double is the cent value itself.
            let value = cents as f64 / 100.0;
            serializer.serialize_f64(value)
        }
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MoneyVisitor)
    }
}

/// Reads money from a JSON number or a numeric string.
struct MoneyVisitor;

impl Visitor<'_> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an amount of money with at most two decimals")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Money, E> {
        Money::parse_decimal(Decimal::from(v)).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Money, E> {
        Money::parse_decimal(Decimal::from(v)).map_err(E::custom)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Money, E> {
        if !v.is_finite() {
            return Err(E::custom(MoneyError::NotANumber));
        }
        // `Display` for f64 prints the shortest text that reads back as the same double,
        // in plain notation: exactly what the client wrote for any sensible amount.
        v.to_string().parse::<Money>().map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Money, E> {
        v.parse::<Money>().map_err(E::custom)
    }
}

/// An amount a client sends back to be compared with the server's own figure (checkout
/// amounts, decisions.md "Money"): any JSON number, rounded to cents half away from zero (so
/// `12.344` is 12.34 and `12.345` is 12.35), then bounded like any amount. A text is refused:
/// the specification's clients send numbers.
///
/// Use as `#[serde(deserialize_with = "domain::money::rounded")]`.
///
/// # Errors
/// The deserializer's error for a non-number, a negative amount or one above [`Money::MAX`].
pub fn rounded<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
    deserializer.deserialize_any(RoundedVisitor)
}

/// Reads a JSON number and rounds it to cents.
struct RoundedVisitor;

impl RoundedVisitor {
    fn accept<E: de::Error>(value: Decimal) -> Result<Money, E> {
        let money = Money::round_cents(value);
        if money.is_negative() {
            return Err(E::custom(MoneyError::Negative));
        }
        if money > Money::MAX {
            return Err(E::custom(MoneyError::TooLarge));
        }
        Ok(money)
    }
}

impl Visitor<'_> for RoundedVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an amount of money as a number")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Money, E> {
        Self::accept(Decimal::from(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Money, E> {
        Self::accept(Decimal::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Money, E> {
        if !v.is_finite() {
            return Err(E::custom(MoneyError::NotANumber));
        }
        // The shortest text that reads back as the same double: what the client wrote.
        let exact = v
            .to_string()
            .parse::<Decimal>()
            .map_err(|_| E::custom(MoneyError::TooLarge))?;
        Self::accept(exact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn dollars_are_grouped_by_thousands_with_two_decimals() {
        for (amount, text) in [
            ("0", "$0.00"),
            ("0.5", "$0.50"),
            ("66.99", "$66.99"),
            ("999.99", "$999.99"),
            ("1234.56", "$1,234.56"),
            ("1250", "$1,250.00"),
            ("1234567", "$1,234,567.00"),
            ("1234567.89", "$1,234,567.89"),
        ] {
            let money: Money = amount.parse().expect("money");
            assert_eq!(money.dollars(), text, "{amount}");
        }
        for (amount, text) in [("3.5", "-$3.50"), ("1000", "-$1,000.00")] {
            let money: Money = amount.parse().expect("money");
            assert_eq!((Money::ZERO - money).dollars(), text, "{amount}");
        }
    }

    #[derive(Debug, Deserialize)]
    struct Sent {
        #[serde(deserialize_with = "rounded")]
        amount: Money,
    }

    fn sent(json: &str) -> Result<Money, serde_json::Error> {
        serde_json::from_str::<Sent>(&format!("{{\"amount\": {json}}}")).map(|s| s.amount)
    }

    #[test]
    fn client_amounts_are_rounded_half_away_from_zero() {
        for (json, cents) in [
            ("12", 1200),
            ("12.34", 1234),
            ("12.344", 1234),
            ("12.345", 1235),
            ("100.005", 10_001),
            ("0.004", 0),
            ("1e2", 10_000),
        ] {
            assert_eq!(sent(json).expect(json).cents(), cents, "{json}");
        }
        for bad in ["-1", "-0.01", "\"12.34\"", "1e300", "null"] {
            assert!(sent(bad).is_err(), "{bad} must be refused");
        }
    }

    #[test]
    fn cents_round_trip_through_the_database_representation() {
        for cents in [
            0,
            1,
            99,
            100,
            1234,
            -1,
            -250,
            9_007_199_254_740_991,
            i64::MAX,
        ] {
            assert_eq!(Money::from_cents(cents).cents(), cents);
        }
        assert_eq!(Money::from_cents(i64::MIN).cents(), i64::MIN);
    }

    #[test]
    fn display_always_shows_two_decimals() {
        assert_eq!(Money::from_cents(1234).to_string(), "12.34");
        assert_eq!(Money::from_cents(500).to_string(), "5.00");
        assert_eq!(Money::from_cents(-1).to_string(), "-0.01");
        assert_eq!(Money::ZERO.to_string(), "0.00");
        assert_eq!(Money::from_dollars(359).to_string(), "359.00");
    }

    #[test]
    fn rounding_is_to_cents_half_away_from_zero() {
        assert_eq!(Money::round_cents(dec!(1.005)), Money::from_cents(101));
        assert_eq!(Money::round_cents(dec!(1.00499)), Money::from_cents(100));
        assert_eq!(Money::round_cents(dec!(2.675)), Money::from_cents(268));
        assert_eq!(Money::round_cents(dec!(-1.005)), Money::from_cents(-101));
        assert_eq!(Money::round_cents(dec!(0.004)), Money::ZERO);
        assert_eq!(
            Money::from_cents(1000).times(dec!(0.06875)),
            Money::from_cents(69)
        );
    }

    #[test]
    fn arithmetic_is_exact() {
        let a = Money::from_cents(10);
        let b = Money::from_cents(20);
        assert_eq!(a + b, Money::from_cents(30));
        assert_eq!(a - b, Money::from_cents(-10));
        assert_eq!(Money::from_cents(1999) * 3, Money::from_cents(5997));
        assert_eq!(
            Money::from_cents(1999) * std::hint::black_box(0),
            Money::ZERO
        );
        let total: Money = [a, b, a].iter().sum();
        assert_eq!(total, Money::from_cents(40));
        let total: Money = vec![a, b].into_iter().sum();
        assert_eq!(total, Money::from_cents(30));
        let mut c = a;
        c += b;
        c -= a;
        assert_eq!(c, b);
        assert!((a - b).is_negative());
        assert!(!Money::ZERO.is_negative());
        assert!((a - a).is_zero());
        assert_eq!(Money::default(), Money::ZERO);
    }

    #[test]
    fn equal_amounts_are_equal_whatever_their_origin() {
        assert_eq!("12.3".parse::<Money>(), Ok(Money::from_cents(1230)));
        assert_eq!("12.30".parse::<Money>(), Ok(Money::from_cents(1230)));
        assert_eq!(Money::round_cents(dec!(12.3)), Money::from_cents(1230));
        assert_eq!(Money::from_cents(1230).as_decimal().scale(), 2);
    }

    #[test]
    fn parsing_text_follows_the_money_rules() {
        assert_eq!("12.34".parse::<Money>(), Ok(Money::from_cents(1234)));
        assert_eq!(" 7 ".parse::<Money>(), Ok(Money::from_cents(700)));
        assert_eq!("12.340".parse::<Money>(), Ok(Money::from_cents(1234)));
        assert_eq!("12.345".parse::<Money>(), Err(MoneyError::TooManyDecimals));
        assert_eq!("-1".parse::<Money>(), Err(MoneyError::Negative));
        assert_eq!("-0".parse::<Money>(), Ok(Money::ZERO));
        assert_eq!("abc".parse::<Money>(), Err(MoneyError::NotANumber));
        assert_eq!("".parse::<Money>(), Err(MoneyError::NotANumber));
        assert_eq!("1e3".parse::<Money>(), Err(MoneyError::NotANumber));
        assert_eq!("10000000000000".parse::<Money>(), Err(MoneyError::TooLarge));
        assert_eq!("9999999999999.99".parse::<Money>(), Ok(Money::MAX));
        assert_eq!(
            Money::try_from(dec!(0.001)),
            Err(MoneyError::TooManyDecimals)
        );
        assert_eq!(Decimal::from(Money::from_cents(5)), dec!(0.05));
    }

    #[test]
    fn json_is_a_number_with_at_most_two_decimals() {
        let cases = [
            (1234, "12.34"),
            (1200, "12"),
            (1230, "12.3"),
            (1, "0.01"),
            (0, "0"),
            (10, "0.1"),
            (999_999_999_999_999, "9999999999999.99"),
            (999_999_999_999_901, "9999999999999.01"),
        ];
        for (cents, json) in cases {
            let money = Money::from_cents(cents);
            assert_eq!(serde_json::to_string(&money).expect("serializes"), json);
            let back: Money = serde_json::from_str(json).expect("deserializes");
            assert_eq!(back, money);
        }
    }

    #[test]
    fn json_input_is_read_through_its_shortest_decimal_text() {
        let read = |json: &str| serde_json::from_str::<Money>(json);
        assert_eq!(read("0.3").expect("valid"), Money::from_cents(30));
        assert_eq!(read("1179.99").expect("valid"), Money::from_cents(117_999));
        assert_eq!(read("\"19.99\"").expect("valid"), Money::from_cents(1999));
        assert_eq!(read("1.50").expect("valid"), Money::from_cents(150));
        assert_eq!(read("15").expect("valid"), Money::from_cents(1500));
        assert!(read("12.345").is_err());
        assert!(read("-1").is_err());
        assert!(read("-0.5").is_err());
        assert!(read("\"12.345\"").is_err());
        assert!(read("\"abc\"").is_err());
        assert!(read("true").is_err());
        assert!(read("1e300").is_err());
        assert!(read("null").is_err());
    }

    #[test]
    fn every_cent_up_to_a_thousand_dollars_survives_json() {
        for cents in 0..100_000 {
            let money = Money::from_cents(cents);
            let json = serde_json::to_string(&money).expect("serializes");
            assert_eq!(
                serde_json::from_str::<Money>(&json).expect("deserializes"),
                money
            );
        }
    }
}
