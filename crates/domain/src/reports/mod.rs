//! The five reports: requested by an admin, computed by a background job on any API node,
//! stored with their result or why they failed.

mod compute;
mod model;
mod ports;
mod service;

pub use compute::compute;
pub use model::*;
pub use ports::*;
pub use service::*;
