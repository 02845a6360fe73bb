//! `GET /api/products` and `GET /api/products/{id}`: the fireworks catalogue (and any product
//! by id). The query parsing and JSON shapes here are shared by the other catalogue routes.

use actix_web::{get, web, HttpResponse};
use domain::catalogue::{self, get_product, GetProductError, ProductFilter, StockFilter};
use domain::ids::ProductId;
use domain::paging::PageRequest;

use super::dto::{PageJson, ProductJson, ProductPageJson};
use crate::catalogue_cache::{CachedRead, Reads};
use crate::error::ApiError;
use crate::routes::params::{PageQuery, Params, ProductFilterQuery};

/// Lists products: fireworks by default (`isShow=false&isApparel=false`), sorted by title
/// (case-insensitive) then id, or newest first with `sort=newest`. Filters of one kind are alternatives, kinds combine with AND.
/// Stock: `inStock=true` only in-stock products, `inStock=false` only out-of-stock ones,
/// `showOutOfStock=true` both (the default when neither is given).
#[utoipa::path(tag = "catalogue",
    params(
        PageQuery,
        ("isShow" = Option<bool>, Query, description = "Shows (default false)"),
        ("isApparel" = Option<bool>, Query, description = "Apparel (default false)"),
        ("inStock" = Option<bool>, Query, description = "true: only in stock; false: only out of stock"),
        ("showOutOfStock" = Option<bool>, Query, description = "true: in and out of stock"),
        ProductFilterQuery,
    ),
    responses((status = 200, body = PageJson<ProductJson>), (status = 400, description = "invalid paging or filter")))]
#[get("/products")]
pub async fn list(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let page = params.page()?;
    let filter = list_filter(&params)?;
    respond_product_page(&read, "products", filter, page).await
}

/// The filter of `GET /api/products` (and of its facet counts).
///
/// # Errors
/// 400 naming the first invalid field.
pub fn list_filter(params: &Params) -> Result<ProductFilter, ApiError> {
    let mut filter = params.product_filter()?;
    filter.is_show = Some(params.bool("isShow")?.unwrap_or(false));
    filter.is_apparel = Some(params.bool("isApparel")?.unwrap_or(false));
    filter.stock = match (params.bool("showOutOfStock")?, params.bool("inStock")?) {
        (Some(true), _) | (None, None) => StockFilter::Any,
        (_, Some(true)) | (Some(false), None) => StockFilter::InStock,
        (_, Some(false)) => StockFilter::OutOfStock,
    };
    Ok(filter)
}

/// Answers one page of a product list through the catalogue cache. The row count of a filter
/// is remembered per catalogue version, so paging through a list counts once. `kind` keeps the
/// cache keys of the product and apparel lists apart.
///
/// # Errors
/// Database failures.
pub async fn respond_product_page(
    read: &CachedRead,
    kind: &str,
    filter: ProductFilter,
    page: PageRequest,
) -> Result<HttpResponse, ApiError> {
    let counts = read.cache().clone();
    let count_key = counts.query_key(&(kind, &filter));
    let key = counts.query_key(&(count_key, page));
    read.respond(key, Reads::INDEXED, move |tx, version| {
        let known = counts.count(&count_key, version);
        let found = catalogue::list_products(tx, &filter, page, known)?;
        if known.is_none() {
            counts.remember_count(&count_key, version, found.total);
        }
        Ok(ProductPageJson::new(page, found))
    })
    .await
}

/// One product (of any kind) with its relations.
#[utoipa::path(tag = "catalogue",
    params(("id" = String, Path, description = "Product id")),
    responses((status = 200, body = ProductJson), (status = 404, description = "Product not found")))]
#[get("/products/{id}")]
pub async fn get(read: CachedRead, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    // Text that cannot be an id names no product: the answer an unknown id gets.
    let id: ProductId = id.parse().map_err(|_| GetProductError::NotFound)?;
    read.respond_item(Reads::INDEXED, move |tx| {
        get_product(tx, &id).map(ProductJson::from)
    })
    .await
}
