//! US states, the states the shop does not ship to, and sales tax (storefront.md §9,
//! decisions.md "Order type").

use std::fmt;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::Money;

/// One of the 50 US states, known by its two-letter postal code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UsState {
    /// Alabama (AL).
    Alabama,
    /// Alaska (AK).
    Alaska,
    /// Arizona (AZ).
    Arizona,
    /// Arkansas (AR).
    Arkansas,
    /// California (CA).
    California,
    /// Colorado (CO).
    Colorado,
    /// Connecticut (CT).
    Connecticut,
    /// Delaware (DE).
    Delaware,
    /// Florida (FL).
    Florida,
    /// Georgia (GA).
    Georgia,
    /// Hawaii (HI).
    Hawaii,
    /// Idaho (ID).
    Idaho,
    /// Illinois (IL).
    Illinois,
    /// Indiana (IN).
    Indiana,
    /// Iowa (IA).
    Iowa,
    /// Kansas (KS).
    Kansas,
    /// Kentucky (KY).
    Kentucky,
    /// Louisiana (LA).
    Louisiana,
    /// Maine (ME).
    Maine,
    /// Maryland (MD).
    Maryland,
    /// Massachusetts (MA).
    Massachusetts,
    /// Michigan (MI).
    Michigan,
    /// Minnesota (MN).
    Minnesota,
    /// Mississippi (MS).
    Mississippi,
    /// Missouri (MO).
    Missouri,
    /// Montana (MT).
    Montana,
    /// Nebraska (NE).
    Nebraska,
    /// Nevada (NV).
    Nevada,
    /// New Hampshire (NH).
    NewHampshire,
    /// New Jersey (NJ).
    NewJersey,
    /// New Mexico (NM).
    NewMexico,
    /// New York (NY).
    NewYork,
    /// North Carolina (NC).
    NorthCarolina,
    /// North Dakota (ND).
    NorthDakota,
    /// Ohio (OH).
    Ohio,
    /// Oklahoma (OK).
    Oklahoma,
    /// Oregon (OR).
    Oregon,
    /// Pennsylvania (PA).
    Pennsylvania,
    /// Rhode Island (RI).
    RhodeIsland,
    /// South Carolina (SC).
    SouthCarolina,
    /// South Dakota (SD).
    SouthDakota,
    /// Tennessee (TN).
    Tennessee,
    /// Texas (TX).
    Texas,
    /// Utah (UT).
    Utah,
    /// Vermont (VT).
    Vermont,
    /// Virginia (VA).
    Virginia,
    /// Washington (WA).
    Washington,
    /// West Virginia (WV).
    WestVirginia,
    /// Wisconsin (WI).
    Wisconsin,
    /// Wyoming (WY).
    Wyoming,
}

/// One state's facts: its code, its name and its sales tax rate.
#[derive(Debug, Clone, Copy)]
struct StateRow {
    state: UsState,
    code: &'static str,
    name: &'static str,
    /// The sales tax rate in hundred-thousandths (storefront.md §9), `None` where the shop
    /// does not ship.
    tax_hundred_thousandths: Option<i64>,
}

const fn row(
    state: UsState,
    code: &'static str,
    name: &'static str,
    tax_hundred_thousandths: Option<i64>,
) -> StateRow {
    StateRow {
        state,
        code,
        name,
        tax_hundred_thousandths,
    }
}

/// Every state in the order of the enum (checked when compiling), two to a line: the state, its
/// code, its name and its sales tax rate (`None` where the shop does not ship).
#[rustfmt::skip]
const STATES: [StateRow; 50] = {
    use UsState::*;
    [
        row(Alabama, "AL", "Alabama", Some(4000)),              row(Alaska, "AK", "Alaska", None),
        row(Arizona, "AZ", "Arizona", Some(5600)),              row(Arkansas, "AR", "Arkansas", Some(6500)),
        row(California, "CA", "California", Some(10000)),       row(Colorado, "CO", "Colorado", Some(2900)),
        row(Connecticut, "CT", "Connecticut", Some(6350)),      row(Delaware, "DE", "Delaware", Some(0)),
        row(Florida, "FL", "Florida", Some(6000)),              row(Georgia, "GA", "Georgia", Some(4000)),
        row(Hawaii, "HI", "Hawaii", None),                      row(Idaho, "ID", "Idaho", Some(6000)),
        row(Illinois, "IL", "Illinois", Some(6250)),            row(Indiana, "IN", "Indiana", Some(7000)),
        row(Iowa, "IA", "Iowa", Some(6000)),                    row(Kansas, "KS", "Kansas", Some(6500)),
        row(Kentucky, "KY", "Kentucky", Some(6000)),            row(Louisiana, "LA", "Louisiana", Some(5000)),
        row(Maine, "ME", "Maine", Some(5500)),                  row(Maryland, "MD", "Maryland", Some(6000)),
        row(Massachusetts, "MA", "Massachusetts", None),        row(Michigan, "MI", "Michigan", Some(6000)),
        row(Minnesota, "MN", "Minnesota", Some(6875)),          row(Mississippi, "MS", "Mississippi", Some(7000)),
        row(Missouri, "MO", "Missouri", Some(4225)),            row(Montana, "MT", "Montana", Some(0)),
        row(Nebraska, "NE", "Nebraska", Some(5500)),            row(Nevada, "NV", "Nevada", Some(6850)),
        row(NewHampshire, "NH", "New Hampshire", Some(0)),      row(NewJersey, "NJ", "New Jersey", Some(6625)),
        row(NewMexico, "NM", "New Mexico", Some(4875)),         row(NewYork, "NY", "New York", Some(4000)),
        row(NorthCarolina, "NC", "North Carolina", Some(4750)), row(NorthDakota, "ND", "North Dakota", Some(5000)),
        row(Ohio, "OH", "Ohio", Some(5750)),                    row(Oklahoma, "OK", "Oklahoma", Some(4500)),
        row(Oregon, "OR", "Oregon", Some(0)),                   row(Pennsylvania, "PA", "Pennsylvania", Some(6000)),
        row(RhodeIsland, "RI", "Rhode Island", Some(7000)),     row(SouthCarolina, "SC", "South Carolina", Some(6000)),
        row(SouthDakota, "SD", "South Dakota", Some(4200)),     row(Tennessee, "TN", "Tennessee", Some(7000)),
        row(Texas, "TX", "Texas", Some(6250)),                  row(Utah, "UT", "Utah", Some(6100)),
        row(Vermont, "VT", "Vermont", Some(6000)),              row(Virginia, "VA", "Virginia", Some(5300)),
        row(Washington, "WA", "Washington", Some(6500)),        row(WestVirginia, "WV", "West Virginia", Some(6000)),
        row(Wisconsin, "WI", "Wisconsin", Some(5000)),          row(Wyoming, "WY", "Wyoming", Some(4000)),
    ]
};

// Each row sits at its state's position, so `STATES[state as usize]` is that state's row.
const _: () = {
    let mut i = 0;
    while i < STATES.len() {
        assert!(STATES[i].state as usize == i);
        i += 1;
    }
};

impl UsState {
    /// The 50 states in alphabetical order of their names.
    pub const ALL: [UsState; 50] = {
        let mut all = [UsState::Alabama; 50];
        let mut i = 0;
        while i < STATES.len() {
            all[i] = STATES[i].state;
            i += 1;
        }
        all
    };

    const fn row(self) -> &'static StateRow {
        &STATES[self as usize]
    }

    /// The two-letter postal code (`ND`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.row().code
    }

    /// The state's name (`North Dakota`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The sales tax rate in hundred-thousandths, `None` where the shop does not ship.
    const fn tax_rate_hundred_thousandths(self) -> Option<i64> {
        self.row().tax_hundred_thousandths
    }
}

/// The states the shop refuses to ship to (fireworks cannot be shipped there).
pub const NON_SHIPPED_STATES: [UsState; 3] =
    [UsState::Alaska, UsState::Hawaii, UsState::Massachusetts];

/// A text that is not the code of one of the 50 states.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Invalid state code")]
pub struct InvalidStateCode;

/// The shop does not ship to this state (AK, HI, MA).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("We don't ship to {0}")]
pub struct NotShipped(pub UsState);

impl UsState {
    /// Whether the shop ships to this state (every state but AK, HI and MA).
    #[must_use]
    pub const fn is_shipped(self) -> bool {
        self.tax_rate_hundred_thousandths().is_some()
    }

    /// This state, if the shop ships there.
    ///
    /// # Errors
    /// [`NotShipped`] ("We don't ship to {state}") for AK, HI and MA.
    pub const fn shippable(self) -> Result<UsState, NotShipped> {
        if self.is_shipped() {
            Ok(self)
        } else {
            Err(NotShipped(self))
        }
    }
}

impl fmt::Display for UsState {
    /// The two-letter code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for UsState {
    type Err = InvalidStateCode;

    /// Reads a two-letter code; surrounding blanks and letter case are ignored (`" nd"` is ND).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let code = text.trim();
        UsState::ALL
            .into_iter()
            .find(|state| state.code().eq_ignore_ascii_case(code))
            .ok_or(InvalidStateCode)
    }
}

impl Serialize for UsState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for UsState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Reads a state from its two-letter code.
        struct CodeVisitor;

        impl Visitor<'_> for CodeVisitor {
            type Value = UsState;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a two-letter US state code")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<UsState, E> {
                v.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_str(CodeVisitor)
    }
}

/// A sales tax rate: an exact fraction of the subtotal (`0.06875` for Minnesota).
///
/// Serializes as a JSON number (`0.06875`), for publishing the table at
/// `GET /api/shipping/rates`; the number is only ever displayed, never computed with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TaxRate(Decimal);

impl TaxRate {
    /// The exact rate.
    #[must_use]
    pub const fn as_decimal(self) -> Decimal {
        self.0
    }
}

impl fmt::Display for TaxRate {
    /// The rate as a plain decimal without trailing zeros (`0.04`, `0`, `0.06875`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.normalize(), f)
    }
}

impl Serialize for TaxRate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_zero() {
            return serializer.serialize_u64(0);
        }
        // At most five decimals: the shortest double for this text prints back as the text.
        let text = self.to_string();
        let value: f64 = text.parse().map_err(serde::ser::Error::custom)?;
        serializer.serialize_f64(value)
    }
}

/// The sales tax rate of a state (storefront.md §9).
///
/// # Errors
/// [`NotShipped`] for AK, HI and MA, which have no rate because the shop does not ship there.
pub fn tax_rate(state: UsState) -> Result<TaxRate, NotShipped> {
    state
        .tax_rate_hundred_thousandths()
        .map(|rate| TaxRate(Decimal::new(rate, 5).normalize()))
        .ok_or(NotShipped(state))
}

/// Every shipped state with its tax rate, in the order of [`UsState::ALL`].
pub fn tax_table() -> impl Iterator<Item = (UsState, TaxRate)> {
    UsState::ALL
        .into_iter()
        .filter_map(|state| tax_rate(state).ok().map(|rate| (state, rate)))
}

/// Sales tax on a subtotal shipped to `state`: the state's rate times the subtotal, rounded
/// once to cents, half away from zero (decisions.md "Money").
///
/// # Errors
/// [`NotShipped`] for AK, HI and MA.
pub fn sales_tax(state: UsState, subtotal: Money) -> Result<Money, NotShipped> {
    Ok(subtotal.times(tax_rate(state)?.as_decimal()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    /// storefront.md §9, copied by hand from the specification as the test oracle.
    const SPEC_RATES: [(&str, Decimal); 47] = [
        ("AL", dec!(0.04)),
        ("AZ", dec!(0.056)),
        ("AR", dec!(0.065)),
        ("CA", dec!(0.1)),
        ("CO", dec!(0.029)),
        ("CT", dec!(0.0635)),
        ("DE", dec!(0)),
        ("FL", dec!(0.06)),
        ("GA", dec!(0.04)),
        ("ID", dec!(0.06)),
        ("IL", dec!(0.0625)),
        ("IN", dec!(0.07)),
        ("IA", dec!(0.06)),
        ("KS", dec!(0.065)),
        ("KY", dec!(0.06)),
        ("LA", dec!(0.05)),
        ("ME", dec!(0.055)),
        ("MD", dec!(0.06)),
        ("MI", dec!(0.06)),
        ("MN", dec!(0.06875)),
        ("MS", dec!(0.07)),
        ("MO", dec!(0.04225)),
        ("MT", dec!(0)),
        ("NE", dec!(0.055)),
        ("NV", dec!(0.0685)),
        ("NH", dec!(0)),
        ("NJ", dec!(0.06625)),
        ("NM", dec!(0.04875)),
        ("NY", dec!(0.04)),
        ("NC", dec!(0.0475)),
        ("ND", dec!(0.05)),
        ("OH", dec!(0.0575)),
        ("OK", dec!(0.045)),
        ("OR", dec!(0)),
        ("PA", dec!(0.06)),
        ("RI", dec!(0.07)),
        ("SC", dec!(0.06)),
        ("SD", dec!(0.042)),
        ("TN", dec!(0.07)),
        ("TX", dec!(0.0625)),
        ("UT", dec!(0.061)),
        ("VT", dec!(0.06)),
        ("VA", dec!(0.053)),
        ("WA", dec!(0.065)),
        ("WV", dec!(0.06)),
        ("WI", dec!(0.05)),
        ("WY", dec!(0.04)),
    ];

    fn state(code: &str) -> UsState {
        code.parse().expect("a valid code in the test table")
    }

    #[test]
    fn every_state_code_parses_and_prints_back() {
        assert_eq!(UsState::ALL.len(), 50);
        for s in UsState::ALL {
            assert_eq!(s.code().parse::<UsState>(), Ok(s));
            assert_eq!(s.to_string(), s.code());
            assert_eq!(s.code().to_lowercase().parse::<UsState>(), Ok(s));
            assert!(!s.name().is_empty());
        }
        let mut codes: Vec<_> = UsState::ALL.iter().map(|s| s.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), 50);
    }

    #[test]
    fn unknown_codes_are_an_invalid_state_code() {
        for text in ["", "XX", "DC", "PR", "N", "NDK", "North Dakota"] {
            let err = text.parse::<UsState>().expect_err("not a state");
            assert_eq!(err.to_string(), "Invalid state code");
        }
    }

    #[test]
    fn the_tax_table_is_the_specifications() {
        for (code, rate) in SPEC_RATES {
            assert_eq!(
                tax_rate(state(code)).map(TaxRate::as_decimal),
                Ok(rate),
                "{code}"
            );
        }
        assert_eq!(tax_table().count(), 47);
        let shipped: Vec<_> = UsState::ALL
            .into_iter()
            .filter(|s| s.is_shipped())
            .collect();
        assert_eq!(shipped.len(), 47);
    }

    #[test]
    fn alaska_hawaii_and_massachusetts_are_not_shipped_to() {
        for code in ["AK", "HI", "MA"] {
            let s = state(code);
            assert!(!s.is_shipped());
            assert!(NON_SHIPPED_STATES.contains(&s));
            let err = tax_rate(s).expect_err("no rate");
            assert_eq!(err.to_string(), format!("We don't ship to {code}"));
            assert_eq!(
                sales_tax(s, Money::from_cents(100)).map_err(|e| e.to_string()),
                Err(format!("We don't ship to {code}"))
            );
            assert_eq!(s.shippable(), Err(NotShipped(s)));
        }
        assert_eq!(state("ND").shippable(), Ok(UsState::NorthDakota));
    }

    #[test]
    fn every_states_tax_on_a_few_subtotals_is_rate_times_subtotal_rounded_once() {
        let subtotals = [0_i64, 1, 999, 10_000, 123_456, 35_000, 1_999_999];
        for (code, rate) in SPEC_RATES {
            for cents in subtotals {
                let subtotal = Money::from_cents(cents);
                let exact = subtotal.as_decimal() * rate;
                let expected = exact.round_dp_with_strategy(
                    2,
                    rust_decimal::RoundingStrategy::MidpointAwayFromZero,
                );
                let tax = sales_tax(state(code), subtotal).expect("shipped state");
                assert_eq!(tax.as_decimal(), expected, "{code} on {subtotal}");
            }
        }
    }

    #[test]
    fn tax_examples_worked_by_hand() {
        let tax = |code: &str, cents: i64| {
            sales_tax(state(code), Money::from_cents(cents))
                .expect("shipped")
                .to_string()
        };
        assert_eq!(tax("ND", 10_000), "5.00");
        assert_eq!(tax("CA", 1_999), "2.00"); // 1.999
        assert_eq!(tax("MN", 1_000), "0.69"); // 0.6875
        assert_eq!(tax("MO", 1_000), "0.42"); // 0.4225
        assert_eq!(tax("NJ", 2_000), "1.33"); // 1.325: half away from zero
        assert_eq!(tax("AZ", 12_345), "6.91"); // 6.9132
        assert_eq!(tax("OR", 99_999), "0.00");
        assert_eq!(tax("TX", 200), "0.13"); // 0.125
    }

    #[test]
    fn states_and_rates_serialize_as_the_spec_spells_them() {
        assert_eq!(
            serde_json::to_string(&UsState::NorthDakota).expect("serializes"),
            "\"ND\""
        );
        let s: UsState = serde_json::from_str("\"wy\"").expect("valid");
        assert_eq!(s, UsState::Wyoming);
        let err = serde_json::from_str::<UsState>("\"ZZ\"").expect_err("invalid");
        assert!(err.to_string().contains("Invalid state code"));
        let rates: Vec<String> = ["MN", "CA", "DE", "AL"]
            .into_iter()
            .map(|c| serde_json::to_string(&tax_rate(state(c)).expect("rate")).expect("json"))
            .collect();
        assert_eq!(rates, ["0.06875", "0.1", "0", "0.04"]);
    }
}
