//! Facet counts against the list they describe: for every kind and every option, the count is
//! the number of products the list gives with that option and the other active filters, on the
//! demo shop, for each kind of filter combination (none, metadata, search, stock, variant
//! genders and sizes, shows by type).

use std::collections::BTreeMap;

use diesel::prelude::*;
use domain::catalogue::CatalogueReads;
use domain::catalogue::{self, FacetKind, ProductFilter, Size, StockFilter};
use domain::paging::PageRequest;
use domain::store::Store;

use crate::schema::{product_colors, products};
use crate::test_support::TestDatabase;
use crate::Db;

fn demo() -> TestDatabase {
    let test_db = TestDatabase::new();
    test_db.db().seed_reference_data().expect("reference data");
    test_db.db().seed_demo_shop().expect("demo shop");
    test_db
}

/// Every value a kind's filter can take in the demo shop.
fn options(db: &Db, kind: FacetKind) -> Vec<String> {
    let meta = db.read(|tx| tx.metadata()).expect("metadata");
    match kind {
        FacetKind::Brands => meta.brands.into_iter().map(|n| n.id).collect(),
        FacetKind::Categories => meta.categories.into_iter().map(|n| n.id).collect(),
        FacetKind::Colors => meta.colors.into_iter().map(|n| n.id).collect(),
        FacetKind::Effects => meta.effects.into_iter().map(|n| n.id).collect(),
        FacetKind::ApparelTypes => meta.apparel_types.into_iter().map(|t| t.id).collect(),
        FacetKind::ShowTypes => meta.show_types.into_iter().map(|t| t.id).collect(),
        FacetKind::Genders => ["MALE", "FEMALE", "UNISEX"].map(String::from).to_vec(),
        FacetKind::Sizes => Size::STANDARD
            .iter()
            .map(|s| s.as_str().to_owned())
            .collect(),
    }
}

fn with_option(filter: &ProductFilter, kind: FacetKind, value: &str) -> ProductFilter {
    let mut f = filter.without(kind);
    let list = match kind {
        FacetKind::Brands => &mut f.brands,
        FacetKind::Categories => &mut f.categories,
        FacetKind::Colors => &mut f.colors,
        FacetKind::Effects => &mut f.effects,
        FacetKind::ApparelTypes => &mut f.apparel_types,
        FacetKind::ShowTypes => &mut f.show_types,
        FacetKind::Genders => &mut f.genders,
        FacetKind::Sizes => &mut f.sizes,
    };
    list.push(value.to_owned());
    f
}

fn listed(db: &Db, filter: &ProductFilter) -> i64 {
    let page = PageRequest {
        page: 1,
        page_size: 1,
    };
    db.read(|tx| catalogue::list_products(tx, filter, page, None))
        .expect("list")
        .total
}

/// The counts of every kind for `filter` equal the list's totals option by option, and the
/// list index's counts equal SQL's; answers how many options had products, per kind.
fn assert_counts_match_the_list(db: &Db, filter: &ProductFilter) -> BTreeMap<FacetKind, usize> {
    db.build_catalogue_index().expect("index");
    let facets = db
        .read(|tx| catalogue::facet_counts(tx, filter, &FacetKind::ALL))
        .expect("facets");
    for (kind, counts) in &facets {
        let mut conn = db.get().expect("connection");
        let by_sql =
            crate::catalogue::facet_counts_by_sql(&mut conn, &filter.without(*kind), *kind)
                .expect("counts by SQL");
        assert_eq!(counts, &by_sql, "{kind:?} with {filter:?}: index and SQL");
    }
    let mut seen = BTreeMap::new();
    for (kind, counts) in facets {
        let by_value: BTreeMap<&str, i64> =
            counts.iter().map(|c| (c.value.as_str(), c.count)).collect();
        for value in options(db, kind) {
            let want = listed(db, &with_option(filter, kind, &value));
            let got = by_value.get(value.as_str()).copied().unwrap_or(0);
            assert_eq!(got, want, "{kind:?} {value} with {filter:?}");
        }
        assert!(
            counts.iter().all(|c| c.count > 0),
            "{kind:?}: no zero counts"
        );
        seen.insert(kind, counts.len());
    }
    seen
}

fn first_id(db: &Db, kind: FacetKind, filter: &ProductFilter) -> String {
    let facets = db
        .read(|tx| catalogue::facet_counts(tx, filter, &[kind]))
        .expect("facets");
    facets[0].1[0].value.clone()
}

#[test]
fn fireworks_counts_are_the_lists_totals_for_each_option_with_the_other_filters() {
    let test_db = demo();
    let db = test_db.db();
    let fireworks = ProductFilter {
        is_show: Some(false),
        is_apparel: Some(false),
        ..ProductFilter::default()
    };
    let seen = assert_counts_match_the_list(db, &fireworks);
    assert!(seen[&FacetKind::Brands] > 1 && seen[&FacetKind::Effects] > 1);

    let brand = first_id(db, FacetKind::Brands, &fireworks);
    let category = first_id(db, FacetKind::Categories, &fireworks);
    let colour = first_id(db, FacetKind::Colors, &fireworks);
    let effect = first_id(db, FacetKind::Effects, &fireworks);
    let combinations = [
        // One kind chosen: its own counts ignore it, the others narrow.
        ProductFilter {
            brands: vec![brand.clone()],
            ..fireworks.clone()
        },
        // Several kinds, one of them twice (OR within a kind).
        ProductFilter {
            categories: vec![category.clone()],
            colors: vec![colour.clone()],
            effects: vec![effect.clone()],
            ..fireworks.clone()
        },
        ProductFilter {
            brands: vec![brand, "cody b".to_owned()],
            colors: vec![colour],
            ..fireworks.clone()
        },
        // Search text and the stock filters.
        ProductFilter {
            search: Some("a".to_owned()),
            stock: StockFilter::InStock,
            effects: vec![effect],
            ..fireworks.clone()
        },
        ProductFilter {
            stock: StockFilter::OutOfStock,
            categories: vec![category],
            ..fireworks.clone()
        },
    ];
    for filter in &combinations {
        assert_counts_match_the_list(db, filter);
    }
}

#[test]
fn apparel_counts_are_the_lists_totals_with_variant_colours_genders_and_sizes() {
    let test_db = demo();
    let db = test_db.db();
    {
        // One apparel product whose colours come from its variants alone.
        let mut conn = db.get().expect("connection");
        let first: String = products::table
            .filter(products::is_apparel.eq(true))
            .order(products::sku)
            .select(products::id)
            .first(&mut *conn)
            .expect("apparel");
        diesel::delete(product_colors::table.filter(product_colors::product_id.eq(first)))
            .execute(&mut *conn)
            .expect("unlinked");
    }
    let apparel = ProductFilter {
        is_show: Some(false),
        is_apparel: Some(true),
        stock: StockFilter::InStock,
        ..ProductFilter::default()
    };
    let seen = assert_counts_match_the_list(db, &apparel);
    assert!(seen[&FacetKind::Sizes] > 1 && seen[&FacetKind::Genders] > 1);
    let brand = first_id(db, FacetKind::Brands, &apparel);
    let colour = first_id(db, FacetKind::Colors, &apparel);
    let kind = first_id(db, FacetKind::ApparelTypes, &apparel);
    let combinations = [
        ProductFilter {
            genders: vec!["FEMALE".to_owned()],
            ..apparel.clone()
        },
        // Genders and sizes on one variant.
        ProductFilter {
            genders: vec!["MALE".to_owned()],
            sizes: vec!["XL".to_owned(), "S".to_owned()],
            ..apparel.clone()
        },
        ProductFilter {
            brands: vec![brand],
            colors: vec![colour.clone()],
            stock: StockFilter::Any,
            ..apparel.clone()
        },
        ProductFilter {
            apparel_types: vec![kind],
            colors: vec![colour],
            sizes: vec!["M".to_owned()],
            stock: StockFilter::OutOfStock,
            ..apparel.clone()
        },
    ];
    for filter in &combinations {
        assert_counts_match_the_list(db, filter);
    }
}

#[test]
fn show_counts_are_the_show_lists_totals() {
    let test_db = demo();
    let db = test_db.db();
    let shows = ProductFilter {
        is_show: Some(true),
        ..ProductFilter::default()
    };
    let seen = assert_counts_match_the_list(db, &shows);
    assert!(seen[&FacetKind::ShowTypes] > 1);
    let show_type = first_id(db, FacetKind::ShowTypes, &shows);
    assert_counts_match_the_list(
        db,
        &ProductFilter {
            show_types: vec![show_type],
            ..shows
        },
    );
    // The show use case resolves brand and type names as the show list does.
    let query = catalogue::ShowQuery {
        brand: Some("cody b".to_owned()),
        show_type: Some("not a type".to_owned()),
        ..catalogue::ShowQuery::default()
    };
    let facets = db
        .read(|tx| {
            catalogue::show_facet_counts(tx, &query, &[FacetKind::ShowTypes, FacetKind::Brands])
        })
        .expect("facets");
    assert!(!facets[0].1.is_empty(), "every type still counts");
    assert!(facets[1].1.is_empty(), "an unknown type lists no shows");
    assert!(matches!(
        db.read(|tx| catalogue::show_facet_counts(
            tx,
            &catalogue::ShowQuery {
                brand: Some("no such brand".to_owned()),
                ..catalogue::ShowQuery::default()
            },
            &[FacetKind::ShowTypes]
        )),
        Err(catalogue::ListShowsError::BrandNotFound)
    ));
}
