//! Several API nodes on one database: catalogue versions pushed to every node by PostgreSQL's
//! `NOTIFY` (a write on one node is seen on another within milliseconds, without any timed
//! read of the version), and read-your-writes (the answer to a write names the version it
//! produced; a request bringing it is answered at that version or later by any node, on
//! both databases).

use std::time::{Duration, Instant};

use persistence::Backend;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use shop_api::config::Settings;

use crate::catalogue::demo_app_with;
use crate::checkout::{buyer, pay_ok};
use crate::helpers::{expect, TestApp};
use crate::product_admin::form;

const LIST: &str = "/api/products?page=1&pageSize=1";

/// Timed reads of the version so rare that a test sees a write on another node only through
/// a notification, the cookie or the 404 check.
fn no_timed_reads(listen: bool) -> impl Fn(&mut Settings) + Clone {
    move |s: &mut Settings| {
        s.catalogue_version_ttl_ms = 600_000;
        s.catalogue_listen_ttl_ms = 600_000;
        s.catalogue_listen = listen;
    }
}

/// A second node (another `Application`) on `app`'s database; answers its base URL (and its
/// data folder, to keep while it serves).
async fn second_node(
    app: &TestApp,
    customize: impl Fn(&mut Settings),
) -> (String, tempfile::TempDir) {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = crate::helpers::test_settings(&app.db, data_dir.path());
    customize(&mut settings);
    let node = shop_api::startup::Application::build(settings)
        .await
        .expect("second node starts");
    let base = format!("http://127.0.0.1:{}", node.port());
    tokio::spawn(node.run_until_stopped());
    (base, data_dir)
}

async fn get_on(app: &TestApp, base: &str, path: &str, cookie: Option<&str>) -> reqwest::Response {
    let mut req = app.client.get(format!("{base}{path}"));
    if let Some(cookie) = cookie {
        req = req.header("Cookie", cookie);
    }
    req.send().await.expect("request")
}

async fn total_on(app: &TestApp, base: &str, cookie: Option<&str>) -> i64 {
    let res = get_on(app, base, LIST, cookie).await;
    expect(res, StatusCode::OK).await["totalItems"]
        .as_i64()
        .expect("total")
}

/// Creates a product through `app` (node A); answers its id and the write's answer's
/// version header and cookie.
async fn create_product(app: &TestApp, admin: &str, sku: &str) -> (String, i64, String) {
    let body = form(app, sku).await;
    let res = app
        .send(Method::POST, "/api/products", Some(admin), Some(&body))
        .await;
    let version = res
        .headers()
        .get("x-catalogue-version")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok())
        .expect("the write's answer names the version it produced");
    let cookie = res
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("a version cookie")
        .to_owned();
    let created = expect(res, StatusCode::CREATED).await;
    (
        created["id"].as_str().expect("id").to_owned(),
        version,
        cookie,
    )
}

/// The `name=value` part of a `Set-Cookie`.
fn sent_back(set_cookie: &str) -> String {
    set_cookie
        .split(';')
        .next()
        .expect("a pair")
        .trim()
        .to_owned()
}

#[tokio::test]
async fn a_write_answer_names_its_version_and_other_answers_do_not() {
    let app = demo_app_with(|_| {}).await;
    let admin = app.login_as_admin().await;
    let (_, version, cookie) = create_product(&app, &admin, "NODE-0").await;
    assert_eq!(
        cookie,
        format!("shop_catalogue_version={version}; Max-Age=60; Path=/; SameSite=Lax; HttpOnly")
    );
    // A read, and a write that does not move the catalogue version, name none.
    let list = app.get(LIST).await;
    assert!(list.headers().get("x-catalogue-version").is_none());
    assert!(list.headers().get("set-cookie").is_none());
    let shopper = app.customer("nodes@example.com").await;
    let token = shopper["token"].as_str().expect("token");
    let cart = shopper["userInfo"]["Cart"]["id"].as_str().expect("cart");
    let samples = app.db.quote_samples().expect("samples");
    let product = samples.case_only.0.as_str();
    let res = app
        .post_json_as(
            &format!("/api/cart/{cart}/add"),
            token,
            &serde_json::json!({"productId": product, "isUnit": false, "variantId": null}),
        )
        .await;
    assert!(res.headers().get("x-catalogue-version").is_none());
    expect(res, StatusCode::OK).await;
}

#[tokio::test]
async fn with_https_the_version_cookie_is_secure() {
    let app = demo_app_with(|s| s.public_url = "https://shop.example.com".into()).await;
    let admin = app.login_as_admin().await;
    let (_, _, cookie) = create_product(&app, &admin, "NODE-S").await;
    assert!(cookie.ends_with("; HttpOnly; Secure"), "{cookie}");
}

#[tokio::test]
async fn a_product_created_on_one_node_is_pushed_to_another_within_100_ms() {
    let settings = no_timed_reads(true);
    let app = demo_app_with(settings.clone()).await;
    if app.db.backend() != Backend::Postgres {
        return;
    }
    let (other, _dir) = second_node(&app, settings).await;
    let admin = app.login_as_admin().await;
    // Both nodes know the version now and will not read it again by themselves.
    let before = total_on(&app, &other, None).await;
    assert_eq!(total_on(&app, &app.address, None).await, before);

    create_product(&app, &admin, "NODE-1").await;
    heard_within_100_ms(&app, &other, before + 1, "the write").await;
}

/// Waits until `other` lists `total` products, at most 100 ms after the write.
async fn heard_within_100_ms(app: &TestApp, other: &str, total: i64, what: &str) {
    let written = Instant::now();
    while total_on(app, other, None).await != total {
        assert!(
            written.elapsed() < Duration::from_millis(100),
            "the other node did not hear of {what} within 100 ms"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn without_notifications_another_node_keeps_its_version_until_told() {
    // The control of the test above: with the listener off, only the cookie tells.
    let app = demo_app_with(no_timed_reads(false)).await;
    let (other, _dir) = second_node(&app, no_timed_reads(false)).await;
    let admin = app.login_as_admin().await;
    let before = total_on(&app, &other, None).await;
    let (_, _, cookie) = create_product(&app, &admin, "NODE-2").await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    assert_eq!(total_on(&app, &other, None).await, before);
    assert_eq!(
        total_on(&app, &other, Some(&sent_back(&cookie))).await,
        before + 1
    );
}

#[tokio::test]
async fn with_the_writers_cookie_another_node_answers_the_new_product_at_once() {
    let app = demo_app_with(no_timed_reads(false)).await;
    let (other, _dir) = second_node(&app, no_timed_reads(false)).await;
    let admin = app.login_as_admin().await;
    let before = total_on(&app, &other, None).await;

    let (id, version, cookie) = create_product(&app, &admin, "NODE-3").await;
    let cookie = sent_back(&cookie);
    // The very first request that brings the cookie: the product, and the list with it.
    let res = get_on(&app, &other, &format!("/api/products/{id}"), Some(&cookie)).await;
    let product = expect(res, StatusCode::OK).await;
    assert_eq!(product["sku"], "NODE-3");
    assert_eq!(total_on(&app, &other, Some(&cookie)).await, before + 1);

    // The header works as the cookie does, for clients without cookies.
    let (_, newer, _) = create_product(&app, &admin, "NODE-4").await;
    assert!(newer > version);
    let res = app
        .client
        .get(format!("{other}{LIST}"))
        .header("X-Catalogue-Version", newer.to_string())
        .send()
        .await
        .expect("request");
    assert_eq!(
        expect(res, StatusCode::OK).await["totalItems"],
        Value::from(before + 2)
    );
}

#[tokio::test]
async fn a_product_just_created_on_another_node_is_never_answered_404() {
    let app = demo_app_with(no_timed_reads(false)).await;
    let (other, _dir) = second_node(&app, no_timed_reads(false)).await;
    let admin = app.login_as_admin().await;
    // The other node knows the version (and its list index is built at it).
    total_on(&app, &other, None).await;

    let (id, _, _) = create_product(&app, &admin, "NODE-5").await;
    // No cookie, no notification, no timed read: the 404 check finds it.
    let res = get_on(&app, &other, &format!("/api/products/{id}"), None).await;
    assert_eq!(expect(res, StatusCode::OK).await["sku"], "NODE-5");
    // An id nobody created is still 404.
    let res = get_on(
        &app,
        &other,
        "/api/products/00000000-0000-4000-8000-000000000000",
        None,
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_listener_reconnects_after_its_connection_is_killed() {
    let settings = no_timed_reads(true);
    let app = demo_app_with(settings.clone()).await;
    if app.db.backend() != Backend::Postgres {
        return;
    }
    let (other, _dir) = second_node(&app, settings).await;
    let admin = app.login_as_admin().await;
    let listeners = || app.db.catalogue_listeners().expect("listeners");
    // Waits for both nodes' listeners, none of them one of `old`; answers them.
    let connected = |old: Vec<i32>| async move {
        let started = Instant::now();
        loop {
            let now = listeners();
            if now.len() == 2 && now.iter().all(|pid| !old.contains(pid)) {
                return now;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "listeners {now:?} (before: {old:?})"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let first = connected(Vec::new()).await;
    let before = total_on(&app, &other, None).await;

    assert_eq!(app.db.kill_catalogue_listeners().expect("killed"), 2);
    connected(first).await;
    // Reconnected: a write's notification reaches the other node again.
    create_product(&app, &admin, "NODE-6").await;
    heard_within_100_ms(&app, &other, before + 1, "a write after the reconnection").await;
}

#[tokio::test]
async fn a_buyer_who_paid_sees_the_new_stock_on_any_node() {
    let app = demo_app_with(no_timed_reads(false)).await;
    let (other, _dir) = second_node(&app, no_timed_reads(false)).await;
    let admin = app.login_as_admin().await;
    let mut body = form(&app, "NODE-U").await;
    body["isCaseBreakable"] = serde_json::json!(true);
    body["unitStock"] = serde_json::json!(5);
    let res = app
        .send(Method::POST, "/api/products", Some(&admin), Some(&body))
        .await;
    let id = expect(res, StatusCode::CREATED).await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let path = format!("/api/products/{id}");
    let stock = |v: Value| v["unitProduct"]["availableStock"].clone();
    let res = get_on(&app, &other, &path, None).await;
    assert_eq!(stock(expect(res, StatusCode::OK).await), 5);

    let b = buyer(&app, "unitnode@example.com").await;
    b.add(&app, &id, true, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    let res = b.complete(&app, &token, &quote).await;
    let cookie = res
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(sent_back)
        .expect("the purchase took unit stock: its answer names the version");
    expect(res, StatusCode::OK).await;
    // The other node still has the old figure cached; the buyer's cookie gets the new one.
    let res = get_on(&app, &other, &path, None).await;
    assert_eq!(stock(expect(res, StatusCode::OK).await), 5);
    let res = get_on(&app, &other, &path, Some(&cookie)).await;
    assert_eq!(stock(expect(res, StatusCode::OK).await), 4);
}
