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

admin_crud::form_body! {
    /// An apparel product as the admin's form sends it (back-office.md §7). The SKU is the
    /// server's (`APP-n`) and never changes.
    ApparelBody => ApparelInput {
        /// Title.
        title: Option<String>,
        /// Description.
        description: Option<String>,
        /// Case price (a number above 0).
        #[schema(value_type = Option<f64>)]
        case_price: Value => admin_crud::text,
        /// In stock.
        in_stock: bool,
        /// Package: `"1,1"` (the default) or `[1, 1]`.
        #[schema(value_type = Option<String>)]
        package: Value => admin_crud::text,
        /// Image address (defaults to the placeholder).
        image: Option<String>,
        /// Video address.
        #[serde(rename = "videoURL", alias = "videoUrl")]
        video_url: Option<String>,
        /// Brand id.
        brand_id: Option<String>,
        /// Category id.
        category_id: Option<String>,
        /// Apparel type id.
        apparel_type_id: Option<String>,
        /// The product's colour ids.
        colors: Vec<String>,
        /// The variants (at least one; size/gender/colour unique).
        #[serde(deserialize_with = "crate::objects::many")]
        variants: Vec<VariantBody> => admin_crud::each,
    }
}

impl From<VariantBody> for VariantInput {
    fn from(v: VariantBody) -> Self {
        VariantInput {
            size: v.size,
            gender: v.gender,
            color_id: v.color_id,
            unit_price: as_text(&v.unit_price),
            available_stock: v.available_stock,
        }
    }
}

/// What deleting an apparel product answers (the storefront's own words for it).
pub const APPAREL_DELETED: &str = "Apparel product deleted successfully";

admin_crud::handlers! {
    body: ApparelBody, input: ApparelInput, error: ApparelAdminError, view: ProductJson,
    id: "Apparel product id", not_found: "Apparel product not found",
    /// Creates an apparel product with its variants (base SKU `APP-n`, variant SKUs
    /// base-SIZE-G[-COL]).
    #[post("/apparel/products")]
    create: catalogue::create_apparel, [
        (status = 422, description = "validation failures by field")
    ];
    /// Changes an apparel product and its variants (matched by size, gender and colour; one left
    /// out is deleted, or kept unavailable when orders reference it).
    #[put("/apparel/products/{id}")]
    update: catalogue::update_apparel, [
        (status = 422, description = "validation failures by field")
    ];
    /// Deletes an apparel product no order references; answers `{message}`.
    #[delete("/apparel/products/{id}")]
    remove: catalogue::delete_apparel,
        HttpResponse::Ok().json(MessageResponse { message: APPAREL_DELETED.to_owned() }), [
        (status = 200, body = MessageResponse, description = "deleted"),
        (status = 409, description = "orders reference it")
    ];
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
