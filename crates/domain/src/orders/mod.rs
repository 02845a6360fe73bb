//! Orders as the back office sees them: sales in a date range with their buyers and status
//! history, the admin moving an order's status, and case break requests, processed by adding
//! the units to stock exactly once.

mod model;
mod ports;
mod service;

pub use model::*;
pub use ports::*;
pub use service::*;
