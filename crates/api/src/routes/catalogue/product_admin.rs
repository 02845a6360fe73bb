//! Back-office writes of fireworks products (back-office.md §7 "Products"): `POST /api/products`,
//! `PUT /api/products/{id}` (the SKU cannot change), `DELETE /api/products/{id}`. ADMIN only.
//! Answers the product as `GET /api/products/{id}` does.

use actix_web::{delete, post, put, web, HttpResponse};
use domain::catalogue::{self, ProductAdminError, ProductInput};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::CatalogueWrite;
use crate::routes::catalogue::admin_crud;
use crate::routes::catalogue::dto::ProductJson;

/// A product as the admin's form sends it (back-office.md §7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductBody {
    /// SKU (required; cannot change on edit).
    #[serde(default)]
    pub sku: Option<String>,
    /// Title.
    #[serde(default)]
    pub title: Option<String>,
    /// Description.
    #[serde(default)]
    pub description: Option<String>,
    /// Case price (a number above 0, at most two decimals).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub case_price: Value,
    /// In stock.
    #[serde(default)]
    pub in_stock: bool,
    /// Package: `"12,6"` or `[12, 6]`.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub package: Value,
    /// Sold by the unit too.
    #[serde(default)]
    pub is_case_breakable: bool,
    /// The unit price, when the admin sets one (otherwise the price helper's).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub unit_price: Value,
    /// Units in stock as the admin counts them, 0..1000000 (left out: the unit stock stays as
    /// it is; a new unit product starts at 0).
    #[serde(default, deserialize_with = "crate::whole::optional")]
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub unit_stock: Option<i64>,
    /// Image address (defaults to the placeholder; the word `placeholder` means the same).
    #[serde(default)]
    pub image: Option<String>,
    /// Video address.
    #[serde(default, rename = "videoURL", alias = "videoUrl")]
    pub video_url: Option<String>,
    /// Brand id.
    #[serde(default)]
    pub brand_id: Option<String>,
    /// Category id.
    #[serde(default)]
    pub category_id: Option<String>,
    /// Colour ids.
    #[serde(default)]
    pub colors: Vec<String>,
    /// Effect ids.
    #[serde(default)]
    pub effects: Vec<String>,
}

/// A JSON number or text as the text the domain reads; anything else as junk it refuses.
pub(crate) fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(parts) => Some(
            parts
                .iter()
                .map(|p| as_text(p).unwrap_or_else(|| "x".into()))
                .collect::<Vec<_>>()
                .join(","),
        ),
        Value::Bool(_) | Value::Object(_) => Some("x".into()),
    }
}

impl From<ProductBody> for ProductInput {
    fn from(b: ProductBody) -> Self {
        ProductInput {
            sku: b.sku,
            title: b.title,
            description: b.description,
            case_price: as_text(&b.case_price),
            in_stock: b.in_stock,
            package: as_text(&b.package),
            is_case_breakable: b.is_case_breakable,
            unit_price: as_text(&b.unit_price),
            unit_stock: b.unit_stock,
            image: b.image,
            video_url: b.video_url,
            brand_id: b.brand_id,
            category_id: b.category_id,
            colors: b.colors,
            effects: b.effects,
        }
    }
}

/// Creates a fireworks product (with its unit product when case-breakable).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = ProductBody,
    responses((status = 201, body = ProductJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 409, description = "the SKU is taken"), (status = 422, description = "validation failures by field")))]
#[post("/products")]
pub async fn create(
    write: CatalogueWrite,
    body: web::Json<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    admin_crud::create(write, body, catalogue::create_product, ProductJson::from).await
}

/// Changes a fireworks product (not its SKU).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Product id")), request_body = ProductBody,
    responses((status = 200, body = ProductJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Product not found"), (status = 409, description = "the unit SKU is taken"),
    (status = 422, description = "validation failures by field, or a changed SKU")))]
#[put("/products/{id}")]
pub async fn update(
    write: CatalogueWrite,
    path: web::Path<String>,
    body: web::Json<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    admin_crud::update(
        write,
        path,
        body,
        catalogue::update_product,
        |input: &ProductInput| {
            let invalid = input.validate().err();
            invalid.map_or(ProductAdminError::NotFound, ProductAdminError::Invalid)
        },
        ProductJson::from,
    )
    .await
}

/// Deletes a fireworks product nothing uses.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Product id")),
    responses((status = 204, description = "deleted"), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Product not found"), (status = 409, description = "orders, shows or case break requests use it")))]
#[delete("/products/{id}")]
pub async fn remove(
    write: CatalogueWrite,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let deleted = HttpResponse::NoContent().finish();
    let not_found = catalogue::ProductAdminError::NotFound;
    admin_crud::delete(write, path, catalogue::delete_product, not_found, deleted).await
}
