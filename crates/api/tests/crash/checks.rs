//! Checks after the restart: the database, the storefront's answers, the cut-off purchases
//! retried, and a server that sells on.

use std::fmt::Write as _;

use persistence::test_support::ProductFacts;
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

use crate::admin::{product_form, AdminLog, Write};
use crate::buyers::{completion, purchase_once, BuyerLog};
use crate::server::{cents, send, text};
use crate::setup::Shop;
use crate::{Before, CATALOGUE_ENTITIES, START_STOCK, START_UNITS};

/// Stock adds up: the raced variant's and the unit product's (see the module documentation).
pub fn check_stock(shop: &Shop) {
    let db = &shop.db;
    let now = chrono::Utc::now().naive_utc();
    let sold = db.variant_sold(&shop.variant).expect("sold");
    let stock = i64::from(db.variant_stock(&shop.variant).expect("stock"));
    // Held items are still in stock (sessions cut off mid-purchase hold theirs until expiry).
    let held = db.variant_held(&shop.variant, now).expect("held");
    let available = stock - held;
    assert!(available >= 0, "stock {stock}, held {held}");
    assert_eq!(
        sold + available + held,
        i64::from(START_STOCK),
        "sold {sold} + available {available} + held {held}"
    );

    let units = i64::from(db.unit_stock(&shop.breakable).expect("units"));
    let sold = db.units_sold(&shop.breakable).expect("units sold");
    let requests = db.case_break_rows(&shop.breakable).expect("case breaks");
    let short: i64 = requests.iter().map(|r| i64::from(r.1)).sum();
    // A processed case break first fills the units owed to its order, then stocks the rest.
    let added: i64 = requests
        .iter()
        .filter_map(|r| r.2.map(|added| i64::from(added) - i64::from(r.1)))
        .sum();
    // Units sold came from stock, or were short and asked of a case break.
    assert_eq!(
        i64::from(START_UNITS) + added,
        units + (sold - short),
        "start {START_UNITS} + stocked by case breaks {added} = on hand {units} + taken (sold {sold} - short {short})"
    );
}

/// A product made by the admin is whole: its links, its unit product, its audit trail.
pub fn assert_whole(f: &ProductFacts, sku: &str) {
    assert!(f.is_case_breakable, "{sku}: {f:?}");
    assert_eq!((f.colours, f.effects), (1, 1), "{sku}'s links: {f:?}");
    assert!(
        matches!(f.unit, Some((true, _))),
        "{sku}'s unit product: {f:?}"
    );
    assert_eq!(
        f.audit.first().map(String::as_str),
        Some("create"),
        "{sku}: {f:?}"
    );
}

/// The database right after the restart; answers the number of orders checked.
pub fn check_database(
    shop: &Shop,
    before: &Before,
    buyers: &[BuyerLog],
    admin: &AdminLog,
    line: &mut String,
) -> usize {
    let db = &shop.db;
    let scan = db.integrity().expect("scan");
    assert!(scan.problems.is_empty(), "{:#?}", scan.problems);

    // Every purchase answered 2xx, with its items.
    for (token, id, items) in buyers.iter().flat_map(|b| &b.acked) {
        let (stored, n) = db
            .order_of_token(token)
            .expect("read")
            .unwrap_or_else(|| panic!("the order of {token} was lost"));
        assert_eq!((&stored, n), (id, *items as i64), "order {id}");
        let payment = db.sandbox_payment(token).expect("payment");
        assert_eq!(payment.map(|p| p.0), Some("CAPTURED".into()), "order {id}");
    }
    check_stock(shop);
    // Every committed order has its confirmation in the outbox (written in its transaction),
    // however the server was stopped; a rolled-back one has none.
    let (orders, confirmations) = db.orders_and_confirmations().expect("outbox");
    assert_eq!(confirmations, orders, "one confirmation mail per order");

    // The catalogue version: one step per committed catalogue write, in its transaction.
    let version = db.catalogue_version().expect("version");
    let orders_made = scan.orders - before.orders;
    let catalogue_writes =
        db.audit_count(&CATALOGUE_ENTITIES).expect("audit") - before.catalogue_audits;
    let moved = version - before.version;
    assert_eq!(
        moved,
        orders_made as i64 + catalogue_writes,
        "version {} -> {version}: {orders_made} orders and {catalogue_writes} catalogue writes committed",
        before.version
    );
    let acked = buyers.iter().map(|b| b.acked.len()).sum::<usize>() + admin.acked_catalogue;
    assert!(
        moved >= acked as i64,
        "the version moved {moved} times for {acked} acknowledged writes"
    );
    assert!(
        catalogue_writes <= admin.sent_catalogue as i64,
        "{catalogue_writes} catalogue writes committed, {} sent",
        admin.sent_catalogue
    );

    // The admin's writes: acknowledged ones with their values, the cut-off one whole or not.
    let cut = admin.in_flight.as_ref();
    let mut outcome = "none".to_owned();
    for m in &admin.made {
        let facts = db.product_by_sku(&m.sku).expect("read");
        let cut_update = match cut {
            Some(Write::Update {
                id,
                title,
                cents: price,
            }) if *id == m.id => Some((title, *price)),
            _ => None,
        };
        let cut_delete = matches!(cut, Some(Write::Delete { id }) if *id == m.id);
        match facts {
            None => {
                assert!(m.deleted || cut_delete, "{} ({}) was lost", m.sku, m.id);
                if cut_delete {
                    outcome = "committed".into();
                }
            }
            Some(f) => {
                assert!(!m.deleted, "{} was deleted (204) but is back: {f:?}", m.sku);
                assert_whole(&f, &m.sku);
                assert_eq!(f.id, m.id);
                let stored = (&f.title, f.case_price_cents);
                if let Some(new) = cut_update.filter(|new| stored == *new) {
                    outcome = format!("committed ({})", new.0);
                } else {
                    assert_eq!(stored, (&m.title, m.cents), "{}'s last update", m.sku);
                    if cut_update.is_some() || cut_delete {
                        outcome = "not committed".into();
                    }
                }
            }
        }
    }
    match cut {
        Some(Write::Create {
            sku,
            title,
            cents: price,
        }) => {
            outcome = match db.product_by_sku(sku).expect("read") {
                Some(f) => {
                    assert_whole(&f, sku);
                    assert_eq!((&f.title, f.case_price_cents), (title, *price));
                    "committed".into()
                }
                None => "not committed".into(),
            };
        }
        Some(Write::Stock { count }) => {
            let stock = i64::from(db.variant_stock(&shop.counted).expect("stock"));
            assert!(
                stock == admin.stock || stock == *count,
                "counted stock {stock}: neither the acknowledged {} nor the cut-off {count}",
                admin.stock
            );
            outcome = if stock == *count && stock != admin.stock {
                "committed"
            } else {
                "not committed or no change"
            }
            .into();
        }
        Some(Write::Status { order, status }) => {
            let now = db.order_status(order).expect("read").expect("the order");
            let old = admin.statuses.get(order).copied().unwrap_or("PENDING");
            assert!(now == *status || now == old, "order {order} is {now}");
            outcome = if now == *status {
                "committed"
            } else {
                "not committed"
            }
            .into();
        }
        Some(Write::Process { request, added }) => {
            let rows = db.case_break_rows(&shop.breakable).expect("rows");
            let row = rows.iter().find(|r| r.0 == *request).expect("the request");
            match (row.3.as_str(), row.2) {
                ("COMPLETED", Some(a)) if i64::from(a) == *added => outcome = "committed".into(),
                ("PENDING", None) => outcome = "not committed".into(),
                other => panic!("case break {request} is {other:?} after a cut-off process"),
            }
        }
        _ => {}
    }
    if !matches!(cut, Some(Write::Stock { .. })) {
        let stock = i64::from(db.variant_stock(&shop.counted).expect("stock"));
        assert_eq!(stock, admin.stock, "the acknowledged count");
    }
    for (order, status) in &admin.statuses {
        let now = db.order_status(order).expect("read").expect("the order");
        let cut_here =
            matches!(cut, Some(Write::Status { order: o, status: s }) if o == order && now == *s);
        assert!(
            now == *status || cut_here,
            "order {order} is {now}, not {status}"
        );
    }
    let rows = db.case_break_rows(&shop.breakable).expect("rows");
    for (request, added) in &admin.processed {
        let row = rows.iter().find(|r| r.0 == *request).expect("the request");
        assert_eq!(
            (row.3.as_str(), row.2.map(i64::from)),
            ("COMPLETED", Some(*added)),
            "case break {request}"
        );
    }
    let _ = write!(
        line,
        "; cut off: {} paid purchases, admin {} -> {outcome}; version +{moved} = {orders_made} \
         orders + {catalogue_writes} catalogue writes",
        buyers.iter().filter(|b| b.paid_in_flight.is_some()).count(),
        cut.map_or("nothing", Write::kind),
    );
    scan.orders
}

/// The restarted server's answers (its caches start empty and read the version again) agree
/// with the database: the admin's products, the stock shown, each buyer's orders.
pub async fn check_storefront(
    client: &Client,
    base: &str,
    shop: &Shop,
    buyers: &[BuyerLog],
    admin: &AdminLog,
) {
    let db = &shop.db;
    let get = |path: String, token: Option<String>| async move {
        send(
            client,
            Method::GET,
            format!("{base}{path}"),
            token.as_deref(),
            None,
        )
        .await
        .expect("the restarted server answers")
    };
    for m in &admin.made {
        let (s, v) = get(format!("/api/products/{}", m.id), None).await;
        match db.product_by_sku(&m.sku).expect("read") {
            Some(f) => {
                assert_eq!(s, StatusCode::OK, "{v}");
                assert_eq!(
                    (text(&v["title"]), cents(&v["casePrice"])),
                    (f.title, f.case_price_cents)
                );
                let unit = f.unit.expect("unit product").1;
                assert_eq!(v["unitProduct"]["availableStock"], json!(unit));
            }
            None => assert_eq!(s, StatusCode::NOT_FOUND, "{v}"),
        }
    }
    let variant_stock = |p: &Value, id: &str| {
        p["variants"]
            .as_array()
            .and_then(|vs| vs.iter().find(|v| v["id"] == id))
            .map(|v| v["availableStock"].clone())
    };
    for (product, variant) in [
        (&shop.product, &shop.variant),
        (&shop.counted_product, &shop.counted),
    ] {
        let (s, v) = get(format!("/api/products/{product}"), None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let stock = db.variant_stock(variant).expect("stock");
        assert_eq!(
            variant_stock(&v, variant),
            Some(json!(stock)),
            "variant {variant}"
        );
    }
    let (s, v) = get(format!("/api/products/{}", shop.breakable), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let units = db.unit_stock(&shop.breakable).expect("units");
    assert_eq!(v["unitProduct"]["availableStock"], json!(units));
    for (b, log) in shop.buyers.iter().zip(buyers) {
        for (_, id, items) in &log.acked {
            let (s, v) = get(format!("/api/orders/{id}"), Some(b.token.clone())).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v["items"].as_array().map(Vec::len), Some(*items), "{v}");
            let status = db.order_status(id).expect("read");
            assert_eq!(v["status"].as_str(), status.as_deref(), "{v}");
        }
    }
}

/// Retries each paid purchase whose answer the kill cut off, as a client would: each must
/// answer 2xx, with the order it made before the kill if it made one, and end captured.
/// Answers how many were retried.
pub async fn replay_cut_off(
    client: &Client,
    base: &str,
    shop: &Shop,
    buyers: &[BuyerLog],
    line: &mut String,
) -> usize {
    let db = &shop.db;
    let (mut replayed, mut committed) = (0, 0);
    for (b, log) in shop.buyers.iter().zip(buyers) {
        let Some((token, quote)) = &log.paid_in_flight else {
            continue;
        };
        let before = db.order_of_token(token).expect("read");
        let (s, order) = send(
            client,
            Method::POST,
            format!("{base}/api/purchase"),
            Some(&b.token),
            Some(&completion(b, token, quote)),
        )
        .await
        .expect("the restarted server answers");
        assert!(s.is_success(), "retrying {token}: {s} {order}");
        if let Some((id, _)) = before {
            assert_eq!(text(&order["id"]), id, "the same order again");
            committed += 1;
        }
        let (id, n) = db.order_of_token(token).expect("read").expect("the order");
        assert_eq!(text(&order["id"]), id);
        assert_eq!(order["items"].as_array().map(Vec::len), Some(n as usize));
        let payment = db.sandbox_payment(token).expect("payment");
        assert_eq!(payment.map(|p| p.0), Some("CAPTURED".into()), "{token}");
        replayed += 1;
    }
    let _ = write!(
        line,
        "; {replayed} cut-off paid purchases retried ({committed} had committed)"
    );
    replayed
}

/// The restarted server writes and sells on: an admin update shows at once and moves the
/// version by one; a buyer purchases.
pub async fn sell_on(client: &Client, base: &str, shop: &Shop, admin: &AdminLog) {
    let db = &shop.db;
    let token = Some(shop.admin.as_str());
    let live = admin
        .made
        .iter()
        .find_map(|m| db.product_by_sku(&m.sku).expect("read").map(|f| (m, f)));
    let version = db.catalogue_version().expect("version");
    let (id, title) = match live {
        Some((m, f)) => {
            let title = format!("{} after the restart", f.title);
            let body = product_form(shop, &m.sku, &title, 9_900);
            let (s, v) = send(
                client,
                Method::PUT,
                format!("{base}/api/products/{}", f.id),
                token,
                Some(&body),
            )
            .await
            .expect("answers");
            assert_eq!(s, StatusCode::OK, "{v}");
            (f.id, title)
        }
        None => {
            let title = "Crash Cake after the restart".to_owned();
            let body = product_form(shop, "CRASH-AFTER", &title, 9_900);
            let (s, v) = send(
                client,
                Method::POST,
                format!("{base}/api/products"),
                token,
                Some(&body),
            )
            .await
            .expect("answers");
            assert_eq!(s, StatusCode::CREATED, "{v}");
            (text(&v["id"]), title)
        }
    };
    assert_eq!(db.catalogue_version().expect("version"), version + 1);
    let (s, v) = send(
        client,
        Method::GET,
        format!("{base}/api/products/{id}"),
        None,
        None,
    )
    .await
    .expect("answers");
    assert_eq!(
        (s, text(&v["title"]), cents(&v["casePrice"])),
        (StatusCode::OK, title, 9_900)
    );

    // A purchase cut off between opening its payment session and paying it left that session
    // open, and an open session locks the cart (decisions.md "Stock"): the buyer cancels the
    // payment first, as the payment window's Cancel does.
    let buyer = &shop.buyers[0];
    for open in db.open_session_tokens(&buyer.cart).expect("read") {
        let (s, v) = send(
            client,
            Method::POST,
            format!("{base}/api/cart/{}/purchase/cancel", buyer.cart),
            Some(&buyer.token),
            Some(&json!({"checkoutToken": open})),
        )
        .await
        .expect("answers");
        assert_eq!(s, StatusCode::NO_CONTENT, "{v}");
    }
    let mut paid = None;
    let (token, id, _) = purchase_once(client, base, shop, buyer, &mut paid)
        .await
        .expect("answers");
    assert!(db
        .order_of_token(&token)
        .expect("read")
        .is_some_and(|o| o.0 == id));
}
