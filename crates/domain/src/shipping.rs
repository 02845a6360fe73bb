//! Shipping tables and the liftgate fee (storefront.md §9, decisions.md "Order type").
//!
//! The tables are data, published as they are at `GET /api/shipping/rates`: for each order
//! type, tiers with the highest minimum first; the first tier whose minimum the order amount
//! (the subtotal) reaches applies. Each tier gives a price for delivery anywhere and one for
//! delivery to a freight terminal.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::money::Money;
use crate::order::OrderType;
use crate::state::{tax_table, TaxRate, UsState, NON_SHIPPED_STATES};

/// One row of a shipping table: orders of at least `minimum` ship for `anywhere`, or for
/// `terminal` when shipped to a freight terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Tier {
    /// The smallest order amount (subtotal) this row applies to.
    pub minimum: Money,
    /// Shipping to any address.
    pub anywhere: Money,
    /// Shipping to a freight terminal.
    pub terminal: Money,
}

/// Where a shipment goes, as far as its price is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// Any street address.
    Anywhere,
    /// A freight carrier's terminal.
    Terminal,
}

impl Column {
    /// `Terminal` when shipping to a terminal, `Anywhere` otherwise.
    #[must_use]
    pub const fn for_destination(to_terminal: bool) -> Column {
        if to_terminal {
            Column::Terminal
        } else {
            Column::Anywhere
        }
    }
}

impl Tier {
    /// The price of this row in a column.
    #[must_use]
    pub const fn price(&self, column: Column) -> Money {
        match column {
            Column::Anywhere => self.anywhere,
            Column::Terminal => self.terminal,
        }
    }
}

/// The liftgate fee: 100 dollars, when asked for, never for a terminal.
pub const LIFT_GATE_FEE: Money = Money::from_dollars(100);

/// Shipping of an order holding a show: free.
pub const SHOW_SHIPPING: Money = Money::ZERO;

/// Shipping of an order of apparel only: 10 dollars.
pub const APPAREL_ONLY_SHIPPING: Money = Money::from_dollars(10);

/// Builds a tier from whole dollars.
const fn tier(minimum: i32, anywhere: i32, terminal: i32) -> Tier {
    Tier {
        minimum: Money::from_dollars(minimum),
        anywhere: Money::from_dollars(anywhere),
        terminal: Money::from_dollars(terminal),
    }
}

/// Retail: 1500+ 0/0; 1250+ 100/0; 1000+ 150/150; 750+ 250/200; 500+ 300/250; 350+ 350/300;
/// below 350 359/359.
#[rustfmt::skip]
static RETAIL: [Tier; 7] = [
    tier(1500, 0, 0), tier(1250, 100, 0), tier(1000, 150, 150), tier(750, 250, 200),
    tier(500, 300, 250), tier(350, 350, 300), tier(0, 359, 359),
];

/// Wholesale: 7500+ 0/0; 3500+ 0/0; 2500+ 100/100; 2000+ 150/150; 1500+ 250/250;
/// 1250+ 300/300; below 1250 358/358.
#[rustfmt::skip]
static WHOLESALE: [Tier; 7] = [
    tier(7500, 0, 0), tier(3500, 0, 0), tier(2500, 100, 100), tier(2000, 150, 150),
    tier(1500, 250, 250), tier(1250, 300, 300), tier(0, 358, 358),
];

/// Combo: 3000+ 0/0; 2000+ 0/0; 1500+ 150/150; 750+ 300/300; below 750 359/359.
#[rustfmt::skip]
static COMBO: [Tier; 5] = [
    tier(3000, 0, 0), tier(2000, 0, 0), tier(1500, 150, 150), tier(750, 300, 300),
    tier(0, 359, 359),
];

/// Shows ship free whatever the amount.
static SHOW: [Tier; 1] = [Tier {
    minimum: Money::ZERO,
    anywhere: SHOW_SHIPPING,
    terminal: SHOW_SHIPPING,
}];

/// Apparel-only orders ship for a flat fee.
static APPAREL_ONLY: [Tier; 1] = [Tier {
    minimum: Money::ZERO,
    anywhere: APPAREL_ONLY_SHIPPING,
    terminal: APPAREL_ONLY_SHIPPING,
}];

/// The shipping table of an order type, highest minimum first; the last row's minimum is
/// zero. Shows and apparel-only orders have a single flat row.
#[must_use]
pub fn table(order_type: OrderType) -> &'static [Tier] {
    match order_type {
        OrderType::Show => &SHOW,
        OrderType::ApparelOnly => &APPAREL_ONLY,
        OrderType::Retail => &RETAIL,
        OrderType::Wholesale => &WHOLESALE,
        OrderType::Combo => &COMBO,
    }
}

/// Shipping for an order: the row of the order type's table with the highest minimum the
/// `amount` (the subtotal) reaches, in the destination's column.
#[must_use]
pub fn shipping_for(order_type: OrderType, amount: Money, to_terminal: bool) -> Money {
    let column = Column::for_destination(to_terminal);
    table(order_type)
        .iter()
        .find(|tier| amount >= tier.minimum)
        // Every table ends with a zero minimum, so only a negative amount falls through;
        // it is charged like the smallest order.
        .or_else(|| table(order_type).last())
        .map_or(Money::ZERO, |tier| tier.price(column))
}

/// The liftgate fee of an order: [`LIFT_GATE_FEE`] when asked for, zero otherwise and always
/// zero for a terminal (a terminal has a loading dock).
#[must_use]
pub const fn lift_gate_fee(requested: bool, to_terminal: bool) -> Money {
    if requested && !to_terminal {
        LIFT_GATE_FEE
    } else {
        Money::ZERO
    }
}

/// The tiered tables, for publishing: `{retail, wholesale, combo}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Tables {
    /// [`table`] of [`OrderType::Retail`].
    pub retail: &'static [Tier],
    /// [`table`] of [`OrderType::Wholesale`].
    pub wholesale: &'static [Tier],
    /// [`table`] of [`OrderType::Combo`].
    pub combo: &'static [Tier],
}

/// Everything a client needs to show the shop's shipping and tax rules, as published at
/// `GET /api/shipping/rates`: `{liftGateFee, showShipping, apparelOnlyShipping, tables:
/// {retail, wholesale, combo}, nonShippedStates, taxRates: {AL: 0.04, ...}}`. Clients only
/// display it; every figure of an order still comes from [`crate::quote::quote`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rates {
    /// [`LIFT_GATE_FEE`].
    pub lift_gate_fee: Money,
    /// [`SHOW_SHIPPING`].
    pub show_shipping: Money,
    /// [`APPAREL_ONLY_SHIPPING`].
    pub apparel_only_shipping: Money,
    /// The tiered tables, highest minimum first.
    pub tables: Tables,
    /// AK, HI, MA.
    pub non_shipped_states: [UsState; 3],
    /// The tax rate of every shipped state, by code.
    pub tax_rates: BTreeMap<UsState, TaxRate>,
}

/// The shop's shipping and tax rules as data (see [`Rates`]).
#[must_use]
pub fn rates() -> Rates {
    Rates {
        lift_gate_fee: LIFT_GATE_FEE,
        show_shipping: SHOW_SHIPPING,
        apparel_only_shipping: APPAREL_ONLY_SHIPPING,
        tables: Tables {
            retail: table(OrderType::Retail),
            wholesale: table(OrderType::Wholesale),
            combo: table(OrderType::Combo),
        },
        non_shipped_states: NON_SHIPPED_STATES,
        tax_rates: tax_table().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (order type, minimum in dollars, anywhere, terminal), copied by hand from
    /// storefront.md §9 as the test oracle, highest minimum first.
    const SPEC: &[(OrderType, i64, i64, i64)] = &[
        (OrderType::Retail, 1500, 0, 0),
        (OrderType::Retail, 1250, 100, 0),
        (OrderType::Retail, 1000, 150, 150),
        (OrderType::Retail, 750, 250, 200),
        (OrderType::Retail, 500, 300, 250),
        (OrderType::Retail, 350, 350, 300),
        (OrderType::Retail, 0, 359, 359),
        (OrderType::Wholesale, 7500, 0, 0),
        (OrderType::Wholesale, 3500, 0, 0),
        (OrderType::Wholesale, 2500, 100, 100),
        (OrderType::Wholesale, 2000, 150, 150),
        (OrderType::Wholesale, 1500, 250, 250),
        (OrderType::Wholesale, 1250, 300, 300),
        (OrderType::Wholesale, 0, 358, 358),
        (OrderType::Combo, 3000, 0, 0),
        (OrderType::Combo, 2000, 0, 0),
        (OrderType::Combo, 1500, 150, 150),
        (OrderType::Combo, 750, 300, 300),
        (OrderType::Combo, 0, 359, 359),
    ];

    fn dollars(d: i64) -> Money {
        Money::from_cents(d * 100)
    }

    /// The spec's rows of one order type.
    fn rows(order_type: OrderType) -> Vec<(i64, i64, i64)> {
        SPEC.iter()
            .filter(|row| row.0 == order_type)
            .map(|&(_, m, a, t)| (m, a, t))
            .collect()
    }

    #[test]
    fn the_tables_are_the_specifications() {
        for order_type in [OrderType::Retail, OrderType::Wholesale, OrderType::Combo] {
            let expected: Vec<Tier> = rows(order_type)
                .into_iter()
                .map(|(m, a, t)| Tier {
                    minimum: dollars(m),
                    anywhere: dollars(a),
                    terminal: dollars(t),
                })
                .collect();
            assert_eq!(table(order_type), expected.as_slice(), "{order_type}");
        }
    }

    #[test]
    fn every_row_applies_at_its_threshold_and_just_above_and_the_next_row_just_below() {
        for order_type in [OrderType::Retail, OrderType::Wholesale, OrderType::Combo] {
            let rows = rows(order_type);
            for (i, &(minimum, anywhere, terminal)) in rows.iter().enumerate() {
                let at = dollars(minimum);
                for (amount, what) in [(at, "at"), (at + Money::from_cents(1), "one cent above")] {
                    assert_eq!(
                        shipping_for(order_type, amount, false),
                        dollars(anywhere),
                        "{order_type} {what} {minimum}, anywhere"
                    );
                    assert_eq!(
                        shipping_for(order_type, amount, true),
                        dollars(terminal),
                        "{order_type} {what} {minimum}, terminal"
                    );
                }
                if minimum > 0 {
                    // One cent below this threshold the next (lower) row applies.
                    let (_, next_anywhere, next_terminal) = rows[i + 1];
                    let below = at - Money::from_cents(1);
                    assert_eq!(
                        shipping_for(order_type, below, false),
                        dollars(next_anywhere),
                        "{order_type} one cent below {minimum}, anywhere"
                    );
                    assert_eq!(
                        shipping_for(order_type, below, true),
                        dollars(next_terminal),
                        "{order_type} one cent below {minimum}, terminal"
                    );
                }
            }
        }
    }

    #[test]
    fn worked_examples() {
        let s = |t, d: i64, terminal| shipping_for(t, Money::from_cents(d), terminal).to_string();
        assert_eq!(s(OrderType::Retail, 134_999, false), "100.00");
        assert_eq!(s(OrderType::Retail, 134_999, true), "0.00");
        assert_eq!(s(OrderType::Retail, 34_999, false), "359.00");
        assert_eq!(s(OrderType::Wholesale, 1_000_000, false), "0.00");
        assert_eq!(s(OrderType::Wholesale, 124_999, true), "358.00");
        assert_eq!(s(OrderType::Combo, 74_999, false), "359.00");
        assert_eq!(s(OrderType::Combo, 0, false), "359.00");
    }

    #[test]
    fn shows_ship_free_and_apparel_only_orders_ship_for_ten_dollars() {
        for amount in [0, 1, 99_999, 10_000_000] {
            for terminal in [false, true] {
                let amount = Money::from_cents(amount);
                assert_eq!(shipping_for(OrderType::Show, amount, terminal), Money::ZERO);
                assert_eq!(
                    shipping_for(OrderType::ApparelOnly, amount, terminal),
                    dollars(10)
                );
            }
        }
        assert_eq!(SHOW_SHIPPING, Money::ZERO);
        assert_eq!(APPAREL_ONLY_SHIPPING, dollars(10));
    }

    #[test]
    fn every_table_is_sorted_and_ends_at_zero() {
        for order_type in OrderType::ALL {
            let tiers = table(*order_type);
            assert!(tiers.windows(2).all(|w| w[0].minimum > w[1].minimum));
            assert_eq!(tiers.last().map(|t| t.minimum), Some(Money::ZERO));
        }
    }

    #[test]
    fn a_negative_amount_is_charged_like_the_smallest_order() {
        let negative = Money::ZERO - Money::from_cents(1);
        assert_eq!(
            shipping_for(OrderType::Retail, negative, false),
            dollars(359)
        );
    }

    #[test]
    fn the_liftgate_costs_100_and_never_applies_to_a_terminal() {
        assert_eq!(LIFT_GATE_FEE, dollars(100));
        assert_eq!(lift_gate_fee(true, false), dollars(100));
        assert_eq!(lift_gate_fee(false, false), Money::ZERO);
        assert_eq!(lift_gate_fee(true, true), Money::ZERO);
        assert_eq!(lift_gate_fee(false, true), Money::ZERO);
    }

    #[test]
    fn the_published_rates_are_the_tables() {
        let json = serde_json::to_value(rates()).expect("serializes");
        assert_eq!(json["liftGateFee"], 100);
        assert_eq!(json["showShipping"], 0);
        assert_eq!(json["apparelOnlyShipping"], 10);
        assert_eq!(
            json["nonShippedStates"],
            serde_json::json!(["AK", "HI", "MA"])
        );
        assert_eq!(json["taxRates"]["MN"], 0.06875);
        assert_eq!(json["taxRates"]["OR"], 0);
        assert_eq!(json["taxRates"].as_object().map(|m| m.len()), Some(47));
        assert!(json["taxRates"].get("AK").is_none());
        assert_eq!(json["tables"]["retail"].as_array().map(Vec::len), Some(7));
        assert_eq!(json["tables"]["wholesale"][6]["anywhere"], 358);
        assert_eq!(
            json["tables"]["combo"][0],
            serde_json::json!({"minimum": 3000, "anywhere": 0, "terminal": 0})
        );
    }

    #[test]
    fn tiers_serialize_for_publishing() {
        let json = serde_json::to_string(&table(OrderType::Combo)[2]).expect("serializes");
        assert_eq!(json, r#"{"minimum":1500,"anywhere":150,"terminal":150}"#);
    }
}
