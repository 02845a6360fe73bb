//! The sandbox payment window: `GET /pay/{checkoutToken}` (its page, outside the single-page
//! app) and `GET /pay/window.js` (its script; the Content-Security-Policy allows no inline
//! script). The page shows the amount and a card form that posts to
//! `POST /api/payments/sandbox/{checkoutToken}`, then tells its opener the outcome.

use actix_web::http::header::{CacheControl, CacheDirective, ContentType};
use actix_web::{web, HttpResponse};
use chrono::Utc;
use domain::checkout::CheckoutToken;

use crate::error::ApiError;
use crate::state::AppState;

const PAGE: &str = include_str!("payment_window/window.html");
const SCRIPT: &str = include_str!("payment_window/window.js");

/// Registers the window's page and script.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/pay/window.js", web::get().to(script))
        .route("/pay/{token}", web::get().to(page));
}

async fn script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(CacheControl(vec![CacheDirective::NoCache]))
        .body(SCRIPT)
}

fn html(status: actix_web::http::StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type(ContentType::html())
        .insert_header(CacheControl(vec![CacheDirective::NoStore]))
        .body(body)
}

async fn page(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner();
    let info = if CheckoutToken::is_well_formed(&token) {
        state
            .call(move |s| s.sandbox.window(&token, Utc::now().naive_utc()))
            .await?
    } else {
        None
    };
    let Some(info) = info else {
        let body = PAGE
            .replace("{{OPEN}}", "false")
            .replace("{{AMOUNT}}", "")
            .replace("{{STATUS}}", "Payment not found.");
        return Ok(html(actix_web::http::StatusCode::NOT_FOUND, body));
    };
    let amount = info.amount.dollars();
    let status = if info.open {
        ""
    } else {
        "This payment session has ended. Please check out again."
    };
    let body = PAGE
        .replace("{{OPEN}}", if info.open { "true" } else { "false" })
        .replace("{{AMOUNT}}", &amount)
        .replace("{{STATUS}}", status);
    Ok(html(actix_web::http::StatusCode::OK, body))
}
