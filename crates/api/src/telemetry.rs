//! Logging: `tracing` with `RUST_LOG` (default `info`). tracing-actix-web opens a span per
//! request carrying its `request_id`; events inside it (errors included) print that id, and the
//! span's close prints one access-log line.

use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once (later calls are ignored, which suits tests).
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Colours only for a terminal: log files and collectors get plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_target(false)
        // One line per request when its span closes: method, route, status, request_id, time.
        .with_span_events(FmtSpan::CLOSE)
        .try_init();
}
