//! Checkout: the price quote for any lines (`quote`), the saved cart's quote, payment session
//! and purchase (`purchase`), and the sandbox provider's payment window (`payments`).

pub mod dto;
pub mod payments;
pub mod purchase;
pub mod quote;
