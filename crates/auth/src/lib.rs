//! auth crate
