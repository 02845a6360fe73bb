//! Payments: the port of a card payment provider (a hosted payment window) that the checkout
//! opens, reads, captures and voids payments through.

mod provider;

pub use provider::*;
