//! The shows list and the /codyb brand pages.

use std::collections::BTreeSet;

use reqwest::StatusCode;

use super::{all_items, assert_sorted_by_title_then_id, demo_app, expected, get_ok, ids, str_of};
use crate::helpers::expect;

#[tokio::test]
async fn shows_list_with_contents_and_filter_by_type_id_or_name() {
    let app = demo_app().await;
    let v = get_ok(&app, "/api/shows?page=1&pageSize=100").await;
    let shows = v["shows"].as_array().expect("shows").clone();
    let total = v["pagination"]["total"].as_u64().expect("total");
    assert_eq!(shows.len() as u64, total);
    assert_eq!(v["pagination"]["page"], 1);
    assert_eq!(v["pagination"]["totalPages"], 1);
    assert_sorted_by_title_then_id(&shows);
    let show = &shows[0];
    for key in [
        "id",
        "sku",
        "title",
        "image",
        "description",
        "videoURL",
        "casePrice",
        "inStock",
        "showTypeId",
        "showType",
        "brand",
        "category",
        "package",
        "showProducts",
    ] {
        assert!(show.get(key).is_some(), "{key} missing in {show}");
    }
    assert_eq!(show["package"], serde_json::json!([1]));
    let line = &show["showProducts"][0];
    for key in ["id", "quantity", "isUnit", "notes", "product"] {
        assert!(line.get(key).is_some(), "{key} missing in {line}");
    }
    for key in [
        "id",
        "sku",
        "title",
        "image",
        "casePrice",
        "package",
        "unitProduct",
    ] {
        assert!(
            line["product"].get(key).is_some(),
            "{key} missing in {line}"
        );
    }
    let unit_line = shows
        .iter()
        .flat_map(|s| s["showProducts"].as_array().expect("lines").iter())
        .find(|l| l["isUnit"] == true);
    if let Some(l) = unit_line {
        assert!(l["product"]["unitProduct"].is_object(), "{l}");
    }

    let type_id = str_of(show, "showTypeId").to_owned();
    let type_name = str_of(&show["showType"], "name").to_owned();
    let want: Vec<String> = expected(&shows, |s| s["showTypeId"] == type_id.as_str());
    for key in [type_id.clone(), type_name.to_lowercase()] {
        let v = get_ok(&app, &format!("/api/shows?pageSize=100&typeId={key}")).await;
        assert_eq!(ids(v["shows"].as_array().expect("shows")), want, "{key}");
        assert_eq!(v["pagination"]["total"], want.len());
    }
    let none = get_ok(&app, "/api/shows?typeId=NO_SUCH_TYPE").await;
    assert_eq!(none["shows"], serde_json::json!([]));
    assert_eq!(none["pagination"]["total"], 0);

    // Paging.
    let page2 = get_ok(&app, "/api/shows?page=2&pageSize=2").await;
    assert_eq!(
        ids(page2["shows"].as_array().expect("shows")),
        ids(&shows[2..4])
    );
    assert_eq!(page2["pagination"]["totalPages"], total.div_ceil(2));

    // Detail.
    let detail = get_ok(&app, &format!("/api/shows/{}", str_of(show, "id"))).await;
    assert_eq!(&detail, show);

    let types = get_ok(&app, "/api/shows/types/all").await;
    let names: BTreeSet<&str> = types
        .as_array()
        .expect("types")
        .iter()
        .map(|t| str_of(t, "name"))
        .collect();
    for name in [
        "CUSTOM",
        "FOURTH_JULY",
        "NEW_YEARS",
        "GENDER_REVEAL",
        "RETAIL",
        "WHOLESALE",
        "WEDDING",
    ] {
        assert!(names.contains(name), "{name}");
    }
}

#[tokio::test]
async fn the_codyb_brand_page_calls_filter_by_brand() {
    let app = demo_app().await;
    let metadata = get_ok(&app, "/api/metadata").await;
    let cody = metadata["brands"]
        .as_array()
        .expect("brands")
        .iter()
        .find(|b| b["name"] == "Cody B")
        .expect("Cody B is a seeded brand");
    let cody_id = str_of(cody, "id").to_owned();

    let products = all_items(
        &app,
        "/api/products",
        &format!("brands={cody_id}&inStock=true"),
    )
    .await;
    assert!(!products.is_empty(), "Cody B has products in the demo shop");
    assert!(products.iter().all(|p| p["brand"]["name"] == "Cody B"));
    let apparel = all_items(&app, "/api/apparel", &format!("brands={cody_id}")).await;
    assert!(apparel.iter().all(|p| p["brand"]["name"] == "Cody B"));
    let first = get_ok(
        &app,
        &format!("/api/products?brands={cody_id}&page=1&pageSize=10&inStock=true"),
    )
    .await;
    assert_eq!(first["totalItems"], products.len());
    assert_eq!(first["totalPages"], products.len().div_ceil(10));
    assert_eq!(first["hasMore"], products.len() > 10);

    let by_name = get_ok(&app, "/api/shows/brand/Cody%20B?page=1&pageSize=100").await;
    let by_lower = get_ok(&app, "/api/shows/brand/cody%20b?page=1&pageSize=100").await;
    let by_id = get_ok(
        &app,
        &format!("/api/shows/brand/{cody_id}?page=1&pageSize=100"),
    )
    .await;
    assert_eq!(by_name, by_lower);
    assert_eq!(by_name, by_id);
    let shows = by_name["shows"].as_array().expect("shows");
    assert!(!shows.is_empty(), "Cody B has shows in the demo shop");
    assert!(shows.iter().all(|s| s["brand"]["name"] == "Cody B"));
    let all_shows = get_ok(&app, "/api/shows?pageSize=100").await;
    let want = expected(all_shows["shows"].as_array().expect("shows"), |s| {
        s["brand"]["name"] == "Cody B"
    });
    assert_eq!(ids(shows), want);
    let query_brand = get_ok(&app, "/api/shows?brand=Cody%20B&pageSize=100").await;
    assert_eq!(query_brand["shows"], by_name["shows"]);

    let v = expect(
        app.get("/api/shows/brand/No%20Such%20Brand").await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v, serde_json::json!({"message": "Brand not found"}));
}

#[tokio::test]
async fn the_brand_shows_page_takes_the_brand_key_as_the_client_writes_it() {
    let app = demo_app().await;
    let by_name = get_ok(&app, "/api/shows/brand/Cody%20B?page=1&pageSize=100").await;
    assert!(
        by_name["pagination"]["total"].as_i64() > Some(0),
        "{by_name}"
    );
    for key in ["CODY_B", "cody_b"] {
        let by_key = get_ok(&app, &format!("/api/shows/brand/{key}?page=1&pageSize=100")).await;
        assert_eq!(by_key, by_name, "{key}");
        let query_key = get_ok(&app, &format!("/api/shows?brand={key}&pageSize=100")).await;
        assert_eq!(query_key["shows"], by_name["shows"], "{key}");
    }
    // A key no brand has is still unknown.
    let v = expect(
        app.get("/api/shows/brand/NO_SUCH_BRAND").await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v, serde_json::json!({"message": "Brand not found"}));
}
