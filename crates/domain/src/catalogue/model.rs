//! What the catalogue shows: products with their relations, apparel variants, shows and their
//! contents, metadata and freight terminals. Built by the storage adapter, read by the API.

use super::{Gender, Package, Size, Sku};
use crate::ids::{AddressId, BrandId, CategoryId, ColourId, ProductId, TerminalId, VariantId};
use crate::macros::string_enum;
use crate::money::Money;
use serde::Serialize;

string_enum! {
    /// How a line takes a product: whole cases (shows and apparel items count as cases), or
    /// single units of a case-breakable product. JSON and the database keep it as the flag
    /// `isUnit` / `is_unit` ([`Packing::from_is_unit`], [`Packing::is_unit`]).
    #[derive(Default)]
    pub enum Packing: InvalidPacking {
        /// Whole cases (the default, as the flag's `false`).
        #[default]
        Case => "case",
        /// Single units.
        Unit => "unit",
    }
}

/// A word that is neither `case` nor `unit`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, thiserror::Error)]
#[error("packing must be case or unit")]
pub struct InvalidPacking;

impl Packing {
    /// [`Packing::Unit`] when the flag is set, else [`Packing::Case`].
    #[must_use]
    pub const fn from_is_unit(is_unit: bool) -> Packing {
        if is_unit {
            Packing::Unit
        } else {
            Packing::Case
        }
    }

    /// Whether this is [`Packing::Unit`] (the `isUnit` / `is_unit` flag).
    #[must_use]
    pub const fn is_unit(self) -> bool {
        matches!(self, Packing::Unit)
    }
}

/// Writes a packing as the `is_unit` flag the audit log has always recorded.
fn packing_flag<S: serde::Serializer>(p: &Packing, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bool(p.is_unit())
}

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

/// The unit product of a case-breakable product (decisions.md "Stock").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitProduct {
    /// Id.
    pub id: String,
    /// SKU (product SKU + "-u", see [`crate::pricing::unit_sku`]).
    pub sku: String,
    /// Price of one unit.
    pub unit_price: Money,
    /// Unit package (`[1, rest of the case package]`).
    pub package: Vec<u32>,
    /// Units in stock.
    pub available_stock: i32,
    /// False when the product stopped being case-breakable while orders still reference the
    /// unit product: it is kept for them, but no longer sold.
    pub available: bool,
}

/// The unit product that is for sale: `None` when there is none or it was marked unavailable.
/// The one rule for "can this product be bought by the unit", used by the catalogue answers
/// and by pricing alike.
#[must_use]
pub fn unit_for_sale(unit: Option<UnitProduct>) -> Option<UnitProduct> {
    unit.filter(|u| u.available)
}

/// An apparel variant with its colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// Id.
    pub id: VariantId,
    /// The apparel product it belongs to.
    pub product_id: ProductId,
    /// SKU (base-SIZE-G[-COL], see [`crate::pricing::variant_sku`]).
    pub sku: String,
    /// Size.
    pub size: String,
    /// `MALE`, `FEMALE` or `UNISEX`.
    pub gender: String,
    /// Colour.
    pub color: Option<NamedRef>,
    /// Price of one item.
    pub unit_price: Money,
    /// Items in stock.
    pub available_stock: i32,
}

/// Whether an apparel product can be bought: its own `inStock` flag and at least one variant
/// with stock (decisions.md "Stock"). The catalogue's stock filter applies the same rule in
/// the database (`persistence::catalogue`), and a test holds the two together.
#[must_use]
pub fn apparel_in_stock(in_stock: bool, variant_stock: impl IntoIterator<Item = i32>) -> bool {
    in_stock && variant_stock.into_iter().any(|stock| stock > 0)
}

/// A product of any kind with everything the catalogue shows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    /// Id.
    pub id: ProductId,
    /// SKU.
    pub sku: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// Price of a case (or of the show).
    pub case_price: Money,
    /// A show.
    pub is_show: bool,
    /// Apparel.
    pub is_apparel: bool,
    /// The admin's stock flag.
    pub in_stock: bool,
    /// Sold by the unit too.
    pub is_case_breakable: bool,
    /// Image URL.
    pub image: String,
    /// Video URL.
    pub video_url: Option<String>,
    /// Case package.
    pub package: Vec<u32>,
    /// Brand.
    pub brand: NamedRef,
    /// Category.
    pub category: NamedRef,
    /// Apparel type (apparel only).
    pub apparel_type: Option<TypeRef>,
    /// Show type (shows only).
    pub show_type: Option<TypeRef>,
    /// The unit product of a case-breakable product (as stored; see [`unit_for_sale`]).
    pub unit: Option<UnitProduct>,
    /// Colours, by name.
    pub colors: Vec<NamedRef>,
    /// Effects, by name.
    pub effects: Vec<NamedRef>,
    /// Apparel variants, by gender, size and colour (empty for other products).
    pub variants: Vec<Variant>,
}

/// A show: the show as a product, and what it holds (by product title, cases before units).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Show {
    /// The show as a product (with brand, category and show type).
    pub show: Product,
    /// What it holds.
    pub lines: Vec<ShowLine>,
}

/// One line of a show: a product it holds, by case or by unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowLine {
    /// Line id.
    pub id: String,
    /// How many cases or units.
    pub quantity: i32,
    /// Cases or units.
    pub packing: Packing,
    /// Notes.
    pub notes: Option<String>,
    /// The product held.
    pub product: ShowLineProduct,
}

/// The product held by a line of a show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowLineProduct {
    /// Id.
    pub id: ProductId,
    /// SKU.
    pub sku: String,
    /// Title.
    pub title: String,
    /// Image URL.
    pub image: String,
    /// Price of a case.
    pub case_price: Money,
    /// Case package.
    pub package: Vec<u32>,
    /// The admin's stock flag.
    pub in_stock: bool,
    /// Sold by the unit too.
    pub is_case_breakable: bool,
    /// Its unit product (as stored; see [`unit_for_sale`]).
    pub unit: Option<UnitProduct>,
}

/// Every metadata list, each sorted by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MetadataLists {
    /// Brands.
    pub brands: Vec<NamedRef>,
    /// Categories.
    pub categories: Vec<NamedRef>,
    /// Colours.
    pub colors: Vec<NamedRef>,
    /// Effects.
    pub effects: Vec<NamedRef>,
    /// Apparel types.
    pub apparel_types: Vec<TypeRef>,
    /// Show types.
    pub show_types: Vec<TypeRef>,
}

/// The four kinds of product metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MetadataKind {
    /// Brands.
    Brands,
    /// Categories.
    Categories,
    /// Colours.
    Colors,
    /// Effects.
    Effects,
}

impl MetadataKind {
    /// Every kind, in answer order.
    pub const ALL: [MetadataKind; 4] = [
        MetadataKind::Brands,
        MetadataKind::Categories,
        MetadataKind::Colors,
        MetadataKind::Effects,
    ];

    /// Reads `brands`, `categories`, `colors`, `effects` (or their singulars, any case).
    #[must_use]
    pub fn parse(text: &str) -> Option<MetadataKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "brands" | "brand" => Some(MetadataKind::Brands),
            "categories" | "category" => Some(MetadataKind::Categories),
            "colors" | "color" | "colours" | "colour" => Some(MetadataKind::Colors),
            "effects" | "effect" => Some(MetadataKind::Effects),
            _ => None,
        }
    }

    /// The plural name used in JSON (`brands`, ...).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MetadataKind::Brands => "brands",
            MetadataKind::Categories => "categories",
            MetadataKind::Colors => "colors",
            MetadataKind::Effects => "effects",
        }
    }
}

/// A metadata item with the number of products using it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetadataItem {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Products (of any kind) using it.
    pub product_count: i64,
}

/// A postal address as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAddress {
    /// Id.
    pub id: AddressId,
    /// Street line 1.
    pub street1: String,
    /// Street line 2.
    pub street2: Option<String>,
    /// City.
    pub city: String,
    /// Two-letter state code.
    pub state: String,
    /// ZIP code.
    pub postal_code: String,
}

/// A freight terminal (decisions.md "Terminals").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terminal {
    /// Id.
    pub id: TerminalId,
    /// Name.
    pub terminal_name: String,
    /// Carrier.
    pub company: String,
    /// Its address.
    pub address: StoredAddress,
    /// Accepts a buyer's out-of-state licence.
    pub accept_out_of_state_licence: bool,
    /// Only for businesses.
    pub business_required: bool,
}

/// What pricing needs to know of a product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedProduct {
    /// Id.
    pub id: ProductId,
    /// SKU (copied onto order items).
    pub sku: String,
    /// Title, for messages.
    pub title: String,
    /// Case (or show) price.
    pub case_price: Money,
    /// A show.
    pub is_show: bool,
    /// Apparel.
    pub is_apparel: bool,
    /// The admin's stock flag.
    pub in_stock: bool,
    /// The unit product, as stored (see [`unit_for_sale`]).
    pub unit: Option<UnitProduct>,
}

/// What pricing needs to know of an apparel variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedVariant {
    /// Id.
    pub id: VariantId,
    /// The product it belongs to.
    pub product_id: ProductId,
    /// SKU, for messages.
    pub sku: String,
    /// Price of one item.
    pub unit_price: Money,
    /// Items in stock.
    pub available_stock: i32,
}

/// A validated variant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidVariant {
    /// Size, gender and colour.
    #[serde(flatten)]
    pub key: VariantKey,
    /// Price of one item, above 0.
    pub unit_price: Money,
    /// Items in stock, when the form sets them.
    pub available_stock: Option<u32>,
}

/// A validated apparel product (what the store writes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidApparel {
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// Case price, above 0.
    pub case_price: Money,
    /// In stock.
    pub in_stock: bool,
    /// Package.
    pub package: Package,
    /// Image address.
    pub image: String,
    /// Video address.
    pub video_url: Option<String>,
    /// Brand id.
    pub brand_id: BrandId,
    /// Category id.
    pub category_id: CategoryId,
    /// Apparel type id.
    pub apparel_type_id: String,
    /// The product's colour ids (no repeats).
    pub colors: Vec<ColourId>,
    /// The variants (keys unique).
    pub variants: Vec<ValidVariant>,
}

/// A variant as the store holds it, available or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredVariant {
    /// Id.
    pub id: VariantId,
    /// SKU.
    pub sku: String,
    /// Size, gender and colour.
    #[serde(flatten)]
    pub key: VariantKey,
    /// Price of one item.
    pub unit_price: Money,
    /// Items in stock.
    pub available_stock: u32,
    /// False once removed by the admin while orders reference it.
    pub available: bool,
}

/// An apparel product as the store holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApparelRecord {
    /// Base SKU (`APP-0007`).
    pub sku: String,
    /// The product's fields (its `variants` are the available ones, with their stock).
    pub product: ValidApparel,
    /// Every stored variant, available or not.
    #[serde(skip)]
    pub variants: Vec<StoredVariant>,
}

/// A variant to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewVariant {
    /// SKU (base-SIZE-G[-COL]).
    pub sku: String,
    /// Size, gender and colour.
    pub key: VariantKey,
    /// Price of one item.
    pub unit_price: Money,
    /// Items in stock.
    pub available_stock: u32,
}

/// A kind of filter option that has counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FacetKind {
    /// Brands, by id.
    Brands,
    /// Categories, by id.
    Categories,
    /// Colours, by id (for apparel also a variant's colour).
    Colors,
    /// Effects, by id.
    Effects,
    /// Apparel types, by id.
    ApparelTypes,
    /// Show types, by id.
    ShowTypes,
    /// Variant genders (`MALE`, `FEMALE`, `UNISEX`).
    Genders,
    /// Variant sizes (`XS` ... `3XL` or custom).
    Sizes,
}

/// One option and the number of products it gives.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FacetCount {
    /// The value the list filters by: an id, or a gender or size.
    pub value: String,
    /// Products listed with this option and the other active filters (at least 1).
    pub count: i64,
}

/// A validated product (what the store writes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidProduct {
    /// SKU.
    pub sku: Sku,
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// Case price, above 0.
    pub case_price: Money,
    /// In stock.
    pub in_stock: bool,
    /// Package.
    #[serde(serialize_with = "package_text")]
    pub package: Package,
    /// Sold by the unit too.
    pub is_case_breakable: bool,
    /// The admin's unit price, if set.
    pub unit_price: Option<Money>,
    /// The admin's count of units in stock, if given.
    pub unit_stock: Option<u32>,
    /// Image address.
    pub image: String,
    /// Video address.
    pub video_url: Option<String>,
    /// Brand id.
    pub brand_id: BrandId,
    /// Category id.
    pub category_id: CategoryId,
    /// Colour ids (no repeats).
    pub colors: Vec<ColourId>,
    /// Effect ids (no repeats).
    pub effects: Vec<String>,
}

/// The unit product a case-breakable product gets (decisions.md "Stock").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitRecord {
    /// Product SKU + `-u`.
    pub sku: String,
    /// The admin's price, or the price helper's on the case price and package.
    pub unit_price: Money,
    /// Whether the admin chose the price.
    pub price_overridden: bool,
    /// `[1, rest of the case package]`.
    pub package: Package,
    /// The admin's count of units in stock (`None`: keep the stored count, 0 for a new one).
    pub stock: Option<u32>,
}

/// What still uses a product.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProductUsage {
    /// Order items.
    pub orders: i64,
    /// Order items of its units (they keep the unit product).
    pub unit_orders: i64,
    /// Shows holding it.
    pub shows: i64,
    /// Case break requests.
    pub case_breaks: i64,
}

/// A validated show line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidShowLine {
    /// The product.
    pub product_id: String,
    /// How many.
    pub quantity: u32,
    /// Notes.
    pub notes: Option<String>,
    /// Units or cases (recorded as the flag `is_unit`).
    #[serde(rename = "is_unit", serialize_with = "packing_flag")]
    pub packing: Packing,
}

/// A validated show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidShow {
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// Price, above 0.
    pub case_price: Money,
    /// Image address.
    pub image: String,
    /// Video address.
    pub video_url: Option<String>,
    /// In stock.
    pub in_stock: bool,
    /// Show type id.
    pub show_type_id: String,
    /// Brand id.
    pub brand_id: BrandId,
    /// Category id.
    pub category_id: CategoryId,
    /// The lines.
    pub products: Vec<ValidShowLine>,
}

/// What makes a variant unique within its product: size, gender and colour.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct VariantKey {
    /// Size.
    pub size: Size,
    /// Gender.
    pub gender: Gender,
    /// Colour id.
    pub color_id: Option<ColourId>,
}

fn package_text<S: serde::Serializer>(p: &Package, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&p.to_db_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_travels_as_the_is_unit_flag_and_reads_its_words() {
        for (flag, packing, word) in [
            (false, Packing::Case, "case"),
            (true, Packing::Unit, "unit"),
        ] {
            assert_eq!(Packing::from_is_unit(flag), packing);
            assert_eq!(packing.is_unit(), flag);
            assert_eq!(word.parse::<Packing>(), Ok(packing));
            assert_eq!(packing.as_str(), word);
        }
        assert!("Unit".parse::<Packing>().is_err());
        // A show line is audited with the flag it always had.
        let line = ValidShowLine {
            product_id: "p".into(),
            quantity: 2,
            notes: None,
            packing: Packing::Unit,
        };
        assert_eq!(
            serde_json::to_value(&line).expect("json"),
            serde_json::json!({"product_id": "p", "quantity": 2, "notes": null, "is_unit": true})
        );
    }

    fn unit(available: bool) -> UnitProduct {
        UnitProduct {
            id: "u".into(),
            sku: "X-u".into(),
            unit_price: Money::from_cents(199),
            package: vec![1, 12],
            available_stock: 0,
            available,
        }
    }

    #[test]
    fn only_an_available_unit_product_is_for_sale() {
        assert!(unit_for_sale(Some(unit(true))).is_some());
        assert!(unit_for_sale(Some(unit(false))).is_none());
        assert!(unit_for_sale(None).is_none());
    }

    #[test]
    fn apparel_is_in_stock_with_its_flag_and_a_variant_in_stock() {
        assert!(apparel_in_stock(true, [0, 3]));
        assert!(!apparel_in_stock(true, [0, 0]));
        assert!(!apparel_in_stock(true, []));
        assert!(!apparel_in_stock(false, [5]));
    }

    #[test]
    fn metadata_kinds_read_plural_and_singular() {
        assert_eq!(MetadataKind::parse(" Colour "), Some(MetadataKind::Colors));
        assert_eq!(MetadataKind::parse("brands"), Some(MetadataKind::Brands));
        assert_eq!(MetadataKind::parse("x"), None);
        assert_eq!(MetadataKind::Effects.as_str(), "effects");
    }
}
