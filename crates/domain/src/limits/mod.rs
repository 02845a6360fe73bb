//! Request limits counted in the store, so that they hold across every node of the shop (on
//! PostgreSQL; a single SQLite node counts in memory, in the api). The api decides what is
//! limited and how much; this area names the counters ([`CounterKey`]), the two kinds of count
//! ([`Rate`] as GCRA, and a count of hits that starts again after a quiet window), the port
//! the store implements ([`RateCounts`]) and the use cases over it.

mod model;
mod ports;
mod service;

pub use model::{CounterKey, LimitName, Rate};
pub use ports::RateCounts;
pub use service::{add_hit, forget_spent, take_hits};
