//! The catalogue read cache: caching headers, 304 on a matching `If-None-Match`, and writes
//! (which move the catalogue version on in their transaction) seen on the next request after the version
//! check interval, also when several servers share one database.

use domain::catalogue::set_in_stock as set_product_in_stock;
use reqwest::StatusCode;
use serde_json::Value;
use shop_api::catalogue_cache::VERSION_TTL;

use crate::catalogue::{demo_app, get_ok};
use crate::helpers::{expect, TestApp};

fn header(res: &reqwest::Response, name: &str) -> Option<String> {
    res.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// Waits until every worker's cache has re-read the catalogue version.
async fn past_version_check() {
    tokio::time::sleep(VERSION_TTL + std::time::Duration::from_millis(100)).await;
}

/// Flips a product's stock flag as the admin will: the change and the version bump in one
/// transaction.
fn set_in_stock(app: &TestApp, id: &str, in_stock: bool) {
    // Ok only for a product that exists.
    set_product_in_stock(app.db.db(), &id.into(), in_stock).expect("write");
}

#[tokio::test]
async fn metadata_is_cacheable_for_five_minutes_and_revalidates_with_304() {
    let app = demo_app().await;
    let res = app.get("/api/metadata").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        header(&res, "cache-control").as_deref(),
        Some("public, max-age=300")
    );
    let etag = header(&res, "etag").expect("an ETag");
    assert_eq!(
        header(&res, "content-type").as_deref(),
        Some("application/json")
    );

    let again = app
        .client
        .get(app.url("/api/metadata"))
        .header("If-None-Match", &etag)
        .send()
        .await
        .expect("request");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&again, "etag").as_deref(), Some(etag.as_str()));
    assert!(again.bytes().await.expect("body").is_empty());

    let other = app
        .client
        .get(app.url("/api/metadata"))
        .header("If-None-Match", "\"something-else\"")
        .send()
        .await
        .expect("request");
    assert_eq!(other.status(), StatusCode::OK);

    let paged = app
        .get("/api/metadata?type=colors&page=1&pageSize=25")
        .await;
    assert_eq!(
        header(&paged, "cache-control").as_deref(),
        Some("public, max-age=60")
    );
    assert!(header(&paged, "etag").is_some());

    let list = app.get("/api/products?page=1&pageSize=25").await;
    assert_eq!(header(&list, "cache-control").as_deref(), Some("no-cache"));
    assert!(header(&list, "etag").is_some());
}

#[tokio::test]
async fn a_catalogue_write_is_seen_on_the_next_request() {
    let app = demo_app().await;
    let first = get_ok(&app, "/api/products?page=1&pageSize=5&inStock=true").await;
    let product = first["contents"][0].clone();
    let id = product["id"].as_str().expect("id").to_owned();
    let total = first["totalItems"].as_i64().expect("total");
    let detail_path = format!("/api/products/{id}");
    let before = app.get(&detail_path).await;
    let etag_before = header(&before, "etag").expect("etag");
    assert_eq!(expect(before, StatusCode::OK).await["inStock"], true);
    // Served from the cache now (same answer, same ETag).
    let cached = app.get(&detail_path).await;
    assert_eq!(
        header(&cached, "etag").as_deref(),
        Some(etag_before.as_str())
    );

    set_in_stock(&app, &id, false);
    past_version_check().await;

    let after = app.get(&detail_path).await;
    assert_ne!(
        header(&after, "etag").as_deref(),
        Some(etag_before.as_str())
    );
    assert_eq!(expect(after, StatusCode::OK).await["inStock"], false);
    let list = get_ok(&app, "/api/products?page=1&pageSize=5&inStock=true").await;
    assert_eq!(list["totalItems"], total - 1);
    assert_ne!(list["contents"][0]["id"], Value::String(id.clone()));
    // The old ETag no longer answers 304.
    let revalidated = app
        .client
        .get(app.url(&detail_path))
        .header("If-None-Match", &etag_before)
        .send()
        .await
        .expect("request");
    assert_eq!(revalidated.status(), StatusCode::OK);

    set_in_stock(&app, &id, true);
    past_version_check().await;
    let restored = get_ok(&app, "/api/products?page=1&pageSize=5&inStock=true").await;
    assert_eq!(restored, first);
}

#[tokio::test]
async fn a_write_through_one_server_is_seen_by_another_on_the_same_database() {
    let app = demo_app().await;
    // A second server on the same database (another API node).
    let url = app.db.url().to_owned();
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = crate::helpers::test_settings(&app.db, data_dir.path());
    settings.database_url = url;
    let other = shop_api::startup::Application::build(settings)
        .await
        .expect("second node starts");
    let other_base = format!("http://127.0.0.1:{}", other.port());
    tokio::spawn(other.run_until_stopped());

    let path = "/api/products?page=1&pageSize=3&inStock=true";
    let on_other = |app: &TestApp| app.client.get(format!("{other_base}{path}")).send();
    let before: Value = on_other(&app)
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    let id = before["contents"][0]["id"].as_str().expect("id").to_owned();
    // Warm both caches.
    get_ok(&app, path).await;

    set_in_stock(&app, &id, false);
    past_version_check().await;

    let here = get_ok(&app, path).await;
    let there: Value = on_other(&app)
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    assert_eq!(here, there);
    assert_ne!(there["contents"][0]["id"], Value::String(id));
    assert_eq!(
        there["totalItems"].as_i64(),
        before["totalItems"].as_i64().map(|n| n - 1)
    );
}
