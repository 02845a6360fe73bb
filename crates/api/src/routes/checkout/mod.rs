//! Checkout: the price quote for any lines (`quote`), the saved cart's quote, payment session
//! and purchase (`purchase`), the sandbox provider's payment window (`payments`) and
//! Stripe's webhook (`webhook`).

pub mod dto;
pub mod payments;
pub mod purchase;
pub mod quote;
pub mod webhook;
