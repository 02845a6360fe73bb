//! The OpenAPI document, generated from the handlers' annotations (`/api/openapi.json`).

use serde_json::{json, Value};
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
        routes::products::facets::products,
        routes::products::get,
        routes::apparel::list,
        routes::products::facets::apparel,
        routes::apparel::types,
        routes::apparel::sku_preview,
        routes::apparel::get,
        routes::shows::list,
        routes::products::facets::shows,
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
        routes::sales::purchase_totals,
        routes::sales::case_breaks,
        routes::sales::process,
        routes::reports::create,
        routes::reports::list,
        routes::reports::get,
        routes::reports::csv,
        routes::uploads::upload,
        routes::client_errors::report,
    ),
    modifiers(&BearerAuth, &Contract),
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

/// The answers every operation can give because of what it takes, stated once here rather
/// than on each handler, so the document lists every status the server can answer:
/// - 400 to an operation with parameters or a body (a parameter outside its bounds, a body
///   that is not JSON or not this operation's, a wrong `Content-Type`, NUL in text);
/// - 413 to one with a body (larger than `SHOP_MAX_BODY_BYTES`);
/// - 404 to one with a path parameter (no such record, or not the caller's);
/// - 401 to a signed-in one, 403 to an admin one;
/// - 503 to all (the database unavailable, or the server saturated: retry);
///
/// and every error answer's body is the `Error` schema.
struct Contract;

impl Contract {
    fn error_schema() -> Value {
        json!({
            "type": "object",
            "description": "Every error answer: a message for people, and per-field messages for field validation.",
            "required": ["message"],
            "properties": {
                "message": {"type": "string"},
                "errors": {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": {"type": "string"}}
                }
            }
        })
    }

    fn complete(path: &str, op: &mut Value) {
        let has_params = op["parameters"].as_array().is_some_and(|p| !p.is_empty());
        let has_body = op.get("requestBody").is_some();
        let security = op["security"].as_array().cloned().unwrap_or_default();
        let admin = security
            .iter()
            .any(|r| r["bearer"].as_array().is_some_and(|s| !s.is_empty()));
        let mut add = Vec::new();
        if has_params || has_body {
            add.push(("400", "Malformed: a parameter or the body is not what this document says (the message names it)"));
        }
        if has_body {
            add.push(("413", "The body is larger than the server accepts"));
        }
        if path.contains('{') {
            add.push(("404", "No such record, or not yours"));
        }
        if !security.is_empty() {
            add.push(("401", "Not signed in, or the session has ended"));
        }
        if admin {
            add.push(("403", "Not an admin"));
        }
        add.push((
            "503",
            "The database is unavailable or the server is saturated: try again",
        ));
        let responses = op["responses"]
            .as_object_mut()
            .expect("every operation has responses");
        for (status, description) in add {
            responses
                .entry(status)
                .or_insert_with(|| json!({"description": description}));
        }
        for (status, response) in responses.iter_mut() {
            if status.as_str() >= "400" && response.get("content").is_none() {
                response["content"] = json!({
                    "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                });
            }
        }
    }
}

impl Modify for Contract {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let mut doc = serde_json::to_value(&*openapi).expect("the document serializes");
        for (path, item) in doc["paths"].as_object_mut().into_iter().flatten() {
            for (_, op) in item.as_object_mut().into_iter().flatten() {
                if op.get("responses").is_some() {
                    Contract::complete(path, op);
                }
            }
        }
        doc["components"]["schemas"]["Error"] = Contract::error_schema();
        *openapi = serde_json::from_value(doc).expect("the completed document deserializes");
    }
}
