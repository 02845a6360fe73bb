//! Back-office show writes (back-office.md §4, §5 "Show", §7; decisions.md "Stock").

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::{demo_app, get_ok};
use crate::checkout::{buyer, pay_ok};
use crate::helpers::{expect, TestApp};

pub async fn form(app: &TestApp) -> Value {
    let m = get_ok(app, "/api/metadata").await;
    let s = app.db.quote_samples().expect("samples");
    json!({
        "title": "Backyard Blast", "description": "Twenty minutes", "casePrice": 499.99, "inStock": true,
        "showTypeId": m["showTypes"][0]["id"], "brandId": m["brands"][0]["id"], "categoryId": m["categories"][0]["id"],
        "products": [
            {"productId": s.breakable.0, "quantity": 2, "isUnit": false, "notes": "finale"},
            {"productId": s.breakable.0, "quantity": 6, "isUnit": true},
            {"productId": s.case_only.0, "quantity": 1}
        ]
    })
}

#[tokio::test]
async fn shows_are_created_checked_edited_and_deleted_by_admins_only() {
    let app = demo_app().await;
    let user = app.customer_token("shopper@example.com").await;
    let admin = app.login_as_admin().await;
    let a = Some(admin.as_str());
    let body = form(&app).await;
    for (method, path) in [
        (Method::POST, "/api/shows"),
        (Method::PUT, "/api/shows/x"),
        (Method::DELETE, "/api/shows/x"),
    ] {
        assert_eq!(
            app.send(method.clone(), path, None, Some(&body))
                .await
                .status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            app.send(method, path, Some(&user), Some(&body))
                .await
                .status(),
            StatusCode::FORBIDDEN
        );
    }

    let v = expect(
        app.send(Method::POST, "/api/shows", a, Some(&json!({})))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    for (field, message) in [
        ("title", "Title is required"),
        ("showTypeId", "Show Type is required"),
        ("casePrice", "Valid price is required"),
        ("products", "At least one product is required"),
        ("brandId", "Brand is required"),
        ("categoryId", "Category is required"),
    ] {
        assert_eq!(v["errors"][field], json!([message]), "{field}");
    }
    let s = app.db.quote_samples().expect("samples");
    let mut bad = body.clone();
    bad["products"] = json!([
        {"productId": s.case_only.0, "quantity": 1},
        {"productId": s.case_only.0, "quantity": 2},
        {"productId": s.case_only.0, "quantity": 1, "isUnit": true},
        {"productId": s.show.0, "quantity": 1}
    ]);
    let v = expect(
        app.send(Method::POST, "/api/shows", a, Some(&bad)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let msg = |f: &str| v["errors"][f][0].as_str().unwrap_or_default().to_owned();
    assert!(
        msg("products[1].productId").ends_with("is already in the show as a case"),
        "{v}"
    );
    assert!(
        msg("products[2].productId").ends_with("cannot be added by the unit"),
        "{v}"
    );
    assert!(
        msg("products[3].productId").starts_with("A show cannot hold another show"),
        "{v}"
    );
    let mut zero = body.clone();
    zero["products"][0]["quantity"] = json!(0);
    let v = expect(
        app.send(Method::POST, "/api/shows", a, Some(&zero)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        v["errors"]["products[0].quantity"],
        json!(["Quantity must be a whole number from 1 to 9999"])
    );

    let created = expect(
        app.send(Method::POST, "/api/shows", a, Some(&body)).await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    assert!(created["sku"].as_str().expect("sku").starts_with("SHOW-"));
    assert_eq!(created["showProducts"].as_array().map(Vec::len), Some(3));
    let seen = get_ok(&app, &format!("/api/shows/{id}")).await;
    assert_eq!(seen["title"], "Backyard Blast");
    let units = seen["showProducts"]
        .as_array()
        .expect("lines")
        .iter()
        .filter(|l| l["isUnit"] == true)
        .count();
    assert_eq!(units, 1);

    // A second show takes the next number.
    let again = expect(
        app.send(Method::POST, "/api/shows", a, Some(&body)).await,
        StatusCode::CREATED,
    )
    .await;
    let n = |v: &Value| {
        v["sku"].as_str().expect("sku")[5..]
            .parse::<u32>()
            .expect("number")
    };
    assert_eq!(n(&again), n(&created) + 1);

    let mut edit = body.clone();
    edit["title"] = json!("Backyard Blast II");
    edit["products"] = json!([{"productId": s.case_only.0, "quantity": 4}]);
    let v = expect(
        app.send(Method::PUT, &format!("/api/shows/{id}"), a, Some(&edit))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["title"], "Backyard Blast II");
    assert_eq!(v["sku"], created["sku"]);
    assert_eq!(v["showProducts"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["showProducts"][0]["quantity"], 4);
    let res = app
        .send(
            Method::PUT,
            &format!("/api/shows/{}", s.case_only.0),
            a,
            Some(&edit),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "a product is not a show"
    );

    // The show holds the product now: deleting the product is refused.
    let res = app
        .send(
            Method::DELETE,
            &format!("/api/products/{}", s.case_only.0),
            a,
            None,
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);

    // Bought: the show cannot be deleted; the other one can.
    let b = buyer(&app, "showbuyer@example.com").await;
    b.add(&app, &id, false, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    let v = expect(
        app.send(Method::DELETE, &format!("/api/shows/{id}"), a, None)
            .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(
        v["message"],
        "Backyard Blast II is used by 1 order item and cannot be deleted"
    );
    let other = again["id"].as_str().expect("id");
    assert_eq!(
        app.send(Method::DELETE, &format!("/api/shows/{other}"), a, None)
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.get(&format!("/api/shows/{other}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let actions: Vec<String> = app
        .db
        .audit_rows("show")
        .expect("audit")
        .into_iter()
        .map(|r| r.0)
        .collect();
    assert_eq!(actions, ["create", "create", "update", "delete"]);
}

#[tokio::test]
async fn a_line_note_past_the_limit_answers_422_on_its_line() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let mut body = form(&app).await;
    body["products"][0]["notes"] = json!("x".repeat(domain::catalogue::MAX_SHOW_NOTES_LEN + 1));
    let v = expect(
        app.send(Method::POST, "/api/shows", Some(&admin), Some(&body))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        v["errors"]["products[0].notes"],
        json!(["Notes must be at most 500 characters"])
    );
    body["products"][0]["notes"] = json!("x".repeat(domain::catalogue::MAX_SHOW_NOTES_LEN));
    expect(
        app.send(Method::POST, "/api/shows", Some(&admin), Some(&body))
            .await,
        StatusCode::CREATED,
    )
    .await;
}
