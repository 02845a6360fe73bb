//! The questions a catalogue list answers: filters, stock state and order.

/// Which stock state to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum StockFilter {
    /// In stock and out of stock alike.
    #[default]
    Any,
    /// Only products that can be bought: the product's `in_stock` flag, and for apparel also a
    /// variant with stock above 0 ([`super::apparel_in_stock`]).
    InStock,
    /// Only products that cannot be bought (the opposite of `InStock`).
    OutOfStock,
}

/// The order of a product list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ProductSort {
    /// By title (case-insensitive), then id: the catalogue's order.
    #[default]
    Title,
    /// Newest first (creation time, then id): the home page's new arrivals.
    Newest,
    /// By title, Z to A (then id, descending).
    TitleDesc,
    /// By SKU (then id).
    Sku,
    /// By SKU, descending.
    SkuDesc,
    /// By case price, lowest first (then title and id).
    Price,
    /// By case price, highest first (then title and id).
    PriceDesc,
}

impl ProductSort {
    /// Every order with its query value (`sort=...`): a column's name, `-` first for
    /// descending; `newest` for the newest first. The back office's tables sort by these.
    pub const ALL: [(&'static str, ProductSort); 7] = [
        ("title", ProductSort::Title),
        ("-title", ProductSort::TitleDesc),
        ("newest", ProductSort::Newest),
        ("sku", ProductSort::Sku),
        ("-sku", ProductSort::SkuDesc),
        ("casePrice", ProductSort::Price),
        ("-casePrice", ProductSort::PriceDesc),
    ];

    /// The order a query value names, or `None`.
    #[must_use]
    pub fn parse(value: &str) -> Option<ProductSort> {
        Self::ALL.iter().find(|(v, _)| *v == value).map(|(_, s)| *s)
    }
}

/// Filters of a product list. Values of one kind are alternatives (OR); kinds combine with
/// AND. Empty lists do not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ProductFilter {
    /// Only shows (`Some(true)`) or only non-shows (`Some(false)`).
    pub is_show: Option<bool>,
    /// Only apparel (`Some(true)`) or only non-apparel (`Some(false)`).
    pub is_apparel: Option<bool>,
    /// Brand ids.
    pub brands: Vec<String>,
    /// Category ids.
    pub categories: Vec<String>,
    /// Colour ids (a product colour link, or for apparel also a variant's colour).
    pub colors: Vec<String>,
    /// Effect ids.
    pub effects: Vec<String>,
    /// Apparel type ids.
    pub apparel_types: Vec<String>,
    /// Show type ids.
    pub show_types: Vec<String>,
    /// Variant genders (`MALE`, `FEMALE`, `UNISEX`); with `sizes`, one variant must match both.
    pub genders: Vec<String>,
    /// Variant sizes (`XS` ... `3XL` or custom); with `genders`, one variant must match both.
    pub sizes: Vec<String>,
    /// Text anywhere in the title, case-insensitive.
    pub search: Option<String>,
    /// Stock state.
    pub stock: StockFilter,
    /// Order of the list.
    pub sort: ProductSort,
}

/// Filters of the show list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ShowFilter {
    /// Brand ids.
    pub brands: Vec<String>,
    /// Show type ids.
    pub show_types: Vec<String>,
    /// Text anywhere in the title, case-insensitive.
    pub search: Option<String>,
    /// The order (the back office's show table sorts by its columns).
    pub sort: ProductSort,
}

impl ShowFilter {
    /// The product filter that lists these shows.
    #[must_use]
    pub fn as_product_filter(&self) -> ProductFilter {
        ProductFilter {
            is_show: Some(true),
            brands: self.brands.clone(),
            show_types: self.show_types.clone(),
            search: self.search.clone(),
            sort: self.sort,
            ..ProductFilter::default()
        }
    }
}
