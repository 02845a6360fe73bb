//! Every filter combination against a plain scan: random catalogues (fireworks, apparel with
//! variants, shows; titles with capitals, `%`, `_` and non-ASCII letters) and random filters of
//! every kind, and the list must give exactly the products, the order and the total that a
//! scan of the rows in Rust gives, on every page: by SQL alone, by the list index alone, and
//! through the port; the index's pages must also equal SQL's field for field. Runs on SQLite and, with TEST_DATABASE_URL,
//! on PostgreSQL (a cluster with the C collation, as scripts/with-postgres.sh makes: titles sort
//! by their bytes).

use chrono::{NaiveDate, NaiveDateTime, TimeDelta};
use domain::catalogue::CatalogueReads as _;
use domain::catalogue::{self, ProductFilter, ProductSort, StockFilter};
use domain::paging::PageRequest;
use domain::store::Store as _;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::models::{ApparelVariant, Product, ProductColor, ProductEffect};
use crate::schema::{apparel_variants, product_colors, product_effects, products};
use crate::test_support::TestDatabase;
use crate::Db;

/// Catalogues (and 80 filters each) per run.
const CATALOGUES: u64 = 6;
const FILTERS_PER_CATALOGUE: usize = 80;

const WORDS: [&str; 14] = [
    "Red",
    "dragon",
    "THUNDER",
    "Ärger",
    "50%",
    "off",
    "Under_score",
    "Blast",
    "sky",
    "Sky",
    "star",
    "Boom",
    "crème",
    "x",
];
const GENDERS: [&str; 3] = ["MALE", "FEMALE", "UNISEX"];
const SIZES: [&str; 5] = ["S", "M", "L", "XL", "OS"];

/// A reference row: id and name.
#[derive(Debug, Clone)]
struct Named {
    id: String,
    name: String,
}

#[derive(Debug, Default)]
struct Reference {
    brands: Vec<Named>,
    categories: Vec<Named>,
    colors: Vec<Named>,
    effects: Vec<Named>,
    apparel_types: Vec<Named>,
    show_types: Vec<Named>,
}

/// One product as the scan sees it.
#[derive(Debug, Clone)]
struct Row {
    product: Product,
    colors: Vec<String>,
    effects: Vec<String>,
    variants: Vec<ApparelVariant>,
}

fn reference(db: &Db) -> Reference {
    let meta = db.read(|tx| tx.metadata()).expect("metadata");
    let named = |v: Vec<domain::catalogue::NamedRef>| {
        v.into_iter()
            .map(|n| Named {
                id: n.id,
                name: n.name,
            })
            .collect()
    };
    Reference {
        brands: named(meta.brands),
        categories: named(meta.categories),
        colors: named(meta.colors),
        effects: named(meta.effects),
        apparel_types: meta
            .apparel_types
            .into_iter()
            .map(|t| Named {
                id: t.id,
                name: t.name,
            })
            .collect(),
        show_types: meta
            .show_types
            .into_iter()
            .map(|t| Named {
                id: t.id,
                name: t.name,
            })
            .collect(),
    }
}

fn some<'a, T>(rng: &mut StdRng, items: &'a [T], most: usize) -> Vec<&'a T> {
    let n = rng.gen_range(0..=most.min(items.len()));
    items.choose_multiple(rng, n).collect()
}

fn epoch() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 3, 1)
        .and_then(|d| d.and_hms_opt(12, 0, 0))
        .unwrap_or_default()
}

/// A random catalogue of `n` products over a few brands, categories, colours and effects, so
/// that filters often match.
fn catalogue(rng: &mut StdRng, refs: &Reference, n: usize) -> Vec<Row> {
    let brands = &refs.brands[..4];
    let categories = &refs.categories[..5];
    let colors = &refs.colors[..5];
    let effects = &refs.effects[..4];
    (0..n)
        .map(|i| {
            let kind = rng.gen_range(0..10);
            let (is_show, is_apparel) = (kind == 0, kind >= 7);
            let words = rng.gen_range(1..=3);
            let title = (0..words)
                .map(|_| *WORDS.choose(rng).expect("words"))
                .collect::<Vec<_>>()
                .join(" ");
            let id = format!("{:08}-p{i}", rng.gen_range(0..100_000_000));
            let product = Product {
                id: id.clone(),
                sku: format!("PROP-{i}"),
                title_lower: title.to_lowercase(),
                title,
                description: None,
                case_price_cents: 1_000,
                is_show,
                is_apparel,
                in_stock: rng.gen_bool(0.7),
                is_case_breakable: false,
                brand_id: brands.choose(rng).expect("brand").id.clone(),
                category_id: categories.choose(rng).expect("category").id.clone(),
                apparel_type_id: is_apparel
                    .then(|| refs.apparel_types.choose(rng).expect("type").id.clone()),
                show_type_id: is_show
                    .then(|| refs.show_types.choose(rng).expect("type").id.clone()),
                image: String::new(),
                video_url: None,
                package: "1".to_owned(),
                // Ties on purpose: the newest order breaks them by id.
                created_on: epoch() + TimeDelta::minutes(rng.gen_range(0..20)),
                updated_on: epoch(),
            };
            let variants = if is_apparel {
                (0..rng.gen_range(0..5))
                    .map(|v| {
                        let color = rng
                            .gen_bool(0.6)
                            .then(|| colors.choose(rng).expect("c").id.clone());
                        ApparelVariant {
                            id: format!("{id}-v{v}"),
                            product_id: id.clone(),
                            sku: format!("PROP-{i}-{v}"),
                            size: (*SIZES.choose(rng).expect("size")).to_owned(),
                            gender: (*GENDERS.choose(rng).expect("gender")).to_owned(),
                            color_key: color.clone().unwrap_or_default(),
                            color_id: color,
                            unit_price_cents: 2_000,
                            available_stock: if rng.gen_bool(0.3) {
                                0
                            } else {
                                rng.gen_range(1..20)
                            },
                            available: rng.gen_bool(0.85),
                        }
                    })
                    .collect::<Vec<_>>()
            } else {
                Vec::new()
            };
            let mut variants = variants;
            // One variant per size, gender and colour (a unique key of the table).
            variants.sort_by(|a, b| {
                (&a.size, &a.gender, &a.color_key, &a.id).cmp(&(
                    &b.size,
                    &b.gender,
                    &b.color_key,
                    &b.id,
                ))
            });
            variants.dedup_by(|a, b| {
                (&a.size, &a.gender, &a.color_key) == (&b.size, &b.gender, &b.color_key)
            });
            Row {
                product,
                colors: some(rng, colors, 2)
                    .into_iter()
                    .map(|c| c.id.clone())
                    .collect(),
                effects: if is_apparel {
                    Vec::new()
                } else {
                    some(rng, effects, 2)
                        .into_iter()
                        .map(|e| e.id.clone())
                        .collect()
                },
                variants,
            }
        })
        .collect()
}

fn insert(db: &Db, rows: &[Row]) {
    let mut conn = db.get().expect("connection");
    let conn = &mut *conn;
    let products: Vec<&Product> = rows.iter().map(|r| &r.product).collect();
    insert_rows!(conn, products::table, products).expect("products");
    let colors: Vec<ProductColor> = rows
        .iter()
        .flat_map(|r| {
            r.colors.iter().map(|c| ProductColor {
                product_id: r.product.id.clone(),
                color_id: c.clone(),
            })
        })
        .collect();
    if !colors.is_empty() {
        insert_rows!(conn, product_colors::table, &colors).expect("colours");
    }
    let effects: Vec<ProductEffect> = rows
        .iter()
        .flat_map(|r| {
            r.effects.iter().map(|e| ProductEffect {
                product_id: r.product.id.clone(),
                effect_id: e.clone(),
            })
        })
        .collect();
    if !effects.is_empty() {
        insert_rows!(conn, product_effects::table, &effects).expect("effects");
    }
    let variants: Vec<&ApparelVariant> = rows.iter().flat_map(|r| &r.variants).collect();
    if !variants.is_empty() {
        insert_rows!(conn, apparel_variants::table, variants).expect("variants");
    }
    crate::catalogue::bump_version(conn).expect("version");
}

/// References to some of `items`: ids, or sometimes (brands, categories, colours, effects and
/// apparel types accept them) lowercased names.
fn refs_of(rng: &mut StdRng, items: &[Named], names: bool) -> Vec<String> {
    let n = if rng.gen_bool(0.82) {
        0
    } else {
        rng.gen_range(1..=3)
    };
    items[..items.len().min(6)]
        .choose_multiple(rng, n)
        .map(|item| {
            if names && rng.gen_bool(0.3) {
                item.name.to_lowercase()
            } else {
                item.id.clone()
            }
        })
        .collect()
}

fn random_filter(rng: &mut StdRng, refs: &Reference, rows: &[Row]) -> ProductFilter {
    let flag = |rng: &mut StdRng| match rng.gen_range(0..4) {
        0 => Some(true),
        1 => Some(false),
        _ => None,
    };
    let search = match rng.gen_range(0..4) {
        0 => rows.choose(rng).map(|r| {
            // A piece of a title, in a case of its own.
            let chars: Vec<char> = r.product.title.chars().collect();
            let start = rng.gen_range(0..chars.len());
            let end = rng.gen_range(start..=chars.len().min(start + 6));
            let piece: String = chars[start..end].iter().collect();
            if rng.gen_bool(0.5) {
                piece.to_uppercase()
            } else {
                piece
            }
        }),
        1 => Some((*WORDS.choose(rng).expect("word")).to_owned()),
        _ => None,
    };
    let pick = |rng: &mut StdRng, values: &[&str]| -> Vec<String> {
        if rng.gen_bool(0.85) {
            Vec::new()
        } else {
            let n = rng.gen_range(1..=2);
            values
                .choose_multiple(rng, n)
                .map(|s| (*s).to_owned())
                .collect()
        }
    };
    ProductFilter {
        is_show: flag(rng),
        is_apparel: flag(rng),
        brands: refs_of(rng, &refs.brands[..4], true),
        categories: refs_of(rng, &refs.categories[..5], true),
        colors: refs_of(rng, &refs.colors[..5], true),
        effects: refs_of(rng, &refs.effects[..4], true),
        apparel_types: refs_of(rng, &refs.apparel_types, true),
        show_types: refs_of(rng, &refs.show_types, false),
        genders: pick(rng, &GENDERS),
        sizes: pick(rng, &SIZES),
        search,
        stock: match rng.gen_range(0..3) {
            0 => StockFilter::Any,
            1 => StockFilter::InStock,
            _ => StockFilter::OutOfStock,
        },
        sort: if rng.gen_bool(0.5) {
            ProductSort::Title
        } else {
            ProductSort::Newest
        },
    }
}

/// The ids of `items` that `wanted` names by id or by lowercased name.
fn resolve(items: &[Named], wanted: &[String]) -> Vec<String> {
    items
        .iter()
        .filter(|n| wanted.contains(&n.id) || wanted.contains(&n.name.to_lowercase()))
        .map(|n| n.id.clone())
        .collect()
}

/// What the list must answer, by a plain scan of the rows.
fn scan(refs: &Reference, rows: &[Row], f: &ProductFilter) -> Vec<String> {
    let brands = resolve(&refs.brands, &f.brands);
    let categories = resolve(&refs.categories, &f.categories);
    let colors = resolve(&refs.colors, &f.colors);
    let effects = resolve(&refs.effects, &f.effects);
    let apparel_types = resolve(&refs.apparel_types, &f.apparel_types);
    let needle = f
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_lowercase);
    let apparel_list = f.is_apparel == Some(true);
    let mut hits: Vec<&Row> = rows
        .iter()
        .filter(|r| {
            let p = &r.product;
            let available = || r.variants.iter().filter(|v| v.available);
            let any_of = |wanted: &[String], value: Option<&String>| {
                wanted.is_empty() || value.is_some_and(|v| wanted.contains(v))
            };
            let with_stock = available().any(|v| v.available_stock > 0);
            f.is_show.is_none_or(|s| p.is_show == s)
                && f.is_apparel.is_none_or(|a| p.is_apparel == a)
                && (f.brands.is_empty() || brands.contains(&p.brand_id))
                && (f.categories.is_empty() || categories.contains(&p.category_id))
                && (f.apparel_types.is_empty()
                    || p.apparel_type_id
                        .as_ref()
                        .is_some_and(|t| apparel_types.contains(t)))
                && any_of(&f.show_types, p.show_type_id.as_ref())
                && (f.colors.is_empty()
                    || r.colors.iter().any(|c| colors.contains(c))
                    || (apparel_list
                        && available()
                            .any(|v| v.color_id.as_ref().is_some_and(|c| colors.contains(c)))))
                && (f.effects.is_empty() || r.effects.iter().any(|e| effects.contains(e)))
                && (f.genders.is_empty() && f.sizes.is_empty()
                    || available().any(|v| {
                        (f.genders.is_empty() || f.genders.contains(&v.gender))
                            && (f.sizes.is_empty() || f.sizes.contains(&v.size))
                    }))
                && needle.as_deref().is_none_or(|n| p.title_lower.contains(n))
                && match (f.stock, apparel_list) {
                    (StockFilter::Any, _) => true,
                    (StockFilter::InStock, false) => p.in_stock,
                    (StockFilter::OutOfStock, false) => !p.in_stock,
                    (StockFilter::InStock, true) => p.in_stock && with_stock,
                    (StockFilter::OutOfStock, true) => !p.in_stock || !with_stock,
                }
        })
        .collect();
    match f.sort {
        ProductSort::Title => hits.sort_by(|a, b| {
            (&a.product.title_lower, &a.product.id).cmp(&(&b.product.title_lower, &b.product.id))
        }),
        ProductSort::Newest => hits.sort_by(|a, b| {
            (b.product.created_on, &b.product.id).cmp(&(a.product.created_on, &a.product.id))
        }),
        ProductSort::TitleDesc => hits.sort_by(|a, b| {
            (&b.product.title_lower, &b.product.id).cmp(&(&a.product.title_lower, &a.product.id))
        }),
        ProductSort::Sku => hits
            .sort_by(|a, b| (&a.product.sku, &a.product.id).cmp(&(&b.product.sku, &b.product.id))),
        ProductSort::SkuDesc => hits
            .sort_by(|a, b| (&b.product.sku, &b.product.id).cmp(&(&a.product.sku, &a.product.id))),
        ProductSort::Price | ProductSort::PriceDesc => hits.sort_by(|a, b| {
            let by_price = a.product.case_price_cents.cmp(&b.product.case_price_cents);
            let by_price = if f.sort == ProductSort::PriceDesc {
                by_price.reverse()
            } else {
                by_price
            };
            by_price.then_with(|| {
                (&a.product.title_lower, &a.product.id)
                    .cmp(&(&b.product.title_lower, &b.product.id))
            })
        }),
    }
    hits.into_iter().map(|r| r.product.id.clone()).collect()
}

/// How a test lists: the port (the index once built, SQL before), SQL alone, or the index
/// alone (which must answer).
#[derive(Debug, Clone, Copy)]
pub(super) enum Lister {
    Port,
    Sql,
    Index,
}

/// One page of `f` the way `lister` reads it.
pub(super) fn page_of(
    db: &Db,
    lister: Lister,
    f: &ProductFilter,
    page: PageRequest,
) -> domain::paging::Page<domain::catalogue::Product> {
    let mut conn = db.get().expect("connection");
    match lister {
        Lister::Port => db
            .read(|tx| catalogue::list_products(tx, f, page, None))
            .expect("list"),
        Lister::Sql => {
            crate::catalogue::list_products_by_sql(&mut conn, f, page, None).expect("list by SQL")
        }
        Lister::Index => crate::catalogue::list_products_by_index(&mut conn, db, None, f, page)
            .expect("list by the index")
            .expect("the index answers"),
    }
}

/// Every page of the list, walked with `page_size`; checks each page's total.
fn listed(
    db: &Db,
    lister: Lister,
    f: &ProductFilter,
    page_size: i64,
    expected_total: usize,
) -> Vec<String> {
    let mut ids = Vec::new();
    for page in 1.. {
        let answer = page_of(db, lister, f, PageRequest { page, page_size });
        assert_eq!(
            answer.total, expected_total as i64,
            "total of page {page} ({lister:?}): {f:?}"
        );
        let n = answer.items.len();
        ids.extend(answer.items.into_iter().map(|p| p.id.to_string()));
        if (n as i64) < page_size {
            break;
        }
    }
    ids
}

#[test]
fn every_filter_combination_lists_what_a_plain_scan_finds() {
    let mut checked = 0;
    let mut non_empty = 0;
    for seed in 0..CATALOGUES {
        let test_db = TestDatabase::new();
        let db = test_db.db();
        db.seed_reference_data().expect("reference");
        let refs = reference(db);
        let mut rng = StdRng::seed_from_u64(0x5CA7 + seed);
        let n = rng.gen_range(30..=90);
        let rows = catalogue(&mut rng, &refs, n);
        insert(db, &rows);
        db.build_catalogue_index().expect("index");
        for _ in 0..FILTERS_PER_CATALOGUE {
            let filter = random_filter(&mut rng, &refs, &rows);
            let want = scan(&refs, &rows, &filter);
            let page_size = rng.gen_range(1..=9);
            for lister in [Lister::Sql, Lister::Index, Lister::Port] {
                let got = listed(db, lister, &filter, page_size, want.len());
                assert_eq!(
                    got, want,
                    "seed {seed}, page size {page_size}, {lister:?}: {filter:?}"
                );
            }
            // The index's pages are the same products, field for field, as SQL's.
            let first = PageRequest {
                page: 1,
                page_size: 9,
            };
            assert_eq!(
                page_of(db, Lister::Index, &filter, first),
                page_of(db, Lister::Sql, &filter, first),
                "seed {seed}: {filter:?}"
            );
            checked += 1;
            non_empty += usize::from(!want.is_empty());
        }
    }
    // The filters must find something often enough to mean anything.
    assert!(
        non_empty * 3 >= checked,
        "{non_empty} of {checked} filters found products"
    );
}

#[test]
fn the_back_office_column_orders_list_what_a_sorted_scan_finds() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    db.seed_reference_data().expect("reference");
    let refs = reference(db);
    let mut rng = StdRng::seed_from_u64(0x0C01);
    let rows = catalogue(&mut rng, &refs, 40);
    insert(db, &rows);
    db.build_catalogue_index().expect("index");
    for (name, sort) in ProductSort::ALL {
        let filter = ProductFilter {
            sort,
            ..ProductFilter::default()
        };
        let want = scan(&refs, &rows, &filter);
        assert_eq!(want.len(), rows.len());
        // The port answers the column orders from SQL (the index keeps the catalogue's two).
        for lister in [Lister::Sql, Lister::Port] {
            let got = listed(db, lister, &filter, 7, want.len());
            assert_eq!(got, want, "sort={name}, {lister:?}");
        }
    }
}
