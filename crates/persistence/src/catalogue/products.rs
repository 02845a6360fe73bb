//! Products (fireworks, apparel and shows as products): filtered, sorted pages and one product
//! with its relations.

use std::collections::HashMap;

use diesel::dsl::not;
use diesel::prelude::*;
use domain::catalogue::{
    FacetCount, FacetKind, Product as ProductModel, ProductFilter, ProductSort, Size, StockFilter,
    Variant,
};
use domain::ids::ProductId;

use super::convert::{self, named};
use super::{like_anywhere, NamedRef, Page, PageRequest};
use crate::models::{
    ApparelType, ApparelVariant, Brand, Category, Color, ShowType, ShownProduct, UnitProduct,
};
use crate::schema::{
    apparel_types, apparel_variants, brands, cart_lines, categories, colors, effects,
    product_colors, product_effects, products, show_types, unit_products,
};
use crate::{Db, DbConnection, DbError};

/// `products.id IN (SELECT product_id FROM apparel_variants WHERE ...)`: the products with
/// one variant that passes every given condition. A macro because each set of conditions is
/// its own query type (a boxed subquery cannot serve both backends of the connection).
macro_rules! has_variant {
    ($($condition:expr),+) => {
        products::id.eq_any(
            apparel_variants::table
                .filter(apparel_variants::available.eq(true))
                $(.filter($condition))+
                .select(apparel_variants::product_id),
        )
    };
}

/// Applies a [`ProductFilter`] to a boxed query whose source contains `products`. A macro, not
/// a function, because the count query and the joined page query have different types.
///
/// Metadata filters hold references: ids, or lowercased names (`brands=Cody B`); each becomes
/// a subquery of the ids of its table's rows with that id or that name in any case.
macro_rules! referenced {
    ($table:ident, $refs:expr) => {
        $table::table
            .filter(
                $table::id
                    .eq_any($refs.clone())
                    .or(crate::search::lower($table::name).eq_any($refs.clone())),
            )
            .select($table::id)
    };
}

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
            q = q.filter(products::brand_id.eq_any(referenced!(brands, f.brands)));
        }
        if !f.categories.is_empty() {
            q = q.filter(products::category_id.eq_any(referenced!(categories, f.categories)));
        }
        if !f.apparel_types.is_empty() {
            q = q.filter(
                products::apparel_type_id
                    .assume_not_null()
                    .eq_any(referenced!(apparel_types, f.apparel_types)),
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
                .filter(product_colors::color_id.eq_any(referenced!(colors, f.colors)))
                .select(product_colors::product_id);
            if f.is_apparel == Some(true) {
                let colour = apparel_variants::color_id
                    .assume_not_null()
                    .eq_any(referenced!(colors, f.colors));
                q = q.filter(products::id.eq_any(linked).or(has_variant!(colour)));
            } else {
                q = q.filter(products::id.eq_any(linked));
            }
        }
        if !f.effects.is_empty() {
            q = q.filter(
                products::id.eq_any(
                    product_effects::table
                        .filter(product_effects::effect_id.eq_any(referenced!(effects, f.effects)))
                        .select(product_effects::product_id),
                ),
            );
        }
        // Sizes and genders must match on one variant.
        let genders = apparel_variants::gender.eq_any(f.genders.clone());
        let sizes = apparel_variants::size.eq_any(f.sizes.clone());
        match (f.genders.is_empty(), f.sizes.is_empty()) {
            (true, true) => {}
            (false, true) => q = q.filter(has_variant!(genders)),
            (true, false) => q = q.filter(has_variant!(sizes)),
            (false, false) => q = q.filter(has_variant!(genders, sizes)),
        }
        if let Some(needle) = f.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q = q.filter(
                products::title_lower
                    .like(like_anywhere(needle))
                    .escape('\\'),
            );
        }
        let with_stock = apparel_variants::table
            .filter(apparel_variants::available.eq(true))
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
    ShownProduct,
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
                ShownProduct::as_select(),
                Brand::as_select(),
                Category::as_select(),
                apparel_types::all_columns.nullable(),
                show_types::all_columns.nullable(),
                unit_products::all_columns.nullable(),
            ))
            .into_boxed()
    };
}

/// Loads colours, effects and variants (one query each, variants only for apparel) of the
/// products `rows` holds, which `|product| predicate` selects again by their product id column.
/// A macro so that each caller keeps a predicate whose statement can be cached: one id (`eq`),
/// a subquery, or a list of ids where nothing better is at hand.
macro_rules! with_relations_where {
    ($conn:expr, $rows:expr, |$product:ident| $predicate:expr) => {{
        let rows: Vec<JoinedRow> = $rows;
        if rows.is_empty() {
            Vec::new()
        } else {
            let mut colours = grouped({
                let $product = product_colors::product_id;
                product_colors::table
                    .inner_join(colors::table)
                    .filter($predicate)
                    .select((product_colors::product_id, colors::id, colors::name))
                    .order((colors::name.asc(), colors::id.asc()))
                    .load::<(String, String, String)>($conn)?
            });
            let mut effect_map = grouped({
                let $product = product_effects::product_id;
                product_effects::table
                    .inner_join(effects::table)
                    .filter($predicate)
                    .select((product_effects::product_id, effects::id, effects::name))
                    .order((effects::name.asc(), effects::id.asc()))
                    .load::<(String, String, String)>($conn)?
            });
            let loaded: Vec<(ApparelVariant, Option<Color>)> =
                if rows.iter().any(|r| r.0.is_apparel) {
                    let $product = apparel_variants::product_id;
                    apparel_variants::table
                        .left_join(colors::table)
                        .filter($predicate)
                        .filter(apparel_variants::available.eq(true))
                        .select((ApparelVariant::as_select(), colors::all_columns.nullable()))
                        .load($conn)?
                } else {
                    Vec::new()
                };
            assemble(rows, &mut colours, &mut effect_map, loaded)
        }
    }};
}

/// One page of products matching `filter`, in `filter.sort` order (by default title,
/// case-insensitive, then id), and the number matching in all. `version` is the catalogue
/// version the caller read in this unit of work, if it did (else it is read here): the list
/// index must be at least as new.
///
/// The catalogue's list index (`index/`) finds the page's ids and the total; then the page's
/// rows are read by id with their brand, category, types and unit product, and one batched
/// query per relation (colours, effects, variants). Until the index is built, or when a
/// product of the page went away in between, SQL answers ([`list_products_by_sql`]).
///
/// # Errors
/// Database failures.
pub fn list_products_counted(
    conn: &mut DbConnection,
    db: &Db,
    version: Option<i64>,
    filter: &ProductFilter,
    page: PageRequest,
    known_total: Option<i64>,
) -> Result<Page<ProductModel>, DbError> {
    match list_products_by_index(conn, db, version, filter, page)? {
        Some(found) => Ok(found),
        None => list_products_by_sql(conn, filter, page, known_total),
    }
}

/// [`list_products_counted`] by the list index, or `None` when it cannot answer (not built
/// yet, being rebuilt, or a product of the page names a term it does not hold). The index
/// holds the page's products as they are shown: no statement is run but the version's.
///
/// # Errors
/// Database failures.
pub(crate) fn list_products_by_index(
    conn: &mut DbConnection,
    db: &Db,
    version: Option<i64>,
    filter: &ProductFilter,
    page: PageRequest,
) -> Result<Option<Page<ProductModel>>, DbError> {
    let found = db.ask_catalogue_index(conn, version, |index| index.page(filter, page))?;
    Ok(found.flatten().map(|found| Page {
        items: found.products,
        total: found.total,
    }))
}

/// Loads `$query` in the order `$sort` names (the tie-breakers make every order total). The
/// orders are different diesel types, hence one arm each around the statement.
macro_rules! load_sorted {
    ($query:expr, $sort:expr, $conn:expr) => {
        match $sort {
            ProductSort::Title => $query
                .order((products::title_lower.asc(), products::id.asc()))
                .load($conn)?,
            ProductSort::TitleDesc => $query
                .order((products::title_lower.desc(), products::id.desc()))
                .load($conn)?,
            ProductSort::Newest => $query
                .order((products::created_on.desc(), products::id.desc()))
                .load($conn)?,
            ProductSort::Sku => $query
                .order((products::sku.asc(), products::id.asc()))
                .load($conn)?,
            ProductSort::SkuDesc => $query
                .order((products::sku.desc(), products::id.desc()))
                .load($conn)?,
            ProductSort::Price => $query
                .order((
                    products::case_price_cents.asc(),
                    products::title_lower.asc(),
                    products::id.asc(),
                ))
                .load($conn)?,
            ProductSort::PriceDesc => $query
                .order((
                    products::case_price_cents.desc(),
                    products::title_lower.asc(),
                    products::id.asc(),
                ))
                .load($conn)?,
        }
    };
}

/// [`list_products_counted`] by SQL alone: the count (unless `known_total`, a cached count of
/// the same filter at the same catalogue version, is given), the page's ids, the page's rows
/// with their brand, category, types and unit product, and one batched query per relation
/// (colours, effects, variants) for the page's products. Never a query per product.
///
/// # Errors
/// Database failures.
pub(crate) fn list_products_by_sql(
    conn: &mut DbConnection,
    filter: &ProductFilter,
    page: PageRequest,
    known_total: Option<i64>,
) -> Result<Page<ProductModel>, DbError> {
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
    let page_ids: Vec<String> = load_sorted!(ids, filter.sort, conn);
    let rows = joined_products!().filter(products::id.eq_any(page_ids));
    let rows: Vec<JoinedRow> = load_sorted!(rows, filter.sort, conn);
    Ok(Page {
        items: {
            let ids: Vec<String> = rows.iter().map(|r| r.0.id.clone()).collect();
            with_relations_where!(conn, rows, |product| product.eq_any(ids.clone()))
        },
        total,
    })
}

/// The product with this id (any kind), or `None`.
///
/// # Errors
/// Database failures.
pub fn find_product(conn: &mut DbConnection, id: &str) -> Result<Option<ProductModel>, DbError> {
    let rows: Vec<JoinedRow> = joined_products!()
        .filter(products::id.eq(id.to_owned()))
        .load(conn)?;
    Ok(
        with_relations_where!(conn, rows, |product| product.eq(id.to_owned()))
            .into_iter()
            .next(),
    )
}

/// The products a cart's lines name (any kind), with their relations. Every query selects
/// the products through a subquery on the cart, so its statement is prepared once per
/// connection and cached (an `IN (?, ?, ...)` list is prepared anew on SQLite each time; a
/// cart read spent about 30 % of its time there).
///
/// # Errors
/// Database failures.
pub fn cart_products(conn: &mut DbConnection, cart: &str) -> Result<Vec<ProductModel>, DbError> {
    let in_cart = || {
        cart_lines::table
            .filter(cart_lines::cart_id.eq(cart.to_owned()))
            .select(cart_lines::product_id)
    };
    let rows: Vec<JoinedRow> = joined_products!()
        .filter(products::id.eq_any(in_cart()))
        .load(conn)?;
    Ok(with_relations_where!(conn, rows, |product| product.eq_any(in_cart())))
}

/// The products of `ids` (each once) that exist, as [`find_product`] and [`cart_products`]
/// answer them, from the list index, which holds every product as pages show it: no
/// statement but the catalogue version's (none when `version`, read in this unit of work, is
/// given). `None` when the index cannot answer (SQL does then).
///
/// # Errors
/// Database failures.
pub(crate) fn products_by_index(
    conn: &mut DbConnection,
    db: &Db,
    version: Option<i64>,
    ids: &[ProductId],
) -> Result<Option<Vec<ProductModel>>, DbError> {
    if ids.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let found = db.ask_catalogue_index(conn, version, |index| index.products(ids))?;
    Ok(found.flatten())
}

/// The models of `rows` with their colours, effects and (sorted) variants.
fn assemble(
    rows: Vec<JoinedRow>,
    colours: &mut HashMap<String, Vec<NamedRef>>,
    effect_map: &mut HashMap<String, Vec<NamedRef>>,
    loaded: Vec<(ApparelVariant, Option<Color>)>,
) -> Vec<ProductModel> {
    let mut variants: HashMap<String, Vec<Variant>> = HashMap::new();
    for (variant, color) in loaded {
        variants
            .entry(variant.product_id.clone())
            .or_default()
            .push(convert::variant(
                variant,
                color.map(|c| named(c.id, c.name)),
            ));
    }
    for list in variants.values_mut() {
        sort_variants(list);
    }
    rows.into_iter()
        .map(
            |(product, brand, category, apparel_type, show_type, unit)| {
                let id = product.id.clone();
                let mut model =
                    convert::product(product, brand, category, apparel_type, show_type, unit);
                model.colors = colours.remove(&id).unwrap_or_default();
                model.effects = effect_map.remove(&id).unwrap_or_default();
                model.variants = variants.remove(&id).unwrap_or_default();
                model
            },
        )
        .collect()
}

/// A product's variants in the order pages show them: Men's, Women's, Unisex (then anything
/// else), then by size, colour name and id.
pub(crate) fn sort_variants(list: &mut [Variant]) {
    list.sort_by_cached_key(|v| {
        (
            gender_rank(&v.gender),
            Size::parse(&v.size).ok(),
            v.color.as_ref().map(|c| c.name.clone()),
            v.id.clone(),
        )
    });
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

/// `(value, count)` rows of one facet into counts by value, without empty values.
fn facet_rows(rows: Vec<(Option<String>, i64)>) -> Vec<FacetCount> {
    let mut counts: Vec<FacetCount> = rows
        .into_iter()
        .filter_map(|(value, count)| {
            Some(FacetCount {
                value: value?,
                count,
            })
        })
        .filter(|c| c.count > 0)
        .collect();
    counts.sort_by(|a, b| a.value.cmp(&b.value));
    counts
}

/// How many products `filter` lists have each value of `kind` (see
/// [`domain::catalogue::CatalogueReads::facet_counts`]): from the list index (one intersection count
/// per value), or by SQL until it is built ([`facet_counts_by_sql`]). `version` as for
/// [`list_products_counted`].
///
/// # Errors
/// Database failures.
pub fn facet_counts(
    conn: &mut DbConnection,
    db: &Db,
    version: Option<i64>,
    filter: &ProductFilter,
    kind: FacetKind,
) -> Result<Vec<FacetCount>, DbError> {
    match db.ask_catalogue_index(conn, version, |index| index.facet_counts(filter, kind))? {
        Some(counts) => Ok(counts),
        None => facet_counts_by_sql(conn, filter, kind),
    }
}

/// [`facet_counts`] by SQL: one `GROUP BY` statement over the filtered products, joined with
/// the kind's link table or variants where a product can have several values. Apparel colours
/// are product colours or variant colours: two statements of distinct (colour, product)
/// pairs, united here.
///
/// # Errors
/// Database failures.
pub(crate) fn facet_counts_by_sql(
    conn: &mut DbConnection,
    filter: &ProductFilter,
    kind: FacetKind,
) -> Result<Vec<FacetCount>, DbError> {
    use diesel::dsl::{count, count_star};
    use diesel::AggregateExpressionMethods;

    // The link tables and variants are joined under another name: the filter's subqueries
    // read them too, and a table may appear only once in a query.
    let (links, effect_links, variants) = diesel::alias!(
        product_colors as colour_links,
        product_effects as effect_links,
        apparel_variants as counted_variants
    );

    // The products per value of one variant column (`gender` or `size`), counted on variants
    // that also carry one of the filter's values of the other column.
    macro_rules! variant_facet {
        ($counted:ident, $other:ident, $other_list:ident) => {{
            let products_filter = ProductFilter {
                $other_list: Vec::new(),
                ..filter.clone()
            };
            let mut q = apply_product_filter!(
                products::table
                    .inner_join(
                        variants.on(variants
                            .field(apparel_variants::product_id)
                            .eq(products::id))
                    )
                    .filter(variants.field(apparel_variants::available).eq(true))
                    .group_by(variants.field(apparel_variants::$counted))
                    .select((
                        variants.field(apparel_variants::$counted).nullable(),
                        count(products::id).aggregate_distinct(),
                    ))
                    .into_boxed(),
                &products_filter
            );
            if !filter.$other_list.is_empty() {
                q = q.filter(
                    variants
                        .field(apparel_variants::$other)
                        .eq_any(filter.$other_list.clone()),
                );
            }
            q.load(conn)?
        }};
    }

    let rows: Vec<(Option<String>, i64)> = match kind {
        FacetKind::Brands => apply_product_filter!(
            products::table
                .group_by(products::brand_id)
                .select((products::brand_id.nullable(), count_star()))
                .into_boxed(),
            filter
        )
        .load(conn)?,
        FacetKind::Categories => apply_product_filter!(
            products::table
                .group_by(products::category_id)
                .select((products::category_id.nullable(), count_star()))
                .into_boxed(),
            filter
        )
        .load(conn)?,
        FacetKind::ApparelTypes => apply_product_filter!(
            products::table
                .group_by(products::apparel_type_id)
                .select((products::apparel_type_id, count_star()))
                .into_boxed(),
            filter
        )
        .load(conn)?,
        FacetKind::ShowTypes => apply_product_filter!(
            products::table
                .group_by(products::show_type_id)
                .select((products::show_type_id, count_star()))
                .into_boxed(),
            filter
        )
        .load(conn)?,
        FacetKind::Effects => apply_product_filter!(
            products::table
                .inner_join(
                    effect_links.on(effect_links
                        .field(product_effects::product_id)
                        .eq(products::id))
                )
                .group_by(effect_links.field(product_effects::effect_id))
                .select((
                    effect_links.field(product_effects::effect_id).nullable(),
                    count_star()
                ))
                .into_boxed(),
            filter
        )
        .load(conn)?,
        FacetKind::Colors if filter.is_apparel == Some(true) => {
            // A product has a colour through a link or through one of its variants.
            let mut pairs: Vec<(String, String)> = apply_product_filter!(
                products::table
                    .inner_join(links.on(links.field(product_colors::product_id).eq(products::id)))
                    .select((links.field(product_colors::color_id), products::id))
                    .into_boxed(),
                filter
            )
            .load(conn)?;
            let by_variant: Vec<(Option<String>, String)> = apply_product_filter!(
                products::table
                    .inner_join(
                        variants.on(variants
                            .field(apparel_variants::product_id)
                            .eq(products::id))
                    )
                    .filter(variants.field(apparel_variants::available).eq(true))
                    .select((variants.field(apparel_variants::color_id), products::id))
                    .distinct()
                    .into_boxed(),
                filter
            )
            .load(conn)?;
            pairs.extend(by_variant.into_iter().filter_map(|(c, p)| Some((c?, p))));
            pairs.sort();
            pairs.dedup();
            let mut counts: HashMap<String, i64> = HashMap::new();
            for (colour, _) in pairs {
                *counts.entry(colour).or_default() += 1;
            }
            counts.into_iter().map(|(c, n)| (Some(c), n)).collect()
        }
        FacetKind::Colors => apply_product_filter!(
            products::table
                .inner_join(links.on(links.field(product_colors::product_id).eq(products::id)))
                .group_by(links.field(product_colors::color_id))
                .select((
                    links.field(product_colors::color_id).nullable(),
                    count_star()
                ))
                .into_boxed(),
            filter
        )
        .load(conn)?,
        // Genders and sizes must match on one variant: the other list moves from the product
        // filter onto the counted variant.
        FacetKind::Genders => variant_facet!(gender, size, sizes),
        FacetKind::Sizes => variant_facet!(size, gender, genders),
    };
    Ok(facet_rows(rows))
}
