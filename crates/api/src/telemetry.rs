//! Logging: `tracing` with `RUST_LOG` (default `info`); each request's span carries its id.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once (later calls are ignored, which suits tests).
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .try_init();
}
