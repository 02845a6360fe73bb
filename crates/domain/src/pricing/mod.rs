//! Pricing: the price helper, unit products and SKU rules, and the price lookups a cart and a
//! checkout read products and variants with.

mod ports;
mod sku;

pub use ports::*;
pub use sku::*;
