//! The back-office dashboard's and inventory's query and answers.

use crate::routes::params::{blank_or, text_enum};
use crate::routes::users::list::Pagination;
use domain::inventory::{InventoryItem, InventorySort};
use domain::money::Money;
use serde::Serialize;
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

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
    text_enum(InventorySort::values(InventorySort::COLUMNS))
}
