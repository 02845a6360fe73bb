//! The catalogue: its values (packages, quantities, SKUs, genders, sizes), what it shows
//! (products, variants, shows, metadata, terminals), the questions a list answers, and the use
//! cases over its ports ([`CatalogueReads`], [`ProductAdmin`], [`ShowAdmin`], [`ApparelAdmin`]).

mod admin;
mod apparel_admin;
mod facets;
mod filter;
mod form;
mod image;
mod model;
mod ports;
mod product_admin;
mod service;
mod show_admin;
mod values;

pub use apparel_admin::{
    create_apparel, delete_apparel, set_variant_stock, update_apparel, variant_stock_count,
    ApparelAdminError, ApparelInput, VariantInput,
};
pub use facets::{facet_counts, show_facet_counts, Facets};
pub use filter::{ProductFilter, ProductSort, ShowFilter, StockFilter};
pub use form::{
    variant_stock, DEFAULT_VARIANT_STOCK, MAX_DESCRIPTION_LEN, MAX_IMAGE_LEN, MAX_TITLE_LEN,
    MAX_VARIANT_STOCK, PLACEHOLDER_IMAGE,
};
pub use image::{check_image, ImageError, ImageKind, MAX_IMAGE_BYTES};
pub use model::*;
pub use ports::*;
pub use product_admin::{
    create_product, delete_product, update_product, ProductAdminError, ProductInput,
};
pub use service::{
    get_apparel, get_product, get_show, get_terminal, list_products, list_shows, metadata_pages,
    next_apparel_sku, page_subject, set_in_stock, GetProductError, GetShowError, GetTerminalError,
    ListShowsError, PageSubject, SetInStockError, ShowQuery,
};
pub use show_admin::{
    create_show, delete_show, update_show, ShowAdminError, ShowInput, ShowLineInput,
    MAX_SHOW_LINES, MAX_SHOW_NOTES_LEN, MAX_SHOW_QUANTITY,
};
pub use values::*;
