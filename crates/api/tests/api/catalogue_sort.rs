//! `sort=newest` on the product list (the home page's new arrivals), and the back office's
//! column orders (`sku`, `casePrice`, `-title`...) on the product, apparel and show lists.

use reqwest::StatusCode;
use serde_json::Value;

use crate::catalogue::{all_items, demo_app, get_ok, ids};
use crate::helpers::expect;

#[tokio::test]
async fn newest_first_lists_the_same_products_by_creation_time() {
    let app = demo_app().await;
    let by_title = all_items(&app, "/api/products", "inStock=true").await;
    let newest = all_items(&app, "/api/products", "inStock=true&sort=newest").await;
    let mut a = ids(&by_title);
    let b = ids(&newest);
    assert_ne!(a, b, "a different order");

    // The order the database gives by (created_on desc, id desc).
    let expected: Vec<String> = app.db.newest_first(&b).expect("query");
    assert_eq!(b, expected);
    a.sort();
    let mut b_sorted = b.clone();
    b_sorted.sort();
    assert_eq!(a, b_sorted, "the same products");

    // Paging in newest order continues where the previous page stopped.
    let page2 = get_ok(
        &app,
        "/api/products?inStock=true&sort=newest&page=2&pageSize=5",
    )
    .await;
    assert_eq!(
        ids(page2["contents"].as_array().expect("contents")),
        b[5..10].to_vec()
    );
}

#[tokio::test]
async fn an_unknown_sort_answers_400_naming_the_field() {
    let app = demo_app().await;
    let v = expect(
        app.get("/api/products?sort=price").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        v["message"],
        "sort must be title, -title, newest, sku, -sku, casePrice or -casePrice"
    );
    assert!(v["errors"]["sort"].is_array());
    get_ok(&app, "/api/products?sort=title").await;
}

/// The values of `field` down `items`.
fn column(items: &[Value], field: &str) -> Vec<Value> {
    items.iter().map(|i| i[field].clone()).collect()
}

fn texts(items: &[Value], field: &str) -> Vec<String> {
    column(items, field)
        .iter()
        .map(|v| v.as_str().expect("text").to_lowercase())
        .collect()
}

fn prices(items: &[Value]) -> Vec<f64> {
    column(items, "casePrice")
        .iter()
        .map(|v| v.as_f64().expect("price"))
        .collect()
}

fn is_sorted<T: PartialOrd>(v: &[T]) -> bool {
    v.windows(2).all(|w| w[0] <= w[1])
}

#[tokio::test]
async fn the_back_office_sorts_products_apparel_and_shows_by_their_columns_on_the_server() {
    let app = demo_app().await;
    for (path, query) in [
        ("/api/products", "showOutOfStock=true"),
        ("/api/apparel", "showOutOfStock=true"),
    ] {
        let all = all_items(&app, path, query).await;
        assert!(all.len() > 3, "{path}");
        let by_sku = all_items(&app, path, &format!("{query}&sort=sku")).await;
        assert!(is_sorted(&texts(&by_sku, "sku")), "{path} sku");
        let mut down = texts(
            &all_items(&app, path, &format!("{query}&sort=-sku")).await,
            "sku",
        );
        down.reverse();
        assert!(is_sorted(&down), "{path} -sku");
        let cheap = prices(&all_items(&app, path, &format!("{query}&sort=casePrice")).await);
        assert!(is_sorted(&cheap), "{path} casePrice");
        let mut dear = prices(&all_items(&app, path, &format!("{query}&sort=-casePrice")).await);
        dear.reverse();
        assert!(is_sorted(&dear), "{path} -casePrice");
        let mut z_to_a = texts(
            &all_items(&app, path, &format!("{query}&sort=-title")).await,
            "title",
        );
        z_to_a.reverse();
        assert!(is_sorted(&z_to_a), "{path} -title");
        // The same rows in each order, and a page follows the order (paging is the server's).
        let mut a = ids(&all);
        let mut b = ids(&by_sku);
        a.sort();
        b.sort();
        assert_eq!(a, b, "{path}");
        let page2 = get_ok(&app, &format!("{path}?{query}&sort=sku&page=2&pageSize=2")).await;
        assert_eq!(
            ids(page2["contents"].as_array().expect("contents")),
            ids(&by_sku[2..4])
        );
    }

    // Shows: the list answers `shows`, sorted as asked.
    let shows = get_ok(&app, "/api/shows?page=1&pageSize=100&sort=-casePrice").await;
    let mut dear = prices(shows["shows"].as_array().expect("shows"));
    assert!(dear.len() > 1);
    dear.reverse();
    assert!(is_sorted(&dear), "shows -casePrice");
    let v = expect(
        app.get("/api/shows?sort=colour").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["errors"]["sort"].is_array());
}
