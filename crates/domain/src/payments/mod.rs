//! Payments: the port of a card payment provider (a hosted payment window) that the checkout
//! opens, reads, captures and voids payments through, and the ports providers need beside it.
//! The providers themselves are adapters in the `payments` crate.
//!
//! - [`PaymentProvider`] and what it reads and answers.
//! - [`ledger`]: [`ledger::SandboxLedger`], where the sandbox provider keeps its payments
//!   (the shop's database, so that any node can answer for any payment).

pub mod ledger;
mod provider;

pub use ledger::{LedgerChange, NewSandboxPayment, SandboxEntry, SandboxLedger, SandboxStatus};
pub use provider::*;
