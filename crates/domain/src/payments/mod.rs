//! Payments: the ports that payment providers need beside the domain's `PaymentProvider`
//! (which checkout calls, in [`crate::ports`]). The providers themselves are adapters in the
//! `payments` crate.
//!
//! - [`ledger`]: [`ledger::SandboxLedger`], where the sandbox provider keeps its payments
//!   (the shop's database, so that any node can answer for any payment).

pub mod ledger;

pub use ledger::{LedgerChange, NewSandboxPayment, SandboxEntry, SandboxLedger, SandboxStatus};
