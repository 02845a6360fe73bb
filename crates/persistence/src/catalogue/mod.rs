//! Catalogue reads: products, apparel and shows with their filters and relations, metadata
//! (brands, categories, colours, effects, apparel and show types), terminals, and the
//! catalogue version that API nodes key their read caches by.
//!
//! Every list is a count query and a page query (products joined with their brand, category,
//! types and unit product), plus at most one batched query per many-valued relation for the
//! page's ids (colours, effects, variants, show contents): never one query per row.

mod metadata;
mod products;
mod shows;
mod terminals;
mod version;
mod writes;

pub use metadata::{
    apparel_types, metadata, metadata_page, next_apparel_sku, show_types, MetadataItem,
    MetadataKind, MetadataLists,
};
pub use products::{
    find_product, list_products, list_products_counted, ProductFilter, ProductRecord, ProductSort,
    StockFilter, VariantRecord,
};
pub use shows::{
    find_brand, find_show, find_show_type, list_shows, ShowFilter, ShowLine, ShowRecord,
};
pub use terminals::{find_terminal, list_terminals, TerminalRecord};
pub use version::{bump_version, current_version};
pub use writes::set_product_in_stock;

pub(crate) use crate::search::{like_anywhere, like_prefix, lower};

/// An `{id, name}` reference (brand, category, colour, effect).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRef {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
}

/// An `{id, name, description}` reference (apparel type, show type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeRef {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Description.
    pub description: Option<String>,
}

/// Which page of a list to read: `page` from 1, `page_size` rows per page (both already
/// validated by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PageRequest {
    /// Page, from 1.
    pub page: i64,
    /// Rows per page, at least 1.
    pub page_size: i64,
}

impl PageRequest {
    /// Rows to skip.
    #[must_use]
    pub fn offset(&self) -> i64 {
        (self.page.max(1) - 1).saturating_mul(self.page_size)
    }

    /// Pages needed for `total` rows (0 when there are none).
    #[must_use]
    pub fn total_pages(&self, total: i64) -> i64 {
        if self.page_size <= 0 {
            return 0;
        }
        (total + self.page_size - 1) / self.page_size
    }

    /// Whether a page after this one has rows.
    #[must_use]
    pub fn has_more(&self, total: i64) -> bool {
        self.page.saturating_mul(self.page_size) < total
    }
}

/// One page of rows and how many match in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    /// The page's rows.
    pub items: Vec<T>,
    /// Rows matching the filters, on every page.
    pub total: i64,
}
