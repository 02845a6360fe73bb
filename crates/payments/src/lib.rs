//! The shop's payment providers: adapters of the domain's [`domain::payments::PaymentProvider`]
//! port, one module each. [`sandbox::SandboxPayments`] is the built-in one, a hosted card
//! window served by the shop with test cards, keeping its payments in a
//! [`domain::payments::SandboxLedger`] (the shop's database, so that any node can answer for
//! any payment). [`stripe::StripePayments`] (feature `stripe`) is a real provider that keeps its
//! state on its own side.
//!
//! This crate depends on the domain only: the api wires a provider with its ledger.

pub mod sandbox;
#[cfg(feature = "stripe")]
pub mod stripe;
pub mod stripe_config;
pub mod stripe_webhook;

pub use sandbox::SandboxPayments;

/// The shop's payment window of a session (`/pay/{checkout token}`), whatever the provider.
#[must_use]
pub fn window_url(reference: &str) -> String {
    format!("/pay/{reference}")
}
