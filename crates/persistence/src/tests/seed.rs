//! Reference data, the demo shop and the bulk seed.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::models::*;
use crate::schema::*;
use crate::seed::{
    is_catalogue_empty, seed_bulk_products, seed_demo_shop, seed_id, seed_reference_data,
    shippable_states, table_counts, unit_package, unit_price_cents, APPAREL_CATEGORY,
};
use crate::test_support::TestDatabase;
use crate::{DbConnection, DbError};
use diesel::prelude::*;
use domain::store::StoreError;

fn count_of(conn: &mut DbConnection, table: &str) -> i64 {
    table_counts(conn)
        .expect("counts")
        .into_iter()
        .find(|(name, _)| *name == table)
        .map(|(_, n)| n)
        .expect("known table")
}

#[test]
fn reference_data_is_complete_and_seeding_it_twice_adds_nothing() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    let added = seed_reference_data(&mut conn).expect("seed");
    assert_eq!(added, 56 + 24 + 12 + 31 + 7 + 5);
    assert_eq!(count_of(&mut conn, "brands"), 56);
    assert_eq!(count_of(&mut conn, "categories"), 24);
    assert_eq!(count_of(&mut conn, "colors"), 12);
    assert_eq!(count_of(&mut conn, "effects"), 31);
    assert_eq!(count_of(&mut conn, "show_types"), 7);
    assert_eq!(count_of(&mut conn, "apparel_types"), 5);
    assert_eq!(seed_reference_data(&mut conn).expect("again"), 0);

    let cody: Brand = brands::table
        .filter(brands::name.eq("Cody B"))
        .select(Brand::as_select())
        .first(&mut *conn)
        .expect("Cody B");
    assert_eq!(cody.id, seed_id("brand", "Cody B"));
    let types: Vec<ShowType> = show_types::table
        .select(ShowType::as_select())
        .load(&mut *conn)
        .expect("show types");
    let mut names: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "CUSTOM",
            "FOURTH_JULY",
            "GENDER_REVEAL",
            "NEW_YEARS",
            "RETAIL",
            "WEDDING",
            "WHOLESALE"
        ]
    );
    assert!(types
        .iter()
        .all(|t| t.description.as_deref().is_some_and(|d| d.len() > 20)));
}

#[test]
fn reference_seed_skips_a_name_an_admin_already_created() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    diesel::insert_into(colors::table)
        .values(&Color {
            id: "admin-made".into(),
            name: "Red".into(),
        })
        .execute(&mut *conn)
        .expect("admin colour");
    seed_reference_data(&mut conn).expect("seed");
    assert_eq!(count_of(&mut conn, "colors"), 12);
}

#[test]
fn the_demo_shop_is_seeded_once_and_a_second_run_adds_nothing() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    assert!(is_catalogue_empty(&mut conn).expect("empty"));
    let added = seed_demo_shop(&mut conn).expect("demo");
    assert!(added >= 300 + 12 + 20, "{added}");
    assert!(!is_catalogue_empty(&mut conn).expect("not empty"));
    let before = table_counts(&mut conn).expect("counts");

    assert_eq!(seed_reference_data(&mut conn).expect("reference"), 0);
    assert_eq!(seed_demo_shop(&mut conn).expect("demo again"), 0);
    assert_eq!(table_counts(&mut conn).expect("counts"), before);
}

#[test]
fn the_demo_shop_is_identical_in_two_fresh_databases() {
    fn snapshot(test_db: &TestDatabase) -> Vec<(String, String, String, i64, bool)> {
        let mut conn = test_db.db().get().expect("connection");
        seed_demo_shop(&mut conn).expect("demo");
        products::table
            .select((
                products::id,
                products::sku,
                products::title,
                products::case_price_cents,
                products::in_stock,
            ))
            .order(products::sku)
            .load(&mut *conn)
            .expect("products")
    }
    let first = snapshot(&TestDatabase::new());
    let second = snapshot(&TestDatabase::new());
    assert!(!first.is_empty());
    assert_eq!(first, second);
}

#[test]
fn the_demo_shop_looks_like_a_real_shop() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    seed_demo_shop(&mut conn).expect("demo");
    let conn = &mut *conn;

    let all: Vec<Product> = products::table
        .select(Product::as_select())
        .load(conn)
        .expect("products");
    let brand_names: HashMap<String, String> = brands::table
        .select((brands::id, brands::name))
        .load::<(String, String)>(conn)
        .expect("brands")
        .into_iter()
        .collect();
    let category_names: HashMap<String, String> = categories::table
        .select((categories::id, categories::name))
        .load::<(String, String)>(conn)
        .expect("categories")
        .into_iter()
        .collect();
    let apparel_type_names: HashMap<String, String> = apparel_types::table
        .select((apparel_types::id, apparel_types::name))
        .load::<(String, String)>(conn)
        .expect("apparel types")
        .into_iter()
        .collect();
    let skus: HashSet<&str> = all.iter().map(|p| p.sku.as_str()).collect();
    assert_eq!(skus.len(), all.len());
    for p in &all {
        let motif = if p.is_show {
            domain::demo_pictures::Motif::Show
        } else if p.is_apparel {
            domain::demo_pictures::Motif::of_apparel_type(
                &apparel_type_names[p.apparel_type_id.as_deref().unwrap_or_default()],
            )
        } else {
            domain::demo_pictures::Motif::of_category(&category_names[&p.category_id])
        };
        assert!(
            p.image.starts_with(&format!("/images/demo/v1/{motif}/"))
                && p.image.ends_with(&format!("/{}.svg", p.sku)),
            "{}",
            p.image
        );
        assert_eq!(p.title_lower, p.title.to_lowercase());
        assert!(p.case_price_cents > 0);
        assert!(p.description.as_deref().is_some_and(|d| d.ends_with('.')));
    }

    // Fireworks: 300+, every brand, every category but Apparel.
    let fireworks: Vec<&Product> = all.iter().filter(|p| !p.is_show && !p.is_apparel).collect();
    assert!(fireworks.len() >= 300, "{}", fireworks.len());
    let used_brands: HashSet<&str> = fireworks
        .iter()
        .map(|p| brand_names[&p.brand_id].as_str())
        .collect();
    assert_eq!(used_brands.len(), 56);
    let used_categories: HashSet<&str> = fireworks
        .iter()
        .map(|p| category_names[&p.category_id].as_str())
        .collect();
    assert_eq!(used_categories.len(), 23);
    assert!(!used_categories.contains(APPAREL_CATEGORY));
    let out_of_stock = fireworks.iter().filter(|p| !p.in_stock).count();
    assert!((3..30).contains(&out_of_stock), "{out_of_stock}");
    let with_video = fireworks
        .iter()
        .filter(|p| {
            p.video_url
                .as_deref()
                .is_some_and(|u| u.starts_with("https://www.youtube.com/watch?v="))
        })
        .count();
    assert!(with_video >= 30, "{with_video}");
    let cody_fireworks = fireworks
        .iter()
        .filter(|p| brand_names[&p.brand_id] == "Cody B")
        .count();
    assert!(cody_fireworks >= 5, "{cody_fireworks}");

    // Colours and effects on every fireworks product.
    let color_links: Vec<ProductColor> = product_colors::table
        .select(ProductColor::as_select())
        .load(conn)
        .expect("colors");
    let effect_links: Vec<ProductEffect> = product_effects::table
        .select(ProductEffect::as_select())
        .load(conn)
        .expect("effects");
    let colored: HashSet<&str> = color_links.iter().map(|l| l.product_id.as_str()).collect();
    let effected: HashSet<&str> = effect_links.iter().map(|l| l.product_id.as_str()).collect();
    for p in &fireworks {
        assert!(colored.contains(p.id.as_str()), "{} has no colour", p.sku);
        assert!(effected.contains(p.id.as_str()), "{} has no effect", p.sku);
    }

    // A third case-breakable, each with exactly its unit product.
    let units: Vec<UnitProduct> = unit_products::table
        .select(UnitProduct::as_select())
        .load(conn)
        .expect("units");
    let unit_of: HashMap<&str, &UnitProduct> =
        units.iter().map(|u| (u.product_id.as_str(), u)).collect();
    let breakable: Vec<&&Product> = fireworks.iter().filter(|p| p.is_case_breakable).collect();
    assert!(
        breakable.len() * 3 >= fireworks.len() - 2,
        "{}",
        breakable.len()
    );
    assert_eq!(units.len(), breakable.len());
    for p in &breakable {
        let unit = unit_of[p.id.as_str()];
        assert_eq!(unit.sku, format!("{}-u", p.sku));
        assert_eq!(unit.package, unit_package(&p.package));
        let qty: u32 = p
            .package
            .split(',')
            .next()
            .and_then(|q| q.parse().ok())
            .expect("package");
        assert_eq!(
            unit.unit_price_cents,
            unit_price_cents(p.case_price_cents, qty).expect("a unit price")
        );
        assert_eq!(unit.unit_price_cents % 100, 99);
        assert!((0..=60).contains(&unit.available_stock));
    }
    let empty = units.iter().filter(|u| u.available_stock == 0).count();
    let low = units
        .iter()
        .filter(|u| (1..10).contains(&u.available_stock))
        .count();
    assert!(empty >= 3 && low >= 3, "empty {empty}, low {low}");

    // Shows: 12+, every show type, 3-10 lines, unit lines only for case-breakable products.
    let shows: Vec<&Product> = all.iter().filter(|p| p.is_show).collect();
    assert!(shows.len() >= 12);
    let show_type_count: i64 = show_types::table.count().get_result(conn).expect("types");
    let used_types: HashSet<&str> = shows
        .iter()
        .filter_map(|s| s.show_type_id.as_deref())
        .collect();
    assert_eq!(used_types.len() as i64, show_type_count);
    let lines: Vec<ShowProduct> = show_products::table
        .select(ShowProduct::as_select())
        .load(conn)
        .expect("show lines");
    let by_id: HashMap<&str, &Product> = all.iter().map(|p| (p.id.as_str(), p)).collect();
    for show in &shows {
        assert!(show.sku.starts_with("SHOW-"));
        assert_eq!(show.package, "1");
        let held: Vec<&ShowProduct> = lines.iter().filter(|l| l.show_id == show.id).collect();
        assert!(
            (3..=10).contains(&held.len()),
            "{}: {}",
            show.sku,
            held.len()
        );
        for line in held {
            let product = by_id[line.product_id.as_str()];
            assert!(!product.is_show && !product.is_apparel);
            assert!(line.quantity >= 1);
            if line.is_unit {
                assert!(unit_of.contains_key(product.id.as_str()));
            }
        }
    }
    let cody_shows = shows
        .iter()
        .filter(|p| brand_names[&p.brand_id] == "Cody B")
        .count();
    assert!(cody_shows >= 2);

    // Apparel: 20+, in the Apparel category, with a type and variants.
    let apparel: Vec<&Product> = all.iter().filter(|p| p.is_apparel).collect();
    assert!(apparel.len() >= 20);
    let variants: Vec<ApparelVariant> = apparel_variants::table
        .select(ApparelVariant::as_select())
        .load(conn)
        .expect("variants");
    let color_names: HashMap<String, String> = colors::table
        .select((colors::id, colors::name))
        .load::<(String, String)>(conn)
        .expect("colors")
        .into_iter()
        .collect();
    for (i, item) in apparel.iter().enumerate() {
        assert_eq!(category_names[&item.category_id], APPAREL_CATEGORY);
        assert!(item.apparel_type_id.is_some());
        assert!(
            item.sku.starts_with("APP-") && item.sku.len() == 8,
            "{}",
            item.sku
        );
        let own: Vec<&ApparelVariant> = variants
            .iter()
            .filter(|v| v.product_id == item.id)
            .collect();
        assert!(!own.is_empty(), "{} has no variants ({i})", item.sku);
        for v in own {
            let mut expected = format!("{}-{}-{}", item.sku, v.size, &v.gender[..1]);
            if let Some(color) = &v.color_id {
                expected.push('-');
                expected.push_str(&color_names[color][..3].to_uppercase());
            }
            assert_eq!(v.sku, expected);
            assert_eq!(v.color_key, v.color_id.clone().unwrap_or_default());
            assert!(v.unit_price_cents > 0);
        }
    }
    let stock: BTreeMap<&str, usize> = variants.iter().fold(BTreeMap::new(), |mut acc, v| {
        let key = match v.available_stock {
            0 => "zero",
            1..=9 => "low",
            999 => "full",
            _ => "other",
        };
        *acc.entry(key).or_default() += 1;
        acc
    });
    assert!(stock.get("zero").is_some_and(|n| *n >= 2), "{stock:?}");
    assert!(stock.get("low").is_some_and(|n| *n >= 2), "{stock:?}");
    assert!(stock["full"] > variants.len() / 2, "{stock:?}");
    let cody_apparel = apparel
        .iter()
        .filter(|p| brand_names[&p.brand_id] == "Cody B")
        .count();
    assert!(cody_apparel >= 3);

    // Terminals in every shippable state, two or more in a few.
    let terminal_states: Vec<String> = terminals::table
        .inner_join(addresses::table)
        .select(addresses::state)
        .load(conn)
        .expect("terminals");
    let mut per_state: HashMap<&str, usize> = HashMap::new();
    for state in &terminal_states {
        *per_state.entry(state.as_str()).or_default() += 1;
    }
    let states: HashSet<&str> = per_state.keys().copied().collect();
    assert_eq!(states, shippable_states().into_iter().collect());
    assert!(per_state.values().filter(|n| **n >= 2).count() >= 5);
}

#[test]
fn bulk_products_get_unique_skus_across_runs() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    seed_demo_shop(&mut conn).expect("demo");
    let before = count_of(&mut conn, "products");

    let mut reports = Vec::new();
    let added = seed_bulk_products(&mut conn, 1_200, &mut |done, total| {
        reports.push((done, total))
    })
    .expect("bulk");
    assert_eq!(added, 1_200);
    assert_eq!(reports.first(), Some(&(0, 1_200)));
    assert_eq!(reports.last(), Some(&(1_200, 1_200)));
    let added = seed_bulk_products(&mut conn, 800, &mut |_, _| {}).expect("bulk again");
    assert_eq!(added, 800);
    assert_eq!(count_of(&mut conn, "products"), before + 2_000);

    let skus: Vec<String> = products::table
        .filter(products::sku.like("BLK-%"))
        .select(products::sku)
        .order(products::sku)
        .load(&mut *conn)
        .expect("skus");
    assert_eq!(skus.len(), 2_000);
    assert_eq!(skus.first().map(String::as_str), Some("BLK-00000001"));
    assert_eq!(skus.last().map(String::as_str), Some("BLK-00002000"));
    let units: i64 = unit_products::table
        .filter(unit_products::sku.like("BLK-%"))
        .count()
        .get_result(&mut *conn)
        .expect("units");
    assert!((300..700).contains(&units), "{units}");
    let linked: Vec<String> = product_colors::table
        .inner_join(products::table)
        .filter(products::sku.like("BLK-%"))
        .select(product_colors::product_id)
        .distinct()
        .load(&mut *conn)
        .expect("linked");
    assert_eq!(linked.len(), 2_000);
}

#[test]
fn a_duplicate_sku_is_refused_as_duplicate() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    seed_demo_shop(&mut conn).expect("demo");
    let mut copy: Product = products::table
        .select(Product::as_select())
        .first(&mut *conn)
        .expect("a product");
    copy.id = "another-id".into();
    let err = diesel::insert_into(products::table)
        .values(&copy)
        .execute(&mut *conn)
        .map_err(DbError::from)
        .expect_err("duplicate sku");
    assert!(
        matches!(err, DbError(StoreError::Duplicate(ref m)) if m.contains("sku")),
        "{err:?}"
    );
}

#[test]
fn seeding_moves_the_catalogue_version_so_servers_drop_their_caches() {
    use crate::catalogue::current_version;
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    let start = current_version(&mut conn).expect("version");
    seed_demo_shop(&mut conn).expect("demo");
    let after_demo = current_version(&mut conn).expect("version");
    assert!(after_demo > start);
    assert_eq!(seed_demo_shop(&mut conn).expect("again"), 0);
    assert_eq!(current_version(&mut conn).expect("version"), after_demo);
    seed_bulk_products(&mut conn, 10, &mut |_, _| {}).expect("bulk");
    assert!(current_version(&mut conn).expect("version") > after_demo);
}

#[test]
fn show_descriptions_agree_with_their_lines() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    seed_demo_shop(&mut conn).expect("demo");
    let shows: Vec<(String, Option<String>)> = products::table
        .filter(products::is_show.eq(true))
        .select((products::id, products::description))
        .load(&mut *conn)
        .expect("shows");
    assert!(!shows.is_empty());
    for (id, description) in shows {
        let quantities: Vec<i32> = show_products::table
            .filter(show_products::show_id.eq(&id))
            .select(show_products::quantity)
            .load(&mut *conn)
            .expect("lines");
        let pieces: i32 = quantities.iter().sum();
        let description = description.expect("description");
        // The card counts lines, the detail page the sum of quantities: the text names both.
        assert!(
            description.contains(&format!(
                " {} products, {pieces} pieces in all",
                quantities.len()
            )),
            "{description}"
        );
    }
}
