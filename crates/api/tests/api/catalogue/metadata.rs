//! The metadata lists with their product counts, and the terminals.

use reqwest::StatusCode;

use super::{demo_app, expected, get_ok, ids, str_of};
use crate::helpers::expect;

#[tokio::test]
async fn metadata_lists_every_kind_and_pages_with_product_counts() {
    let app = demo_app().await;
    let m = get_ok(&app, "/api/metadata").await;
    for (key, at_least) in [
        ("brands", 50),
        ("categories", 24),
        ("colors", 12),
        ("effects", 31),
        ("apparelTypes", 5),
        ("showTypes", 7),
    ] {
        let list = m[key].as_array().unwrap_or_else(|| panic!("{key}"));
        assert!(list.len() >= at_least, "{key}: {}", list.len());
        let names: Vec<&str> = list.iter().map(|i| str_of(i, "name")).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted, "{key} sorted by name");
    }
    let brand_count = m["brands"].as_array().map(Vec::len).expect("brands");

    // Each kind an array of the page's items, the paging facts beside them (issue 32, item
    // 17); a kind that `type` leaves out is an empty array without paging facts.
    let paged = get_ok(&app, "/api/metadata?type=brands&page=2&pageSize=10").await;
    assert_eq!(paged["categories"], serde_json::json!([]));
    assert!(paged["pagination"].get("categories").is_none());
    let brands = &paged["pagination"]["brands"];
    assert_eq!(brands["page"], 2);
    assert_eq!(brands["pageSize"], 10);
    assert_eq!(brands["totalItems"], brand_count);
    assert_eq!(brands["totalPages"], brand_count.div_ceil(10));
    assert_eq!(brands["hasMore"], brand_count > 20);
    let contents = paged["brands"].as_array().expect("brands");
    assert_eq!(contents.len(), 10);
    assert_eq!(
        ids(contents),
        ids(&m["brands"].as_array().expect("brands")[10..20])
    );

    // productCount counts products of every kind.
    let cody = get_ok(&app, "/api/metadata?type=brand&searchTitle=cody").await;
    let cody = &cody["brands"][0];
    assert_eq!(cody["name"], "Cody B");
    let id = str_of(cody, "id");
    let fireworks = get_ok(&app, &format!("/api/products?brands={id}&pageSize=1")).await;
    let apparel = get_ok(
        &app,
        &format!("/api/apparel?brands={id}&showOutOfStock=true&pageSize=1"),
    )
    .await;
    let shows = get_ok(&app, &format!("/api/shows/brand/{id}?pageSize=1")).await;
    assert_eq!(
        cody["productCount"].as_i64(),
        Some(
            fireworks["totalItems"].as_i64().expect("n")
                + apparel["totalItems"].as_i64().expect("n")
                + shows["pagination"]["total"].as_i64().expect("n")
        )
    );

    let all_kinds = get_ok(&app, "/api/metadata?page=1&pageSize=5").await;
    for key in ["brands", "categories", "colors", "effects"] {
        assert_eq!(all_kinds[key].as_array().map(Vec::len), Some(5), "{key}");
        assert!(all_kinds[key][0]["productCount"].is_i64());
        assert_eq!(all_kinds["pagination"][key]["page"], 1, "{key}");
        assert!(
            all_kinds["pagination"][key]["totalItems"].as_i64() > Some(5),
            "{key}"
        );
    }
    let v = expect(
        app.get("/api/metadata?type=flavours").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(str_of(&v, "message").contains("type"));
    expect(
        app.get("/api/metadata?type=colors&pageSize=0").await,
        StatusCode::BAD_REQUEST,
    )
    .await;
}

#[tokio::test]
async fn terminals_filter_by_state_and_zip_prefix() {
    let app = demo_app().await;
    let all = get_ok(&app, "/api/terminal").await;
    let all = all.as_array().expect("terminals").clone();
    assert!(!all.is_empty());
    let t = &all[0];
    for key in [
        "id",
        "terminalName",
        "company",
        "address",
        "acceptOutOfStateLicence",
        "businessRequired",
    ] {
        assert!(t.get(key).is_some(), "{key} missing in {t}");
    }
    let state = str_of(&t["address"], "state").to_owned();
    let zip = str_of(&t["address"], "postalCode").to_owned();

    let in_state = get_ok(
        &app,
        &format!("/api/terminal?state={}", state.to_lowercase()),
    )
    .await;
    let want = expected(&all, |x| x["address"]["state"] == state.as_str());
    assert_eq!(ids(in_state.as_array().expect("list")), want);

    let prefix = &zip[..3];
    let by_zip = get_ok(
        &app,
        &format!("/api/terminal?state={state}&zipcode={prefix}"),
    )
    .await;
    let want = expected(&all, |x| {
        x["address"]["state"] == state.as_str()
            && str_of(&x["address"], "postalCode").starts_with(prefix)
    });
    assert!(!want.is_empty());
    assert_eq!(ids(by_zip.as_array().expect("list")), want);

    let zip_only = get_ok(&app, &format!("/api/terminal?zipcode={zip}")).await;
    assert!(ids(zip_only.as_array().expect("list")).contains(&str_of(t, "id").to_owned()));

    let none = get_ok(&app, "/api/terminal?state=ND&zipcode=00000").await;
    assert_eq!(none, serde_json::json!([]));

    for query in ["state=XX", "state=North", "zipcode=58%25"] {
        let v = expect(
            app.get(&format!("/api/terminal?{query}")).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(v["message"].is_string());
    }

    let one = get_ok(&app, &format!("/api/terminal/{}", str_of(t, "id"))).await;
    assert_eq!(&one, t);
    let v = expect(
        app.get("/api/terminal/0b5c6f4e-2a59-4d51-9c3e-8f1f1c2b7a10")
            .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v, serde_json::json!({"message": "Terminal not found"}));
}
