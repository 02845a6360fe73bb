//! `sort=newest` on the product list (the home page's new arrivals).

use reqwest::StatusCode;

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
    assert_eq!(v["message"], "sort must be title or newest");
    assert!(v["errors"]["sort"].is_array());
    get_ok(&app, "/api/products?sort=title").await;
}
