//! JSON shapes of the catalogue (storefront.md §3, camelCase): products, apparel variants,
//! shows, paged lists, metadata and terminals.

use domain::catalogue::{
    unit_for_sale, MetadataItem, NamedRef, Product, Show, ShowLine, Terminal, TypeRef, UnitProduct,
    Variant,
};
use domain::money::Money;
use domain::paging::{Page, PageRequest};
use serde::Serialize;
use utoipa::ToSchema;

use crate::routes::profile::dto::AddressJson;

/// The JSON form of every value of a list, in order: `NamedJson::list(brands)`.
pub trait JsonList<M>: From<M> + Sized {
    /// Converts each value with `From`.
    fn list(values: Vec<M>) -> Vec<Self> {
        values.into_iter().map(Self::from).collect()
    }
}

impl<M, J: From<M>> JsonList<M> for J {}

/// `{id, name}` (brand, category, colour, effect).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NamedJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Name.
    pub name: String,
}

impl From<NamedRef> for NamedJson {
    fn from(r: NamedRef) -> Self {
        NamedJson {
            id: r.id,
            name: r.name,
        }
    }
}

/// `{id, name, description}` (apparel type, show type).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TypeJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Name.
    pub name: String,
    /// Description or null.
    pub description: Option<String>,
}

impl From<TypeRef> for TypeJson {
    fn from(t: TypeRef) -> Self {
        TypeJson {
            id: t.id,
            name: t.name,
            description: t.description,
        }
    }
}

/// The unit product of a case-breakable product.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitProductJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// SKU (product SKU + "-u").
    pub sku: String,
    /// Price of one unit.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// Unit package.
    pub package: Vec<u32>,
    /// Units in stock.
    pub available_stock: i32,
}

impl UnitProductJson {
    /// The unit product as sold ([`unit_for_sale`]): `None` when it is no longer available.
    fn for_sale(unit: Option<UnitProduct>) -> Option<Self> {
        unit_for_sale(unit).map(|u| UnitProductJson {
            package: u.package,
            id: u.id,
            sku: u.sku,
            unit_price: u.unit_price,
            available_stock: u.available_stock,
        })
    }
}

/// An apparel variant.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// SKU (base-SIZE-G[-COL]).
    pub sku: String,
    /// Size.
    pub size: String,
    /// MALE, FEMALE or UNISEX.
    pub gender: String,
    /// Colour id or null.
    #[schema(format = Uuid)]
    pub color_id: Option<String>,
    /// Colour or null.
    pub color: Option<NamedJson>,
    /// Price of one item.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// Items in stock.
    pub available_stock: i32,
}

impl From<Variant> for VariantJson {
    fn from(v: Variant) -> Self {
        VariantJson {
            id: v.id.into_string(),
            sku: v.sku,
            size: v.size,
            gender: v.gender,
            color_id: v.color.as_ref().map(|c| c.id.clone()),
            color: v.color.map(NamedJson::from),
            unit_price: v.unit_price,
            available_stock: v.available_stock,
        }
    }
}

/// A product (fireworks, apparel, or a show seen as a product).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// SKU.
    pub sku: String,
    /// Title.
    pub title: String,
    /// Description or null.
    pub description: Option<String>,
    /// Price of a case.
    #[schema(value_type = f64)]
    pub case_price: Money,
    /// A show.
    pub is_show: bool,
    /// Apparel.
    pub is_apparel: bool,
    /// Can be bought (the admin's flag).
    pub in_stock: bool,
    /// Sold by unit too.
    pub is_case_breakable: bool,
    /// Apparel type id or null.
    #[schema(format = Uuid)]
    pub apparel_type_id: Option<String>,
    /// Show type id or null.
    #[schema(format = Uuid)]
    pub show_type_id: Option<String>,
    /// Apparel type or null.
    pub apparel_type: Option<TypeJson>,
    /// Show type or null.
    pub show_type: Option<TypeJson>,
    /// Category.
    pub category: NamedJson,
    /// Brand.
    pub brand: NamedJson,
    /// Colours.
    pub colors: Vec<NamedJson>,
    /// Effects.
    pub effects: Vec<NamedJson>,
    /// Image URL.
    pub image: String,
    /// Video URL or null.
    #[serde(rename = "videoURL")]
    pub video_url: Option<String>,
    /// Case package.
    pub package: Vec<u32>,
    /// Unit product or null.
    pub unit_product: Option<UnitProductJson>,
    /// Apparel variants (empty for other products).
    pub variants: Vec<VariantJson>,
}

impl From<Product> for ProductJson {
    fn from(p: Product) -> Self {
        ProductJson {
            id: p.id.into_string(),
            sku: p.sku,
            title: p.title,
            description: p.description,
            case_price: p.case_price,
            is_show: p.is_show,
            is_apparel: p.is_apparel,
            in_stock: p.in_stock,
            is_case_breakable: p.is_case_breakable,
            apparel_type_id: p.apparel_type.as_ref().map(|t| t.id.clone()),
            show_type_id: p.show_type.as_ref().map(|t| t.id.clone()),
            apparel_type: p.apparel_type.map(TypeJson::from),
            show_type: p.show_type.map(TypeJson::from),
            category: p.category.into(),
            brand: p.brand.into(),
            colors: NamedJson::list(p.colors),
            effects: NamedJson::list(p.effects),
            image: p.image,
            video_url: p.video_url,
            package: p.package,
            unit_product: UnitProductJson::for_sale(p.unit),
            variants: VariantJson::list(p.variants),
        }
    }
}

/// A page of a catalogue list: products, apparel, or one kind of metadata.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageJson<T> {
    /// The page's items.
    pub contents: Vec<T>,
    /// Items matching, on every page.
    pub total_items: i64,
    /// Whether a later page has items.
    pub has_more: bool,
    /// Pages in all (0 when nothing matches).
    pub total_pages: i64,
}

impl<T> PageJson<T> {
    /// Page `page` of a list, of which `found` holds the items and the total.
    pub fn new<M>(page: PageRequest, found: Page<M>) -> Self
    where
        T: From<M>,
    {
        PageJson {
            total_items: found.total,
            has_more: page.has_more(found.total),
            total_pages: page.total_pages(found.total),
            contents: T::list(found.items),
        }
    }
}

/// A page of products or apparel.
pub type ProductPageJson = PageJson<ProductJson>;

/// The product in a show line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShowLineProductJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// SKU.
    pub sku: String,
    /// Title.
    pub title: String,
    /// Image URL.
    pub image: String,
    /// Price of a case.
    #[schema(value_type = f64)]
    pub case_price: Money,
    /// Case package.
    pub package: Vec<u32>,
    /// Can be bought.
    pub in_stock: bool,
    /// Sold by unit too.
    pub is_case_breakable: bool,
    /// Unit product or null.
    pub unit_product: Option<UnitProductJson>,
}

/// A line of a show.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShowLineJson {
    /// Line id.
    #[schema(format = Uuid)]
    pub id: String,
    /// How many cases or units.
    pub quantity: i32,
    /// Units (true) or cases (false).
    pub is_unit: bool,
    /// Notes or null.
    pub notes: Option<String>,
    /// The product.
    pub product: ShowLineProductJson,
}

impl From<ShowLine> for ShowLineJson {
    fn from(l: ShowLine) -> Self {
        let p = l.product;
        ShowLineJson {
            id: l.id,
            quantity: l.quantity,
            is_unit: l.packing.is_unit(),
            notes: l.notes,
            product: ShowLineProductJson {
                package: p.package,
                id: p.id.into_string(),
                sku: p.sku,
                title: p.title,
                image: p.image,
                case_price: p.case_price,
                in_stock: p.in_stock,
                is_case_breakable: p.is_case_breakable,
                unit_product: UnitProductJson::for_sale(p.unit),
            },
        }
    }
}

/// A show.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShowJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// SKU (SHOW-n).
    pub sku: String,
    /// Title.
    pub title: String,
    /// Image URL.
    pub image: String,
    /// Description or null.
    pub description: Option<String>,
    /// Video URL or null.
    #[serde(rename = "videoURL")]
    pub video_url: Option<String>,
    /// Price of the show.
    #[schema(value_type = f64)]
    pub case_price: Money,
    /// Can be bought.
    pub in_stock: bool,
    /// Always true.
    pub is_show: bool,
    /// Show type id or null.
    #[schema(format = Uuid)]
    pub show_type_id: Option<String>,
    /// Show type or null.
    pub show_type: Option<TypeJson>,
    /// Brand.
    pub brand: NamedJson,
    /// Category.
    pub category: NamedJson,
    /// Package (`[1]`).
    pub package: Vec<u32>,
    /// What the show holds.
    pub show_products: Vec<ShowLineJson>,
}

impl From<Show> for ShowJson {
    fn from(s: Show) -> Self {
        let p = s.show;
        ShowJson {
            package: p.package,
            id: p.id.into_string(),
            sku: p.sku,
            title: p.title,
            image: p.image,
            description: p.description,
            video_url: p.video_url,
            case_price: p.case_price,
            in_stock: p.in_stock,
            is_show: p.is_show,
            show_type_id: p.show_type.as_ref().map(|t| t.id.clone()),
            show_type: p.show_type.map(TypeJson::from),
            brand: p.brand.into(),
            category: p.category.into(),
            show_products: ShowLineJson::list(s.lines),
        }
    }
}

/// Paging of the show list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShowPaginationJson {
    /// Page served.
    pub page: i64,
    /// Shows per page.
    pub page_size: i64,
    /// Shows matching.
    pub total: i64,
    /// Pages in all.
    pub total_pages: i64,
    /// Whether a later page has shows.
    pub has_more: bool,
}

/// A page of shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShowPageJson {
    /// The page's shows.
    pub shows: Vec<ShowJson>,
    /// Paging.
    pub pagination: ShowPaginationJson,
}

/// A metadata item with its product count (back office).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MetadataItemJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Name.
    pub name: String,
    /// Products using it.
    pub product_count: i64,
}

impl From<MetadataItem> for MetadataItemJson {
    fn from(m: MetadataItem) -> Self {
        MetadataItemJson {
            id: m.id,
            name: m.name,
            product_count: m.product_count,
        }
    }
}

/// A freight terminal.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TerminalJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// Name.
    pub terminal_name: String,
    /// Carrier.
    pub company: String,
    /// Address.
    pub address: AddressJson,
    /// Accepts a buyer's out-of-state licence.
    pub accept_out_of_state_licence: bool,
    /// Only for businesses.
    pub business_required: bool,
}

impl From<Terminal> for TerminalJson {
    fn from(t: Terminal) -> Self {
        TerminalJson {
            id: t.id.into_string(),
            terminal_name: t.terminal_name,
            company: t.company,
            accept_out_of_state_licence: t.accept_out_of_state_licence,
            business_required: t.business_required,
            address: AddressJson::from(t.address),
        }
    }
}
