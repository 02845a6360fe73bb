//! persistence crate
