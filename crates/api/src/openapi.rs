//! The OpenAPI document (`/api/openapi.json`), generated from the handlers' annotations as
//! `routes::configure` registers them: one list feeds both the router and the document.

use actix_web::App;
use serde_json::{json, Value};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt as _;

use crate::routes;

/// The document of the `/api` operations that [`routes::configure`] registers, with the
/// answers every operation can give (`Contract`).
#[must_use]
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .service(utoipa_actix_web::scope("/api").configure(routes::configure))
        .split_for_parts();
    Contract.modify(&mut doc);
    doc
}

/// The API description around the operations: title, tags, the bearer scheme. The paths
/// come from the routes ([`document`]).
#[derive(OpenApi)]
#[openapi(
    info(title = "Fireworks shop API", description = "Storefront and back-office API of the fireworks shop."),
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
