//! `GET /api/shipping/rates`: the shipping tables, fees, non-shipped states and tax rates, from
//! the domain crate, so the shipping-information page has one source.

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{get, HttpResponse};

/// The published rates: `{liftGateFee, showShipping, apparelOnlyShipping, tables: {retail,
/// wholesale, combo: [{minimum, anywhere, terminal}]}, nonShippedStates, taxRates}`.
#[utoipa::path(tag = "shipping", responses((status = 200, description = "the rates")))]
#[get("/shipping/rates")]
pub async fn rates() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(300),
        ]))
        .json(domain::shipping::rates())
}
