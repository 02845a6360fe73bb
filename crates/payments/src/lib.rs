//! The shop's payment providers: adapters of the domain's [`domain::payments::PaymentProvider`]
//! port, one module each. [`sandbox::SandboxPayments`] is the built-in one, a hosted card
//! window served by the shop with test cards, keeping its payments in a
//! [`domain::payments::SandboxLedger`] (the shop's database, so that any node can answer for
//! any payment). A real provider keeps its state on its own side and is one more module here.
//!
//! This crate depends on the domain only: the api wires a provider with its ledger.

pub mod sandbox;

pub use sandbox::SandboxPayments;
