//! The catalogue's read use cases, over the [`Catalogue`] and [`Terminals`] ports. They run
//! inside one [`crate::store::Store::read`] that the caller opens (the API's read cache opens
//! it, reads the catalogue version first and keys the answer by it).

use super::filter::{ProductSort, ShowFilter};
use super::model::{MetadataItem, MetadataKind, Product, Show, Terminal};
use super::ProductFilter;
use crate::catalogue::{ApparelAdmin, CatalogueReads};
use crate::checkout::Terminals;
use crate::ids::{ProductId, TerminalId};
use crate::inventory::Inventory;
use crate::paging::{Page, PageRequest};
use crate::store::{Store, StoreError};
use crate::vocabulary::Terms;

/// Why one product could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum GetProductError {
    /// No product has this id.
    #[error("Product not found")]
    NotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why one show could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum GetShowError {
    /// No show has this id (a product that is not a show included).
    #[error("Show not found")]
    NotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a show list could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ListShowsError {
    /// The brand asked for does not exist.
    #[error("Brand not found")]
    BrandNotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why one terminal could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum GetTerminalError {
    /// No terminal has this id.
    #[error("Terminal not found")]
    NotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A show list question: brand and show type by id or name, title text, page.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ShowQuery {
    /// Brand id or name (any letter case).
    pub brand: Option<String>,
    /// Show type id or name (any letter case, e.g. `FOURTH_JULY`).
    pub show_type: Option<String>,
    /// Text anywhere in the title.
    pub search: Option<String>,
    /// The order of the list.
    pub sort: ProductSort,
}

/// One page of products; `known_total` (a count of the same filter at the same catalogue
/// version) saves the count.
///
/// # Errors
/// Store failures.
pub fn list_products(
    tx: &mut impl CatalogueReads,
    filter: &ProductFilter,
    page: PageRequest,
    known_total: Option<i64>,
) -> Result<Page<Product>, StoreError> {
    tx.list_products(filter, page, known_total)
}

/// What a storefront page names, as the server's first view of it needs it.
#[derive(Debug, Clone, PartialEq)]
pub enum PageSubject {
    /// No such product (on a show page: no such show).
    Missing,
    /// The show exists.
    Show,
    /// The product.
    Product(Box<Product>),
}

/// The subject of a storefront page: the show of a show page, else the product.
///
/// # Errors
/// Store failures.
pub fn page_subject(
    tx: &mut impl CatalogueReads,
    id: &ProductId,
    show_page: bool,
) -> Result<PageSubject, StoreError> {
    Ok(if show_page {
        match tx.find_show(id)? {
            Some(_) => PageSubject::Show,
            None => PageSubject::Missing,
        }
    } else {
        tx.find_product(id)?
            .map_or(PageSubject::Missing, |p| PageSubject::Product(Box::new(p)))
    })
}

/// One product of any kind.
///
/// # Errors
/// [`GetProductError::NotFound`]; store failures.
pub fn get_product(
    tx: &mut impl CatalogueReads,
    id: &ProductId,
) -> Result<Product, GetProductError> {
    tx.find_product(id)?.ok_or(GetProductError::NotFound)
}

/// One apparel product with its variants (any other product is not found here).
///
/// # Errors
/// [`GetProductError::NotFound`], also for a product that is not apparel; store failures.
pub fn get_apparel(
    tx: &mut impl CatalogueReads,
    id: &ProductId,
) -> Result<Product, GetProductError> {
    get_product(tx, id).and_then(|p| {
        if p.is_apparel {
            Ok(p)
        } else {
            Err(GetProductError::NotFound)
        }
    })
}

/// One page of shows. An unknown show type has no shows (an empty page); an unknown brand is
/// an error, because the brand page names it in its address.
///
/// # Errors
/// [`ListShowsError::BrandNotFound`]; store failures.
pub fn list_shows(
    tx: &mut impl CatalogueReads,
    query: &ShowQuery,
    page: PageRequest,
) -> Result<Page<Show>, ListShowsError> {
    let filter = show_filter(tx, query)?;
    Ok(tx.list_shows(&filter, page)?)
}

/// The show filter of `query`: its brand and show type resolved to ids. An unknown show type
/// stays as given, an id no show type has, so it lists nothing.
///
/// # Errors
/// [`ListShowsError::BrandNotFound`]; store failures.
pub(super) fn show_filter(
    tx: &mut impl CatalogueReads,
    query: &ShowQuery,
) -> Result<ShowFilter, ListShowsError> {
    let mut filter = ShowFilter {
        search: query.search.clone(),
        sort: query.sort,
        ..ShowFilter::default()
    };
    if let Some(brand) = &query.brand {
        let found = match tx.find_brand(brand)? {
            Some(found) => Some(found),
            None => match brand_key_as_name(brand) {
                Some(name) => tx.find_brand(&name)?,
                None => None,
            },
        };
        filter
            .brands
            .push(found.ok_or(ListShowsError::BrandNotFound)?.id);
    }
    if let Some(key) = &query.show_type {
        filter
            .show_types
            .push(tx.find_show_type(key)?.unwrap_or_else(|| key.clone()));
    }
    Ok(filter)
}

/// The brand name a brand key stands for, as the storefront's client writes brands in
/// addresses (`CODY_B` for "Cody B": upper case, underscores for spaces); `None` when `key`
/// has no underscore (it is then an id or a name already). Names compare in any letter case.
fn brand_key_as_name(key: &str) -> Option<String> {
    key.contains('_').then(|| key.replace('_', " "))
}

/// One show with its contents.
///
/// # Errors
/// [`GetShowError::NotFound`]; store failures.
pub fn get_show(tx: &mut impl CatalogueReads, id: &ProductId) -> Result<Show, GetShowError> {
    tx.find_show(id)?.ok_or(GetShowError::NotFound)
}

/// The base SKU the next apparel product gets: one more than the highest `APP-n` in use.
///
/// # Errors
/// Store failures.
pub fn next_apparel_sku(tx: &mut impl ApparelAdmin) -> Result<String, StoreError> {
    let skus = tx.apparel_skus()?;
    Ok(crate::pricing::next_apparel_base_sku(
        skus.iter().map(String::as_str),
    ))
}

/// A page of each metadata kind asked for, in the order asked.
///
/// # Errors
/// Store failures.
pub fn metadata_pages(
    tx: &mut impl Terms,
    kinds: &[MetadataKind],
    search: Option<&str>,
    page: PageRequest,
) -> Result<Vec<(MetadataKind, Page<MetadataItem>)>, StoreError> {
    kinds
        .iter()
        .map(|&kind| Ok((kind, tx.metadata_page(kind, search, page)?)))
        .collect()
}

/// One freight terminal.
///
/// # Errors
/// [`GetTerminalError::NotFound`]; store failures.
pub fn get_terminal(
    tx: &mut impl Terminals,
    id: &TerminalId,
) -> Result<Terminal, GetTerminalError> {
    tx.find_terminal(id)?.ok_or(GetTerminalError::NotFound)
}

/// Why a product's stock flag was not set.
#[derive(Debug, thiserror::Error)]
pub enum SetInStockError {
    /// No product has this id.
    #[error("Product not found")]
    NotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Sets a product's stock flag and moves the catalogue version on in the same write, so every
/// API node's read cache drops its answers (the rule of every catalogue write).
///
/// # Errors
/// [`SetInStockError::NotFound`]; store failures.
pub fn set_in_stock(
    store: &impl Store,
    id: &ProductId,
    in_stock: bool,
) -> Result<(), SetInStockError> {
    store.write(|tx| {
        if !tx.set_product_in_stock(id, in_stock)? {
            return Err(SetInStockError::NotFound);
        }
        tx.bump_catalogue_version()?;
        Ok(())
    })
}
