//! Request counters and latency histogram in the Prometheus text format (`GET /metrics`), and
//! the browser error reports (`POST /api/client-errors`).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use actix_web::http::Method;

const BUCKETS: [f64; 10] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0];

/// Most (method, route, status) series kept; later new ones are counted under one overflow
/// series, so no request can grow the label set without bound.
pub const MAX_SERIES: usize = 2_000;

/// The methods the shop answers; anything else is `OTHER` in metrics and logs.
pub const STANDARD_METHODS: [Method; 7] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
    Method::OPTIONS,
];

/// The label of a request method: its standard name, or `OTHER` (a made-up method can be
/// 100 KB long and is never stored or logged as sent).
#[must_use]
pub fn method_label(method: &Method) -> &'static str {
    STANDARD_METHODS
        .iter()
        .find(|m| *m == method)
        .map_or("OTHER", Method::as_str)
}

/// What a browser error report was about: the `kind` of its body and of its metric label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClientErrorKind {
    /// The crash screen (a route's error boundary) was shown.
    Boundary,
    /// An uncaught exception (`window` `error` event).
    Error,
    /// A promise rejection nobody handled.
    UnhandledRejection,
}

impl ClientErrorKind {
    /// Every kind, in label order.
    pub const ALL: [ClientErrorKind; 3] = [
        ClientErrorKind::Boundary,
        ClientErrorKind::Error,
        ClientErrorKind::UnhandledRejection,
    ];

    /// The label (and the wire name).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ClientErrorKind::Boundary => "boundary",
            ClientErrorKind::Error => "error",
            ClientErrorKind::UnhandledRejection => "unhandledrejection",
        }
    }
}

/// Why a browser error report was not logged (the `reason` label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DroppedReport {
    /// The client's address was over `SHOP_CLIENT_ERROR_RATE_LIMIT` (429).
    RateLimited,
    /// The body was malformed, too large or out of bounds (400, 413).
    Invalid,
}

impl DroppedReport {
    /// The label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            DroppedReport::RateLimited => "rate_limited",
            DroppedReport::Invalid => "invalid",
        }
    }
}

/// Process-wide request metrics.
#[derive(Debug, Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<(&'static str, String, u16), u64>>,
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
    client_errors: [AtomicU64; 3],
    dropped_reports: [AtomicU64; 2],
}

impl Metrics {
    /// Records one finished request: method, matched route pattern (bounded by the route
    /// table), status and duration.
    pub fn record(&self, method: &Method, route: &str, status: u16, elapsed: Duration) {
        {
            let mut map = self
                .requests
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut key = (method_label(method), route.to_owned(), status);
            if map.len() >= MAX_SERIES && !map.contains_key(&key) {
                key = ("OTHER", "overflow".to_owned(), 0);
            }
            *map.entry(key).or_insert(0) += 1;
        }
        let secs = elapsed.as_secs_f64();
        for (i, bound) in BUCKETS.iter().enumerate() {
            if secs <= *bound {
                self.buckets[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_micros.fetch_add(
            u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
    }

    /// Counts one browser error report that was logged.
    pub fn client_error(&self, kind: ClientErrorKind) {
        self.client_errors[kind as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one browser error report that was refused.
    pub fn dropped_report(&self, reason: DroppedReport) {
        self.dropped_reports[reason as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// The exposition text, with the SQLite writer's counters when the store is SQLite.
    #[must_use]
    pub fn render(&self, writer: Option<persistence::WriterStats>) -> String {
        let mut out = String::with_capacity(4096);
        out.push_str(
            "# HELP shop_http_requests_total HTTP requests by method, route and status.\n",
        );
        out.push_str("# TYPE shop_http_requests_total counter\n");
        let map = self
            .requests
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for ((method, route, status), n) in map.iter() {
            let route = route.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "shop_http_requests_total{{method=\"{method}\",route=\"{route}\",status=\"{status}\"}} {n}");
        }
        drop(map);
        out.push_str("# HELP shop_http_request_duration_seconds Time to answer a request.\n");
        out.push_str("# TYPE shop_http_request_duration_seconds histogram\n");
        for (i, bound) in BUCKETS.iter().enumerate() {
            let n = self.buckets[i].load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "shop_http_request_duration_seconds_bucket{{le=\"{bound}\"}} {n}"
            );
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(
            out,
            "shop_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {count}"
        );
        #[expect(clippy::cast_precision_loss, reason = "a metric, not money")]
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "shop_http_request_duration_seconds_sum {sum}");
        let _ = writeln!(out, "shop_http_request_duration_seconds_count {count}");
        out.push_str("# HELP shop_client_errors_total Browser error reports logged, by kind.\n");
        out.push_str("# TYPE shop_client_errors_total counter\n");
        for (kind, n) in ClientErrorKind::ALL.iter().zip(&self.client_errors) {
            let _ = writeln!(
                out,
                "shop_client_errors_total{{kind=\"{}\"}} {}",
                kind.label(),
                n.load(Ordering::Relaxed)
            );
        }
        out.push_str(
            "# HELP shop_client_errors_dropped_total Browser error reports refused, by reason.\n",
        );
        out.push_str("# TYPE shop_client_errors_dropped_total counter\n");
        for (reason, n) in [DroppedReport::RateLimited, DroppedReport::Invalid]
            .iter()
            .zip(&self.dropped_reports)
        {
            let _ = writeln!(
                out,
                "shop_client_errors_dropped_total{{reason=\"{}\"}} {}",
                reason.label(),
                n.load(Ordering::Relaxed)
            );
        }
        if let Some(writer) = writer {
            render_writer(&mut out, writer);
        }
        out
    }
}

/// The SQLite writer's counters: how many writes shared a commit, and how busy the one turn
/// to write is (`rate(shop_sqlite_writer_busy_seconds_total)` near 1: writes wait in line).
fn render_writer(out: &mut String, writer: persistence::WriterStats) {
    for (name, help, value) in [
        (
            "shop_sqlite_writes_total",
            "Write transactions run by this node's SQLite writer.",
            writer.writes.to_string(),
        ),
        (
            "shop_sqlite_commits_total",
            "Commits of this node's SQLite writer (writes waiting for the turn share one).",
            writer.commits.to_string(),
        ),
        (
            "shop_sqlite_writer_busy_seconds_total",
            "Time the SQLite writer's turn to write was held.",
            writer.held.as_secs_f64().to_string(),
        ),
    ] {
        let _ = writeln!(
            out,
            "# HELP {name} {help}\n# TYPE {name} counter\n{name} {value}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_up_methods_share_one_label_and_the_series_are_capped() {
        let m = Metrics::default();
        for i in 0..(MAX_SERIES + 50) {
            let method =
                Method::from_bytes(format!("X{}", "Y".repeat(i % 100)).as_bytes()).expect("method");
            m.record(
                &method,
                &format!("/route/{i}"),
                200,
                Duration::from_millis(1),
            );
        }
        let text = m.render(None);
        assert!(!text.contains("XY"), "a made-up method reached the metrics");
        let series = text
            .lines()
            .filter(|l| l.starts_with("shop_http_requests_total{"))
            .count();
        assert!(series <= MAX_SERIES + 1, "{series} series");
        assert!(text.contains("method=\"OTHER\",route=\"overflow\""));
        assert_eq!(method_label(&Method::GET), "GET");
    }

    #[test]
    fn client_error_reports_are_counted_by_kind_and_refusals_by_reason() {
        let m = Metrics::default();
        m.client_error(ClientErrorKind::UnhandledRejection);
        m.client_error(ClientErrorKind::UnhandledRejection);
        m.client_error(ClientErrorKind::Boundary);
        m.dropped_report(DroppedReport::RateLimited);
        let text = m.render(None);
        for line in [
            "shop_client_errors_total{kind=\"boundary\"} 1",
            "shop_client_errors_total{kind=\"error\"} 0",
            "shop_client_errors_total{kind=\"unhandledrejection\"} 2",
            "shop_client_errors_dropped_total{reason=\"rate_limited\"} 1",
            "shop_client_errors_dropped_total{reason=\"invalid\"} 0",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
        }
    }

    #[test]
    fn the_sqlite_writers_counters_are_rendered_when_there_is_one() {
        let m = Metrics::default();
        assert!(!m.render(None).contains("shop_sqlite"));
        let text = m.render(Some(persistence::WriterStats {
            writes: 12,
            commits: 5,
            held: Duration::from_millis(1500),
        }));
        for line in [
            "# TYPE shop_sqlite_writes_total counter",
            "shop_sqlite_writes_total 12",
            "shop_sqlite_commits_total 5",
            "shop_sqlite_writer_busy_seconds_total 1.5",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line} missing from\n{text}"
            );
        }
    }
}
