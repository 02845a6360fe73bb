//! The cart API (storefront.md §7): owner only, the rules of what can be added, quantities,
//! removal, and the limits.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::catalogue::demo_app;
use crate::helpers::{body, expect, TestApp};

/// A signed-in shopper: (token, cart id).
async fn shopper(app: &TestApp, email: &str) -> (String, String) {
    let v = app.customer(email).await;
    (
        v["token"].as_str().expect("token").to_owned(),
        v["userInfo"]["Cart"]["id"]
            .as_str()
            .expect("cart")
            .to_owned(),
    )
}

async fn call(
    app: &TestApp,
    token: &str,
    cart: &str,
    action: &str,
    body: Value,
) -> reqwest::Response {
    app.post_json_as(&format!("/api/cart/{cart}/{action}"), token, &body)
        .await
}

fn line<'a>(cart: &'a Value, product: &str) -> Option<&'a Value> {
    cart["cartProducts"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|l| l["productId"] == product)
}

#[tokio::test]
async fn every_cart_call_needs_a_token_and_the_owner() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (owner, cart) = shopper(&app, "owner@example.com").await;
    let (stranger, _) = shopper(&app, "stranger@example.com").await;
    let add = json!({"productId": s.case_only.0});
    let calls = [
        ("add", add.clone()),
        ("remove", add.clone()),
        (
            "updateQuantity",
            json!({"productId": s.case_only.0, "quantity": 2}),
        ),
    ];
    let res = app.get(&format!("/api/cart/{cart}")).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app.get_as(&format!("/api/cart/{cart}"), &stranger).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(body(res).await["message"], "Cart not found");
    for (action, payload) in &calls {
        let res = app
            .client
            .post(app.url(&format!("/api/cart/{cart}/{action}")))
            .json(payload)
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{action}");
        let res = call(&app, &stranger, &cart, action, payload.clone()).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{action}");
    }
    // The stranger's attempts changed nothing.
    let v = expect(
        app.get_as(&format!("/api/cart/{cart}"), &owner).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["cartProducts"], json!([]));
    let res = app.get_as("/api/cart/no-such-cart", &owner).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn cases_and_units_add_up_on_one_line_with_its_product() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (token, cart) = shopper(&app, "buyer@example.com").await;
    let product = &s.breakable.0;
    for _ in 0..2 {
        expect(
            call(
                &app,
                &token,
                &cart,
                "add",
                json!({"productId": product, "cartId": cart}),
            )
            .await,
            StatusCode::OK,
        )
        .await;
    }
    let v = expect(
        call(
            &app,
            &token,
            &cart,
            "add",
            json!({"productId": product, "isUnit": true, "variantId": "unit"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let l = line(&v, product).expect("the line");
    assert_eq!(l["caseQuantity"], 2);
    assert_eq!(l["unitQuantity"], 1);
    assert_eq!(l["variantId"], Value::Null);
    assert_eq!(l["product"]["id"], *product);
    assert!(l["product"]["unitProduct"]["unitPrice"].is_number());
    assert_eq!(v["cartProducts"].as_array().expect("lines").len(), 1);
    let res = app.get_as(&format!("/api/cart/{cart}"), &token).await;
    assert_eq!(res.headers()["cache-control"], "no-store");

    // Units of a product sold by the case only, and of a show, are refused.
    for refused in [&s.case_only.0, &s.show.0] {
        let res = call(
            &app,
            &token,
            &cart,
            "add",
            json!({"productId": refused, "isUnit": true}),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body(res).await["message"]
            .as_str()
            .expect("message")
            .ends_with("is sold by the case only"));
    }
    // A body naming another cart is refused.
    let res = call(
        &app,
        &token,
        &cart,
        "add",
        json!({"productId": product, "cartId": "other"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn apparel_needs_one_of_its_variants_in_stock() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (token, cart) = shopper(&app, "tee@example.com").await;
    let (apparel, variant, _) = &s.variants[0];
    let other = s.variants.iter().find(|v| v.0 != *apparel).expect("other");
    for none in [json!(null), json!("unit"), json!("case"), json!("")] {
        let res = call(
            &app,
            &token,
            &cart,
            "add",
            json!({"productId": apparel, "variantId": none}),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{none}");
    }
    let res = call(
        &app,
        &token,
        &cart,
        "add",
        json!({"productId": apparel, "variantId": other.1}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let v = expect(
        call(
            &app,
            &token,
            &cart,
            "add",
            json!({"productId": apparel, "variantId": variant, "isUnit": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    let l = line(&v, apparel).expect("the line");
    assert_eq!(l["variantId"], *variant);
    assert_eq!(l["variant"]["id"], *variant);
    // Apparel items count as cases.
    assert_eq!(
        (l["caseQuantity"].clone(), l["unitQuantity"].clone()),
        (json!(1), json!(0))
    );
}

#[tokio::test]
async fn an_out_of_stock_case_is_refused_with_a_message() {
    let app = demo_app().await;
    let (token, cart) = shopper(&app, "late@example.com").await;
    let page = expect(
        app.get("/api/products?inStock=false&pageSize=1").await,
        StatusCode::OK,
    )
    .await;
    let product = &page["contents"][0];
    let res = call(
        &app,
        &token,
        &cart,
        "add",
        json!({"productId": product["id"]}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(
        body(res).await["message"],
        format!(
            "{} is out of stock",
            product["title"].as_str().expect("title")
        )
    );
    let res = call(
        &app,
        &token,
        &cart,
        "add",
        json!({"productId": "no-such-product"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn quantities_are_set_removed_and_bounded() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (token, cart) = shopper(&app, "qty@example.com").await;
    let product = &s.breakable.0;
    let set = |quantity: i64, is_unit: bool| json!({"productId": product, "quantity": quantity, "isUnit": is_unit});
    let v = expect(
        call(&app, &token, &cart, "updateQuantity", set(5, false)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(line(&v, product).expect("line")["caseQuantity"], 5);
    let v = expect(
        call(&app, &token, &cart, "updateQuantity", set(3, true)).await,
        StatusCode::OK,
    )
    .await;
    let l = line(&v, product).expect("line");
    assert_eq!(
        (l["caseQuantity"].clone(), l["unitQuantity"].clone()),
        (json!(5), json!(3))
    );
    for bad in [-1, 10_000] {
        let res = call(&app, &token, &cart, "updateQuantity", set(bad, false)).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    let v = expect(
        call(&app, &token, &cart, "updateQuantity", set(0, false)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(line(&v, product).expect("line")["caseQuantity"], 0);
    let v = expect(
        call(&app, &token, &cart, "updateQuantity", set(0, true)).await,
        StatusCode::OK,
    )
    .await;
    assert!(
        line(&v, product).is_none(),
        "a line with nothing left is removed"
    );

    expect(
        call(&app, &token, &cart, "add", json!({"productId": product})).await,
        StatusCode::OK,
    )
    .await;
    let v = expect(
        call(&app, &token, &cart, "remove", json!({"productId": product})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["cartProducts"], json!([]));
    // Removing what is not there changes nothing.
    expect(
        call(&app, &token, &cart, "remove", json!({"productId": product})).await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn a_cart_holds_at_most_200_lines() {
    let app = demo_app().await;
    let (token, cart) = shopper(&app, "hoarder@example.com").await;
    let mut ids = Vec::new();
    for page in 1..=3 {
        let v = expect(
            app.get(&format!(
                "/api/products?inStock=true&pageSize=100&page={page}"
            ))
            .await,
            StatusCode::OK,
        )
        .await;
        ids.extend(
            v["contents"]
                .as_array()
                .expect("contents")
                .iter()
                .map(|p| p["id"].as_str().expect("id").to_owned()),
        );
    }
    assert!(ids.len() > 200, "{} products in stock", ids.len());
    for id in &ids[..200] {
        expect(
            call(&app, &token, &cart, "add", json!({"productId": id})).await,
            StatusCode::OK,
        )
        .await;
    }
    let res = call(&app, &token, &cart, "add", json!({"productId": ids[200]})).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(body(res).await["message"], "A cart holds at most 200 lines");
    // More of a line already there is fine.
    expect(
        call(&app, &token, &cart, "add", json!({"productId": ids[0]})).await,
        StatusCode::OK,
    )
    .await;
}
