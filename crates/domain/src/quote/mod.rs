//! The quote: every figure of a cart's checkout, computed once, by the server
//! (decisions.md "Money" and "Order type").

mod service;

use serde::{Deserialize, Serialize};

use crate::money::Money;
use crate::order::{order_type_of, subtotal_of, OrderType, QuoteLine};
use crate::shipping::{lift_gate_fee, shipping_for};
use crate::state::{sales_tax, UsState};

pub use service::{price_line, price_lines, variant_id_of, LineRequest, QuoteError, QuoteRequest};

/// Most lines a quote (and a cart) may hold.
pub const MAX_LINES: usize = 200;
/// Most items of one kind on one line.
pub const MAX_QUANTITY: i64 = 9_999;
/// The message when the buyer has no complete shipping address (storefront.md §8).
pub const MISSING_ADDRESS_MESSAGE: &str =
    "Please set your shipping address in the user profile to proceed to checkout";

/// The message when the cart has no line.
pub const EMPTY_CART_MESSAGE: &str = "Your cart is empty";

/// Where an order goes, as far as money is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Destination {
    /// The state of the shipping address, or of the terminal when shipping to a terminal;
    /// `None` when the buyer has no complete shipping address.
    pub state: Option<UsState>,
    /// Whether the order goes to a freight terminal (terminal prices, never a liftgate).
    pub to_terminal: bool,
}

impl Destination {
    /// A street address in `state`.
    #[must_use]
    pub const fn address(state: UsState) -> Destination {
        Destination {
            state: Some(state),
            to_terminal: false,
        }
    }

    /// A freight terminal in `state`.
    #[must_use]
    pub const fn terminal(state: UsState) -> Destination {
        Destination {
            state: Some(state),
            to_terminal: true,
        }
    }

    /// No complete shipping address yet.
    #[must_use]
    pub const fn unknown() -> Destination {
        Destination {
            state: None,
            to_terminal: false,
        }
    }
}

/// Every figure of a checkout. Serializes as `{subtotal, orderType, shipping, liftGateFee,
/// tax, grandTotal, shippable, message?}`.
///
/// `grand_total` is always `subtotal + tax + shipping + lift_gate_fee`, shippable or not.
/// When the order cannot be checked out (`shippable` false), `message` says why; tax is then
/// zero because there is no state to tax for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// Sum of the lines' subtotals.
    pub subtotal: Money,
    /// The order type, which picked the shipping table.
    pub order_type: OrderType,
    /// Shipping, from the order type's table and the destination's column.
    pub shipping: Money,
    /// The liftgate fee (zero unless asked for and not to a terminal).
    pub lift_gate_fee: Money,
    /// Sales tax of the destination state on the subtotal.
    pub tax: Money,
    /// `subtotal + tax + shipping + lift_gate_fee`.
    pub grand_total: Money,
    /// Whether the order may be checked out as it stands.
    pub shippable: bool,
    /// Why the order cannot be checked out, when it cannot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The amounts a client sends back at checkout (`POST /api/purchase` `amounts`), to be
/// compared with the server's own quote to the cent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Amounts {
    /// The subtotal the client saw.
    pub subtotal: Money,
    /// The tax the client saw.
    pub tax: Money,
    /// The liftgate fee the client saw.
    pub lift_gate_fee: Money,
    /// The shipping the client saw.
    pub shipping: Money,
    /// The grand total the client saw.
    pub grand_total: Money,
}

impl Quote {
    /// The quote's five figures.
    #[must_use]
    pub const fn amounts(&self) -> Amounts {
        Amounts {
            subtotal: self.subtotal,
            tax: self.tax,
            lift_gate_fee: self.lift_gate_fee,
            shipping: self.shipping,
            grand_total: self.grand_total,
        }
    }

    /// Whether a client's figures are exactly this quote's, to the cent.
    #[must_use]
    pub fn matches(&self, amounts: &Amounts) -> bool {
        self.amounts() == *amounts
    }
}

/// Quotes a cart for a destination, with or without a liftgate.
///
/// - subtotal: the sum of the lines; order type: [`order_type_of`];
/// - shipping: [`shipping_for`] the order type, the subtotal and the destination's column;
/// - liftgate: [`lift_gate_fee`] (never for a terminal);
/// - tax: [`sales_tax`] of the destination state, rounded once;
/// - grand total: subtotal + tax + shipping + liftgate fee.
///
/// Not shippable, with a message, when the cart is empty ("Your cart is empty"; every figure
/// zero), when there is no complete address ([`MISSING_ADDRESS_MESSAGE`]) or when the state is
/// AK, HI or MA ("We don't ship to {state}"); tax is zero in the last two cases.
#[must_use]
pub fn quote(lines: &[QuoteLine], destination: Destination, lift_gate: bool) -> Quote {
    let subtotal = subtotal_of(lines);
    let order_type = order_type_of(lines);
    if lines.is_empty() {
        return Quote {
            subtotal,
            order_type,
            shipping: Money::ZERO,
            lift_gate_fee: Money::ZERO,
            tax: Money::ZERO,
            grand_total: subtotal,
            shippable: false,
            message: Some(EMPTY_CART_MESSAGE.to_owned()),
        };
    }
    let shipping = shipping_for(order_type, subtotal, destination.to_terminal);
    let lift_gate_fee = lift_gate_fee(lift_gate, destination.to_terminal);
    let (tax, message) = match destination.state {
        None => (Money::ZERO, Some(MISSING_ADDRESS_MESSAGE.to_owned())),
        Some(state) => match sales_tax(state, subtotal) {
            Ok(tax) => (tax, None),
            Err(not_shipped) => (Money::ZERO, Some(not_shipped.to_string())),
        },
    };
    Quote {
        subtotal,
        order_type,
        shipping,
        lift_gate_fee,
        tax,
        grand_total: subtotal + tax + shipping + lift_gate_fee,
        shippable: message.is_none(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cents(c: i64) -> Money {
        Money::from_cents(c)
    }

    fn firework(case_price: i64, unit_price: Option<i64>, cases: u32, units: u32) -> QuoteLine {
        QuoteLine::firework(cents(case_price), unit_price.map(cents), cases, units)
            .expect("a valid line")
    }

    #[test]
    fn a_wholesale_order_to_north_dakota() {
        let lines = [firework(40_000, Some(2_000), 5, 0)];
        let q = quote(&lines, Destination::address(UsState::NorthDakota), true);
        assert_eq!(q.subtotal, cents(200_000));
        assert_eq!(q.order_type, OrderType::Wholesale);
        assert_eq!(q.shipping, cents(15_000));
        assert_eq!(q.lift_gate_fee, cents(10_000));
        assert_eq!(q.tax, cents(10_000));
        assert_eq!(q.grand_total, cents(235_000));
        assert!(q.shippable);
        assert_eq!(q.message, None);
    }

    #[test]
    fn a_terminal_takes_terminal_prices_and_no_liftgate() {
        let lines = [firework(1_000, Some(500), 0, 260)]; // units only: retail, 1300.00
        let q = quote(&lines, Destination::terminal(UsState::Texas), true);
        assert_eq!(q.order_type, OrderType::Retail);
        assert_eq!(q.subtotal, cents(130_000));
        assert_eq!(q.shipping, Money::ZERO);
        assert_eq!(q.lift_gate_fee, Money::ZERO);
        assert_eq!(q.tax, cents(8_125));
        assert_eq!(q.grand_total, cents(138_125));
        let q = quote(&lines, Destination::address(UsState::Texas), true);
        assert_eq!(q.shipping, cents(10_000));
        assert_eq!(q.lift_gate_fee, cents(10_000));
    }

    #[test]
    fn apparel_only_and_show_orders() {
        let apparel = [QuoteLine::apparel(cents(2_499), 2).expect("valid")];
        let q = quote(&apparel, Destination::address(UsState::Ohio), false);
        assert_eq!(q.order_type, OrderType::ApparelOnly);
        assert_eq!(q.shipping, cents(1_000));
        assert_eq!(q.tax, cents(287)); // 49.98 * 0.0575 = 2.87385
        assert_eq!(q.grand_total, cents(4_998 + 287 + 1_000));

        let show = [QuoteLine::show(cents(99_900), 1).expect("valid")];
        let q = quote(&show, Destination::address(UsState::Ohio), false);
        assert_eq!(q.order_type, OrderType::Show);
        assert_eq!(q.shipping, Money::ZERO);
    }

    #[test]
    fn no_address_means_no_checkout() {
        let lines = [firework(10_000, None, 1, 0)];
        let q = quote(&lines, Destination::unknown(), false);
        assert!(!q.shippable);
        assert_eq!(q.message.as_deref(), Some(MISSING_ADDRESS_MESSAGE));
        assert_eq!(
            MISSING_ADDRESS_MESSAGE,
            "Please set your shipping address in the user profile to proceed to checkout"
        );
        assert_eq!(q.tax, Money::ZERO);
        assert_eq!(q.shipping, cents(35_800));
        assert_eq!(q.grand_total, q.subtotal + q.shipping);
    }

    #[test]
    fn states_not_shipped_to_mean_no_checkout() {
        let lines = [firework(10_000, None, 1, 0)];
        for (state, code) in [
            (UsState::Alaska, "AK"),
            (UsState::Hawaii, "HI"),
            (UsState::Massachusetts, "MA"),
        ] {
            let q = quote(&lines, Destination::address(state), false);
            assert!(!q.shippable);
            assert_eq!(q.message, Some(format!("We don't ship to {code}")));
            assert_eq!(q.tax, Money::ZERO);
        }
    }

    #[test]
    fn an_empty_cart_cannot_be_checked_out() {
        let q = quote(&[], Destination::address(UsState::NorthDakota), true);
        assert!(!q.shippable);
        assert_eq!(q.message.as_deref(), Some("Your cart is empty"));
        assert_eq!(q.grand_total, Money::ZERO);
        assert_eq!(q.lift_gate_fee, Money::ZERO);
    }

    #[test]
    fn the_quote_serializes_in_camel_case() {
        let lines = [firework(12_345, None, 1, 0)];
        let q = quote(&lines, Destination::address(UsState::NorthDakota), false);
        let json = serde_json::to_value(&q).expect("serializes");
        assert_eq!(
            json,
            serde_json::json!({
                "subtotal": 123.45,
                "orderType": "wholesale",
                "shipping": 358,
                "liftGateFee": 0,
                "tax": 6.17,
                "grandTotal": 487.62,
                "shippable": true
            })
        );
        let q = quote(&lines, Destination::unknown(), false);
        let json = serde_json::to_value(&q).expect("serializes");
        assert_eq!(json["shippable"], false);
        assert_eq!(json["message"], MISSING_ADDRESS_MESSAGE);
        let back: Quote = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, q);
    }

    #[test]
    fn client_amounts_must_match_to_the_cent() {
        let lines = [firework(12_345, None, 1, 0)];
        let q = quote(&lines, Destination::address(UsState::NorthDakota), false);
        let sent: Amounts = serde_json::from_str(
            r#"{"subtotal": 123.45, "tax": 6.17, "liftGateFee": 0, "shipping": 358, "grandTotal": 487.62}"#,
        )
        .expect("reads");
        assert!(q.matches(&sent));
        let off = Amounts {
            grand_total: q.grand_total - cents(1),
            ..sent
        };
        assert!(!q.matches(&off));
    }

    /// Any valid cart line, with prices up to 5,000.00 and quantities up to 50.
    fn any_line() -> impl Strategy<Value = QuoteLine> {
        let price = 0_i64..=500_000;
        prop_oneof![
            (
                price.clone(),
                proptest::option::of(price.clone()),
                0_u32..=50,
                0_u32..=50
            )
                .prop_map(|(c, u, cases, units)| {
                    let units = if u.is_some() { units } else { 0 };
                    QuoteLine::firework(cents(c), u.map(cents), cases, units)
                        .expect("units only with a unit price")
                }),
            (price.clone(), 0_u32..=5)
                .prop_map(|(c, q)| QuoteLine::show(cents(c), q).expect("non-negative")),
            (price, 0_u32..=50)
                .prop_map(|(u, q)| QuoteLine::apparel(cents(u), q).expect("non-negative")),
        ]
    }

    fn any_destination() -> impl Strategy<Value = Destination> {
        (
            proptest::option::of(proptest::sample::select(UsState::ALL.to_vec())),
            any::<bool>(),
        )
            .prop_map(|(state, to_terminal)| Destination { state, to_terminal })
    }

    proptest! {
        #[test]
        fn totals_add_up(
            lines in proptest::collection::vec(any_line(), 0..8),
            destination in any_destination(),
            lift_gate in any::<bool>(),
        ) {
            let q = quote(&lines, destination, lift_gate);
            prop_assert_eq!(q.grand_total, q.subtotal + q.tax + q.shipping + q.lift_gate_fee);
            prop_assert_eq!(q.subtotal, lines.iter().map(QuoteLine::subtotal).sum::<Money>());
            prop_assert!(!q.tax.is_negative());
            prop_assert!(!q.shipping.is_negative());
            prop_assert!(!q.lift_gate_fee.is_negative());
            prop_assert_eq!(q.shippable, q.message.is_none());
            if destination.to_terminal {
                prop_assert_eq!(q.lift_gate_fee, Money::ZERO);
            }
            // Every figure is whole cents.
            for figure in [q.subtotal, q.tax, q.shipping, q.lift_gate_fee, q.grand_total] {
                prop_assert!(figure.as_decimal().scale() <= 2);
            }
        }

        #[test]
        fn the_quote_does_not_depend_on_the_order_of_the_lines(
            lines in proptest::collection::vec(any_line(), 0..8),
            destination in any_destination(),
            lift_gate in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let mut shuffled = lines.clone();
            // A deterministic shuffle driven by the generated seed.
            let mut state = seed | 1;
            for i in (1..shuffled.len()).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let j = usize::try_from(state % (i as u64 + 1)).unwrap_or(0);
                shuffled.swap(i, j);
            }
            let mut reversed = lines.clone();
            reversed.reverse();
            let q = quote(&lines, destination, lift_gate);
            prop_assert_eq!(&q, &quote(&shuffled, destination, lift_gate));
            prop_assert_eq!(&q, &quote(&reversed, destination, lift_gate));
        }

        #[test]
        fn shipping_never_rises_when_the_amount_rises(
            order_type in proptest::sample::select(OrderType::ALL.to_vec()),
            a in 0_i64..2_000_000,
            b in 0_i64..2_000_000,
            to_terminal in any::<bool>(),
        ) {
            let (low, high) = (a.min(b), a.max(b));
            let at_low = shipping_for(order_type, cents(low), to_terminal);
            let at_high = shipping_for(order_type, cents(high), to_terminal);
            prop_assert!(at_high <= at_low);
            prop_assert!(!at_low.is_negative());
        }

        #[test]
        fn buying_more_of_the_same_never_raises_shipping(
            case_price in 1_i64..=500_000,
            cases in 1_u32..=40,
            more in 0_u32..=40,
            destination in any_destination(),
        ) {
            // Cases only: the order stays wholesale, only the amount grows.
            let line = |n| QuoteLine::firework(cents(case_price), None, n, 0).expect("valid");
            let small = quote(&[line(cases)], destination, false);
            let large = quote(&[line(cases + more)], destination, false);
            prop_assert_eq!(small.order_type, OrderType::Wholesale);
            prop_assert_eq!(large.order_type, OrderType::Wholesale);
            prop_assert!(large.shipping <= small.shipping);
        }

        #[test]
        fn tax_is_never_negative_and_never_above_ten_percent(
            state in proptest::sample::select(UsState::ALL.to_vec()),
            subtotal in 0_i64..100_000_000,
        ) {
            if let Ok(tax) = sales_tax(state, cents(subtotal)) {
                prop_assert!(!tax.is_negative());
                prop_assert!(tax <= Money::round_cents(cents(subtotal).as_decimal() / rust_decimal::Decimal::TEN));
            }
        }

        #[test]
        fn money_survives_json_up_to_its_maximum(c in 0_i64..=Money::MAX.cents()) {
            let money = cents(c);
            let json = serde_json::to_string(&money).expect("serializes");
            prop_assert_eq!(serde_json::from_str::<Money>(&json).expect("reads"), money);
        }
    }
}
