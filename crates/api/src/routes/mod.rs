//! The `/api` routes, one folder per area (as the domain's areas): its handlers and their
//! request and answer types (`dto.rs`).

pub mod cart;
pub mod catalogue;
pub mod checkout;
pub mod inventory;
pub mod notifications;
pub mod orders;
pub mod params;
pub mod profile;
pub mod refunds;
pub mod reports;
pub mod system;
pub mod users;
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
    cfg.service(catalogue::products::list)
        .service(catalogue::facets::products)
        .service(catalogue::products::get)
        .service(catalogue::apparel::list)
        .service(catalogue::facets::apparel)
        .service(catalogue::apparel::types)
        .service(catalogue::apparel::sku_preview)
        .service(catalogue::apparel::get)
        .service(catalogue::shows::list)
        .service(catalogue::facets::shows)
        .service(catalogue::shows::types)
        .service(catalogue::shows::by_brand)
        .service(catalogue::shows::get)
        .service(catalogue::metadata::get)
        .service(system::terminal::list)
        .service(system::terminal::get);
    cfg.service(system::health::health)
        .service(system::client_errors::report)
        .service(system::shipping::rates)
        .service(checkout::quote::post_quote)
        .service(users::register::register)
        .service(users::login::login)
        .service(users::reset::forgot)
        .service(users::reset::reset)
        .service(users::reset::admin_send)
        .service(profile::get_user_info)
        .service(profile::post_user_info)
        .service(users::list::get_all)
        .service(users::admin::create)
        .service(users::admin::export)
        .service(users::admin::get)
        .service(users::admin::update)
        .service(users::admin::reset_password)
        .service(users::admin::permissions)
        .service(cart::get)
        .service(cart::add)
        .service(cart::remove)
        .service(cart::update_quantity)
        .service(checkout::purchase::quote)
        .service(checkout::purchase::open)
        .service(checkout::purchase::cancel)
        .service(checkout::purchase::purchase)
        .service(orders::list_orders)
        .service(orders::get_order)
        .service(checkout::payments::sandbox_pay)
        .service(checkout::payments::stripe_card)
        .service(checkout::webhook::stripe_webhook)
        .service(refunds::create)
        .service(refunds::list)
        .service(refunds::retry)
        .service(notifications::list)
        .service(notifications::resend);
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
        .service(catalogue::product_admin::create)
        .service(catalogue::product_admin::update)
        .service(catalogue::product_admin::remove)
        .service(inventory::summary)
        .service(inventory::inventory)
        .service(catalogue::show_admin::create)
        .service(catalogue::show_admin::update)
        .service(catalogue::show_admin::remove)
        .service(catalogue::apparel_admin::create)
        .service(catalogue::apparel_admin::update)
        .service(catalogue::apparel_admin::remove)
        .service(catalogue::apparel_admin::set_stock)
        .service(orders::sales::purchases)
        .service(orders::sales::set_status)
        .service(orders::sales::purchase_totals)
        .service(orders::sales::case_breaks)
        .service(orders::sales::process)
        .service(reports::create)
        .service(reports::list)
        .service(reports::csv)
        .service(reports::get)
        .service(catalogue::uploads::upload);
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
