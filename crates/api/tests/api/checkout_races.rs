//! Checkout under contention, with real parallel connections (decisions.md "Stock": a purchase
//! never takes a variant below 0; the same token twice never makes a second order).

use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::json;

use crate::checkout::{buyer, pay_ok, Buyer};
use crate::helpers::{body, spawn_app_with, TestApp};

async fn race_app() -> TestApp {
    let app = spawn_app_with(|s| {
        s.seed_demo = true;
        s.db_pool_size = 12;
        s.workers = Some(4);
    })
    .await;
    app
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_buyers_racing_for_ten_items_make_exactly_ten_orders() {
    let app = race_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 10).expect("stock");
    let mut buyers: Vec<Buyer> = Vec::new();
    for i in 0..50 {
        let b = buyer(&app, &format!("racer{i}@example.com")).await;
        b.add(&app, &product, false, Some(&variant)).await;
        buyers.push(b);
    }
    let outcomes = join_all(buyers.iter().map(|b| {
        let app = &app;
        async move {
            let quote = b.quote(app).await;
            let res = b.open(app, quote["grandTotal"].clone(), json!({})).await;
            let status = res.status();
            let v = body(res).await;
            if status != StatusCode::OK {
                // Refused when the session opens: before any card is typed.
                let m = v["message"].as_str().unwrap_or_default();
                return (status, format!("at open: {m}"));
            }
            let token = v["checkoutToken"].as_str().expect("token").to_owned();
            pay_ok(app, &token).await;
            let res = b.complete(app, &token, &quote).await;
            let status = res.status();
            let v = body(res).await;
            (status, v["message"].as_str().unwrap_or_default().to_owned())
        }
    }))
    .await;
    let ok = outcomes
        .iter()
        .filter(|(s, _)| *s == StatusCode::OK)
        .count();
    let refused: Vec<&String> = outcomes
        .iter()
        .filter(|(s, _)| *s == StatusCode::CONFLICT)
        .map(|(_, m)| m)
        .collect();
    assert_eq!(ok, 10, "{outcomes:?}");
    assert_eq!(refused.len(), 40, "{outcomes:?}");
    assert!(
        refused
            .iter()
            .all(|m| m.starts_with("at open: Only ") && m.contains(" left of ")),
        "{refused:?}"
    );
    assert!(outcomes.iter().all(|(s, _)| !s.is_server_error()));
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 0);
    assert_eq!(app.db.variant_sold(&variant).expect("sold"), 10);
    assert_eq!(app.db.order_counts().expect("counts"), (10, 10));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_token_completed_ten_times_at_once_makes_one_order() {
    let app = race_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 3).expect("stock");
    let b = buyer(&app, "twice@example.com").await;
    b.add(&app, &product, false, Some(&variant)).await;
    b.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    let answers = join_all((0..10).map(|_| b.complete(&app, &token, &quote))).await;
    let mut ids = Vec::new();
    for res in answers {
        assert_eq!(res.status(), StatusCode::OK);
        ids.push(body(res).await["id"].as_str().expect("id").to_owned());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(app.db.order_counts().expect("counts"), (1, 2));
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 2);
    assert_eq!(
        app.db.sandbox_payment(&token).expect("p").expect("one").0,
        "CAPTURED"
    );
}
