//! Back-office product writes (back-office.md §5 "Product", §7; decisions.md "Stock").

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::{demo_app, get_ok};
use crate::checkout::{buyer, pay_ok};
use crate::helpers::{expect, TestApp};

/// A valid product form with this SKU (the first brand, category, colour and effect).
pub async fn form(app: &TestApp, sku: &str) -> Value {
    let m = get_ok(app, "/api/metadata").await;
    let first = |list: &str| m[list][0]["id"].clone();
    json!({
        "sku": sku, "title": "Admin Test Cake", "description": "Loud", "casePrice": 120,
        "inStock": true, "package": "12,6", "isCaseBreakable": false, "image": "",
        "videoURL": "https://www.youtube.com/watch?v=abc", "brandId": first("brands"),
        "categoryId": first("categories"), "colors": [first("colors")], "effects": [first("effects")]
    })
}

#[tokio::test]
async fn only_admins_write_products() {
    let app = demo_app().await;
    let user = app.customer_token("shopper@example.com").await;
    let body = form(&app, "ADM-1").await;
    let s = app.db.quote_samples().expect("samples");
    for (method, path) in [
        (Method::POST, "/api/products".to_owned()),
        (Method::PUT, format!("/api/products/{}", s.case_only.0)),
        (Method::DELETE, format!("/api/products/{}", s.case_only.0)),
    ] {
        let res = app.send(method.clone(), &path, None, Some(&body)).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
        let res = app
            .send(method.clone(), &path, Some(&user), Some(&body))
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
    // GET /api/products/{id} is still public.
    get_ok(&app, &format!("/api/products/{}", s.case_only.0)).await;
}

#[tokio::test]
async fn a_product_is_created_validated_edited_and_deleted_with_its_unit_product() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());

    let res = app
        .send(Method::POST, "/api/products", a, Some(&json!({})))
        .await;
    let v = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    for (field, message) in [
        ("sku", "SKU is required"),
        ("title", "Title is required"),
        ("casePrice", "Valid case price is required"),
        ("package", "Package information is required"),
        ("brandId", "Brand is required"),
        ("categoryId", "Category is required"),
    ] {
        assert_eq!(v["errors"][field], json!([message]), "{field}");
    }
    let mut bad = form(&app, "ADM-2").await;
    bad["package"] = json!("12,,6");
    bad["casePrice"] = json!(0);
    let v = expect(
        app.send(Method::POST, "/api/products", a, Some(&bad)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        v["errors"]["package"],
        json!(["Package must be a comma-separated list of positive numbers"])
    );
    assert_eq!(
        v["errors"]["casePrice"],
        json!(["Valid case price is required"])
    );

    let mut body = form(&app, "ADM-2").await;
    body["isCaseBreakable"] = json!(true);
    let created = expect(
        app.send(Method::POST, "/api/products", a, Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(created["sku"], "ADM-2");
    assert_eq!(created["image"], "/placeholder.png");
    assert_eq!(created["package"], json!([12, 6]));
    assert_eq!(created["unitProduct"]["package"], json!([1, 6]));
    // The price helper on 120.00 for 12 units: ceil(13.14) - 0.01.
    assert_eq!(created["unitProduct"]["unitPrice"], 13.99);
    // The storefront sees it at once.
    let seen = get_ok(&app, &format!("/api/products/{id}")).await;
    assert_eq!(seen["title"], "Admin Test Cake");
    let list = get_ok(
        &app,
        "/api/products?page=1&pageSize=5&searchTitle=admin%20test",
    )
    .await;
    assert_eq!(list["totalItems"], 1);

    let res = app
        .send(Method::POST, "/api/products", a, Some(&body))
        .await;
    let v = expect(res, StatusCode::CONFLICT).await;
    assert_eq!(v["message"], "SKU ADM-2 is already used by another product");

    let mut changed_sku = body.clone();
    changed_sku["sku"] = json!("ADM-3");
    let v = expect(
        app.send(
            Method::PUT,
            &format!("/api/products/{id}"),
            a,
            Some(&changed_sku),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(v["errors"]["sku"], json!(["SKU cannot be changed"]));

    let mut edit = body.clone();
    edit["title"] = json!("Admin Test Cake II");
    edit["unitPrice"] = json!(15.5);
    let v = expect(
        app.send(Method::PUT, &format!("/api/products/{id}"), a, Some(&edit))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["title"], "Admin Test Cake II");
    assert_eq!(v["unitProduct"]["unitPrice"], 15.5);
    assert_eq!(
        get_ok(&app, &format!("/api/products/{id}")).await["title"],
        "Admin Test Cake II"
    );
    // An edit without a unit price keeps the admin's.
    edit.as_object_mut().expect("object").remove("unitPrice");
    edit["casePrice"] = json!(240);
    let v = expect(
        app.send(Method::PUT, &format!("/api/products/{id}"), a, Some(&edit))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["unitProduct"]["unitPrice"], 15.5);

    // Not case-breakable any more, no orders: the unit product is removed.
    edit["isCaseBreakable"] = json!(false);
    let v = expect(
        app.send(Method::PUT, &format!("/api/products/{id}"), a, Some(&edit))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["unitProduct"], Value::Null);
    assert!(
        app.db.unit_stock(&id).is_err(),
        "the unit product row is gone"
    );

    let res = app
        .send(Method::DELETE, &format!("/api/products/{id}"), a, None)
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.get(&format!("/api/products/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let res = app
        .send(Method::DELETE, &format!("/api/products/{id}"), a, None)
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    let rows = app.db.audit_rows("product").expect("audit");
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(actions, ["create", "update", "update", "update", "delete"]);
}

#[tokio::test]
async fn a_unit_product_with_orders_is_kept_unavailable_and_a_product_in_use_is_not_deleted() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    let mut body = form(&app, "ADM-9").await;
    body["isCaseBreakable"] = json!(true);
    let created = expect(
        app.send(Method::POST, "/api/products", a, Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    app.db.set_unit_stock(&id, 5).expect("units");

    let b = buyer(&app, "unitbuyer@example.com").await;
    b.add(&app, &id, true, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;

    body["isCaseBreakable"] = json!(false);
    let v = expect(
        app.send(Method::PUT, &format!("/api/products/{id}"), a, Some(&body))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["unitProduct"], Value::Null, "no longer sold by the unit");
    assert_eq!(app.db.unit_stock(&id).expect("kept for the order"), 4);
    // Case-breakable again: the same unit product, available again, its stock kept.
    body["isCaseBreakable"] = json!(true);
    let v = expect(
        app.send(Method::PUT, &format!("/api/products/{id}"), a, Some(&body))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["unitProduct"]["package"], json!([1, 6]));
    assert_eq!(app.db.unit_stock(&id).expect("units"), 4);

    let res = app
        .send(Method::DELETE, &format!("/api/products/{id}"), a, None)
        .await;
    let v = expect(res, StatusCode::CONFLICT).await;
    assert_eq!(
        v["message"],
        "Admin Test Cake is used by 1 order item and cannot be deleted"
    );

    // A product a show holds.
    let show = get_ok(&app, "/api/shows?page=1&pageSize=1").await;
    let held = show["shows"][0]["showProducts"][0]["product"]["id"]
        .as_str()
        .expect("a show line")
        .to_owned();
    let res = app
        .send(Method::DELETE, &format!("/api/products/{held}"), a, None)
        .await;
    let m = expect(res, StatusCode::CONFLICT).await["message"]
        .as_str()
        .expect("m")
        .to_owned();
    assert!(m.contains(" is used by ") && m.contains("show"), "{m}");
    get_ok(&app, &format!("/api/products/{held}")).await;
}

/// Titles found by a search (every page of it).
async fn search_titles(app: &TestApp, needle: &str) -> Vec<String> {
    crate::catalogue::all_items(
        app,
        "/api/products",
        &format!("inStock=false&searchTitle={needle}"),
    )
    .await
    .into_iter()
    .chain(
        crate::catalogue::all_items(app, "/api/products", &format!("searchTitle={needle}")).await,
    )
    .map(|p| p["title"].as_str().expect("title").to_owned())
    .collect()
}

#[tokio::test]
async fn title_search_follows_a_product_created_renamed_and_deleted() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    assert!(search_titles(&app, "zephyrine").await.is_empty());

    let mut body = form(&app, "SRCH-1").await;
    body["title"] = json!("Zephyrine \"Quoted\" Comet");
    let created = expect(
        app.send(Method::POST, "/api/products", a, Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    for needle in [
        "zephyrine",
        "ZEPHYR",
        "rine%20%22quo",
        "%22quoted%22",
        "comet",
    ] {
        let found = search_titles(&app, needle).await;
        assert!(
            found.contains(&"Zephyrine \"Quoted\" Comet".to_owned()),
            "{needle}: {found:?}"
        );
    }

    body["title"] = json!("Aurelian Willow");
    expect(
        app.send(Method::PUT, &format!("/api/products/{id}"), a, Some(&body))
            .await,
        StatusCode::OK,
    )
    .await;
    assert!(
        search_titles(&app, "zephyrine").await.is_empty(),
        "old title"
    );
    assert_eq!(
        search_titles(&app, "aurelian wil").await,
        ["Aurelian Willow"]
    );

    let res = app
        .send(Method::DELETE, &format!("/api/products/{id}"), a, None)
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    assert!(search_titles(&app, "aurelian").await.is_empty(), "deleted");
    // Two characters are below a trigram: still found, by reading the titles.
    assert!(!search_titles(&app, "ke").await.is_empty());
}

#[tokio::test]
async fn the_image_word_placeholder_is_stored_as_no_image() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let mut body = form(&app, "ADM-PH-1").await;
    body["image"] = json!("placeholder");
    let created = expect(
        app.send(Method::POST, "/api/products", Some(&admin), Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(created["image"], "/placeholder.png");
}

#[tokio::test]
async fn the_admin_sets_the_unit_price_and_stock_and_the_product_answers_them() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    let mut body = form(&app, "ADM-US-1").await;
    body["isCaseBreakable"] = json!(true);
    body["unitStock"] = json!(7);
    let created = expect(
        app.send(Method::POST, "/api/products", a, Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    // The price helper's price, and the admin's count.
    assert_eq!(created["unitProduct"]["unitPrice"], 13.99);
    assert_eq!(created["unitProduct"]["availableStock"], 7);
    assert_eq!(app.db.unit_stock(&id).expect("stock"), 7);

    // Left out, the count stays as sold; given, it is the admin's.
    app.db.set_unit_stock(&id, 5).expect("sold two");
    body["unitPrice"] = json!(39.99);
    body.as_object_mut().expect("object").remove("unitStock");
    let path = format!("/api/products/{id}");
    let v = expect(
        app.send(Method::PUT, &path, a, Some(&body)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["unitProduct"]["unitPrice"], 39.99);
    assert_eq!(v["unitProduct"]["availableStock"], 5);
    body["unitStock"] = json!(48);
    let v = expect(
        app.send(Method::PUT, &path, a, Some(&body)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["unitProduct"]["availableStock"], 48);
    assert_eq!(
        get_ok(&app, &path).await["unitProduct"]["availableStock"],
        48
    );

    for bad in [json!(-1), json!(1_000_001), json!(2.5)] {
        body["unitStock"] = bad.clone();
        let res = app.send(Method::PUT, &path, a, Some(&body)).await;
        assert!(res.status().is_client_error(), "{bad}: {}", res.status());
    }
    assert_eq!(
        app.db.unit_stock(&id).expect("stock"),
        48,
        "a refused count changes nothing"
    );
}
