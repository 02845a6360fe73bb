//! Pure business rules of the fireworks shop: money, tax, shipping, order type, quotes,
//! validation of customer input, pricing helpers and the shared enumerations.
//!
//! The server computes every price and total with this crate (the frontend never computes a
//! price of its own); nothing here does I/O.
//!
//! - [`money`]: [`money::Money`], exact cents, one rounding rule, JSON and database forms.
//! - [`state`]: [`state::UsState`], the states not shipped to, [`state::sales_tax`].
//! - [`order`]: cart lines ([`order::QuoteLine`]) and [`order::order_type_of`].
//! - [`shipping`]: the tables, [`shipping::shipping_for`], the liftgate, published rates.
//! - [`quote`]: [`quote::quote`], every figure of a checkout.
//! - [`profile`]: profile and address validation with the specification's messages.
//! - [`pricing`]: the price helper, unit products and SKU rules.
//! - [`catalogue`], [`status`]: packages, sizes, genders, quantities, SKUs and statuses.
//! - [`account`]: roles, e-mail addresses and the password rule.
#![warn(missing_docs)]

pub mod account;
pub mod catalogue;
mod macros;
pub mod money;
pub mod order;
pub mod pricing;
pub mod profile;
pub mod quote;
pub mod shipping;
pub mod state;
pub mod status;
