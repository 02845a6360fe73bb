//! Back-office writes of apparel (back-office.md §7 "Apparel"): `POST /api/apparel/products`,
//! `PUT /api/apparel/products/{id}` (with its variants), `DELETE /api/apparel/products/{id}`
//! and `PUT /api/apparel/variants/{id}/stock`. ADMIN only. Products are answered as
//! `GET /api/products/{id}` does.

use actix_web::{delete, post, put, web, HttpResponse};
use chrono::Utc;
use domain::catalogue::{self, ApparelAdminError, ApparelInput, VariantInput};
use domain::ids::VariantId;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::CatalogueWrite;
use crate::routes::catalogue::admin_crud;
use crate::routes::catalogue::dto::ProductJson;
use crate::routes::catalogue::product_admin::as_text;
use crate::routes::users::dto::MessageResponse;

/// A variant of the apparel form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VariantBody {
    /// The stored variant's id (ignored: variants are matched by size, gender and colour).
    #[serde(default)]
    #[schema(format = Uuid)]
    pub id: Option<String>,
    /// Size: XS, S, M, L, XL, 2XL, 3XL or a custom one (at most 10 characters).
    #[serde(default)]
    #[schema(max_length = 10)]
    pub size: Option<String>,
    /// MALE, FEMALE or UNISEX (default UNISEX).
    #[serde(default)]
    pub gender: Option<String>,
    /// Colour id.
    #[serde(default)]
    #[schema(format = Uuid)]
    pub color_id: Option<String>,
    /// Price of one item (a number above 0).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub unit_price: Value,
    /// Items in stock, 0..1000000 (new variants default to 999; left out, a stored variant
    /// keeps its live stock).
    #[serde(default, deserialize_with = "crate::whole::optional")]
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub available_stock: Option<i64>,
}

/// An apparel product as the admin's form sends it (back-office.md §7). The SKU is the
/// server's (`APP-n`) and never changes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApparelBody {
    /// Title.
    #[serde(default)]
    pub title: Option<String>,
    /// Description.
    #[serde(default)]
    pub description: Option<String>,
    /// Case price (a number above 0).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub case_price: Value,
    /// In stock.
    #[serde(default)]
    pub in_stock: bool,
    /// Package: `"1,1"` (the default) or `[1, 1]`.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub package: Value,
    /// Image address (defaults to the placeholder).
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
    /// Apparel type id.
    #[serde(default)]
    pub apparel_type_id: Option<String>,
    /// The product's colour ids.
    #[serde(default)]
    pub colors: Vec<String>,
    /// The variants (at least one; size/gender/colour unique).
    #[serde(default, deserialize_with = "crate::objects::many")]
    pub variants: Vec<VariantBody>,
}

impl From<ApparelBody> for ApparelInput {
    fn from(b: ApparelBody) -> Self {
        ApparelInput {
            title: b.title,
            description: b.description,
            case_price: as_text(&b.case_price),
            in_stock: b.in_stock,
            package: as_text(&b.package),
            image: b.image,
            video_url: b.video_url,
            brand_id: b.brand_id,
            category_id: b.category_id,
            apparel_type_id: b.apparel_type_id,
            colors: b.colors,
            variants: b
                .variants
                .into_iter()
                .map(|v| VariantInput {
                    size: v.size,
                    gender: v.gender,
                    color_id: v.color_id,
                    unit_price: as_text(&v.unit_price),
                    available_stock: v.available_stock,
                })
                .collect(),
        }
    }
}

/// Creates an apparel product with its variants (base SKU `APP-n`, variant SKUs
/// base-SIZE-G[-COL]).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = ApparelBody,
    responses((status = 201, body = ProductJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 422, description = "validation failures by field")))]
#[post("/apparel/products")]
pub async fn create(
    write: CatalogueWrite,
    body: web::Json<ApparelBody>,
) -> Result<HttpResponse, ApiError> {
    admin_crud::create(write, body, catalogue::create_apparel, ProductJson::from).await
}

/// Changes an apparel product and its variants (matched by size, gender and colour; one left
/// out is deleted, or kept unavailable when orders reference it).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Apparel product id")), request_body = ApparelBody,
    responses((status = 200, body = ProductJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Apparel product not found"), (status = 422, description = "validation failures by field")))]
#[put("/apparel/products/{id}")]
pub async fn update(
    write: CatalogueWrite,
    path: web::Path<String>,
    body: web::Json<ApparelBody>,
) -> Result<HttpResponse, ApiError> {
    admin_crud::update(
        write,
        path,
        body,
        catalogue::update_apparel,
        |input: &ApparelInput| {
            let invalid = input.validate().err();
            invalid.map_or(ApparelAdminError::NotFound, ApparelAdminError::Invalid)
        },
        ProductJson::from,
    )
    .await
}

/// What deleting an apparel product answers (the storefront's own words for it).
pub const APPAREL_DELETED: &str = "Apparel product deleted successfully";

/// Deletes an apparel product no order references; answers `{message}`.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Apparel product id")),
    responses((status = 200, body = MessageResponse, description = "deleted"), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Apparel product not found"), (status = 409, description = "orders reference it")))]
#[delete("/apparel/products/{id}")]
pub async fn remove(
    write: CatalogueWrite,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let deleted = HttpResponse::Ok().json(MessageResponse {
        message: APPAREL_DELETED.to_owned(),
    });
    let not_found = catalogue::ApparelAdminError::NotFound;
    admin_crud::delete(write, path, catalogue::delete_apparel, not_found, deleted).await
}

/// The admin's stock count of one variant.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StockBody {
    /// Items in stock, 0..1000000.
    #[serde(deserialize_with = "crate::whole::number")]
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub available_stock: i64,
}

/// A variant's stock after the admin set it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantStockJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// SKU.
    pub sku: String,
    /// Items in stock.
    pub available_stock: u32,
}

/// Sets one variant's stock to the admin's count.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Variant id")), request_body = StockBody,
    responses((status = 200, body = VariantStockJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Variant not found"), (status = 422, description = "stock out of bounds")))]
#[put("/apparel/variants/{id}/stock")]
pub async fn set_stock(
    write: CatalogueWrite,
    path: web::Path<String>,
    body: web::Json<StockBody>,
) -> Result<HttpResponse, ApiError> {
    let stock = body.available_stock;
    // Text that cannot be an id names no variant: it answers what an unknown id does, after
    // the count's own check, in the use case's order.
    let id: VariantId = path.parse().map_err(|_| {
        catalogue::variant_stock_count(stock)
            .err()
            .unwrap_or(catalogue::ApparelAdminError::VariantNotFound)
    })?;
    let variant = write
        .run(move |s, actor| {
            catalogue::set_variant_stock(&s.store, actor, &id, stock, Utc::now().naive_utc())
        })
        .await?;
    Ok(HttpResponse::Ok().json(VariantStockJson {
        id: variant.id.into_string(),
        sku: variant.sku,
        available_stock: variant.available_stock,
    }))
}
