//! shop api
