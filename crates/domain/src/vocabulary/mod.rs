//! The catalogue's vocabulary, as the back office edits it: brands, categories, colours,
//! effects, show types and apparel types.

mod model;
mod ports;
mod service;

pub use model::*;
pub use ports::*;
pub use service::*;
