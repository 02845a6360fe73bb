//! Products (fireworks, apparel and shows as products): filtered, sorted pages and one product
//! with its relations.

use std::collections::HashMap;

use diesel::dsl::not;
use diesel::prelude::*;
use domain::catalogue::Size;

use super::{like_anywhere, NamedRef, Page, PageRequest, TypeRef};
use crate::models::{
    ApparelType, ApparelVariant, Brand, Category, Color, Product, ShowType, UnitProduct,
};
use crate::schema::{
    apparel_types, apparel_variants, brands, categories, colors, effects, product_colors,
    product_effects, products, show_types, unit_products,
};
use crate::{DbConnection, DbError};

/// Which stock state to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum StockFilter {
    /// In stock and out of stock alike.
    #[default]
    Any,
    /// Only products that can be bought: the product's `in_stock` flag, and for apparel also a
    /// variant with stock above 0.
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

/// An apparel variant with its colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantRecord {
    /// The variant row.
    pub variant: ApparelVariant,
    /// Its colour, when it has one.
    pub color: Option<NamedRef>,
}

/// A product with everything the catalogue shows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductRecord {
    /// The product row.
    pub product: Product,
    /// Brand.
    pub brand: NamedRef,
    /// Category.
    pub category: NamedRef,
    /// Apparel type (apparel only).
    pub apparel_type: Option<TypeRef>,
    /// Show type (shows only).
    pub show_type: Option<TypeRef>,
    /// The unit product of a case-breakable product.
    pub unit: Option<UnitProduct>,
    /// Colours, by name.
    pub colors: Vec<NamedRef>,
    /// Effects, by name.
    pub effects: Vec<NamedRef>,
    /// Apparel variants, by gender, size and colour (empty for other products).
    pub variants: Vec<VariantRecord>,
}

/// Applies a [`ProductFilter`] to a boxed query whose source contains `products`. A macro, not
/// a function, because the count query and the joined page query have different types.
macro_rules! apply_product_filter {
    ($query:expr, $filter:expr) => {{
        let f: &ProductFilter = $filter;
        let mut q = $query;
        if let Some(is_show) = f.is_show {
            q = q.filter(products::is_show.eq(is_show));
        }
        if let Some(is_apparel) = f.is_apparel {
            q = q.filter(products::is_apparel.eq(is_apparel));
        }
        if !f.brands.is_empty() {
            q = q.filter(products::brand_id.eq_any(f.brands.clone()));
        }
        if !f.categories.is_empty() {
            q = q.filter(products::category_id.eq_any(f.categories.clone()));
        }
        if !f.apparel_types.is_empty() {
            q = q.filter(
                products::apparel_type_id
                    .assume_not_null()
                    .eq_any(f.apparel_types.clone()),
            );
        }
        if !f.show_types.is_empty() {
            q = q.filter(
                products::show_type_id
                    .assume_not_null()
                    .eq_any(f.show_types.clone()),
            );
        }
        if !f.colors.is_empty() {
            let linked = product_colors::table
                .filter(product_colors::color_id.eq_any(f.colors.clone()))
                .select(product_colors::product_id);
            if f.is_apparel == Some(true) {
                let variant_colour = apparel_variants::table
                    .filter(
                        apparel_variants::color_id
                            .assume_not_null()
                            .eq_any(f.colors.clone()),
                    )
                    .select(apparel_variants::product_id);
                q = q.filter(
                    products::id
                        .eq_any(linked)
                        .or(products::id.eq_any(variant_colour)),
                );
            } else {
                q = q.filter(products::id.eq_any(linked));
            }
        }
        if !f.effects.is_empty() {
            q = q.filter(
                products::id.eq_any(
                    product_effects::table
                        .filter(product_effects::effect_id.eq_any(f.effects.clone()))
                        .select(product_effects::product_id),
                ),
            );
        }
        match (f.genders.is_empty(), f.sizes.is_empty()) {
            (true, true) => {}
            (false, true) => {
                q = q.filter(
                    products::id.eq_any(
                        apparel_variants::table
                            .filter(apparel_variants::gender.eq_any(f.genders.clone()))
                            .select(apparel_variants::product_id),
                    ),
                );
            }
            (true, false) => {
                q = q.filter(
                    products::id.eq_any(
                        apparel_variants::table
                            .filter(apparel_variants::size.eq_any(f.sizes.clone()))
                            .select(apparel_variants::product_id),
                    ),
                );
            }
            (false, false) => {
                q = q.filter(
                    products::id.eq_any(
                        apparel_variants::table
                            .filter(apparel_variants::gender.eq_any(f.genders.clone()))
                            .filter(apparel_variants::size.eq_any(f.sizes.clone()))
                            .select(apparel_variants::product_id),
                    ),
                );
            }
        }
        if let Some(needle) = f.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q = q.filter(
                products::title_lower
                    .like(like_anywhere(needle))
                    .escape('\\'),
            );
        }
        let with_stock = apparel_variants::table
            .filter(apparel_variants::available_stock.gt(0))
            .select(apparel_variants::product_id);
        match (f.stock, f.is_apparel == Some(true)) {
            (StockFilter::Any, _) => {}
            (StockFilter::InStock, false) => q = q.filter(products::in_stock.eq(true)),
            (StockFilter::OutOfStock, false) => q = q.filter(products::in_stock.eq(false)),
            (StockFilter::InStock, true) => {
                q = q.filter(
                    products::in_stock
                        .eq(true)
                        .and(products::id.eq_any(with_stock)),
                );
            }
            (StockFilter::OutOfStock, true) => {
                q = q.filter(
                    products::in_stock
                        .eq(false)
                        .or(not(products::id.eq_any(with_stock))),
                );
            }
        }
        q
    }};
}

/// The joined row of a page query.
type JoinedRow = (
    Product,
    Brand,
    Category,
    Option<ApparelType>,
    Option<ShowType>,
    Option<UnitProduct>,
);

/// `products` joined with its brand, category, types and unit product, boxed.
macro_rules! joined_products {
    () => {
        products::table
            .inner_join(brands::table)
            .inner_join(categories::table)
            .left_join(apparel_types::table)
            .left_join(show_types::table)
            .left_join(unit_products::table)
            .select((
                Product::as_select(),
                Brand::as_select(),
                Category::as_select(),
                apparel_types::all_columns.nullable(),
                show_types::all_columns.nullable(),
                unit_products::all_columns.nullable(),
            ))
            .into_boxed()
    };
}

/// One page of products matching `filter`, in `filter.sort` order (by default title,
/// case-insensitive, then id), and
/// the number matching in all: the count, the page's ids, the page's rows with their brand,
/// category, types and unit product, and one batched query per relation (colours, effects,
/// variants) for the page's products. Never a query per product.
///
/// # Errors
/// Database failures.
pub fn list_products(
    conn: &mut DbConnection,
    filter: &ProductFilter,
    page: PageRequest,
) -> Result<Page<ProductRecord>, DbError> {
    list_products_counted(conn, filter, page, None)
}

/// [`list_products`] with the number of matching products already known (a cached count of the
/// same filter at the same catalogue version), which saves the count query.
///
/// # Errors
/// Database failures.
pub fn list_products_counted(
    conn: &mut DbConnection,
    filter: &ProductFilter,
    page: PageRequest,
    known_total: Option<i64>,
) -> Result<Page<ProductRecord>, DbError> {
    let total: i64 = match known_total {
        Some(total) => total,
        None => apply_product_filter!(products::table.into_boxed(), filter)
            .count()
            .get_result(conn)?,
    };
    if total <= page.offset() {
        return Ok(Page {
            items: Vec::new(),
            total,
        });
    }
    // The page's ids come from a narrow query (the sorted index covers it, so a deep OFFSET
    // only skips index entries); the joins then run for those rows alone. (A boxed subquery
    // cannot be rendered for both backends of the connection enum, hence two statements.)
    let ids = apply_product_filter!(products::table.into_boxed(), filter)
        .select(products::id)
        .limit(page.page_size)
        .offset(page.offset());
    // The two orders are different diesel types, hence a match around each statement.
    let page_ids: Vec<String> = match filter.sort {
        ProductSort::Title => ids
            .order((products::title_lower.asc(), products::id.asc()))
            .load(conn)?,
        ProductSort::Newest => ids
            .order((products::created_on.desc(), products::id.desc()))
            .load(conn)?,
    };
    let rows = joined_products!().filter(products::id.eq_any(page_ids));
    let rows: Vec<JoinedRow> = match filter.sort {
        ProductSort::Title => rows
            .order((products::title_lower.asc(), products::id.asc()))
            .load(conn)?,
        ProductSort::Newest => rows
            .order((products::created_on.desc(), products::id.desc()))
            .load(conn)?,
    };
    Ok(Page {
        items: with_relations(conn, rows)?,
        total,
    })
}

/// The product with this id (any kind), or `None`.
///
/// # Errors
/// Database failures.
pub fn find_product(conn: &mut DbConnection, id: &str) -> Result<Option<ProductRecord>, DbError> {
    let rows: Vec<JoinedRow> = joined_products!()
        .filter(products::id.eq(id.to_owned()))
        .load(conn)?;
    Ok(with_relations(conn, rows)?.into_iter().next())
}

/// Loads colours, effects and variants of the rows' products in one query each.
pub(super) fn with_relations(
    conn: &mut DbConnection,
    rows: Vec<JoinedRow>,
) -> Result<Vec<ProductRecord>, DbError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<String> = rows.iter().map(|r| r.0.id.clone()).collect();
    let mut colours = grouped(
        product_colors::table
            .inner_join(colors::table)
            .filter(product_colors::product_id.eq_any(ids.clone()))
            .select((product_colors::product_id, colors::id, colors::name))
            .order((colors::name.asc(), colors::id.asc()))
            .load::<(String, String, String)>(conn)?,
    );
    let mut effect_map = grouped(
        product_effects::table
            .inner_join(effects::table)
            .filter(product_effects::product_id.eq_any(ids))
            .select((product_effects::product_id, effects::id, effects::name))
            .order((effects::name.asc(), effects::id.asc()))
            .load::<(String, String, String)>(conn)?,
    );
    let apparel_ids: Vec<String> = rows
        .iter()
        .filter(|r| r.0.is_apparel)
        .map(|r| r.0.id.clone())
        .collect();
    let mut variants: HashMap<String, Vec<VariantRecord>> = HashMap::new();
    if !apparel_ids.is_empty() {
        let loaded: Vec<(ApparelVariant, Option<Color>)> = apparel_variants::table
            .left_join(colors::table)
            .filter(apparel_variants::product_id.eq_any(apparel_ids))
            .select((ApparelVariant::as_select(), colors::all_columns.nullable()))
            .load(conn)?;
        for (variant, color) in loaded {
            variants
                .entry(variant.product_id.clone())
                .or_default()
                .push(VariantRecord {
                    variant,
                    color: color.map(|c| NamedRef {
                        id: c.id,
                        name: c.name,
                    }),
                });
        }
        for list in variants.values_mut() {
            list.sort_by_cached_key(|v| {
                (
                    gender_rank(&v.variant.gender),
                    Size::parse(&v.variant.size).ok(),
                    v.color.as_ref().map(|c| c.name.clone()),
                    v.variant.id.clone(),
                )
            });
        }
    }
    Ok(rows
        .into_iter()
        .map(
            |(product, brand, category, apparel_type, show_type, unit)| {
                let id = product.id.clone();
                ProductRecord {
                    brand: NamedRef {
                        id: brand.id,
                        name: brand.name,
                    },
                    category: NamedRef {
                        id: category.id,
                        name: category.name,
                    },
                    apparel_type: apparel_type.map(|t| TypeRef {
                        id: t.id,
                        name: t.name,
                        description: t.description,
                    }),
                    show_type: show_type.map(|t| TypeRef {
                        id: t.id,
                        name: t.name,
                        description: t.description,
                    }),
                    unit,
                    colors: colours.remove(&id).unwrap_or_default(),
                    effects: effect_map.remove(&id).unwrap_or_default(),
                    variants: variants.remove(&id).unwrap_or_default(),
                    product,
                }
            },
        )
        .collect())
}

/// Men's, Women's, Unisex, then anything else.
fn gender_rank(gender: &str) -> u8 {
    match gender {
        "MALE" => 0,
        "FEMALE" => 1,
        "UNISEX" => 2,
        _ => 3,
    }
}

/// `(owner id, id, name)` rows grouped by owner, keeping their order.
fn grouped(rows: Vec<(String, String, String)>) -> HashMap<String, Vec<NamedRef>> {
    let mut map: HashMap<String, Vec<NamedRef>> = HashMap::new();
    for (owner, id, name) in rows {
        map.entry(owner).or_default().push(NamedRef { id, name });
    }
    map
}
