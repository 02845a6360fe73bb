//! Catalogue reads, stock writes and the catalogue version, the apparel stock filter and case
//! breaks.

use std::collections::HashMap;

use diesel::prelude::*;
use domain::catalogue::CatalogueReads;
use domain::catalogue::{
    self, apparel_in_stock, GetProductError, GetShowError, GetTerminalError, ListShowsError,
    ProductFilter, SetInStockError, ShowQuery, StockFilter,
};
use domain::ids::{ProductId, TerminalId};
use domain::paging::PageRequest;
use domain::store::{Store, StoreError};

use super::{break_table, customer, demo, now};
use crate::schema::products;
use crate::Db;

#[test]
fn catalogue_reads_say_what_was_not_found() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    db.read(|tx| {
        let product = catalogue::get_product(tx, &ProductId::from(s.case_only.0.as_str()))?;
        assert_eq!(product.id.as_str(), s.case_only.0);
        assert!(matches!(
            catalogue::get_product(tx, &ProductId::from("nope")),
            Err(GetProductError::NotFound)
        ));
        let show = catalogue::get_show(tx, &ProductId::from(s.show.0.as_str()))?;
        assert!(!show.lines.is_empty());
        // A product that is not a show is no show.
        assert!(matches!(
            catalogue::get_show(tx, &ProductId::from(s.case_only.0.as_str())),
            Err(GetShowError::NotFound)
        ));
        let page = PageRequest {
            page: 1,
            page_size: 5,
        };
        let cody = ShowQuery {
            brand: Some("cody b".into()),
            ..ShowQuery::default()
        };
        assert!(catalogue::list_shows(tx, &cody, page)?.total > 0);
        let unknown_brand = ShowQuery {
            brand: Some("No Such Brand".into()),
            ..ShowQuery::default()
        };
        assert!(matches!(
            catalogue::list_shows(tx, &unknown_brand, page),
            Err(ListShowsError::BrandNotFound)
        ));
        let unknown_type = ShowQuery {
            show_type: Some("NO_SUCH_TYPE".into()),
            ..ShowQuery::default()
        };
        assert_eq!(catalogue::list_shows(tx, &unknown_type, page)?.total, 0);
        let terminal = catalogue::get_terminal(tx, &TerminalId::from(s.nd_terminal.as_str()))?;
        assert_eq!(terminal.address.state, "ND");
        assert!(matches!(
            catalogue::get_terminal(tx, &TerminalId::from("nope")),
            Err(GetTerminalError::NotFound)
        ));
        assert_eq!(catalogue::next_apparel_sku(tx)?, "APP-0025");
        Ok::<_, Box<dyn std::error::Error>>(())
    })
    .expect("reads");
    assert!(matches!(
        catalogue::set_in_stock(db, &ProductId::from("nope"), false),
        Err(SetInStockError::NotFound)
    ));
    break_table(db, "show_products");
    db.read(|tx| {
        assert!(matches!(
            catalogue::get_show(tx, &ProductId::from(s.show.0.as_str())),
            Err(GetShowError::Store(_))
        ));
        Ok::<_, StoreError>(())
    })
    .expect("reads");
}

#[test]
fn setting_stock_moves_the_catalogue_version_in_the_same_write() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let before = db.read(|tx| tx.catalogue_version()).expect("version");
    catalogue::set_in_stock(db, &ProductId::from(s.case_only.0.as_str()), false).expect("write");
    let after = db.read(|tx| tx.catalogue_version()).expect("version");
    assert_eq!(after, before + 1);
    let product = db
        .read(|tx| tx.find_product(&ProductId::from(s.case_only.0.as_str())))
        .expect("read")
        .expect("product");
    assert!(!product.in_stock);
    break_table(db, "catalogue_version");
    assert!(matches!(
        catalogue::set_in_stock(db, &ProductId::from(s.case_only.0.as_str()), true),
        Err(SetInStockError::Store(_))
    ));
    // The failed write changed nothing (the flag and the version go together). Read by SQL:
    // a read through the list index reads the version, whose table is broken now.
    let mut conn = db.get().expect("connection");
    let product = crate::catalogue::find_product(&mut conn, &s.case_only.0)
        .expect("read")
        .expect("product");
    assert!(!product.in_stock);
}

/// The stock filter of the apparel list (SQL) and the domain's `apparel_in_stock` agree on
/// every apparel product of the demo shop, in stock and out of stock.
#[test]
fn the_apparel_stock_filter_is_the_domains_rule() {
    let test_db = demo();
    let db = test_db.db();
    {
        // Make sure both sides are exercised: one product with no variant in stock.
        let mut conn = db.get().expect("connection");
        let first: String = products::table
            .filter(products::is_apparel.eq(true))
            .order(products::sku)
            .select(products::id)
            .first(&mut *conn)
            .expect("apparel");
        diesel::sql_query("UPDATE apparel_variants SET available_stock = 0 WHERE product_id = $1")
            .bind::<diesel::sql_types::Text, _>(&first)
            .execute(&mut *conn)
            .expect("empty");
    }
    let page = PageRequest {
        page: 1,
        page_size: 100,
    };
    let list = |stock| {
        let filter = ProductFilter {
            is_apparel: Some(true),
            stock,
            ..ProductFilter::default()
        };
        db.read(|tx| catalogue::list_products(tx, &filter, page, None))
            .expect("list")
            .items
    };
    let all = list(StockFilter::Any);
    let expected: HashMap<String, bool> = all
        .iter()
        .map(|p| {
            let stocks = p.variants.iter().map(|v| v.available_stock);
            (p.id.to_string(), apparel_in_stock(p.in_stock, stocks))
        })
        .collect();
    assert!(expected.values().any(|in_stock| *in_stock));
    assert!(expected.values().any(|in_stock| !*in_stock));
    for (stock, wanted) in [
        (StockFilter::InStock, true),
        (StockFilter::OutOfStock, false),
    ] {
        let mut got: Vec<String> = list(stock).iter().map(|p| p.id.to_string()).collect();
        let mut want: Vec<String> = expected
            .iter()
            .filter(|(_, in_stock)| **in_stock == wanted)
            .map(|(id, _)| id.clone())
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{stock:?}");
    }
}

/// decisions.md "Stock": processing a case break first fills the units owed to the waiting
/// order, then adds only the rest to the unit stock, in one transaction, once.
#[test]
fn a_processed_case_break_fills_the_owed_units_before_adding_the_rest_to_stock() {
    use domain::orders::Sales;
    use domain::orders::SalesError;
    use domain::status::CaseBreakStatus;

    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let admin = customer(db, "breaker@example.com");
    test_db.set_unit_stock(&s.breakable.0, 2).expect("units");
    insert_pending_case_break(db, "cb-owed", &s.breakable.0, 5);
    let pending = db
        .read(|tx| tx.case_break(&"cb-owed".into()))
        .expect("read");
    assert_eq!(pending.map(|c| c.owed_units()), Some(5));

    // A case that gave fewer units than the order waits for is refused, and changes nothing.
    let short = domain::orders::process_case_break(db, &admin, &"cb-owed".into(), 4, now());
    assert!(
        matches!(&short, Err(e @ SalesError::FewerThanOwed(5))
            if e.to_string() == "At least 5 units are owed to the waiting order"),
        "{short:?}"
    );
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 2);

    // 12 units: 5 go to the waiting order, 7 to stock (2 + 7).
    let done = domain::orders::process_case_break(db, &admin, &"cb-owed".into(), 12, now())
        .expect("processed");
    assert_eq!(
        (done.status, done.quantity_added, done.owed_units()),
        (CaseBreakStatus::Completed, Some(12), 0)
    );
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 9);
    assert!(matches!(
        domain::orders::process_case_break(db, &admin, &"cb-owed".into(), 12, now()),
        Err(SalesError::AlreadyClosed(CaseBreakStatus::Completed))
    ));
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 9);

    // Exactly the owed units: nothing goes to stock.
    insert_pending_case_break(db, "cb-exact", &s.breakable.0, 3);
    domain::orders::process_case_break(db, &admin, &"cb-exact".into(), 3, now())
        .expect("processed");
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 9);
}

/// A pending case break request of `quantity` units of `product`, owed to no order.
fn insert_pending_case_break(db: &Db, id: &str, product: &str, quantity: i32) {
    let mut conn = db.get().expect("connection");
    diesel::insert_into(crate::schema::case_break_requests::table)
        .values(&crate::models::CaseBreakRequest {
            id: id.into(),
            product_id: product.into(),
            order_id: None,
            quantity,
            quantity_added: None,
            status: domain::status::CaseBreakStatus::Pending.as_str().into(),
            created_on: now(),
            updated_on: now(),
        })
        .execute(&mut *conn)
        .expect("request");
}
