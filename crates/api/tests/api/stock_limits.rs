//! Limits against hoarding counted stock (decisions.md "Stock", security issue 31): a cart
//! line of a variant above its available stock is refused, an account opens at most
//! `SHOP_CHECKOUT_SESSIONS_PER_HOUR` payment sessions an hour, and its open sessions hold at
//! most `SHOP_MAX_HELD_PER_VARIANT` items of one variant. On SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL.

use chrono::{Duration, Utc};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{buyer, pay_ok, Buyer};
use crate::helpers::{expect, spawn_app_with, TestApp};

const TOO_MANY: &str = "Too many checkout attempts. Please try again later.";

async fn demo_app_with(customize: impl FnOnce(&mut shop_api::config::Settings)) -> TestApp {
    spawn_app_with(|s| {
        s.seed_demo = true;
        customize(s);
    })
    .await
}

async fn add_raw(app: &TestApp, b: &Buyer, product: &str, variant: &str) -> Response {
    let body = json!({"productId": product, "isUnit": false, "variantId": variant});
    app.post_json_as(&format!("/api/cart/{}/add", b.cart), &b.token, &body)
        .await
}

async fn set_raw(app: &TestApp, b: &Buyer, product: &str, variant: &str, n: i64) -> Response {
    let body = json!({"productId": product, "variantId": variant, "quantity": n});
    app.post_json_as(
        &format!("/api/cart/{}/updateQuantity", b.cart),
        &b.token,
        &body,
    )
    .await
}

/// Opens a session for the cart's current grand total.
async fn open(app: &TestApp, b: &Buyer) -> Response {
    let quote = b.quote(app).await;
    b.open(app, quote["grandTotal"].clone(), json!({})).await
}

async fn message(res: Response, status: StatusCode) -> String {
    let v = expect(res, status).await;
    v["message"].as_str().expect("message").to_owned()
}

/// "{title} ({variant sku})" of the cart's line of `variant`, as the messages name it.
async fn line_name(app: &TestApp, b: &Buyer, variant: &str) -> String {
    let cart = expect(
        app.get_as(&format!("/api/cart/{}", b.cart), &b.token).await,
        StatusCode::OK,
    )
    .await;
    let line = cart["cartProducts"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|l| l["variantId"] == variant)
        .cloned()
        .unwrap_or(Value::Null);
    format!(
        "{} ({})",
        line["product"]["title"].as_str().expect("title"),
        line["variant"]["sku"].as_str().expect("sku")
    )
}

fn cart_quantity(cart: &Value, variant: &str) -> Option<i64> {
    cart["cartProducts"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|l| l["variantId"] == variant)
        .and_then(|l| l["caseQuantity"].as_i64())
}

#[tokio::test]
async fn adding_more_of_a_variant_than_is_available_is_refused_with_what_is_left() {
    let app = demo_app_with(|_| {}).await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 2).expect("stock");
    let b = buyer(&app, "adder@example.com").await;
    b.add(&app, &product, false, Some(&variant)).await;
    b.add(&app, &product, false, Some(&variant)).await;
    let name = line_name(&app, &b, &variant).await;

    let res = add_raw(&app, &b, &product, &variant).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        format!("Only 2 left of {name}")
    );
    let cart = expect(
        app.get_as(&format!("/api/cart/{}", b.cart), &b.token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cart_quantity(&cart, &variant), Some(2));

    // Available is stock minus the holds of open sessions: another buyer's session holding
    // one of three leaves two to put in a cart.
    app.db.set_variant_stock(&variant, 3).expect("stock");
    let holder = buyer(&app, "holder@example.com").await;
    holder.add(&app, &product, false, Some(&variant)).await;
    let (token, _) = holder.checkout(&app).await;
    let res = add_raw(&app, &b, &product, &variant).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        format!("Only 2 left of {name}")
    );
    // Once that hold ends, the third item can go in the cart.
    assert_eq!(
        holder.cancel(&app, &token).await.status(),
        StatusCode::NO_CONTENT
    );
    expect(add_raw(&app, &b, &product, &variant).await, StatusCode::OK).await;
}

#[tokio::test]
async fn setting_a_variant_line_above_its_stock_is_refused_and_lower_quantities_pass() {
    let app = demo_app_with(|_| {}).await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 5).expect("stock");
    let b = buyer(&app, "setter@example.com").await;
    b.add(&app, &product, false, Some(&variant)).await;
    let name = line_name(&app, &b, &variant).await;

    for n in [6, 9_999] {
        let res = set_raw(&app, &b, &product, &variant, n).await;
        assert_eq!(
            message(res, StatusCode::CONFLICT).await,
            format!("Only 5 left of {name}"),
            "quantity {n}"
        );
    }
    let cart = expect(
        set_raw(&app, &b, &product, &variant, 5).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cart_quantity(&cart, &variant), Some(5));
    // Lowering, and clearing, always pass.
    app.db.set_variant_stock(&variant, 1).expect("stock");
    let res = set_raw(&app, &b, &product, &variant, 3).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        format!("Only 1 left of {name}")
    );
    let cart = expect(
        set_raw(&app, &b, &product, &variant, 0).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cart_quantity(&cart, &variant), None);
}

#[tokio::test]
async fn the_sixth_payment_session_of_an_account_in_an_hour_is_refused_with_429() {
    // The production default.
    let app = demo_app_with(|s| s.checkout_sessions_per_hour = 5).await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "opener@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let mut tokens = Vec::new();
    for _ in 0..5 {
        let (token, _) = b.checkout(&app).await;
        // Cancelled sessions count too: opening is what is limited.
        assert_eq!(
            b.cancel(&app, &token).await.status(),
            StatusCode::NO_CONTENT
        );
        tokens.push(token);
    }
    let res = open(&app, &b).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(message(res, StatusCode::TOO_MANY_REQUESTS).await, TOO_MANY);
    assert_eq!(
        app.db.session_status(&tokens[4]).expect("s").as_deref(),
        Some("ABORTED")
    );

    // Another account is not limited by this one.
    let other = buyer(&app, "other-opener@example.com").await;
    other.add(&app, &s.case_only.0, false, None).await;
    other.checkout(&app).await;

    // Sessions opened more than an hour ago no longer count.
    app.db
        .backdate_session(&tokens[0], Utc::now().naive_utc() - Duration::minutes(61))
        .expect("backdate");
    b.checkout(&app).await;
    let res = open(&app, &b).await;
    assert_eq!(message(res, StatusCode::TOO_MANY_REQUESTS).await, TOO_MANY);
}

#[tokio::test]
async fn the_sessions_per_hour_follow_the_setting() {
    let app = demo_app_with(|s| s.checkout_sessions_per_hour = 2).await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "few@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    b.checkout(&app).await;
    b.checkout(&app).await;
    let res = open(&app, &b).await;
    assert_eq!(message(res, StatusCode::TOO_MANY_REQUESTS).await, TOO_MANY);
}

#[tokio::test]
async fn an_account_holds_at_most_the_limit_of_a_variant_and_a_bulk_buyer_under_it_buys() {
    let app = demo_app_with(|_| {}).await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 200).expect("stock");
    let b = buyer(&app, "bulk@example.com").await;
    b.add(&app, &product, false, Some(&variant)).await;
    let name = line_name(&app, &b, &variant).await;
    let hold_limit = format!(
        "You can hold at most 50 of {name} at a time, counting your open checkouts. \
         Lower the quantity, or complete or cancel your other checkout first."
    );

    // 51 in one session: refused before any card is typed, nothing held.
    b.set_quantity(&app, &product, Some(&variant), 51).await;
    assert_eq!(
        message(open(&app, &b).await, StatusCode::CONFLICT).await,
        hold_limit
    );
    let now = Utc::now().naive_utc();
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 0);

    // 50 is the limit itself: the bulk buyer checks out and buys them.
    b.set_quantity(&app, &product, Some(&variant), 50).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 150);
}

#[tokio::test]
async fn open_sessions_of_one_account_together_hold_at_most_the_setting() {
    let app = demo_app_with(|s| s.max_held_per_variant = 3).await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 100).expect("stock");
    let b = buyer(&app, "hoarder@example.com").await;
    b.add(&app, &product, false, Some(&variant)).await;
    b.add(&app, &product, false, Some(&variant)).await;
    let name = line_name(&app, &b, &variant).await;

    // A first session holds 2; a second one for the same 2 would make 4 held.
    let (first, _) = b.checkout(&app).await;
    let refused = message(open(&app, &b).await, StatusCode::CONFLICT).await;
    assert!(
        refused.starts_with(&format!("You can hold at most 3 of {name} at a time")),
        "{refused}"
    );
    let now = Utc::now().naive_utc();
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 2);
    // Another account has its own limit.
    let other = buyer(&app, "other-hoarder@example.com").await;
    other.add(&app, &product, false, Some(&variant)).await;
    other.set_quantity(&app, &product, Some(&variant), 3).await;
    other.checkout(&app).await;
    // Once the first session ends (cancelled or expired), its hold no longer counts.
    assert_eq!(
        b.cancel(&app, &first).await.status(),
        StatusCode::NO_CONTENT
    );
    b.checkout(&app).await;
}
