//! Pure business rules of the fireworks shop: money, tax, shipping, order type, quotes,
//! validation of customer input, pricing helpers and the shared enumerations.
//!
//! The server computes every price and total with this crate; nothing here does I/O.
#![warn(missing_docs)]

pub mod account;
mod macros;
pub mod money;
pub mod order;
pub mod shipping;
pub mod state;
pub mod quote;
pub mod catalogue;
pub mod pricing;
pub mod status;
pub mod profile;
