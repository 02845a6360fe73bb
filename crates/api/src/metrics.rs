//! Request counters and latency histogram in the Prometheus text format (`GET /metrics`).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

const BUCKETS: [f64; 10] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0];

/// Process-wide request metrics.
#[derive(Debug, Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<(String, String, u16), u64>>,
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Metrics {
    /// Records one finished request: method, matched route pattern, status and duration.
    pub fn record(&self, method: &str, route: &str, status: u16, elapsed: Duration) {
        {
            let mut map = self
                .requests
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *map.entry((method.to_owned(), route.to_owned(), status))
                .or_insert(0) += 1;
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

    /// The exposition text.
    #[must_use]
    pub fn render(&self) -> String {
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
        out
    }
}
