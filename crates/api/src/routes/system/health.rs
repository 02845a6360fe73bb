//! `GET /api/health`: liveness plus a database round trip.

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// Health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// "ok" or "unavailable".
    pub status: &'static str,
    /// "ok" or "unavailable".
    pub database: &'static str,
}

/// Answers 200 when the database answers, 503 otherwise.
#[utoipa::path(tag = "system", responses(
    (status = 200, body = Health), (status = 503, body = Health)))]
#[get("/health")]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let db = state.store.clone();
    let ok = web::block(move || db.ping()).await.is_ok_and(|r| r.is_ok());
    if ok {
        HttpResponse::Ok().json(Health {
            status: "ok",
            database: "ok",
        })
    } else {
        HttpResponse::ServiceUnavailable().json(Health {
            status: "unavailable",
            database: "unavailable",
        })
    }
}
