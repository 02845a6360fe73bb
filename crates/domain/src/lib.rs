//! domain crate
