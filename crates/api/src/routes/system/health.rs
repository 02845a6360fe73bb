//! `GET /api/health`: liveness plus a database round trip; 503 while the node drains before
//! it stops (see [`crate::shutdown`]), so that a balancer takes it out first.

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::shutdown::Shutdown;
use crate::state::AppState;

/// Health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// "ok", "unavailable" (the database does not answer) or "draining" (the node is
    /// stopping: send it no new requests).
    pub status: &'static str,
    /// "ok" or "unavailable".
    pub database: &'static str,
}

/// Answers 200 when the database answers, 503 otherwise.
///
/// From the moment the node is told to stop (SIGTERM) it answers 503 with the status
/// "draining" while it still serves for `SHOP_DRAIN_SECONDS`, so that a balancer takes it out.
#[utoipa::path(tag = "system", responses(
    (status = 200, body = Health), (status = 503, body = Health)))]
#[get("/health")]
pub async fn health(state: web::Data<AppState>, shutdown: web::Data<Shutdown>) -> HttpResponse {
    let db = state.store.clone();
    let ok = web::block(move || db.ping()).await.is_ok_and(|r| r.is_ok());
    if shutdown.is_draining() {
        HttpResponse::ServiceUnavailable().json(Health {
            status: "draining",
            database: if ok { "ok" } else { "unavailable" },
        })
    } else if ok {
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
