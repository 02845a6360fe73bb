//! The catalogue's store ports: the storefront's reads (with the catalogue version every
//! write moves) and the back office's product, show and apparel writes.

use chrono::NaiveDateTime;

use crate::catalogue::{
    ApparelRecord, FacetCount, FacetKind, MetadataLists, NamedRef, NewVariant, Product,
    ProductFilter, ProductUsage, Show, ShowFilter, StoredVariant, TypeRef, UnitRecord,
    ValidApparel, ValidProduct, ValidShow,
};
use crate::ids::{ProductId, VariantId};
use crate::money::Money;
use crate::paging::{Page, PageRequest};
use crate::store::StoreError;

/// A back-office form of one kind of product: [`ValidProduct`] (fireworks), [`ValidApparel`]
/// or [`ValidShow`].
pub trait ProductForm {
    /// What the store gives back for a product of this kind: the form as stored (for apparel
    /// with its SKU and every variant), which an edit or a delete reads first and audits.
    type Record;
}

impl ProductForm for ValidProduct {
    type Record = ValidProduct;
}

impl ProductForm for ValidApparel {
    type Record = ApparelRecord;
}

impl ProductForm for ValidShow {
    type Record = ValidShow;
}

/// The back office's stored form of products of the kind `F`: its row and what goes with it
/// (a fireworks product's colour and effect links, apparel's colours, a show's lines), written
/// whole and read back whole. Apparel variants and unit products have ports of their own.
pub trait ProductForms<F: ProductForm> {
    /// Stores a new product of this kind under `sku`; answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the SKU is taken; [`StoreError::Conflict`] for unknown
    /// references.
    fn insert_form(
        &mut self,
        sku: &str,
        form: &F,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError>;

    /// The stored form of the product `id`, or `None` (also when it is of another kind).
    fn stored_form(&mut self, id: &ProductId) -> Result<Option<F::Record>, StoreError>;

    /// Replaces the fields and links (or lines) of the product `id` of this kind; its SKU stays.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; [`StoreError::Conflict`] for unknown references.
    fn update_form(
        &mut self,
        id: &ProductId,
        form: &F,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;
}

/// The back office's apparel writes beyond the product's form: its size/gender/colour variants.
pub trait ApparelAdmin {
    /// Adds a variant to an apparel product.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the SKU or the size/gender/colour is taken.
    fn insert_variant(
        &mut self,
        product: &ProductId,
        variant: &NewVariant,
    ) -> Result<VariantId, StoreError>;

    /// One variant, available or not.
    fn stored_variant(&mut self, id: &VariantId) -> Result<Option<StoredVariant>, StoreError>;

    /// Sets a variant's price, its stock when given, and whether it is for sale.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when there is no such variant.
    fn update_variant(
        &mut self,
        id: &VariantId,
        unit_price: Money,
        stock: Option<u32>,
        available: bool,
    ) -> Result<(), StoreError>;

    /// Order items that reference the variant.
    fn variant_order_items(&mut self, id: &VariantId) -> Result<i64, StoreError>;

    /// Removes the variant from every cart.
    fn delete_variant_cart_lines(&mut self, id: &VariantId) -> Result<(), StoreError>;

    /// Deletes a variant no order references (its cart lines and holds go with it).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when an order still refers to it.
    fn delete_variant(&mut self, id: &VariantId) -> Result<(), StoreError>;

    /// The SKUs of every apparel product (`APP-n`), for the next base SKU.
    fn apparel_skus(&mut self) -> Result<Vec<String>, StoreError>;
}

/// The catalogue as the storefront reads it: products, shows, facets, metadata, and the
/// version every catalogue write moves (API nodes key their read caches by it).
pub trait CatalogueReads {
    /// Takes `version` as the catalogue version of this unit of work without reading it: the
    /// caller read it a moment ago (a node's read cache checks it at most once a second).
    /// Reads that need a version then run no statement for it; their answers are at least as
    /// new as `version`.
    fn assume_catalogue_version(&mut self, version: i64);

    /// The current catalogue version (0 before the first write).
    fn catalogue_version(&mut self) -> Result<i64, StoreError>;

    /// Moves the catalogue version on by one and answers the new one. Every catalogue write
    /// calls it in its own transaction.
    fn bump_catalogue_version(&mut self) -> Result<i64, StoreError>;

    /// One page of products matching `filter`, in `filter.sort` order, with the number that
    /// match in all. With `known_total` (a count of the same filter at the same catalogue
    /// version) the count is not run again. Never one query per product.
    fn list_products(
        &mut self,
        filter: &ProductFilter,
        page: PageRequest,
        known_total: Option<i64>,
    ) -> Result<Page<Product>, StoreError>;

    /// How many products `filter` lists have each value of `kind`, for every value with at
    /// least one product, by value. `filter` is taken as given: the caller has removed `kind`'s
    /// own values ([`ProductFilter::without`]). Counting sizes, the filter's genders must match
    /// on the counted variant (and counting genders, its sizes), as the list requires of one
    /// variant. One query (for apparel colours, which are product or variant colours, two).
    fn facet_counts(
        &mut self,
        filter: &ProductFilter,
        kind: FacetKind,
    ) -> Result<Vec<FacetCount>, StoreError>;

    /// The product (of any kind) with this id, or `None`.
    fn find_product(&mut self, id: &ProductId) -> Result<Option<Product>, StoreError>;

    /// One page of shows (by title, then id) with their contents.
    fn list_shows(
        &mut self,
        filter: &ShowFilter,
        page: PageRequest,
    ) -> Result<Page<Show>, StoreError>;

    /// The show with this id, or `None` (also for a product that is not a show).
    fn find_show(&mut self, id: &ProductId) -> Result<Option<Show>, StoreError>;

    /// The brand with this id, or named `key` in any letter case.
    fn find_brand(&mut self, key: &str) -> Result<Option<NamedRef>, StoreError>;

    /// The id of the show type with this id, or named `key` in any letter case.
    fn find_show_type(&mut self, key: &str) -> Result<Option<String>, StoreError>;

    /// Every brand, category, colour, effect, apparel type and show type, each by name.
    fn metadata(&mut self) -> Result<MetadataLists, StoreError>;

    /// Every apparel type (by name) with the number of apparel products of that type.
    fn apparel_types(&mut self) -> Result<Vec<(TypeRef, i64)>, StoreError>;

    /// Every show type, by name.
    fn show_types(&mut self) -> Result<Vec<TypeRef>, StoreError>;
}

/// The back office's product writes beyond a form: SKUs, unit products, usage and deletes.
pub trait ProductAdmin {
    /// Whether a product or unit product other than `except` has this SKU.
    fn sku_in_use(&mut self, sku: &str, except: Option<&ProductId>) -> Result<bool, StoreError>;

    /// Creates or updates a product's unit product (its stock is kept; a new one starts at 0)
    /// and sets it available. When `unit` carries the price helper's price
    /// (`price_overridden` false) and the stored price was the admin's, the admin's stays.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the unit SKU is taken.
    fn put_unit_product(
        &mut self,
        product: &ProductId,
        unit: &UnitRecord,
        available: bool,
    ) -> Result<(), StoreError>;

    /// Marks a product's unit product (un)available.
    fn set_unit_available(
        &mut self,
        product: &ProductId,
        available: bool,
    ) -> Result<(), StoreError>;

    /// Deletes a product's unit product, if any.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when rows still refer to it.
    fn delete_unit_product(&mut self, product: &ProductId) -> Result<(), StoreError>;

    /// What uses a product: order items, shows, case break requests.
    fn usage_of_product(&mut self, id: &ProductId) -> Result<ProductUsage, StoreError>;

    /// Deletes a product with its links, unit product, variants and cart lines.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when orders, shows or requests still refer to it.
    fn delete_product(&mut self, id: &ProductId) -> Result<(), StoreError>;
}

/// The back office's show writes beyond the show's form.
pub trait ShowAdmin {
    /// The SKUs of every show (`SHOW-n`), for the next one.
    fn show_skus(&mut self) -> Result<Vec<String>, StoreError>;
}
