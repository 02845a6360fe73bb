//! Operational endpoints outside `/api`: Prometheus metrics and the docs redirect.

use actix_web::{web, HttpResponse};

use crate::metrics::Metrics;

/// `GET /metrics` (on the metrics listener): request counters and latency histogram, and on
/// SQLite the writer's counters, Prometheus text format.
pub async fn metrics(
    metrics: web::Data<Metrics>,
    store: web::Data<persistence::Db>,
) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(metrics.render(store.writer_stats()))
}

/// `GET /api/docs` -> `/api/docs/` (the Swagger UI, served from the binary, works offline).
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header(("Location", "/api/docs/"))
        .finish()
}
