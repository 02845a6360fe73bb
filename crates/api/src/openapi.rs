//! The OpenAPI document, generated from the handlers' annotations (`/api/openapi.json`).

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes;

/// The API description.
#[derive(OpenApi)]
#[openapi(
    info(title = "Fireworks shop API", description = "Storefront and back-office API of the fireworks shop."),
    paths(
        routes::health::health,
        routes::shipping::rates,
        routes::quote::post_quote,
        routes::user::register::register,
        routes::user::login::login,
        routes::user::info::get_user_info,
        routes::user::info::post_user_info,
        routes::user::list::get_all,
        routes::user::admin::create,
        routes::user::admin::export,
        routes::user::admin::get,
        routes::user::admin::update,
        routes::user::admin::reset_password,
        routes::user::admin::permissions,
        routes::products::list,
        routes::products::get,
        routes::apparel::list,
        routes::apparel::types,
        routes::apparel::sku_preview,
        routes::shows::list,
        routes::shows::by_brand,
        routes::shows::types,
        routes::shows::get,
        routes::metadata::get,
        routes::terminal::list,
        routes::terminal::get,
        routes::cart::get,
        routes::cart::add,
        routes::cart::remove,
        routes::cart::update_quantity,
        routes::checkout::quote,
        routes::checkout::open,
        routes::checkout::cancel,
        routes::checkout::purchase,
        routes::checkout::list_orders,
        routes::checkout::get_order,
        routes::payments::sandbox_pay,
        routes::vocabulary::create_metadata,
        routes::vocabulary::update_metadata,
        routes::vocabulary::delete_metadata,
        routes::vocabulary::create_show_type,
        routes::vocabulary::update_show_type,
        routes::vocabulary::delete_show_type,
        routes::vocabulary::create_apparel_type,
        routes::vocabulary::update_apparel_type,
        routes::vocabulary::delete_apparel_type,
        routes::product_admin::create,
        routes::product_admin::update,
        routes::product_admin::remove,
        routes::admin::summary,
        routes::admin::inventory,
        routes::show_admin::create,
        routes::show_admin::update,
        routes::show_admin::remove,
        routes::apparel_admin::create,
        routes::apparel_admin::update,
        routes::apparel_admin::remove,
        routes::apparel_admin::set_stock,
        routes::sales::purchases,
        routes::sales::set_status,
        routes::sales::case_breaks,
        routes::sales::process,
        routes::reports::create,
        routes::reports::list,
        routes::reports::get,
        routes::reports::csv,
        routes::uploads::upload,
    ),
    modifiers(&BearerAuth),
    tags((name = "system"), (name = "user"), (name = "shipping"), (name = "catalogue"), (name = "cart"), (name = "checkout"), (name = "back office"))
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}
