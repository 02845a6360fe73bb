//! Operational endpoints outside `/api`: Prometheus metrics and the docs redirect.

use actix_web::{web, HttpResponse};

use crate::state::AppState;

/// `GET /metrics`: request counters and latency histogram, Prometheus text format.
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(state.metrics.render())
}

/// `GET /api/docs` -> `/api/docs/` (the Swagger UI, served from the binary, works offline).
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header(("Location", "/api/docs/"))
        .finish()
}
