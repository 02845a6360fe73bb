//! Back-office reads: `GET /api/admin/summary` (the dashboard's four figures in one call) and
//! `GET /api/admin/inventory` (unit products and apparel variants by SKU, with the Low Stock
//! and Out of Stock views). ADMIN only.

use actix_web::{get, web, HttpResponse};
use domain::inventory as stock;
use domain::inventory::{InventoryFilter, InventoryItem, InventorySort, InventoryView};
use domain::money::Money;
use domain::paging::PageRequest;
use serde::Serialize;
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

use super::products::params::{blank_or, text_enum, Params};
use super::user::list::Pagination;
use crate::error::ApiError;
use crate::extractors::{no_store, AdminUser};
use crate::state::AppState;

/// The dashboard's figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryJson {
    /// Accounts.
    pub users: i64,
    /// Units and variant items in stock, summed.
    pub inventory: i64,
    /// Fireworks products.
    pub products: i64,
    /// Shows.
    pub shows: i64,
    /// Orders waiting for the admin (PENDING and PROCESSING).
    pub orders_to_handle: WorkCountsJson,
    /// Case break requests still open (PENDING and PROCESSING).
    pub open_case_breaks: WorkCountsJson,
}

/// Work waiting, by status.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkCountsJson {
    /// PENDING.
    pub pending: i64,
    /// PROCESSING.
    pub processing: i64,
}

/// The dashboard's figures: the four tiles, and the orders and case break requests to handle.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    responses((status = 200, body = SummaryJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/admin/summary")]
pub async fn summary(
    state: web::Data<AppState>,
    _admin: AdminUser,
) -> Result<HttpResponse, ApiError> {
    let now = chrono::Utc::now().naive_utc();
    let s = state.call(move |s| stock::summary(&s.store, now)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(SummaryJson {
            users: s.users,
            inventory: s.inventory,
            products: s.products,
            shows: s.shows,
            orders_to_handle: WorkCountsJson {
                pending: s.pending_orders,
                processing: s.processing_orders,
            },
            open_case_breaks: WorkCountsJson {
                pending: s.pending_case_breaks,
                processing: s.processing_case_breaks,
            },
        }))
}

/// The product an inventory line belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryProductJson {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
}

/// One inventory line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InventoryItemJson {
    /// The unit product's or variant's id.
    pub id: String,
    /// `unit` or `variant`.
    pub kind: &'static str,
    /// SKU.
    pub sku: String,
    /// The product.
    pub product: InventoryProductJson,
    /// Price of one.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// Package.
    pub package: Vec<u32>,
    /// In stock.
    pub available_stock: i32,
}

impl From<InventoryItem> for InventoryItemJson {
    fn from(i: InventoryItem) -> Self {
        InventoryItemJson {
            id: i.id,
            kind: i.kind.as_str(),
            sku: i.sku,
            product: InventoryProductJson {
                id: i.product_id.into_string(),
                title: i.title,
            },
            unit_price: i.unit_price,
            package: i.package,
            available_stock: i.available_stock,
        }
    }
}

/// The inventory answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryJson {
    /// The page's lines.
    pub items: Vec<InventoryItemJson>,
    /// Paging.
    pub pagination: Pagination,
}

/// The inventory's query, as the OpenAPI document lists it (each doc line is the parameter's
/// description; the handler reads the text with `Params`).
#[derive(IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct InventoryQuery {
    /// Page, from 1
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Lines per page, 1 to 100 (default 25)
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// Text anywhere in the SKU or title, any case
    #[param(max_length = 200)]
    pub search: Option<String>,
    /// all (or blank), low-stock (0 < stock < 10) or out-of-stock (0)
    #[param(schema_with = inventory_view)]
    pub view: Option<String>,
    /// The order: sku (the default), title, unitPrice or availableStock, `-` first for
    /// descending (`-availableStock`); ties by SKU
    #[param(schema_with = inventory_sort)]
    pub sort: Option<String>,
}

fn inventory_view() -> Object {
    blank_or(["all", "low-stock", "out-of-stock"])
}

fn inventory_sort() -> Object {
    text_enum(InventorySort::values(&InventorySort::COLUMNS))
}

/// Unit products and apparel variants, by SKU or the column `sort` names.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(InventoryQuery),
    responses((status = 200, body = InventoryJson), (status = 400, description = "bad paging, view or sort"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/admin/inventory")]
pub async fn inventory(
    state: web::Data<AppState>,
    _admin: AdminUser,
    params: Params,
) -> Result<HttpResponse, ApiError> {
    let page: PageRequest = params.page()?;
    let view = InventoryView::parse(params.one("view"))
        .map_err(|e| ApiError::bad_field("view", e.to_string()))?;
    let sort = InventorySort::parse(params.one("sort"))
        .map_err(|e| ApiError::bad_field("sort", e.to_string()))?;
    let filter = InventoryFilter {
        search: params.search("search")?,
        view,
        sort,
    };
    let found = state
        .call(move |s| stock::inventory(&s.store, &filter, page))
        .await?;
    let total = found.total;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(InventoryJson {
            items: found
                .items
                .into_iter()
                .map(InventoryItemJson::from)
                .collect(),
            pagination: Pagination {
                page: page.page,
                page_size: page.page_size,
                total_items: total,
                total_pages: page.total_pages(total),
                has_more: page.has_more(total),
            },
        }))
}
