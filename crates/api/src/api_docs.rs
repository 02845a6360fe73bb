//! The API document, `GET /api/openapi.json` (always), and with the `swagger-ui` feature (on by
//! default; `make run` builds without it) its browser, the Swagger UI served from the binary at
//! `/api/docs/` (`/api/docs` leads there). Without the feature `/api/docs` answers 404.

use actix_web::http::Method;
use actix_web::web;
use utoipa::openapi::OpenApi;

/// Whether this module's routes answer the request (each is a `GET`; `HEAD` is one by then,
/// [`crate::head`]), which the `/api` scope leaves to them. They are registered after the scope:
/// the router tries services in order, and the browser's pattern (`/api/docs/{_:.*}`) is a
/// regular expression that every request ran first. Any other method on these paths gets the
/// scope's answer (404 or 405, in JSON), as it did when it fell through the routes here.
#[must_use]
pub fn serves(method: &Method, path: &str) -> bool {
    method == Method::GET
        && (path == "/api/openapi.json"
            || (cfg!(feature = "swagger-ui")
                && (path == "/api/docs" || path.starts_with("/api/docs/"))))
}

/// Registers the document (and its browser, with the `swagger-ui` feature).
#[cfg(feature = "swagger-ui")]
pub fn configure(cfg: &mut web::ServiceConfig, openapi: OpenApi) {
    use utoipa_swagger_ui::SwaggerUi;
    cfg.service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi))
        .route(
            "/api/docs",
            web::get().to(crate::routes_system::docs_redirect),
        );
}

/// Registers the document, answered as the Swagger UI's own route answers it.
#[cfg(not(feature = "swagger-ui"))]
pub fn configure(cfg: &mut web::ServiceConfig, openapi: OpenApi) {
    use actix_web::HttpResponse;
    async fn document(openapi: web::Data<OpenApi>) -> HttpResponse {
        HttpResponse::Ok().json(openapi.as_ref())
    }
    cfg.service(
        web::resource("/api/openapi.json")
            .guard(actix_web::guard::Get())
            .app_data(web::Data::new(openapi))
            .to(document),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_api_scope_leaves_only_the_documents_gets_to_this_module() {
        assert!(serves(&Method::GET, "/api/openapi.json"));
        assert!(!serves(&Method::POST, "/api/openapi.json"));
        assert!(!serves(&Method::GET, "/api/products"));
        assert!(!serves(&Method::GET, "/api/openapi.jsonx"));
        assert!(!serves(&Method::GET, "/api/docsx"));
        for docs in ["/api/docs", "/api/docs/", "/api/docs/index.html"] {
            assert_eq!(
                serves(&Method::GET, docs),
                cfg!(feature = "swagger-ui"),
                "{docs}"
            );
            assert!(!serves(&Method::DELETE, docs), "{docs}");
        }
    }
}
