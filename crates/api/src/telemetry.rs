//! Logging: `tracing` with `RUST_LOG` (default `info`). tracing-actix-web opens a span per
//! request carrying its `request_id`; events inside it (errors included) print that id, and the
//! span's close prints one access-log line. With `SHOP_SENTRY_DSN`, error events also go to the
//! error tracking service and warnings become its breadcrumbs ([`crate::error_tracking`]). The
//! server writes its lines through a queue ([`crate::log_writer`]), off the request's path.

use tracing_subscriber::fmt::format::FmtSpan;
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
        .with_writer(writer)
        // One line per request when its span closes: method, route, status, request_id, time.
        .with_span_events(FmtSpan::CLOSE);
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(error_tracking.then(crate::error_tracking::layer))
        .try_init();
    queue
}

/// The access log's root span per request: tracing-actix-web's fields, with the client address
/// as [`crate::client`] resolves it (the default takes the first `X-Forwarded-For` hop, which
/// the client writes itself) and the method as one of the standard words.
#[derive(Debug)]
pub struct ShopRootSpan;

impl tracing_actix_web::RootSpanBuilder for ShopRootSpan {
    fn on_request_start(request: &actix_web::dev::ServiceRequest) -> tracing::Span {
        use actix_web::HttpMessage as _;
        let span = tracing::info_span!(
            "HTTP request",
            http.method = %crate::metrics::method_label(request.method()),
            http.route = tracing::field::Empty,
            http.client_ip = tracing::field::Empty,
            http.target = tracing::field::Empty,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            request_id = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        );
        // The rest costs allocations: only when the access log is on.
        if span.is_disabled() {
            return span;
        }
        let peer = request
            .peer_addr()
            .map_or(std::net::IpAddr::from([0, 0, 0, 0]), |a| a.ip());
        let client_ip = match request.app_data::<actix_web::web::Data<crate::client::ProxyTrust>>()
        {
            Some(trust) => trust.client(peer, request.headers()),
            None => peer,
        };
        let route = request.match_pattern().unwrap_or_else(|| "other".into());
        let target = logged_target(&route, request.uri());
        span.record("http.route", tracing::field::display(route));
        span.record("http.client_ip", tracing::field::display(client_ip));
        span.record("http.target", tracing::field::display(target));
        if let Some(id) = request.extensions().get::<tracing_actix_web::RequestId>() {
            span.record("request_id", tracing::field::display(id));
        }
        span
    }

    fn on_request_end<B: actix_web::body::MessageBody>(
        span: tracing::Span,
        outcome: &Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>,
    ) {
        tracing_actix_web::DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// The request's target as the access log writes it: at most 512 characters, and never a
/// secret. A route with a token in its path (`/pay/{checkoutToken}`) is logged as its pattern,
/// and the value of a query parameter whose name holds `token` as `REDACTED`: whoever reads the
/// logs must not be able to pay, or reset a password, with what they find there.
fn logged_target(route: &str, uri: &actix_web::http::Uri) -> String {
    let secret_in_path = route
        .split('/')
        .any(|segment| segment.starts_with('{') && segment.to_ascii_lowercase().contains("token"));
    let path = if secret_in_path { route } else { uri.path() };
    let mut target = String::with_capacity(path.len() + 1);
    target.push_str(path);
    if let Some(query) = uri.query() {
        target.push('?');
        for (i, pair) in query.split('&').enumerate() {
            if i > 0 {
                target.push('&');
            }
            match pair.split_once('=') {
                Some((name, _)) if name.to_ascii_lowercase().contains("token") => {
                    target.push_str(name);
                    target.push_str("=REDACTED");
                }
                _ => target.push_str(pair),
            }
        }
    }
    target.chars().take(512).collect()
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use actix_web::test::TestRequest;
    use actix_web::web;
    use tracing_actix_web::RootSpanBuilder as _;

    use super::ShopRootSpan;
    use crate::client::ProxyTrust;

    /// Collects what the subscriber writes.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| std::io::Error::other("poisoned"))?
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged(trust: ProxyTrust, peer: &str, forwarded_for: &str, method: &str) -> String {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            let req = TestRequest::default()
                .method(actix_web::http::Method::from_bytes(method.as_bytes()).expect("method"))
                .peer_addr(peer.parse().expect("peer"))
                .insert_header(("x-forwarded-for", forwarded_for))
                .app_data(web::Data::new(trust))
                .to_srv_request();
            let span = ShopRootSpan::on_request_start(&req);
            drop(span);
        });
        let bytes = captured.0.lock().expect("lock").clone();
        String::from_utf8(bytes).expect("utf-8")
    }

    #[test]
    fn the_access_log_records_the_resolved_client_not_the_spoofed_hop() {
        let line = logged(ProxyTrust::none(), "203.0.113.5:5000", "6.6.6.6", "GET");
        assert!(line.contains("http.client_ip=203.0.113.5"), "{line}");
        assert!(!line.contains("6.6.6.6"), "{line}");

        let trusted = ProxyTrust::parse("10.0.0.0/8").expect("list");
        let line = logged(trusted, "10.0.0.1:5000", "6.6.6.6, 198.51.100.2", "GET");
        assert!(line.contains("http.client_ip=198.51.100.2"), "{line}");
    }

    #[test]
    fn tokens_never_reach_the_access_log() {
        let uri = |u: &str| u.parse::<actix_web::http::Uri>().expect("uri");
        let token = "b1946ac92492d2347c6235b4d2611184";
        // The routes as registered (payment_window.rs, routes/payments.rs).
        let target = super::logged_target("/pay/{token}", &uri(&format!("/pay/{token}")));
        assert_eq!(target, "/pay/{token}");
        let target = super::logged_target(
            "/api/payments/sandbox/{token}",
            &uri(&format!("/api/payments/sandbox/{token}?x=1")),
        );
        assert_eq!(target, "/api/payments/sandbox/{token}?x=1");
        let target = super::logged_target(
            "/reset-password",
            &uri(&format!("/reset-password?token={token}&a=b")),
        );
        assert_eq!(target, "/reset-password?token=REDACTED&a=b");
        // Other paths keep their values: an id or a search is worth reading.
        let target = super::logged_target("/api/products/{id}", &uri("/api/products/42?q=x"));
        assert_eq!(target, "/api/products/42?q=x");
    }

    #[test]
    fn a_made_up_method_is_logged_as_other() {
        let line = logged(ProxyTrust::none(), "203.0.113.5:5000", "", "BREW");
        assert!(line.contains("http.method=OTHER"), "{line}");
        assert!(!line.contains("BREW"), "{line}");
    }
}
