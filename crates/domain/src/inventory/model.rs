//! Counted stock as the back office reads it: which stock a line counts, the views and sort of
//! the inventory page, its rows, and the dashboard's figures.

use crate::ids::ProductId;
use crate::money::Money;

/// Which stock an inventory line counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockKind {
    /// The units of a case-breakable product.
    Unit,
    /// The items of an apparel variant.
    Variant,
}

impl StockKind {
    /// `unit` or `variant`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            StockKind::Unit => "unit",
            StockKind::Variant => "variant",
        }
    }
}

/// An inventory view (back-office.md §2: All Inventory, Low Stock, Out of Stock).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum InventoryView {
    /// Everything.
    #[default]
    All,
    /// 0 < stock < [`LOW_STOCK_BELOW`].
    LowStock,
    /// Stock 0.
    OutOfStock,
}

/// A text that is not an inventory view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("view must be low-stock or out-of-stock")]
pub struct InvalidInventoryView;

/// Stock below this (and above 0) is low.
pub const LOW_STOCK_BELOW: i32 = 10;

impl InventoryView {
    /// Reads `low-stock`, `out-of-stock`, or nothing (all).
    ///
    /// # Errors
    /// `InvalidInventoryView` for another word.
    pub fn parse(text: Option<&str>) -> Result<InventoryView, InvalidInventoryView> {
        match text.map(str::trim).filter(|t| !t.is_empty()) {
            None | Some("all") => Ok(InventoryView::All),
            Some("low-stock") => Ok(InventoryView::LowStock),
            Some("out-of-stock") => Ok(InventoryView::OutOfStock),
            Some(_) => Err(InvalidInventoryView),
        }
    }

    /// The stock range it keeps, `(min, max)` inclusive.
    #[must_use]
    pub const fn range(self) -> (i32, i32) {
        match self {
            InventoryView::All => (0, i32::MAX),
            InventoryView::LowStock => (1, LOW_STOCK_BELOW - 1),
            InventoryView::OutOfStock => (0, 0),
        }
    }
}

crate::paging::column_sort! {
    /// A column the inventory sorts by (then by SKU and id, so that the order is total).
    InventoryColumn,
    /// The order of the inventory: a column, ascending or descending.
    InventorySort,
    /// A text that is not an inventory order.
    InvalidInventorySort:
        "sort must be sku, title, unitPrice or availableStock, with - first for descending",
    /// SKU: the default (back-office.md §9).
    Sku = "sku",
    /// The product's title, any case.
    Title = "title",
    /// Price of one.
    UnitPrice = "unitPrice",
    /// Stock on hand.
    AvailableStock = "availableStock",
}

/// What an inventory list asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InventoryFilter {
    /// Text anywhere in the SKU or the product's title, any case.
    pub search: Option<String>,
    /// The view.
    pub view: InventoryView,
    /// The order.
    pub sort: InventorySort,
}

/// One inventory line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InventoryItem {
    /// The unit product's or variant's id.
    pub id: String,
    /// Units or variant items.
    pub kind: StockKind,
    /// SKU.
    pub sku: String,
    /// The product.
    pub product_id: ProductId,
    /// The product's title.
    pub title: String,
    /// Price of one.
    pub unit_price: Money,
    /// Package.
    pub package: Vec<u32>,
    /// In stock.
    pub available_stock: i32,
}

/// The dashboard's figures: the four tiles of back-office.md §2, and the work waiting (orders
/// and case break requests still PENDING or PROCESSING).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Accounts.
    pub users: i64,
    /// Units and variant items in stock, summed.
    pub inventory: i64,
    /// Fireworks products (not shows, not apparel).
    pub products: i64,
    /// Shows.
    pub shows: i64,
    /// Orders PENDING, to handle.
    pub pending_orders: i64,
    /// Orders PROCESSING, to finish.
    pub processing_orders: i64,
    /// Case break requests PENDING.
    pub pending_case_breaks: i64,
    /// Case break requests PROCESSING.
    pub processing_case_breaks: i64,
}
