//! Back-office writes of shows (back-office.md §7 "Shows and show types"): `POST /api/shows`,
//! `PUT /api/shows/{id}`, `DELETE /api/shows/{id}`. ADMIN only. Answers the show as
//! `GET /api/shows/{id}` does.

use actix_web::{delete, post, put, web, HttpResponse};
use domain::catalogue::{self, Packing, ShowAdminError, ShowInput, ShowLineInput};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::CatalogueWrite;
use crate::routes::catalogue::admin_crud;
use crate::routes::catalogue::dto::ShowJson;
use crate::routes::catalogue::product_admin::as_text;

/// A line of the show form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShowLineBody {
    /// The product.
    pub product_id: String,
    /// How many (default 1).
    #[serde(default = "one", deserialize_with = "crate::whole::number")]
    pub quantity: i64,
    /// Notes.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub notes: Option<String>,
    /// Units (true) or cases.
    #[serde(default)]
    pub is_unit: bool,
}

const fn one() -> i64 {
    1
}

/// The show form (back-office.md §7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShowBody {
    /// Title.
    #[serde(default)]
    pub title: Option<String>,
    /// Description.
    #[serde(default)]
    pub description: Option<String>,
    /// Price (a number above 0).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub case_price: Value,
    /// Image address (defaults to the placeholder).
    #[serde(default)]
    pub image: Option<String>,
    /// Video address.
    #[serde(default, rename = "videoURL", alias = "videoUrl")]
    pub video_url: Option<String>,
    /// In stock.
    #[serde(default)]
    pub in_stock: bool,
    /// Show type id.
    #[serde(default)]
    pub show_type_id: Option<String>,
    /// Brand id.
    #[serde(default)]
    pub brand_id: Option<String>,
    /// Category id.
    #[serde(default)]
    pub category_id: Option<String>,
    /// The lines.
    #[serde(default, deserialize_with = "crate::objects::many")]
    pub products: Vec<ShowLineBody>,
}

impl From<ShowBody> for ShowInput {
    fn from(b: ShowBody) -> Self {
        ShowInput {
            title: b.title,
            description: b.description,
            case_price: as_text(&b.case_price),
            image: b.image,
            video_url: b.video_url,
            in_stock: b.in_stock,
            show_type_id: b.show_type_id,
            brand_id: b.brand_id,
            category_id: b.category_id,
            products: b
                .products
                .into_iter()
                .map(|l| ShowLineInput {
                    product_id: l.product_id,
                    quantity: l.quantity,
                    notes: l.notes,
                    packing: Packing::from_is_unit(l.is_unit),
                })
                .collect(),
        }
    }
}

/// Creates a show (SKU SHOW-n).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = ShowBody,
    responses((status = 201, body = ShowJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 422, description = "validation failures by field")))]
#[post("/shows")]
pub async fn create(
    write: CatalogueWrite,
    body: web::Json<ShowBody>,
) -> Result<HttpResponse, ApiError> {
    admin_crud::create(write, body, catalogue::create_show, ShowJson::from).await
}

/// Changes a show and replaces its lines.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Show id")), request_body = ShowBody,
    responses((status = 200, body = ShowJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Show not found"), (status = 422, description = "validation failures by field")))]
#[put("/shows/{id}")]
pub async fn update(
    write: CatalogueWrite,
    path: web::Path<String>,
    body: web::Json<ShowBody>,
) -> Result<HttpResponse, ApiError> {
    admin_crud::update(
        write,
        path,
        body,
        catalogue::update_show,
        |input: &ShowInput| {
            let invalid = input.validate().err();
            invalid.map_or(ShowAdminError::NotFound, ShowAdminError::Invalid)
        },
        ShowJson::from,
    )
    .await
}

/// Deletes a show no order holds.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Show id")),
    responses((status = 204, description = "deleted"), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Show not found"), (status = 409, description = "orders hold it")))]
#[delete("/shows/{id}")]
pub async fn remove(
    write: CatalogueWrite,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let deleted = HttpResponse::NoContent().finish();
    let not_found = catalogue::ShowAdminError::NotFound;
    admin_crud::delete(write, path, catalogue::delete_show, not_found, deleted).await
}
