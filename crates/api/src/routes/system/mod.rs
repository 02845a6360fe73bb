//! The shop's system routes: health, client error reports, shipping rates and freight terminals.

pub mod client_errors;
pub mod health;
pub mod shipping;
pub mod terminal;
