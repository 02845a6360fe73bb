//! Ids checked at the edge (issue 33): a path id that cannot be an id (a character outside
//! `[A-Za-z0-9_-]`, or longer than 64) gets exactly the answer an unknown id gets, status and
//! JSON, and the checks the route made before looking the id up still come first.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::demo_app;
use crate::helpers::{body, TestApp};

/// Path segments that can never be ids (percent-encoded where a URL needs it).
fn malformed() -> Vec<String> {
    vec![
        "a%20b".to_owned(),
        "a.b".to_owned(),
        "%C3%A9t%C3%A9".to_owned(),
        "x".repeat(65),
    ]
}

/// The status and JSON answer of `method path` (with `body`) as `token`.
async fn answer(
    app: &TestApp,
    method: &Method,
    path: &str,
    token: &str,
    body_json: Option<&Value>,
) -> (StatusCode, Value) {
    let res = app.send(method.clone(), path, Some(token), body_json).await;
    (res.status(), body(res).await)
}

/// For each `template` (`{id}` marks the id), a malformed id answers what `no-such-id` does.
async fn answers_as_unknown(
    app: &TestApp,
    token: &str,
    routes: &[(Method, &str, Option<Value>, StatusCode)],
) {
    for (method, template, body_json, status) in routes {
        let unknown = answer(
            app,
            method,
            &template.replace("{id}", "no-such-id"),
            token,
            body_json.as_ref(),
        )
        .await;
        assert_eq!(unknown.0, *status, "{method} {template}: {}", unknown.1);
        for bad in malformed() {
            let path = template.replace("{id}", &bad);
            let got = answer(app, method, &path, token, body_json.as_ref()).await;
            assert_eq!(got, unknown, "{method} {path}");
        }
    }
}

#[tokio::test]
async fn a_malformed_report_or_case_break_id_answers_as_an_unknown_one() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let process = "/api/reports/case-break/{id}/process";
    answers_as_unknown(
        &app,
        &admin,
        &[
            (
                Method::GET,
                "/api/reports/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::GET,
                "/api/reports/{id}/csv",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::POST,
                process,
                Some(json!({"quantityAdded": 12})),
                StatusCode::NOT_FOUND,
            ),
            // The quantity is checked before the request is looked up.
            (
                Method::POST,
                process,
                Some(json!({"quantityAdded": 0})),
                StatusCode::BAD_REQUEST,
            ),
        ],
    )
    .await;
}

/// A form field naming a brand, category or colour with a text that cannot be an id answers
/// as one naming an unknown id (the rest of the form valid).
#[tokio::test]
async fn a_malformed_reference_in_a_form_answers_as_an_unknown_one() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let product = crate::product_admin::form(&app, "MAL-1").await;
    let m = crate::catalogue::get_ok(&app, "/api/metadata").await;
    let apparel = json!({
        "title": "Malformed Tee", "casePrice": 240, "inStock": true, "image": "",
        "brandId": m["brands"][0]["id"], "categoryId": m["categories"][0]["id"],
        "apparelTypeId": m["apparelTypes"][0]["id"], "colors": [m["colors"][0]["id"]],
        "variants": [{"size": "M", "gender": "MALE", "colorId": m["colors"][0]["id"], "unitPrice": 20}]
    });
    let cases = [
        ("/api/products", &product, "/brandId"),
        ("/api/products", &product, "/categoryId"),
        ("/api/products", &product, "/colors/0"),
        ("/api/apparel/products", &apparel, "/brandId"),
        ("/api/apparel/products", &apparel, "/colors/0"),
        ("/api/apparel/products", &apparel, "/variants/0/colorId"),
    ];
    // With another fault too: a missing title (the form's own check comes first), or an
    // unknown colour (refused beside it by the same check).
    let mut untitled = product.clone();
    untitled["title"] = json!("");
    let mut two_colours = product.clone();
    two_colours["colors"] = json!(["no-such-colour", "x"]);
    let more = [
        ("/api/products", &untitled, "/brandId"),
        ("/api/products", &two_colours, "/brandId"),
        ("/api/products", &two_colours, "/colors/1"),
    ];
    for (path, form, field) in cases.into_iter().chain(more) {
        let with = |id: &str| {
            let mut body = form.clone();
            *body.pointer_mut(field).expect("field") = json!(id);
            body
        };
        let unknown = answer(&app, &Method::POST, path, &admin, Some(&with("no-such-id"))).await;
        assert!(unknown.0.is_client_error(), "{path} {field}: {}", unknown.1);
        for bad in ["a b", "a/b", "\u{e9}t\u{e9}", &"x".repeat(65)] {
            let got = answer(&app, &Method::POST, path, &admin, Some(&with(bad))).await;
            let unknown_text = unknown.1.to_string().replace("no-such-id", bad);
            assert_eq!(got.0, unknown.0, "{path} {field} {bad:?}");
            assert_eq!(got.1.to_string(), unknown_text, "{path} {field} {bad:?}");
        }
    }
}

#[tokio::test]
async fn a_malformed_product_variant_order_terminal_or_user_id_answers_as_an_unknown_one() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let customer = app.customer_token("malformed@example.com").await;
    let status = "/api/reports/purchases/{id}";
    answers_as_unknown(
        &app,
        &admin,
        &[
            (
                Method::GET,
                "/api/products/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::GET,
                "/api/apparel/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (Method::GET, "/api/shows/{id}", None, StatusCode::NOT_FOUND),
            (
                Method::GET,
                "/api/terminal/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::GET,
                "/api/admin/users/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::DELETE,
                "/api/products/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::DELETE,
                "/api/apparel/products/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::DELETE,
                "/api/shows/{id}",
                None,
                StatusCode::NOT_FOUND,
            ),
            (
                Method::PUT,
                "/api/apparel/variants/{id}/stock",
                Some(json!({"availableStock": 5})),
                StatusCode::NOT_FOUND,
            ),
            // The count is checked before the variant is looked up.
            (
                Method::PUT,
                "/api/apparel/variants/{id}/stock",
                Some(json!({"availableStock": -1})),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                Method::PATCH,
                status,
                Some(json!({"status": "COMPLETED"})),
                StatusCode::NOT_FOUND,
            ),
            // The status is checked before the order is looked up.
            (
                Method::PATCH,
                status,
                Some(json!({"status": "LOST"})),
                StatusCode::BAD_REQUEST,
            ),
        ],
    )
    .await;
    answers_as_unknown(
        &app,
        &customer,
        &[(Method::GET, "/api/orders/{id}", None, StatusCode::NOT_FOUND)],
    )
    .await;
}

/// The catalogue's updates check the form first: a malformed id answers 404 with a valid form
/// and the form's 422 with an invalid one, as an unknown id does.
#[tokio::test]
async fn a_malformed_id_in_a_catalogue_update_answers_as_an_unknown_one() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let product = crate::product_admin::form(&app, "MAL-2").await;
    let show = crate::show_admin::form(&app).await;
    let m = crate::catalogue::get_ok(&app, "/api/metadata").await;
    let apparel = json!({
        "title": "Malformed Tee", "casePrice": 240, "inStock": true, "image": "",
        "brandId": m["brands"][0]["id"], "categoryId": m["categories"][0]["id"],
        "apparelTypeId": m["apparelTypes"][0]["id"], "colors": [],
        "variants": [{"size": "M", "gender": "MALE", "unitPrice": 20}]
    });
    let untitled = |form: &Value| {
        let mut form = form.clone();
        form["title"] = json!("");
        Some(form)
    };
    let mut routes = Vec::new();
    for (path, form) in [
        ("/api/products/{id}", &product),
        ("/api/apparel/products/{id}", &apparel),
        ("/api/shows/{id}", &show),
    ] {
        routes.push((Method::PUT, path, Some(form.clone()), StatusCode::NOT_FOUND));
        routes.push((
            Method::PUT,
            path,
            untitled(form),
            StatusCode::UNPROCESSABLE_ENTITY,
        ));
    }
    answers_as_unknown(&app, &admin, &routes).await;
}
