//! Paging edges and the 400s of invalid paging and filters.

use reqwest::StatusCode;

use super::{demo_app, get_ok, str_of};
use crate::helpers::expect;

#[tokio::test]
async fn paging_edges_answer_correct_totals() {
    let app = demo_app().await;
    let total = get_ok(&app, "/api/products?pageSize=1").await["totalItems"]
        .as_i64()
        .expect("total");
    let size = 25;
    let pages = (total + size - 1) / size;
    let last = get_ok(&app, &format!("/api/products?page={pages}&pageSize={size}")).await;
    assert_eq!(last["hasMore"], false);
    assert_eq!(last["totalPages"], pages);
    assert_eq!(last["totalItems"], total);
    let on_last = total - (pages - 1) * size;
    assert_eq!(
        last["contents"].as_array().map(Vec::len),
        Some(on_last as usize)
    );
    let before = get_ok(
        &app,
        &format!("/api/products?page={}&pageSize={size}", pages - 1),
    )
    .await;
    assert_eq!(before["hasMore"], true);

    let beyond = get_ok(
        &app,
        &format!("/api/products?page={}&pageSize={size}", pages + 5),
    )
    .await;
    assert_eq!(beyond["contents"], serde_json::json!([]));
    assert_eq!(beyond["totalItems"], total);
    assert_eq!(beyond["totalPages"], pages);
    assert_eq!(beyond["hasMore"], false);

    let none = get_ok(&app, "/api/products?searchTitle=no-such-firework-zzz").await;
    assert_eq!(
        none,
        serde_json::json!({"contents": [], "totalItems": 0, "hasMore": false, "totalPages": 0})
    );

    // Defaults: page 1, 25 per page.
    let default = get_ok(&app, "/api/products").await;
    assert_eq!(default["contents"].as_array().map(Vec::len), Some(25));
}

#[tokio::test]
async fn invalid_paging_and_filters_answer_400_naming_the_field() {
    let app = demo_app().await;
    for (query, field) in [
        ("page=0", "page"),
        ("page=-1", "page"),
        ("page=abc", "page"),
        ("pageSize=0", "pageSize"),
        ("pageSize=101", "pageSize"),
        ("pageSize=2.5", "pageSize"),
        // A reference is an id or a name (issue 11); a name is at most 100 characters.
        ("brands=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "brands"),
        ("categories=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "categories"),
        ("colors=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "colors"),
        ("effects=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "effects"),
        ("apparelTypes=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "apparelTypes"),
        ("genders=OTHER", "genders"),
        ("isShow=maybe", "isShow"),
        ("inStock=yes", "inStock"),
    ] {
        for path in ["/api/products", "/api/apparel"] {
            if path == "/api/apparel" && field == "isShow" {
                continue;
            }
            let v = expect(
                app.get(&format!("{path}?{query}")).await,
                StatusCode::BAD_REQUEST,
            )
            .await;
            let message = str_of(&v, "message");
            assert!(message.contains(field), "{path}?{query}: {message}");
            assert!(v["errors"][field].is_array(), "{v}");
        }
    }
    for path in [
        "/api/shows?page=0",
        "/api/shows/brand/Cody%20B?pageSize=101",
    ] {
        expect(app.get(path).await, StatusCode::BAD_REQUEST).await;
    }
    let v = expect(
        app.get("/api/products?page=%ZZ").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["message"].is_string());
}
