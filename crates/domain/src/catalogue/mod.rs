//! The catalogue: its values (packages, quantities, SKUs, genders, sizes), what it shows
//! (products, variants, shows, metadata, terminals), the questions a list answers, and the read
//! use cases over the [`crate::ports::Catalogue`] port.

mod apparel_admin;
mod facets;
mod filter;
mod image;
mod inventory;
mod model;
mod product_admin;
mod service;
mod show_admin;
mod values;
mod vocabulary;

pub use apparel_admin::{
    create_apparel, delete_apparel, set_variant_stock, update_apparel, variant_stock,
    ApparelAdminError, ApparelInput, ApparelRecord, NewVariant, StoredVariant, ValidApparel,
    ValidVariant, VariantInput, VariantKey, DEFAULT_VARIANT_STOCK, MAX_VARIANT_STOCK,
};
pub use facets::{facet_counts, show_facet_counts, FacetCount, FacetKind, Facets};
pub use filter::{ProductFilter, ProductSort, ShowFilter, StockFilter};
pub use image::{check_image, ImageError, ImageKind, MAX_IMAGE_BYTES};
pub use inventory::{
    inventory, summary, InvalidInventorySort, InventoryColumn, InventoryFilter, InventoryItem,
    InventorySort, InventoryView, StockKind, Summary, LOW_STOCK_BELOW,
};
pub use model::{
    apparel_in_stock, unit_for_sale, MetadataItem, MetadataKind, MetadataLists, NamedRef,
    PricedProduct, PricedVariant, Product, Show, ShowLine, ShowLineProduct, StoredAddress,
    Terminal, TypeRef, UnitProduct, Variant,
};
pub use product_admin::{
    create_product, delete_product, update_product, ProductAdminError, ProductInput, ProductUsage,
    UnitRecord, ValidProduct, MAX_DESCRIPTION_LEN, MAX_IMAGE_LEN, MAX_TITLE_LEN, PLACEHOLDER_IMAGE,
};
pub use service::{
    get_apparel, get_product, get_show, get_terminal, list_products, list_shows, metadata_pages,
    next_apparel_sku, set_in_stock, GetProductError, GetShowError, GetTerminalError,
    ListShowsError, SetInStockError, ShowQuery,
};
pub use show_admin::{
    create_show, delete_show, update_show, ShowAdminError, ShowInput, ShowLineInput, ValidShow,
    ValidShowLine, MAX_SHOW_LINES, MAX_SHOW_NOTES_LEN, MAX_SHOW_QUANTITY,
};
pub use values::*;
pub use vocabulary::{
    create_term, delete_term, update_term, Term, TermInput, TermUsage, ValidTerm, Vocabulary,
    VocabularyError, MAX_TERM_DESCRIPTION_LEN, MAX_TERM_NAME_LEN,
};
