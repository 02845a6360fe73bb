//! The `/api` routes, one module per resource.

pub mod health;
pub mod quote;
pub mod shipping;
pub mod user;

use actix_web::{web, HttpRequest};

use crate::error::ApiError;

/// Registers every `/api` route on `cfg` (inside the `/api` scope).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(health::health)
        .service(shipping::rates)
        .service(quote::post_quote)
        .service(user::register::register)
        .service(user::login::login)
        .service(user::info::get_user_info)
        .service(user::info::post_user_info)
        .service(user::list::get_all);
}

/// Any `/api` path without a route: 404 in JSON.
pub async fn api_not_found(req: HttpRequest) -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::NotFound(format!(
        "No API route for {} {}",
        req.method(),
        req.path()
    )))
}
