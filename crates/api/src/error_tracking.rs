//! Optional error tracking with a Sentry-compatible service (`SHOP_SENTRY_DSN`). Off by default:
//! without a DSN nothing is initialised and nothing leaves the machine.
//!
//! With a DSN, the server reports panics and error events (a 500's `tracing::error!`, 5xx
//! answers through the actix integration), and every page is told the same DSN in a
//! `<meta name="shop-sentry-dsn">` tag ([`crate::web_assets`]), which makes the browser load
//! the Sentry SDK lazily; the page's Content-Security-Policy then allows the DSN's origin in
//! `connect-src`. Browser errors are also always reported to the shop itself
//! (`POST /api/client-errors`, logged and counted) whether a DSN is set or not.
//!
//! The Sentry client is the `error-tracking` feature of this crate, on by default; `make run`
//! builds without it for a shorter first build. Such a build has the same functions, doing
//! nothing, and the `shop` binary warns and ignores `SHOP_SENTRY_DSN` ([`COMPILED_IN`]).

/// Whether this build can report errors (the `error-tracking` feature).
pub const COMPILED_IN: bool = cfg!(feature = "error-tracking");

/// What the `shop` binary logs when `SHOP_SENTRY_DSN` is set but [`COMPILED_IN`] is false.
pub const NOT_COMPILED_IN: &str = "SHOP_SENTRY_DSN is set, but error tracking is not compiled \
     into this build (shop-api without its `error-tracking` feature, as `make run` builds it): \
     the DSN is ignored and no error is reported. Build with the default features \
     (`cargo build -p shop-api`) to report errors.";

#[cfg(not(feature = "error-tracking"))]
pub use not_compiled_in::{init, layer, middleware, tag_request_id};

/// A Sentry DSN (`https://PUBLIC_KEY@HOST[:PORT]/[PATH/]PROJECT_ID`), checked at start-up to
/// hold only characters that are safe as they are in an HTML attribute and in the policy
/// header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentryDsn {
    dsn: String,
    origin: String,
}

impl SentryDsn {
    /// Reads a DSN.
    ///
    /// # Errors
    /// Why `dsn` is not one (a message for the start-up error).
    pub fn parse(dsn: &str) -> Result<Self, String> {
        let (scheme, rest) = dsn
            .split_once("://")
            .ok_or("expected https://KEY@HOST/PROJECT_ID")?;
        if scheme != "https" && scheme != "http" {
            return Err(format!("unsupported scheme {scheme:?} (https or http)"));
        }
        let (authority, path) = rest
            .split_once('/')
            .ok_or("the project id is missing (https://KEY@HOST/PROJECT_ID)")?;
        let (key, host) = authority
            .rsplit_once('@')
            .ok_or("the public key is missing (https://KEY@HOST/PROJECT_ID)")?;
        let key_ok = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '-' | '_'));
        if !key_ok {
            return Err("the public key may hold only letters, digits, '-', '_' and ':'".into());
        }
        let host_ok = !host.is_empty()
            && !host.starts_with(':')
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
        if !host_ok {
            return Err(format!("{host:?} is not a host name with an optional port"));
        }
        let path_ok = path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'))
            && path.rsplit('/').next().is_some_and(|id| !id.is_empty());
        if !path_ok {
            return Err("the path must end in the project id".into());
        }
        #[cfg(feature = "error-tracking")]
        dsn.parse::<sentry::types::Dsn>()
            .map_err(|e| format!("not a Sentry DSN: {e}"))?;
        Ok(SentryDsn {
            dsn: dsn.to_owned(),
            origin: format!("{scheme}://{host}"),
        })
    }

    /// The DSN as configured.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.dsn
    }

    /// Where its events go (`https://HOST[:PORT]`): what the page's policy must let it reach.
    #[must_use]
    pub fn origin(&self) -> &str {
        &self.origin
    }
}

/// Starts the Sentry client for `dsn` (none without one): panics, and `tracing` error events
/// once [`crate::telemetry::init`] adds its layer. No personal data is sent: no request
/// bodies, cookies, `Authorization` or client addresses. Keep the guard until exit: dropping
/// it flushes the queue.
#[cfg(feature = "error-tracking")]
#[must_use]
pub fn init(dsn: Option<&SentryDsn>) -> Option<sentry::ClientInitGuard> {
    let dsn = dsn?;
    // `dsn` passed sentry's own parser in `SentryDsn::parse`, so `.dsn` cannot panic.
    Some(sentry::init(
        sentry::ClientOptions::new()
            .dsn(dsn.as_str())
            .maybe_release(sentry::release_name!())
            .send_default_pii(false)
            // Never a request body: the actix integration would send a sign-in's password.
            .max_request_body_size(sentry::MaxRequestBodySize::None),
    ))
}

/// The actix middleware of the Sentry client: a hub per request, so an event carries the
/// request's method, route and (non-sensitive) headers. 5xx answers are not captured again
/// here: each one already logs a `tracing` error, which the layer sends.
#[cfg(feature = "error-tracking")]
#[must_use]
pub fn middleware() -> sentry::integrations::actix::Sentry {
    sentry::integrations::actix::Sentry::builder()
        .capture_server_errors(false)
        .finish()
}

/// The `tracing` layer that sends error events and keeps warnings as breadcrumbs (see
/// [`crate::telemetry::init`]).
#[cfg(feature = "error-tracking")]
#[must_use]
pub fn layer<S>() -> impl tracing_subscriber::Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    use sentry::integrations::tracing::{BreadcrumbLayer, ErrorLayer};
    use tracing_subscriber::filter::LevelFilter;
    use tracing_subscriber::Layer as _;
    // Errors become events; warnings the breadcrumbs that lead up to them.
    ErrorLayer::new()
        .with_filter(LevelFilter::ERROR)
        .and_then(BreadcrumbLayer::new().with_filter(LevelFilter::WARN))
}

/// Tags the request's Sentry scope with its request id (set by tracing-actix-web, so this runs
/// inside its logger), so that an event leads to the request's log lines.
///
/// # Errors
/// The inner service's.
#[cfg(feature = "error-tracking")]
pub async fn tag_request_id(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    use actix_web::HttpMessage as _;
    let id = req
        .extensions()
        .get::<tracing_actix_web::RequestId>()
        .map(ToString::to_string);
    if let Some(id) = id {
        sentry::configure_scope(|scope| scope.set_tag("request_id", id));
    }
    next.call(req).await
}

/// The same functions in a build without error tracking: nothing is started or sent.
#[cfg(not(feature = "error-tracking"))]
mod not_compiled_in {
    use actix_web::body::MessageBody;
    use actix_web::dev::{ServiceRequest, ServiceResponse};
    use actix_web::middleware::Next;

    /// Starts nothing (no client in this build).
    #[must_use]
    pub fn init(_dsn: Option<&super::SentryDsn>) -> Option<()> {
        None
    }

    /// A layer that does nothing.
    #[must_use]
    pub fn layer() -> tracing_subscriber::layer::Identity {
        tracing_subscriber::layer::Identity::new()
    }

    /// A middleware that does nothing (default headers, none of them).
    #[must_use]
    pub fn middleware() -> actix_web::middleware::DefaultHeaders {
        actix_web::middleware::DefaultHeaders::new()
    }

    /// Passes the request on.
    ///
    /// # Errors
    /// The inner service's.
    pub async fn tag_request_id(
        req: ServiceRequest,
        next: Next<impl MessageBody>,
    ) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
        next.call(req).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dsn_gives_its_origin() {
        let dsn = SentryDsn::parse("https://abc123@o1.ingest.example.io/42").expect("dsn");
        assert_eq!(dsn.origin(), "https://o1.ingest.example.io");
        let dsn = SentryDsn::parse("http://key:secret@127.0.0.1:9000/sub/7").expect("dsn");
        assert_eq!(dsn.origin(), "http://127.0.0.1:9000");
        assert_eq!(dsn.as_str(), "http://key:secret@127.0.0.1:9000/sub/7");
    }

    #[test]
    fn anything_that_could_break_out_of_an_attribute_or_a_header_is_refused() {
        for bad in [
            "",
            "abc@host/1",
            "ftp://k@host/1",
            "https://host/1",
            "https://k@host",
            "https://k@host/",
            "https://k@ho\"st/1",
            "https://k@host/1\"><script>",
            "https://k@host/1; script-src *",
            "https://k@host 'unsafe-inline'/1",
            "https://k<@host/1",
            "https://k@/1",
        ] {
            assert!(SentryDsn::parse(bad).is_err(), "{bad:?} accepted");
        }
    }
}
