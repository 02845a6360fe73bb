//! The catalogue's list index follows every catalogue write: after each admin write (through
//! the domain's use cases) the index answers at once, caught up from the change log rather
//! than rebuilt, and answers exactly what SQL answers; a vocabulary rename, or a version moved
//! by a writer that kept no log, makes it read everything again, and lists are right meanwhile.

use std::time::{Duration, Instant};

use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use domain::cart::Carts as _;
use domain::catalogue::{self as catalogue, ProductFilter, ProductInput, ProductSort, StockFilter};
use domain::catalogue::{CatalogueReads as _, Packing, ProductAdmin as _};
use domain::ids::{ProductId, UserId, VariantId};
use domain::inventory::Stock as _;
use domain::paging::{Page, PageRequest};
use domain::store::Store as _;
use domain::store::StoreError;
use domain::vocabulary::{TermInput, Vocabulary};

use super::filter_scan::{page_of, Lister};
use crate::test_support::TestDatabase;
use crate::Db;

fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

fn demo() -> TestDatabase {
    let test_db = TestDatabase::new();
    test_db.db().seed_reference_data().expect("reference data");
    test_db.db().seed_demo_shop().expect("demo shop");
    test_db
}

fn admin(db: &Db) -> UserId {
    let passwords = auth::Passwords::new(auth::PasswordCost::Fast).expect("hasher");
    domain::users::register(
        db,
        &passwords,
        "index-admin@example.com",
        "Secret#123",
        now(),
    )
    .expect("registered")
    .id
}

fn ids(page: &Page<domain::catalogue::Product>) -> Vec<String> {
    page.items.iter().map(|p| p.id.to_string()).collect()
}

/// Filters of every kind the storefront sends, over the demo shop and the test's product.
fn filters(db: &Db) -> Vec<ProductFilter> {
    let meta = db.read(|tx| tx.metadata()).expect("metadata");
    let brand = meta.brands[0].id.clone();
    let brand_name = meta.brands[1].name.to_lowercase();
    let category = meta.categories[0].id.clone();
    let colour = meta.colors[0].id.clone();
    let effect = meta.effects[0].id.clone();
    let mut all = vec![ProductFilter::default()];
    let base = ProductFilter::default;
    all.push(ProductFilter {
        stock: StockFilter::InStock,
        ..base()
    });
    all.push(ProductFilter {
        stock: StockFilter::OutOfStock,
        sort: ProductSort::Newest,
        ..base()
    });
    all.push(ProductFilter {
        brands: vec![brand, brand_name],
        categories: vec![category],
        ..base()
    });
    all.push(ProductFilter {
        colors: vec![colour.clone()],
        effects: vec![effect],
        ..base()
    });
    all.push(ProductFilter {
        is_apparel: Some(true),
        colors: vec![colour],
        stock: StockFilter::InStock,
        genders: vec!["MALE".to_owned()],
        ..base()
    });
    all.push(ProductFilter {
        is_apparel: Some(true),
        stock: StockFilter::OutOfStock,
        sizes: vec!["XL".to_owned(), "S".to_owned()],
        ..base()
    });
    all.push(ProductFilter {
        is_show: Some(true),
        ..base()
    });
    for piece in ["zebra", "aardvark", "ro", "ket", "thunder bl"] {
        all.push(ProductFilter {
            search: Some(piece.to_owned()),
            sort: ProductSort::Newest,
            ..base()
        });
    }
    all
}

/// The first pages of every filter: the index (which must answer now, unless `wait`: then it
/// may first rebuild) against SQL.
fn index_is_sql(db: &Db, wait: bool, when: &str) {
    for f in filters(db) {
        for page in 1..=2 {
            let page = PageRequest { page, page_size: 7 };
            let sql = page_of(db, Lister::Sql, &f, page);
            let index = if wait {
                answered(db, &f, page)
            } else {
                page_of(db, Lister::Index, &f, page)
            };
            // The whole products: the index supplies names, colours and effects itself.
            assert_eq!(index, sql, "{when}: {f:?} {page:?}");
        }
    }
}

/// The index's answer, once it has one (a rebuild runs in the background).
fn answered(db: &Db, f: &ProductFilter, page: PageRequest) -> Page<domain::catalogue::Product> {
    let started = Instant::now();
    loop {
        let mut conn = db.get().expect("connection");
        if let Some(found) =
            crate::catalogue::list_products_by_index(&mut conn, db, None, f, page).expect("list")
        {
            return found;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the index was not rebuilt"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The first apparel product SQL lists as in stock.
fn apparel_in_stock(db: &Db) -> domain::catalogue::Product {
    let filter = ProductFilter {
        is_apparel: Some(true),
        stock: StockFilter::InStock,
        ..ProductFilter::default()
    };
    let page = PageRequest {
        page: 1,
        page_size: 1,
    };
    let found = page_of(db, Lister::Sql, &filter, page)
        .items
        .into_iter()
        .next();
    found.expect("apparel in stock")
}

/// One of the first products SQL lists that sells units and has `units` of them or more.
fn sold_by_the_unit(db: &Db, units: i32) -> domain::catalogue::Product {
    let page = PageRequest {
        page: 1,
        page_size: 100,
    };
    let all = page_of(db, Lister::Sql, &ProductFilter::default(), page).items;
    all.into_iter()
        .find(|p| {
            p.unit
                .as_ref()
                .is_some_and(|u| u.available && u.available_stock >= units)
        })
        .expect("a product with units in stock")
}

/// The filter and page that list `product` (found by its title) among few others.
fn by_title(product: &domain::catalogue::Product) -> (ProductFilter, PageRequest) {
    let only = ProductFilter {
        search: Some(product.title.clone()),
        ..ProductFilter::default()
    };
    let page = PageRequest {
        page: 1,
        page_size: 100,
    };
    (only, page)
}

fn titled(db: &Db, piece: &str) -> Vec<String> {
    let f = ProductFilter {
        search: Some(piece.to_owned()),
        ..ProductFilter::default()
    };
    let page = PageRequest {
        page: 1,
        page_size: 50,
    };
    ids(&page_of(db, Lister::Index, &f, page))
}

fn product_input(db: &Db, title: &str, colour: usize) -> ProductInput {
    let meta = db.read(|tx| tx.metadata()).expect("metadata");
    ProductInput {
        sku: Some("INDEX-TEST-1".to_owned()),
        title: Some(title.to_owned()),
        description: None,
        case_price: Some("99.50".to_owned()),
        in_stock: true,
        package: Some("12,6".to_owned()),
        is_case_breakable: false,
        unit_price: None,
        unit_stock: None,
        image: None,
        video_url: None,
        brand_id: Some(meta.brands[0].id.clone()),
        category_id: Some(meta.categories[0].id.clone()),
        colors: vec![meta.colors[colour].id.clone()],
        effects: vec![meta.effects[0].id.clone()],
    }
}

#[test]
fn the_index_follows_every_catalogue_write() {
    let test_db = demo();
    let db = test_db.db();
    let actor = admin(db);
    db.build_catalogue_index().expect("index");
    index_is_sql(db, false, "built");

    let id = catalogue::create_product(
        db,
        &actor,
        &product_input(db, "Zebra Thunder Blast", 0),
        now(),
    )
    .expect("created")
    .id;
    assert_eq!(titled(db, "zebra thunder"), vec![id.to_string()]);
    index_is_sql(db, false, "created");

    catalogue::update_product(
        db,
        &actor,
        &id,
        &product_input(db, "Aardvark Lightning", 1),
        now(),
    )
    .expect("renamed");
    assert!(titled(db, "zebra").is_empty());
    assert_eq!(titled(db, "aardvark"), vec![id.to_string()]);
    index_is_sql(db, false, "renamed, another colour");

    catalogue::set_in_stock(db, &id, false).expect("out of stock");
    index_is_sql(db, false, "out of stock");

    // Every variant of one apparel product sold out: it leaves the in-stock apparel list.
    let sold_out = apparel_in_stock(db);
    for variant in &sold_out.variants {
        catalogue::set_variant_stock(db, &actor, &VariantId::from(variant.id.as_str()), 0, now())
            .expect("stock 0");
    }
    index_is_sql(db, false, "apparel sold out");

    catalogue::delete_product(db, &actor, &id, now()).expect("deleted");
    assert!(titled(db, "aardvark").is_empty());
    index_is_sql(db, false, "deleted");

    // A brand renamed: filters naming brands by name change, so the index reads everything.
    let meta = db.read(|tx| tx.metadata()).expect("metadata");
    domain::vocabulary::update_term(
        db,
        &actor,
        Vocabulary::Brand,
        &meta.brands[1].id,
        &TermInput {
            name: Some("Renamed Brand".to_owned()),
            description: None,
        },
        now(),
    )
    .expect("renamed");
    index_is_sql(db, true, "brand renamed");
    let renamed = ProductFilter {
        brands: vec!["renamed brand".to_owned()],
        ..ProductFilter::default()
    };
    let page = PageRequest {
        page: 1,
        page_size: 5,
    };
    assert!(answered(db, &renamed, page).total > 0);

    // A writer that kept no log (an older node, a script) moved the version.
    {
        let mut conn = db.get().expect("connection");
        crate::catalogue::bump_version(&mut conn).expect("bump");
    }
    index_is_sql(db, true, "unlogged write");
}

/// The index holds each product as a page shows it, unit product and stock included: a sale
/// of units and a unit product taken off sale show on the next page it answers.
#[test]
fn the_index_follows_unit_stock() {
    let test_db = demo();
    let db = test_db.db();
    db.build_catalogue_index().expect("index");
    let product = sold_by_the_unit(db, 2);
    let unit = product.unit.clone().expect("unit");
    let (only, page) = by_title(&product);
    let shown = || {
        let mut conn = db.get().expect("connection");
        let found = crate::catalogue::list_products_by_index(&mut conn, db, None, &only, page)
            .expect("list")
            .expect("the index answers");
        assert_eq!(found, page_of(db, Lister::Sql, &only, page));
        found
            .items
            .into_iter()
            .find(|p| p.id == product.id)
            .and_then(|p| p.unit)
            .expect("listed with its unit")
    };
    assert_eq!(shown().available_stock, unit.available_stock);

    let taken = db
        .write(|tx| {
            let taken = tx.take_unit_stock(&unit.id, 1)?;
            tx.bump_catalogue_version()?;
            Ok::<_, StoreError>(taken)
        })
        .expect("taken");
    assert_eq!(taken, 1);
    assert_eq!(shown().available_stock, unit.available_stock - 1);

    db.write(|tx| {
        tx.set_unit_available(&product.id, false)?;
        tx.bump_catalogue_version()?;
        Ok::<_, StoreError>(())
    })
    .expect("off sale");
    assert!(!shown().available);
}

/// A write that moves the catalogue version brings the built index to it as it commits, so
/// the lists after it find the index current (none of them catches up while the others wait);
/// a write that leaves the version alone, or one made while the index is not built, touches
/// nothing.
#[test]
fn a_catalogue_write_brings_the_index_up_to_date_as_it_commits() {
    let test_db = demo();
    let db = test_db.db();
    let product = sold_by_the_unit(db, 3);
    let unit = product.unit.clone().expect("unit");
    let take = |bump: bool| {
        db.write(|tx| {
            tx.take_unit_stock(&unit.id, 1)?;
            if bump {
                tx.bump_catalogue_version()?;
            }
            tx.catalogue_version()
        })
        .expect("taken")
    };

    let unbuilt = take(true);
    assert!(!db.index.holds(unbuilt), "a write does not build the index");

    db.build_catalogue_index().expect("index");
    let built = db.read(|tx| tx.catalogue_version()).expect("version");
    assert!(db.index.holds(built));
    let moved = take(true);
    assert!(moved > built);
    assert!(
        db.index.holds(moved),
        "the index is at the version the write committed"
    );
    let (only, page) = by_title(&product);
    let mut conn = db.get().expect("connection");
    let found = crate::catalogue::list_products_by_index(&mut conn, db, Some(moved), &only, page)
        .expect("list")
        .expect("the index answers");
    drop(conn);
    assert_eq!(found, page_of(db, Lister::Sql, &only, page));

    let unmoved = take(false);
    assert_eq!(unmoved, moved);
    assert!(db.index.holds(unmoved));
}

/// A cart read outside a write takes its products from the index: the same products as SQL's
/// read (a case, a unit and an apparel item), and a product changed after it was put in the
/// cart is shown as it is now.
#[test]
fn a_cart_read_takes_its_products_from_the_index() {
    let test_db = demo();
    let db = test_db.db();
    let user = admin(db);
    db.build_catalogue_index().expect("index");
    let cart = db
        .read(|tx| tx.cart_of(&user))
        .expect("read")
        .expect("a cart");
    let breakable = &sold_by_the_unit(db, 1);
    let apparel = apparel_in_stock(db);
    let variant = apparel
        .variants
        .iter()
        .find(|v| v.available_stock > 0)
        .expect("a variant in stock");
    for (product, variant, is_unit) in [
        (&breakable.id, None, false),
        (&breakable.id, None, true),
        (&apparel.id, Some(variant.id.to_string()), false),
    ] {
        domain::cart::add(
            db,
            &user,
            &cart,
            &domain::cart::LineChange {
                product_id: product.clone(),
                variant_id: variant,
                packing: Packing::from_is_unit(is_unit),
            },
            now(),
        )
        .expect("added");
    }
    let by_sql = || {
        let mut conn = db.get().expect("connection");
        crate::catalogue::cart_products(&mut conn, cart.as_str()).expect("by SQL")
    };
    let by_index = || {
        let mut conn = db.get().expect("connection");
        let mut ids: Vec<ProductId> = crate::carts::lines(&mut conn, &cart)
            .expect("lines")
            .into_iter()
            .map(|l| l.product_id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        crate::catalogue::products_by_index(&mut conn, db, None, &ids)
            .expect("by index")
            .expect("the index answers")
    };
    let sorted = |mut products: Vec<domain::catalogue::Product>| {
        products.sort_by(|a, b| a.id.as_str().cmp(b.id.as_str()));
        products
    };
    assert_eq!(by_index().len(), 2);
    assert_eq!(sorted(by_index()), sorted(by_sql()));

    catalogue::set_in_stock(db, &breakable.id, false).expect("out of stock");
    let shown = domain::cart::get(db, &user, &cart).expect("cart");
    // The case and the unit are one line (cases and units of one product).
    assert_eq!(shown.lines.len(), 2);
    assert!(shown
        .lines
        .iter()
        .filter(|l| l.product.id == breakable.id)
        .all(|l| !l.product.in_stock));
    assert_eq!(sorted(by_index()), sorted(by_sql()));
}

/// A product read outside a write (its page) comes from the index: every product of the demo
/// shop (fireworks, units, apparel with variants, shows) as SQL reads it, an unknown id as
/// none, and a product changed since the index was built as it is now.
#[test]
fn a_product_read_takes_it_from_the_index() {
    let test_db = demo();
    let db = test_db.db();
    db.build_catalogue_index().expect("index");
    let by_sql = |id: &ProductId| {
        let mut conn = db.get().expect("connection");
        crate::catalogue::find_product(&mut conn, id.as_str()).expect("by SQL")
    };
    let by_index = |id: &ProductId| {
        let mut conn = db.get().expect("connection");
        crate::catalogue::products_by_index(&mut conn, db, None, std::slice::from_ref(id))
            .expect("by index")
            .expect("the index answers")
            .into_iter()
            .next()
    };
    let all: Vec<ProductId> = {
        let mut conn = db.get().expect("connection");
        crate::schema::products::table
            .select(crate::schema::products::id)
            .load::<String>(&mut *conn)
            .expect("ids")
            .into_iter()
            .map(ProductId::from)
            .collect()
    };
    assert!(all.len() > 100, "the demo shop has its products");
    for id in &all {
        let found = by_index(id);
        assert!(found.is_some(), "{id:?} is held");
        assert_eq!(found, by_sql(id), "{id:?}");
        assert_eq!(db.read(|tx| tx.find_product(id)).expect("read"), found);
    }
    let unknown = ProductId::from("0190f1c2-0000-7000-8000-00000000dead".to_owned());
    assert_eq!(by_index(&unknown), None);
    assert_eq!(db.read(|tx| tx.find_product(&unknown)).expect("read"), None);

    let changed = apparel_in_stock(db);
    catalogue::set_in_stock(db, &changed.id, false).expect("out of stock");
    let shown = db
        .read(|tx| tx.find_product(&changed.id))
        .expect("read")
        .expect("found");
    assert!(!shown.in_stock);
    assert_eq!(Some(shown), by_sql(&changed.id));
}
