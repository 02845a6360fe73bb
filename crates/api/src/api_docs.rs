//! The API document, `GET /api/openapi.json` (always), and with the `swagger-ui` feature (on by
//! default; `make run` builds without it) its browser, the Swagger UI served from the binary at
//! `/api/docs/` (`/api/docs` leads there). Without the feature `/api/docs` answers 404.

use actix_web::web;
use utoipa::openapi::OpenApi;

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
