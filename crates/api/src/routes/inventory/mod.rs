//! Back-office reads: `GET /api/admin/summary` (the dashboard's four figures in one call) and
//! `GET /api/admin/inventory` (unit products and apparel variants by SKU, with the Low Stock
//! and Out of Stock views). ADMIN only.

pub mod dto;

use actix_web::{get, web, HttpResponse};
use domain::inventory as stock;
use domain::inventory::{InventoryFilter, InventorySort, InventoryView};
use domain::paging::PageRequest;

use self::dto::{InventoryItemJson, InventoryJson, InventoryQuery, SummaryJson, WorkCountsJson};
use crate::error::ApiError;
use crate::extractors::{no_store, AdminUser};
use crate::routes::params::Params;
use crate::routes::users::list::Pagination;
use crate::state::AppState;

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
