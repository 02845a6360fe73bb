//! The `/api` routes, one module per resource.

pub mod address;
pub mod admin;
pub mod apparel;
pub mod apparel_admin;
pub mod cart;
pub mod checkout;
pub mod client_errors;
pub mod health;
pub mod metadata;
pub mod payments;
pub mod product_admin;
pub mod products;
pub mod quote;
pub mod reports;
pub mod sales;
pub mod shipping;
pub mod show_admin;
pub mod shows;
pub mod terminal;
pub mod uploads;
pub mod user;
pub mod vocabulary;

use actix_web::http::{header, Method};
use actix_web::{web, HttpRequest, HttpResponse};

use utoipa_actix_web::service_config::ServiceConfig;

use crate::error::ApiError;
use crate::guards::Guards;

/// Registers every `/api` route on `cfg` (inside the `/api` scope): the one list of the API's
/// operations. Each `service` feeds both the router and the OpenAPI document
/// (`openapi::document`), so the two cannot drift.
pub fn configure(cfg: &mut ServiceConfig) {
    // Catalogue (issue 5), answered through the server's read cache (`catalogue_cache`).
    // The facet paths before `{id}`, which would take `facets` for an id. First of all: the
    // router tries routes in this order (a pattern with `{...}` by a regular expression), and
    // these are most of the shop's requests.
    cfg.service(products::list)
        .service(products::facets::products)
        .service(products::get)
        .service(apparel::list)
        .service(products::facets::apparel)
        .service(apparel::types)
        .service(apparel::sku_preview)
        .service(apparel::get)
        .service(shows::list)
        .service(products::facets::shows)
        .service(shows::types)
        .service(shows::by_brand)
        .service(shows::get)
        .service(metadata::get)
        .service(terminal::list)
        .service(terminal::get);
    cfg.service(health::health)
        .service(client_errors::report)
        .service(shipping::rates)
        .service(quote::post_quote)
        .service(user::register::register)
        .service(user::login::login)
        .service(user::info::get_user_info)
        .service(user::info::post_user_info)
        .service(user::list::get_all)
        .service(user::admin::create)
        .service(user::admin::export)
        .service(user::admin::get)
        .service(user::admin::update)
        .service(user::admin::reset_password)
        .service(user::admin::permissions)
        .service(cart::get)
        .service(cart::add)
        .service(cart::remove)
        .service(cart::update_quantity)
        .service(checkout::quote)
        .service(checkout::open)
        .service(checkout::cancel)
        .service(checkout::purchase)
        .service(checkout::list_orders)
        .service(checkout::get_order)
        .service(payments::sandbox_pay);
    // Back office: the catalogue's vocabulary (issue 11).
    cfg.service(vocabulary::create_metadata)
        .service(vocabulary::update_metadata)
        .service(vocabulary::delete_metadata)
        .service(vocabulary::create_show_type)
        .service(vocabulary::update_show_type)
        .service(vocabulary::delete_show_type)
        .service(vocabulary::create_apparel_type)
        .service(vocabulary::update_apparel_type)
        .service(vocabulary::delete_apparel_type)
        .service(product_admin::create)
        .service(product_admin::update)
        .service(product_admin::remove)
        .service(admin::summary)
        .service(admin::inventory)
        .service(show_admin::create)
        .service(show_admin::update)
        .service(show_admin::remove)
        .service(apparel_admin::create)
        .service(apparel_admin::update)
        .service(apparel_admin::remove)
        .service(apparel_admin::set_stock)
        .service(sales::purchases)
        .service(sales::set_status)
        .service(sales::purchase_totals)
        .service(sales::case_breaks)
        .service(sales::process)
        .service(reports::create)
        .service(reports::list)
        .service(reports::csv)
        .service(reports::get)
        .service(uploads::upload);
}

/// Any `/api` request without a route: 405 with `Allow` when the path is an operation's with
/// another method (as the OpenAPI document lists them), else 404; JSON either way.
pub async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let methods = req
        .app_data::<web::Data<Guards>>()
        .map(|g| g.methods(req.path()))
        .unwrap_or_default();
    if !methods.is_empty() {
        let allow = methods
            .iter()
            .map(Method::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        return Ok(HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, allow))
            .json(serde_json::json!({
                "message": format!("{} is not allowed on {}", req.method(), req.path())
            })));
    }
    Err(ApiError::NotFound(format!(
        "No API route for {} {}",
        req.method(),
        req.path()
    )))
}
