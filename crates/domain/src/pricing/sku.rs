//! Pricing helpers of the back office and SKU rules (back-office.md §5, storefront.md §9,
//! decisions.md "Stock" and "Catalogue").

use rust_decimal::Decimal;

use crate::catalogue::{Gender, Package, Size};
use crate::money::Money;

/// Why the price helper cannot price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PricingError {
    /// The cost is zero or negative.
    #[error("Cost must be above zero")]
    NonPositiveCost,
    /// The quantity is zero.
    #[error("Quantity must be at least 1")]
    ZeroQuantity,
}

/// The price helper (storefront.md §9): `ceil(cost / 2.016 / quantity * 2.65) - 0.01`.
///
/// The ceiling is taken in whole dollars, as the original shop did, so every price ends in
/// .99: a cost of 100.00 for one item gives ceil(131.448...) - 0.01 = 131.99. The computation
/// is exact (integer arithmetic on cents), so a value that is mathematically a whole number of
/// dollars is never pushed to the next dollar by a rounding error.
///
/// Used for the default unit price of a case-breakable product: the case price and the
/// package's first number (decisions.md "Stock"); see [`default_unit_price`].
///
/// # Errors
/// [`PricingError::NonPositiveCost`] for a cost of zero or less (the result would be
/// negative), [`PricingError::ZeroQuantity`] for a quantity of zero.
pub fn price_helper(cost: Money, quantity: u32) -> Result<Money, PricingError> {
    if quantity == 0 {
        return Err(PricingError::ZeroQuantity);
    }
    let cost_cents = i128::from(cost.cents());
    if cost_cents <= 0 {
        return Err(PricingError::NonPositiveCost);
    }
    // dollars = cost_cents / 100 * 2.65 / (2.016 * quantity)
    //         = cost_cents * 265 / (20160 * quantity), rounded up to a whole dollar.
    let numerator = cost_cents * 265;
    let denominator = 20_160 * i128::from(quantity);
    let dollars = (numerator + denominator - 1) / denominator;
    let dollars = i64::try_from(dollars).unwrap_or(i64::MAX / 100);
    Ok(Money::from_cents(dollars.saturating_mul(100)) - Money::from_cents(1))
}

/// The default unit price of a case-breakable product's unit product: [`price_helper`] on
/// the case price and the number of units in a case (the package's first number).
///
/// # Errors
/// [`PricingError::NonPositiveCost`] when the case price is zero or less.
pub fn default_unit_price(case_price: Money, package: &Package) -> Result<Money, PricingError> {
    price_helper(case_price, package.first())
}

/// The estimated unit price shown on the product and apparel forms: the case price divided by
/// the package's first number, rounded to cents half away from zero.
#[must_use]
pub fn estimated_unit_price(case_price: Money, package: &Package) -> Money {
    Money::round_cents(case_price.as_decimal() / Decimal::from(package.first()))
}

/// The SKU of a product's unit product: the product's SKU followed by `-u`.
#[must_use]
pub fn unit_sku(product_sku: &str) -> String {
    format!("{}-u", product_sku.trim())
}

/// The package of a unit product: 1, then the case package without its first number
/// (`[36, 1]` gives `[1, 1]`, `[12, 6]` gives `[1, 6]`, `[24]` gives `[1]`).
#[must_use]
pub fn unit_package(case_package: &Package) -> Package {
    let mut parts = vec![1];
    parts.extend(case_package.parts().iter().skip(1));
    Package::new(parts).unwrap_or_else(|_| Package::single())
}

/// The preview of an apparel variant's SKU: the base SKU, the size, the gender's first letter
/// and, when there is a colour, its first three letters uppercased, joined by dashes:
/// `APP-0001-XL-M-BLU`, or `APP-0001-XL-M` without a colour.
///
/// The size is written uppercased without blanks so that a custom size such as "One Size"
/// still makes a SKU without spaces (`ONESIZE`).
#[must_use]
pub fn variant_sku(base_sku: &str, size: &Size, gender: Gender, colour: Option<&str>) -> String {
    let size: String = size
        .as_str()
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect();
    let mut sku = format!("{}-{}-{}", base_sku.trim(), size, gender.initial());
    if let Some(colour) = colour.map(str::trim).filter(|c| !c.is_empty()) {
        sku.push('-');
        sku.extend(colour.chars().take(3).flat_map(char::to_uppercase));
    }
    sku
}

/// The prefix of apparel base SKUs.
const APPAREL_PREFIX: &str = "APP-";

/// The prefix of show SKUs.
const SHOW_PREFIX: &str = "SHOW-";

/// The apparel base SKU with number `n`: `APP-0001` (at least four digits).
#[must_use]
pub fn apparel_base_sku(n: u32) -> String {
    format!("{APPAREL_PREFIX}{n:04}")
}

/// The number of an apparel base SKU (`APP-0012` gives 12), `None` for any other SKU.
#[must_use]
pub fn apparel_base_sku_number(sku: &str) -> Option<u32> {
    sku_number(sku, APPAREL_PREFIX)
}

/// The next apparel base SKU: one more than the highest `APP-n` among `existing`, `APP-0001`
/// when there is none.
#[must_use]
pub fn next_apparel_base_sku<'a>(existing: impl IntoIterator<Item = &'a str>) -> String {
    apparel_base_sku(next_number(existing, APPAREL_PREFIX))
}

/// The show SKU with number `n`: `SHOW-7`.
#[must_use]
pub fn show_sku(n: u32) -> String {
    format!("{SHOW_PREFIX}{n}")
}

/// The next show SKU: one more than the highest `SHOW-n` among `existing`, `SHOW-1` when there
/// is none.
#[must_use]
pub fn next_show_sku<'a>(existing: impl IntoIterator<Item = &'a str>) -> String {
    show_sku(next_number(existing, SHOW_PREFIX))
}

/// The number after `prefix` when the rest is all digits.
fn sku_number(sku: &str, prefix: &str) -> Option<u32> {
    let digits = sku.trim().strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// One more than the highest number with `prefix` (1 when none).
fn next_number<'a>(existing: impl IntoIterator<Item = &'a str>, prefix: &str) -> u32 {
    existing
        .into_iter()
        .filter_map(|sku| sku_number(sku, prefix))
        .max()
        .map_or(1, |n| n.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cents(c: i64) -> Money {
        Money::from_cents(c)
    }

    fn package(text: &str) -> Package {
        Package::parse(text).expect("valid package")
    }

    #[test]
    fn the_price_helper_rounds_up_to_whole_dollars_minus_a_cent() {
        // (cost in cents, quantity, expected cents), worked by hand:
        let cases = [
            (10_000, 1, 13_199),  // 131.448... -> 132 -> 131.99
            (10_000, 36, 399),    // 3.651... -> 4 -> 3.99
            (20_160, 265, 99),    // exactly 1.00 -> 1 -> 0.99 (no spurious ceil)
            (20_160, 1, 26_499),  // exactly 265 -> 264.99
            (20_161, 1, 26_599),  // 265.0013... -> 266 -> 265.99
            (1, 1, 99),           // 0.0131... -> 1 -> 0.99
            (45_000, 12, 4_999),  // 49.29... -> 50 -> 49.99
            (120_000, 24, 6_599), // 65.72... -> 66 -> 65.99
        ];
        for (cost, quantity, expected) in cases {
            assert_eq!(
                price_helper(cents(cost), quantity),
                Ok(cents(expected)),
                "{cost} / {quantity}"
            );
        }
    }

    #[test]
    fn the_price_helper_refuses_nonsense() {
        assert_eq!(price_helper(cents(100), 0), Err(PricingError::ZeroQuantity));
        assert_eq!(
            price_helper(Money::ZERO, 1),
            Err(PricingError::NonPositiveCost)
        );
        assert_eq!(
            price_helper(Money::ZERO - cents(1), 1),
            Err(PricingError::NonPositiveCost)
        );
        assert_eq!(
            PricingError::ZeroQuantity.to_string(),
            "Quantity must be at least 1"
        );
    }

    #[test]
    fn the_default_unit_price_uses_the_units_in_a_case() {
        assert_eq!(
            default_unit_price(cents(10_000), &package("36,1")),
            Ok(cents(399))
        );
    }

    #[test]
    fn the_estimated_unit_price_is_case_price_over_the_first_number() {
        assert_eq!(
            estimated_unit_price(cents(10_000), &package("36,1")),
            cents(278)
        ); // 2.7777
        assert_eq!(
            estimated_unit_price(cents(10_000), &package("8,1")),
            cents(1_250)
        );
        assert_eq!(
            estimated_unit_price(cents(1_000), &package("3")),
            cents(333)
        );
        assert_eq!(estimated_unit_price(cents(5), &package("2")), cents(3)); // 0.025 -> 0.03
        assert_eq!(
            estimated_unit_price(cents(2_500), &package("1,1")),
            cents(2_500)
        );
    }

    #[test]
    fn unit_products_follow_their_case_product() {
        assert_eq!(unit_sku("CB-1234"), "CB-1234-u");
        assert_eq!(unit_package(&package("36,1")).parts(), &[1, 1]);
        assert_eq!(unit_package(&package("12,6")).parts(), &[1, 6]);
        assert_eq!(unit_package(&package("24")).parts(), &[1]);
        assert_eq!(unit_package(&package("4,3,2")).parts(), &[1, 3, 2]);
    }

    #[test]
    fn variant_skus_are_base_size_gender_and_colour() {
        let blue = Some("Blue");
        assert_eq!(
            variant_sku("APP-0001", &Size::Xl, Gender::Male, blue),
            "APP-0001-XL-M-BLU"
        );
        assert_eq!(
            variant_sku("APP-0001", &Size::Xxl, Gender::Female, Some("silver")),
            "APP-0001-2XL-F-SIL"
        );
        assert_eq!(
            variant_sku("APP-0002", &Size::S, Gender::Unisex, None),
            "APP-0002-S-U"
        );
        assert_eq!(
            variant_sku("APP-0002", &Size::S, Gender::Unisex, Some("  ")),
            "APP-0002-S-U"
        );
        let one_size = Size::parse("One Size").expect("custom");
        assert_eq!(
            variant_sku("APP-0003", &one_size, Gender::Unisex, Some("Red")),
            "APP-0003-ONESIZE-U-RED"
        );
    }

    #[test]
    fn base_skus_count_up() {
        assert_eq!(apparel_base_sku(1), "APP-0001");
        assert_eq!(apparel_base_sku(12_345), "APP-12345");
        assert_eq!(apparel_base_sku_number("APP-0012"), Some(12));
        assert_eq!(apparel_base_sku_number("APP-"), None);
        assert_eq!(apparel_base_sku_number("APP-12a"), None);
        assert_eq!(apparel_base_sku_number("SHOW-1"), None);
        assert_eq!(next_apparel_base_sku([]), "APP-0001");
        assert_eq!(
            next_apparel_base_sku(["APP-0002", "CB-9", "APP-0010", "APP-0003-XL-M"]),
            "APP-0011"
        );
        assert_eq!(show_sku(7), "SHOW-7");
        assert_eq!(next_show_sku(["SHOW-1", "SHOW-12", "SHOW-x"]), "SHOW-13");
        assert_eq!(next_show_sku(Vec::<&str>::new()), "SHOW-1");
    }
}
