//! Counted stock: the back office's inventory and dashboard, and the stock a checkout holds,
//! takes and releases.

mod model;
mod ports;
mod service;

pub use model::*;
pub use ports::*;
pub use service::*;
