//! Logging: `tracing` with `RUST_LOG` (default `info`). A line written while a request is
//! handled (errors included, on the blocking pool too) ends with that request's `request_id`
//! ([`crate::request_scope`]); the access line of each request is [`crate::access_log`]'s.
//! With `SHOP_SENTRY_DSN`, error events also go to the error tracking service and warnings
//! become its breadcrumbs ([`crate::error_tracking`]). The server writes its lines through a
//! queue ([`crate::log_writer`]), off the request's path.

use tracing_subscriber::fmt::writer::BoxMakeWriter;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::EnvFilter;

use crate::log_writer::LogWriter;

/// Installs the global subscriber once (later calls are ignored, which suits tests); with
/// `error_tracking`, the Sentry layer too (call [`crate::error_tracking::init`] first).
///
/// With `queued` (the server), lines go through a [`LogWriter`]: a worker hands its line to a
/// queue and a thread writes them to standard output in batches; the answer is that writer,
/// to [`LogWriter::flush`] before the process ends. Otherwise (the one-off commands) each
/// line is written to standard output as it comes.
pub fn init(error_tracking: bool, queued: bool) -> Option<LogWriter> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Colours only for a terminal: log files and collectors get plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let queue = if queued {
        LogWriter::spawn(std::io::stdout(), crate::log_writer::QUEUE_LINES).ok()
    } else {
        None
    };
    let writer = match &queue {
        Some(queue) => BoxMakeWriter::new(queue.clone()),
        None => BoxMakeWriter::new(std::io::stdout),
    };
    let fmt = tracing_subscriber::fmt::layer()
        .with_ansi(ansi)
        .with_target(false)
        .fmt_fields(crate::request_scope::RequestIdFields::default())
        .with_writer(writer);
    if let Some(queue) = &queue {
        crate::access_log::write_to(queue.clone());
    }
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(error_tracking.then(crate::error_tracking::layer))
        .try_init();
    queue
}

/// tracing-actix-web's span per request, which the shop does not open: which request a line
/// is written for is [`crate::request_scope`]'s, and the access line [`crate::access_log`]'s.
#[derive(Debug)]
pub struct ShopRootSpan;

impl tracing_actix_web::RootSpanBuilder for ShopRootSpan {
    fn on_request_start(_request: &actix_web::dev::ServiceRequest) -> tracing::Span {
        tracing::Span::none()
    }

    fn on_request_end<B: actix_web::body::MessageBody>(
        _span: tracing::Span,
        _outcome: &Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>,
    ) {
    }
}
