//! Facet counts (issue 14): `GET /api/{products,apparel,shows}/facets` answer, beside every
//! filter option, the total its list gives with that option and the other filters of the same
//! query. Each count is checked against the list itself, for each kind of filter combination:
//! none, one kind, several kinds (with two values of one), search text, stock, genders with
//! sizes, a brand's shows. Also the `facets` choice, its validation, and the cache's version.

use std::collections::BTreeMap;

use domain::catalogue::set_in_stock;
use reqwest::StatusCode;
use serde_json::Value;
use shop_api::catalogue_cache::VERSION_TTL;

use crate::catalogue::{demo_app, get_ok};
use crate::helpers::{expect, TestApp};

const GENDERS: [&str; 3] = ["MALE", "FEMALE", "UNISEX"];
const SIZES: [&str; 7] = ["XS", "S", "M", "L", "XL", "2XL", "3XL"];

/// Every option of `kind` the shop has: ids from the metadata and type lists, or the genders
/// and sizes.
async fn options(app: &TestApp, kind: &str) -> Vec<String> {
    let list = match kind {
        "genders" => return GENDERS.map(String::from).to_vec(),
        "sizes" => return SIZES.map(String::from).to_vec(),
        "showTypes" => get_ok(app, "/api/shows/types/all").await,
        "apparelTypes" => get_ok(app, "/api/apparel/types/all").await,
        _ => get_ok(app, "/api/metadata").await[kind].clone(),
    };
    list.as_array()
        .unwrap_or_else(|| panic!("{kind} options"))
        .iter()
        .map(|o| o["id"].as_str().expect("id").to_owned())
        .collect()
}

/// `query` without `key`'s values, with `value` as the only one.
fn with_option(query: &str, key: &str, value: &str) -> String {
    let mut parts: Vec<String> = query
        .split('&')
        .filter(|p| !p.is_empty() && p.split('=').next() != Some(key))
        .map(str::to_owned)
        .collect();
    parts.push(format!("{key}={value}"));
    parts.join("&")
}

/// The list's total for `query`.
async fn total(app: &TestApp, list: &str, query: &str) -> i64 {
    let v = get_ok(app, &format!("{list}?page=1&pageSize=1&{query}")).await;
    v["totalItems"]
        .as_i64()
        .or_else(|| v["pagination"]["total"].as_i64())
        .unwrap_or_else(|| panic!("a total in {v}"))
}

/// The counts of one kind in a facets answer, by id.
fn counts(facets: &Value, kind: &str) -> BTreeMap<String, i64> {
    facets[kind]
        .as_array()
        .unwrap_or_else(|| panic!("{kind} in {facets}"))
        .iter()
        .map(|c| {
            let count = c["count"].as_i64().expect("count");
            assert!(count > 0, "no option without products is listed: {c}");
            (c["id"].as_str().expect("id").to_owned(), count)
        })
        .collect()
}

/// Asks `list`'s facets for `query` and checks every option of every kind in `kinds` against
/// the list (`param` is the list's query name of the kind); answers the facets.
async fn assert_counts_are_the_lists(
    app: &TestApp,
    list: &str,
    query: &str,
    kinds: &[(&str, &str)],
) -> Value {
    let facets = get_ok(app, &format!("{list}/facets?{query}")).await;
    for &(kind, param) in kinds {
        let got = counts(&facets, kind);
        for value in options(app, kind).await {
            let want = total(app, list, &with_option(query, param, &value)).await;
            assert_eq!(
                got.get(&value).copied().unwrap_or(0),
                want,
                "{list} {kind}={value} with {query:?}"
            );
        }
    }
    facets
}

/// The first id of `kind` with products in `facets`.
fn some(facets: &Value, kind: &str) -> String {
    counts(facets, kind).into_keys().next().expect("an option")
}

const FIREWORKS: [(&str, &str); 4] = [
    ("brands", "brands"),
    ("categories", "categories"),
    ("colors", "colors"),
    ("effects", "effects"),
];

#[tokio::test]
async fn fireworks_counts_equal_the_list_for_each_option_with_the_other_filters() {
    let app = demo_app().await;
    let plain =
        assert_counts_are_the_lists(&app, "/api/products", "inStock=true", &FIREWORKS).await;
    let brand = some(&plain, "brands");
    let category = some(&plain, "categories");
    let colour = some(&plain, "colors");
    let effect = some(&plain, "effects");
    for query in [
        // One kind chosen: its own counts ignore it (options are alternatives).
        format!("inStock=true&brands={brand}"),
        // Several kinds, two values of one, a name among the ids.
        format!(
            "inStock=true&brands={brand}&brands=Cody%20B&categories={category}&colors={colour}"
        ),
        // Search text, out-of-stock products included, an effect.
        format!("showOutOfStock=true&searchTitle=a&effects={effect}"),
        // Only out-of-stock products.
        format!("inStock=false&colors={colour}"),
    ] {
        assert_counts_are_the_lists(&app, "/api/products", &query, &FIREWORKS).await;
    }
}

#[tokio::test]
async fn apparel_counts_equal_the_list_and_offer_only_brands_with_apparel() {
    let app = demo_app().await;
    let kinds = [
        ("brands", "brands"),
        ("colors", "colors"),
        ("apparelTypes", "apparelTypes"),
        ("genders", "genders"),
        ("sizes", "sizes"),
    ];
    let plain = assert_counts_are_the_lists(&app, "/api/apparel", "", &kinds).await;
    // The apparel Brands list used to offer every brand; most have no apparel.
    let brands = counts(&plain, "brands");
    let all_brands = options(&app, "brands").await;
    assert!(!brands.is_empty() && brands.len() < all_brands.len());
    assert_eq!(
        plain.get("categories"),
        None,
        "a kind not asked for is absent"
    );
    let colour = some(&plain, "colors");
    let kind = some(&plain, "apparelTypes");
    for query in [
        // Genders and sizes must match on one variant.
        "genders=MALE&sizes=XL&sizes=S".to_owned(),
        format!("showOutOfStock=true&colors={colour}&apparelTypes={kind}"),
        format!("inStock=false&sizes=M&brands={}", some(&plain, "brands")),
    ] {
        assert_counts_are_the_lists(&app, "/api/apparel", &query, &kinds).await;
    }
}

#[tokio::test]
async fn show_counts_equal_the_show_list_by_type_and_brand() {
    let app = demo_app().await;
    let kinds = [("showTypes", "typeId"), ("brands", "brand")];
    let plain = assert_counts_are_the_lists(&app, "/api/shows", "", &kinds).await;
    assert!(counts(&plain, "showTypes").len() > 1);
    let by_type = format!("typeId={}", some(&plain, "showTypes"));
    assert_counts_are_the_lists(&app, "/api/shows", &by_type, &kinds).await;
    let cody = assert_counts_are_the_lists(&app, "/api/shows", "brand=Cody%20B", &kinds).await;
    let cody_total: i64 = counts(&cody, "showTypes").values().sum();
    assert_eq!(
        cody_total,
        total(&app, "/api/shows", "brand=Cody%20B").await
    );
    // As the list: an unknown brand has no shows.
    let none = get_ok(&app, "/api/shows/facets?brand=No%20Such%20Brand").await;
    assert_eq!(none, serde_json::json!({"showTypes": [], "brands": []}));
}

#[tokio::test]
async fn facets_answers_the_kinds_asked_for_and_refuses_others() {
    let app = demo_app().await;
    let v = get_ok(
        &app,
        "/api/products/facets?facets=effects,sizes&facets=effects",
    )
    .await;
    let keys: Vec<&String> = v.as_object().expect("object").keys().collect();
    assert_eq!(keys, ["effects", "sizes"]);
    assert_eq!(v["sizes"], serde_json::json!([]), "fireworks have no sizes");
    let v = expect(
        app.get("/api/apparel/facets?facets=prices").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["errors"]["facets"].is_array(), "{v}");
    // The list's own validation holds: paging is ignored, a bad filter is refused.
    get_ok(&app, "/api/products/facets?page=0&pageSize=1000").await;
    expect(
        app.get("/api/products/facets?genders=OTHER").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn counts_follow_a_catalogue_write() {
    let app = demo_app().await;
    let query = "/api/products/facets?inStock=true&facets=brands";
    let before = counts(&get_ok(&app, query).await, "brands");
    let first = get_ok(&app, "/api/products?inStock=true&page=1&pageSize=1").await;
    let product = &first["contents"][0];
    let brand = product["brand"]["id"].as_str().expect("brand").to_owned();
    let id = product["id"].as_str().expect("id").to_owned();
    set_in_stock(app.db.db(), &id.as_str().into(), false).expect("write");
    tokio::time::sleep(VERSION_TTL + std::time::Duration::from_millis(100)).await;
    let after = counts(&get_ok(&app, query).await, "brands");
    assert_eq!(
        after.get(&brand).copied().unwrap_or(0),
        before[&brand] - 1,
        "the cached counts moved with the catalogue version"
    );
}
