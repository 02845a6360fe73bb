//! `GET /api/apparel`, `GET /api/apparel/{id}`, `GET /api/apparel/types/all` and
//! `GET /api/apparel/sku/preview`.

use actix_web::{get, web, HttpResponse};
use domain::catalogue::CatalogueReads as _;
use domain::catalogue::{self, ProductFilter, StockFilter};
use domain::ids::ProductId;
use serde::Serialize;
use utoipa::ToSchema;

use crate::catalogue_cache::{CachePolicy, CachedRead, Reads};
use crate::error::ApiError;
use crate::routes::catalogue::dto::{PageJson, ProductJson};
use crate::routes::catalogue::products::respond_product_page;
use crate::routes::params::{PageQuery, Params, ProductFilterQuery};

/// Lists apparel products with their variants, sorted by title then id. Without
/// `showOutOfStock=true` only products in stock with a variant in stock are listed;
/// `inStock=false` lists only the others. Sizes and genders must match on one variant.
#[utoipa::path(tag = "catalogue",
    params(
        PageQuery,
        ("showOutOfStock" = Option<bool>, Query, description = "Include products without stock"),
        ("inStock" = Option<bool>, Query, description = "false: only products without stock"),
        ProductFilterQuery,
    ),
    responses((status = 200, body = PageJson<ProductJson>), (status = 400, description = "invalid paging or filter")))]
#[get("/apparel")]
pub async fn list(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let page = params.page()?;
    let filter = list_filter(&params)?;
    respond_product_page(&read, "apparel", filter, page).await
}

/// The filter of `GET /api/apparel` (and of its facet counts).
///
/// # Errors
/// 400 naming the first invalid field.
pub fn list_filter(params: &Params) -> Result<ProductFilter, ApiError> {
    let mut filter = params.product_filter()?;
    filter.is_show = Some(false);
    filter.is_apparel = Some(true);
    filter.stock = match (params.bool("showOutOfStock")?, params.bool("inStock")?) {
        (_, Some(false)) => StockFilter::OutOfStock,
        (Some(true), _) => StockFilter::Any,
        _ => StockFilter::InStock,
    };
    Ok(filter)
}

/// One apparel product with its variants, as `GET /api/products/{id}` answers it (404 for any
/// other kind of product).
#[utoipa::path(tag = "catalogue",
    params(("id" = String, Path, description = "Apparel product id")),
    responses((status = 200, body = ProductJson), (status = 404, description = "Product not found")))]
#[get("/apparel/{id}")]
pub async fn get(read: CachedRead, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    // Text that cannot be an id names no product: the answer an unknown id gets.
    let id: ProductId = id
        .parse()
        .map_err(|_| catalogue::GetProductError::NotFound)?;
    read.respond_item(Reads::INDEXED, move |tx| {
        catalogue::get_apparel(tx, &id).map(ProductJson::from)
    })
    .await
}

/// An apparel type with the number of apparel products of that type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApparelTypeJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Name.
    pub name: String,
    /// Description or null.
    pub description: Option<String>,
    /// Apparel products of this type.
    pub product_count: i64,
}

/// Every apparel type, by name.
#[utoipa::path(tag = "catalogue",
    responses((status = 200, body = Vec<ApparelTypeJson>)))]
#[get("/apparel/types/all")]
pub async fn types(read: CachedRead) -> Result<HttpResponse, ApiError> {
    read.respond("apparel-types", CachePolicy::Revalidate, |tx, _| {
        Ok(tx
            .apparel_types()?
            .into_iter()
            .map(|(t, product_count)| ApparelTypeJson {
                id: t.id,
                name: t.name,
                description: t.description,
                product_count,
            })
            .collect::<Vec<_>>())
    })
    .await
}

/// The next apparel base SKU.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SkuPreviewJson {
    /// For example `APP-0024`.
    pub next_sku: String,
}

/// The base SKU the next apparel product will get (clients may keep it 5 minutes; the server
/// assigns the SKU again when the product is created).
#[utoipa::path(tag = "catalogue",
    responses((status = 200, body = SkuPreviewJson)))]
#[get("/apparel/sku/preview")]
pub async fn sku_preview(read: CachedRead) -> Result<HttpResponse, ApiError> {
    read.respond("apparel-sku-preview", CachePolicy::MaxAge(300), |tx, _| {
        Ok(SkuPreviewJson {
            next_sku: catalogue::next_apparel_sku(tx)?,
        })
    })
    .await
}
