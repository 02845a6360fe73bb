//! The access log and the request metrics: one middleware sees every answer once, counts it
//! in [`Metrics`] and, at the `info` level, writes its access line.
//!
//! The line is formatted here, straight into the worker thread's own buffer of the server's
//! log writer ([`crate::log_writer::LogWriter::write_line`]): no `tracing` event or span close
//! per request, which cost the span's field records, its enter and exit timings and the
//! event's formatting on the worker. The line keeps the fields and the shape of the server's
//! other lines:
//!
//! ```text
//! 2026-12-02T01:07:37.123456Z  INFO access: http.method=GET http.route=/api/products/{id}
//!   http.target=/api/products/42 http.client_ip=203.0.113.5 http.status_code=200
//!   request_id=6f1c... time.ms=0.412
//! ```
//!
//! (one line; an error answer adds `exception.message="..."`). `RUST_LOG=warn`, or
//! `info,shop_api::access=off`, turns the lines off.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpMessage as _, HttpRequest};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::time::{FormatTime as _, SystemTime};
use uuid::Uuid;

use crate::log_writer::LogWriter;
use crate::metrics::{method_label, Metrics};

/// The access lines' `tracing` target, for `RUST_LOG` directives.
pub const TARGET: &str = "shop_api::access";

/// Where the lines go: the server's log queue, once [`crate::telemetry::init`] made one;
/// standard output before (or without) it.
static OUTPUT: OnceLock<LogWriter> = OnceLock::new();

/// Sends the access lines through `queue` from now on.
pub fn write_to(queue: LogWriter) {
    let _ = OUTPUT.set(queue);
}

/// Whether access lines are written (the log filter lets `info` of [`TARGET`] through).
#[must_use]
pub fn enabled() -> bool {
    tracing::enabled!(target: TARGET, tracing::Level::INFO)
}

/// What the line needs from a request before it is handled: the request itself goes to the
/// handler, and an answer that is an error (`Err`) no longer carries it.
pub struct Started {
    at: Instant,
    method: Method,
    request_id: Option<Uuid>,
    /// The client and target, when the access log is on.
    line: Option<Request>,
}

struct Request {
    client_ip: std::net::IpAddr,
    /// Written out once the route is known: a route with a token in its path is logged as
    /// its pattern (`logged_target`).
    uri: actix_web::http::Uri,
}

impl Started {
    /// Notes what the access line and the metrics need of `req`.
    #[must_use]
    pub fn new(req: &ServiceRequest) -> Self {
        let line = enabled().then(|| Request::of(req.request()));
        Started {
            at: Instant::now(),
            method: req.method().clone(),
            request_id: req
                .extensions()
                .get::<tracing_actix_web::RequestId>()
                .map(|id| **id),
            line,
        }
    }

    /// The request's id (tracing-actix-web's, outside this middleware).
    #[must_use]
    pub fn request_id(&self) -> Option<Uuid> {
        self.request_id
    }

    /// Counts the answer and writes its line; an error answer also gets an event of its own
    /// (a warning for 4xx, an error for 5xx), which `RUST_LOG=warn` keeps.
    pub fn finish<B>(
        self,
        metrics: &Metrics,
        outcome: &Result<ServiceResponse<B>, actix_web::Error>,
    ) {
        let elapsed = self.at.elapsed();
        let (route, status, error) = match outcome {
            Ok(res) => (
                res.request().match_pattern(),
                res.status(),
                res.response().error(),
            ),
            Err(e) => (None, e.as_response_error().status_code(), Some(e)),
        };
        let route = route.as_deref().unwrap_or("other");
        metrics.record(&self.method, route, status.as_u16(), elapsed);
        if let Some(request) = &self.line {
            let write =
                |buf: &mut Vec<u8>| self.write_line(buf, request, route, status, elapsed, error);
            match OUTPUT.get() {
                Some(queue) => queue.write_line(write),
                None => {
                    let mut buf = Vec::with_capacity(256);
                    write(&mut buf);
                    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), &buf);
                }
            }
        }
        if let Some(error) = error {
            let error = error.as_response_error();
            if status.is_server_error() {
                tracing::error!("{ERROR_EVENT}: {error:?}");
            } else {
                tracing::warn!("{ERROR_EVENT}: {error:?}");
            }
        }
    }
}

/// The start of an error answer's event (as tracing-actix-web words it).
const ERROR_EVENT: &str = "Error encountered while processing the incoming HTTP request";

impl Request {
    fn of(request: &HttpRequest) -> Self {
        let peer = request
            .peer_addr()
            .map_or(std::net::IpAddr::from([0, 0, 0, 0]), |a| a.ip());
        let client_ip = match request.app_data::<actix_web::web::Data<crate::client::ProxyTrust>>()
        {
            Some(trust) => trust.client(peer, request.headers()),
            None => peer,
        };
        Request {
            client_ip,
            uri: request.uri().clone(),
        }
    }
}

impl Started {
    /// Appends the whole access line to `buf`, its newline included.
    fn write_line(
        &self,
        buf: &mut Vec<u8>,
        request: &Request,
        route: &str,
        status: StatusCode,
        elapsed: Duration,
        error: Option<&actix_web::Error>,
    ) {
        use std::io::Write as _;
        let _ = SystemTime.format_time(&mut Writer::new(&mut Bytes(buf)));
        let _ = write!(
            buf,
            "  INFO access: http.method={} http.route={route} http.target={} \
             http.client_ip={} http.status_code={}",
            method_label(&self.method),
            logged_target(route, &request.uri),
            request.client_ip,
            status.as_u16(),
        );
        if let Some(id) = self.request_id {
            let _ = write!(buf, " request_id={id}");
        }
        let micros = elapsed.as_micros();
        let _ = write!(buf, " time.ms={}.{:03}", micros / 1000, micros % 1000);
        if let Some(error) = error {
            // Debug-quoted: a message cannot break the line or forge another.
            let _ = write!(buf, " exception.message={:?}", error.to_string());
        }
        buf.push(b'\n');
    }
}

/// Text written into a byte buffer (the timestamp's formatter writes text).
struct Bytes<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// The request's target as the access log writes it: at most 512 characters, and never a
/// secret. A route with a token in its path (`/pay/{checkoutToken}`) is logged as its pattern,
/// and the value of a query parameter whose name holds `token` as `REDACTED`: whoever reads the
/// logs must not be able to pay, or reset a password, with what they find there.
fn logged_target(route: &str, uri: &actix_web::http::Uri) -> String {
    let secret_in_path = route
        .split('/')
        .any(|segment| segment.starts_with('{') && names_a_token(segment));
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
                Some((name, _)) if names_a_token(name) => {
                    target.push_str(name);
                    target.push_str("=REDACTED");
                }
                _ => target.push_str(pair),
            }
        }
    }
    if target.len() > MAX_TARGET {
        // The URI is ASCII (the parser refuses anything else), so any cut is on a boundary.
        let mut end = MAX_TARGET;
        while !target.is_char_boundary(end) {
            end -= 1;
        }
        target.truncate(end);
    }
    target
}

/// Whether `name` holds `token` in any case (without a lowercase copy per query parameter).
fn names_a_token(name: &str) -> bool {
    name.as_bytes()
        .windows(b"token".len())
        .any(|w| w.eq_ignore_ascii_case(b"token"))
}

/// The most of a target the line keeps.
const MAX_TARGET: usize = 512;

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use actix_web::http::{Method, StatusCode};
    use actix_web::test::TestRequest;
    use actix_web::web;

    use super::{Request, Started};
    use crate::client::ProxyTrust;

    fn line_of(
        request: Request,
        method: &Method,
        route: &str,
        status: StatusCode,
        id: Option<uuid::Uuid>,
        elapsed: Duration,
        error: Option<&actix_web::Error>,
    ) -> String {
        let started = Started {
            at: std::time::Instant::now(),
            method: method.clone(),
            request_id: id,
            line: None,
        };
        let mut buf = Vec::new();
        started.write_line(&mut buf, &request, route, status, elapsed, error);
        String::from_utf8(buf).expect("utf-8")
    }

    fn logged(trust: ProxyTrust, peer: &str, forwarded_for: &str, method: &str) -> String {
        let method = Method::from_bytes(method.as_bytes()).expect("method");
        let req = TestRequest::default()
            .method(method.clone())
            .uri("/api/products?page=2")
            .peer_addr(peer.parse().expect("peer"))
            .insert_header(("x-forwarded-for", forwarded_for))
            .app_data(web::Data::new(trust))
            .to_srv_request();
        line_of(
            Request::of(req.request()),
            &method,
            "/api/products",
            StatusCode::OK,
            None,
            Duration::from_micros(1_250),
            None,
        )
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
    fn a_line_names_the_request_and_its_answer_on_one_line() {
        let line = logged(ProxyTrust::none(), "203.0.113.5:5000", "", "GET");
        assert!(line.ends_with(" time.ms=1.250\n"), "{line}");
        assert_eq!(line.matches('\n').count(), 1, "{line}");
        for field in [
            "  INFO access: http.method=GET ",
            " http.route=/api/products ",
            " http.target=/api/products?page=2 ",
            " http.status_code=200",
        ] {
            assert!(line.contains(field), "{field} in {line}");
        }
        // The timestamp as the server's other lines write it.
        let stamp = line.split(' ').next().expect("stamp");
        assert!(
            chrono::DateTime::parse_from_rfc3339(stamp).is_ok(),
            "{line}"
        );
    }

    #[test]
    fn an_error_message_cannot_break_the_line() {
        let req = TestRequest::default().to_srv_request();
        let error: actix_web::Error =
            actix_web::error::ErrorBadRequest("bad\n2026-12-02T00:00:00Z  INFO forged");
        let line = line_of(
            Request::of(req.request()),
            &Method::POST,
            "other",
            StatusCode::BAD_REQUEST,
            Some(uuid::Uuid::nil()),
            Duration::ZERO,
            Some(&error),
        );
        assert_eq!(line.matches('\n').count(), 1, "{line}");
        assert!(line.contains(r#"exception.message="bad\n2026"#), "{line}");
        assert!(
            line.contains(" request_id=00000000-0000-0000-0000-000000000000 "),
            "{line}"
        );
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
        // In any case, anywhere in the name.
        let target = super::logged_target(
            "/x/{checkoutToken}",
            &uri(&format!("/x/{token}?resetTOKEN={token}&tok=1")),
        );
        assert_eq!(target, "/x/{checkoutToken}?resetTOKEN=REDACTED&tok=1");
        // Other paths keep their values: an id or a search is worth reading.
        let target = super::logged_target("/api/products/{id}", &uri("/api/products/42?q=x"));
        assert_eq!(target, "/api/products/42?q=x");
        // A long target is cut.
        let long = format!("/api/products?q={}", "x".repeat(600));
        assert_eq!(
            super::logged_target("/api/products", &uri(&long)).len(),
            512
        );
    }

    #[test]
    fn a_made_up_method_is_logged_as_other() {
        let line = logged(ProxyTrust::none(), "203.0.113.5:5000", "", "BREW");
        assert!(line.contains("http.method=OTHER"), "{line}");
        assert!(!line.contains("BREW"), "{line}");
    }
}
