//! Cart lines as the money rules see them, and the order type they make
//! (decisions.md "Order type", storefront.md §4).

use crate::macros::string_enum;
use crate::money::Money;

/// A text that is not one of the five order types.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid order type")]
pub struct InvalidOrderType;

string_enum! {
    /// What kind of order a cart makes; it picks the shipping table.
    pub enum OrderType: InvalidOrderType {
        /// At least one line is a show: ships free.
        Show => "show",
        /// Every line is apparel: flat apparel shipping.
        ApparelOnly => "apparelOnly",
        /// Units only, no case (the case subtotal is zero).
        Retail => "retail",
        /// Cases, with units under a quarter of the subtotal.
        Wholesale => "wholesale",
        /// Cases and units, units making a quarter of the subtotal or more.
        Combo => "combo",
    }
}

/// What a cart line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A fireworks product, bought by the case and/or by the unit.
    Firework,
    /// A show (a bundle of products), bought by the case.
    Show,
    /// An apparel variant, bought by the item at the variant's unit price.
    Apparel,
}

/// Why a cart line cannot be priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Units were asked for on a product that has no unit product (not case-breakable).
    #[error("This product is not sold by the unit")]
    NoUnitPrice,
    /// A negative price reached the money rules.
    #[error("A price cannot be negative")]
    NegativePrice,
}

/// One cart line, priced: everything the money rules need to know about it.
///
/// Built through [`QuoteLine::firework`], [`QuoteLine::show`] or [`QuoteLine::apparel`], so a
/// line can never ask for units without a unit price nor carry a negative price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuoteLine {
    kind: LineKind,
    case_price: Money,
    unit_price: Option<Money>,
    case_quantity: u32,
    unit_quantity: u32,
}

/// Refuses negative prices.
fn non_negative(price: Money) -> Result<Money, LineError> {
    if price.is_negative() {
        Err(LineError::NegativePrice)
    } else {
        Ok(price)
    }
}

impl QuoteLine {
    /// A fireworks product line: `case_quantity` cases at `case_price` and `unit_quantity` units
    /// at `unit_price` (the unit product's price, `None` when the product has no unit product).
    ///
    /// # Errors
    /// [`LineError::NoUnitPrice`] when units are asked for without a unit price,
    /// [`LineError::NegativePrice`] when a price is below zero.
    pub fn firework(
        case_price: Money,
        unit_price: Option<Money>,
        case_quantity: u32,
        unit_quantity: u32,
    ) -> Result<QuoteLine, LineError> {
        if unit_quantity > 0 && unit_price.is_none() {
            return Err(LineError::NoUnitPrice);
        }
        Ok(QuoteLine {
            kind: LineKind::Firework,
            case_price: non_negative(case_price)?,
            unit_price: unit_price.map(non_negative).transpose()?,
            case_quantity,
            unit_quantity,
        })
    }

    /// A show line: `quantity` shows at the show's `case_price`.
    ///
    /// # Errors
    /// [`LineError::NegativePrice`] when the price is below zero.
    pub fn show(case_price: Money, quantity: u32) -> Result<QuoteLine, LineError> {
        Ok(QuoteLine {
            kind: LineKind::Show,
            case_price: non_negative(case_price)?,
            unit_price: None,
            case_quantity: quantity,
            unit_quantity: 0,
        })
    }

    /// An apparel line: `quantity` items of one variant at the variant's `unit_price`.
    ///
    /// `quantity` is the line's whole item count (for a cart line, its case quantity plus its
    /// unit quantity): apparel is always priced per item and counts as units for the order type.
    ///
    /// # Errors
    /// [`LineError::NegativePrice`] when the price is below zero.
    pub fn apparel(unit_price: Money, quantity: u32) -> Result<QuoteLine, LineError> {
        Ok(QuoteLine {
            kind: LineKind::Apparel,
            case_price: Money::ZERO,
            unit_price: Some(non_negative(unit_price)?),
            case_quantity: 0,
            unit_quantity: quantity,
        })
    }

    /// What the line holds.
    #[must_use]
    pub const fn kind(&self) -> LineKind {
        self.kind
    }

    /// The price of one case (zero for apparel).
    #[must_use]
    pub const fn case_price(&self) -> Money {
        self.case_price
    }

    /// The price of one unit or apparel item, if the line has one.
    #[must_use]
    pub const fn unit_price(&self) -> Option<Money> {
        self.unit_price
    }

    /// Cases (or shows) on the line.
    #[must_use]
    pub const fn case_quantity(&self) -> u32 {
        self.case_quantity
    }

    /// Units (or apparel items) on the line.
    #[must_use]
    pub const fn unit_quantity(&self) -> u32 {
        self.unit_quantity
    }

    /// Case price times case quantity.
    #[must_use]
    pub fn case_amount(&self) -> Money {
        self.case_price * self.case_quantity
    }

    /// Unit price times unit quantity (zero without units).
    #[must_use]
    pub fn unit_amount(&self) -> Money {
        self.unit_price.unwrap_or(Money::ZERO) * self.unit_quantity
    }

    /// The line's subtotal: cases plus units.
    #[must_use]
    pub fn subtotal(&self) -> Money {
        self.case_amount() + self.unit_amount()
    }
}

/// The subtotal of a cart: the sum of its lines' subtotals.
#[must_use]
pub fn subtotal_of(lines: &[QuoteLine]) -> Money {
    lines.iter().map(QuoteLine::subtotal).sum()
}

/// The order type of a cart (decisions.md "Order type"), by value, in this order:
///
/// 1. [`OrderType::Show`] if any line is a show;
/// 2. [`OrderType::ApparelOnly`] if there are lines and every one is apparel;
/// 3. otherwise, with `caseSubtotal` the sum of case amounts and `unitSubtotal` the sum of unit
///    amounts (apparel lines count as units): [`OrderType::Retail`] when `caseSubtotal` is zero,
///    [`OrderType::Wholesale`] when `unitSubtotal` is zero or under 25 % of the subtotal,
///    [`OrderType::Combo`] otherwise (exactly 25 % is combo).
///
/// An empty cart is `Retail` (its case subtotal is zero); [`crate::quote::quote`] refuses to
/// check it out anyway.
#[must_use]
pub fn order_type_of(lines: &[QuoteLine]) -> OrderType {
    if lines.iter().any(|line| line.kind == LineKind::Show) {
        return OrderType::Show;
    }
    if !lines.is_empty() && lines.iter().all(|line| line.kind == LineKind::Apparel) {
        return OrderType::ApparelOnly;
    }
    let (case_subtotal, unit_subtotal) = lines.iter().fold(
        (Money::ZERO, Money::ZERO),
        |(cases, units), line| match line.kind {
            LineKind::Apparel => (cases, units + line.subtotal()),
            LineKind::Firework | LineKind::Show => {
                (cases + line.case_amount(), units + line.unit_amount())
            }
        },
    );
    if case_subtotal.is_zero() {
        OrderType::Retail
    } else if unit_subtotal.is_zero() {
        OrderType::Wholesale
    } else {
        // unit / (case + unit) < 1/4  <=>  4 * unit < case + unit: exact, no division.
        let total = case_subtotal + unit_subtotal;
        if unit_subtotal * 4 < total {
            OrderType::Wholesale
        } else {
            OrderType::Combo
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cents(c: i64) -> Money {
        Money::from_cents(c)
    }

    fn firework(case_price: i64, unit_price: Option<i64>, cases: u32, units: u32) -> QuoteLine {
        QuoteLine::firework(cents(case_price), unit_price.map(cents), cases, units)
            .expect("a valid line")
    }

    fn apparel(price: i64, quantity: u32) -> QuoteLine {
        QuoteLine::apparel(cents(price), quantity).expect("a valid line")
    }

    fn show(price: i64, quantity: u32) -> QuoteLine {
        QuoteLine::show(cents(price), quantity).expect("a valid line")
    }

    #[test]
    fn order_type_boundaries() {
        // One case a line: what it checks, the lines, the order type they make.
        #[rustfmt::skip]
        let cases: Vec<(&str, Vec<QuoteLine>, OrderType)> = vec![
            ("only cases", vec![firework(10_000, Some(1_000), 3, 0)], OrderType::Wholesale),
            ("only units", vec![firework(10_000, Some(1_000), 0, 3)], OrderType::Retail),
            ("units exactly 25 %: 1 case at 300, units 100", vec![firework(30_000, Some(1_000), 1, 10)], OrderType::Combo),
            ("units one cent under 25 %", vec![firework(30_003, Some(1_000), 1, 10)], OrderType::Wholesale),
            ("units one cent over 25 %", vec![firework(29_997, Some(1_000), 1, 10)], OrderType::Combo),
            ("units across two lines at exactly 25 %", vec![firework(30_000, None, 1, 0), firework(5_000, Some(5_000), 0, 2)], OrderType::Combo),
            ("a show among fireworks", vec![firework(10_000, Some(1_000), 1, 1), show(50_000, 1)], OrderType::Show),
            ("a show alone", vec![show(50_000, 2)], OrderType::Show),
            ("a show with apparel", vec![apparel(2_000, 1), show(50_000, 1)], OrderType::Show),
            ("apparel only", vec![apparel(2_000, 1), apparel(3_000, 2)], OrderType::ApparelOnly),
            ("apparel with units only is retail", vec![apparel(2_000, 1), firework(10_000, Some(1_000), 0, 1)], OrderType::Retail),
            ("apparel counts as units: 300 case + 100 apparel is exactly 25 %", vec![firework(30_000, None, 1, 0), apparel(10_000, 1)], OrderType::Combo),
            ("a little apparel with cases is wholesale", vec![firework(30_000, None, 1, 0), apparel(9_999, 1)], OrderType::Wholesale),
            ("an empty cart", vec![], OrderType::Retail),
            ("zero-quantity case line with units", vec![firework(30_000, Some(1_000), 0, 1)], OrderType::Retail),
            ("free cases are no cases", vec![firework(0, Some(1_000), 5, 1)], OrderType::Retail),
        ];
        for (name, lines, expected) in cases {
            assert_eq!(order_type_of(&lines), expected, "{name}");
        }
    }

    #[test]
    fn line_amounts() {
        let line = firework(12_000, Some(1_099), 2, 3);
        assert_eq!(line.case_amount(), cents(24_000));
        assert_eq!(line.unit_amount(), cents(3_297));
        assert_eq!(line.subtotal(), cents(27_297));
        assert_eq!(apparel(2_550, 4).subtotal(), cents(10_200));
        assert_eq!(show(99_999, 2).subtotal(), cents(199_998));
        assert_eq!(
            subtotal_of(&[line, apparel(100, 1), show(1, 1)]),
            cents(27_398)
        );
        assert_eq!(line.kind(), LineKind::Firework);
        assert_eq!(line.case_price(), cents(12_000));
        assert_eq!(line.unit_price(), Some(cents(1_099)));
        assert_eq!((line.case_quantity(), line.unit_quantity()), (2, 3));
    }

    #[test]
    fn invalid_lines_are_refused() {
        assert_eq!(
            QuoteLine::firework(cents(100), None, 1, 1),
            Err(LineError::NoUnitPrice)
        );
        assert!(QuoteLine::firework(cents(100), None, 1, 0).is_ok());
        assert_eq!(
            QuoteLine::firework(cents(-1), None, 1, 0),
            Err(LineError::NegativePrice)
        );
        assert_eq!(
            QuoteLine::firework(cents(1), Some(cents(-1)), 1, 0),
            Err(LineError::NegativePrice)
        );
        assert_eq!(QuoteLine::show(cents(-1), 1), Err(LineError::NegativePrice));
        assert_eq!(
            QuoteLine::apparel(cents(-1), 1),
            Err(LineError::NegativePrice)
        );
    }

    #[test]
    fn order_types_travel_as_the_spec_spells_them() {
        let words: Vec<_> = OrderType::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(
            words,
            ["show", "apparelOnly", "retail", "wholesale", "combo"]
        );
        for t in OrderType::ALL {
            assert_eq!(t.as_str().parse::<OrderType>(), Ok(*t));
            let json = serde_json::to_string(t).expect("serializes");
            assert_eq!(json, format!("\"{t}\""));
            assert_eq!(serde_json::from_str::<OrderType>(&json).expect("reads"), *t);
        }
        assert_eq!("Show".parse::<OrderType>(), Err(InvalidOrderType));
        assert!(serde_json::from_str::<OrderType>("\"apparel_only\"").is_err());
    }
}
