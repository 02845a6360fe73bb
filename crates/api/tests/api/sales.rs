//! The back office's orders and case breaks (issue 12): the purchase order report with its
//! buyers, lines and totals, status changes with their history, and case break requests
//! processed exactly once.

use chrono::Utc;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::demo_app;
use crate::checkout::{buyer, pay_ok, Buyer};
use crate::helpers::{expect, TestApp};

fn today() -> String {
    Utc::now().format("%Y-%m-%d").to_string()
}

async fn admin_get(app: &TestApp, admin: &str, path: &str) -> Value {
    expect(app.get_as(path, admin).await, StatusCode::OK).await
}

/// Places one paid order for `b` of what their cart holds; answers the order JSON.
async fn buy(app: &TestApp, b: &Buyer) -> Value {
    let (token, quote) = b.checkout(app).await;
    pay_ok(app, &token).await;
    expect(b.complete(app, &token, &quote).await, StatusCode::OK).await
}

#[tokio::test]
async fn only_admins_see_and_change_orders_and_case_breaks() {
    let app = demo_app().await;
    let user = app.customer_token("salesnosy@example.com").await;
    let status = json!({"status": "COMPLETED"});
    let process = json!({"quantityAdded": 1});
    for (method, path, body) in [
        (Method::GET, "/api/reports/purchases", None),
        (Method::GET, "/api/reports/purchases/totals", None),
        (
            Method::PATCH,
            "/api/reports/purchases/some-id",
            Some(&status),
        ),
        (Method::GET, "/api/reports/case-break", None),
        (
            Method::POST,
            "/api/reports/case-break/some-id/process",
            Some(&process),
        ),
    ] {
        let res = app.send(method.clone(), path, None, body).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
        let res = app.send(method.clone(), path, Some(&user), body).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
}

#[tokio::test]
async fn the_purchase_report_lists_orders_with_buyers_totals_and_a_status_history() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    let (apparel, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 10).expect("stock");
    let b = buyer(&app, "reported@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    b.add(&app, &apparel, false, Some(&variant)).await;
    let first = buy(&app, &b).await;
    b.add(&app, &s.show.0, false, None).await;
    let second = buy(&app, &b).await;

    let range = format!("startDate={0}&endDate={0}", today());
    // An array of orders (back-office.md §7); the count and total come from `/totals`.
    let report = admin_get(&app, &admin, &format!("/api/reports/purchases?{range}")).await;
    let data = report.as_array().expect("an array of orders");
    assert_eq!(data.len(), 2);
    let totals = admin_get(
        &app,
        &admin,
        &format!("/api/reports/purchases/totals?{range}"),
    )
    .await;
    assert_eq!(totals["count"], 2);
    // Newest first; the total is the server's sum of the grand totals, to the cent.
    assert_eq!(data[0]["id"], second["id"]);
    let cents = |v: &Value| (v.as_f64().expect("number") * 100.0).round() as i64;
    assert_eq!(
        cents(&totals["totalSales"]),
        cents(&first["grandTotal"]) + cents(&second["grandTotal"])
    );
    let order = &data[1];
    assert_eq!(order["user"]["email"], "reported@example.com");
    assert_eq!(order["user"]["profile"]["firstName"], "Jo");
    assert_eq!(order["shippingAddress"]["state"], "ND");
    for key in [
        "subTotal",
        "shippingCost",
        "tax",
        "liftGateFee",
        "grandTotal",
    ] {
        assert!(order[key].is_number(), "{key}");
    }
    assert_eq!(cents(&order["grandTotal"]), cents(&first["grandTotal"]));
    let items = order["purchaseItems"].as_array().expect("items");
    let apparel_line = items
        .iter()
        .find(|i| i["variant"].is_object())
        .expect("the apparel line");
    assert_eq!(apparel_line["product"]["isApparel"], true);
    assert!(apparel_line["variant"]["sku"].is_string());
    assert!(data[0]["purchaseItems"][0]["product"]["isShow"] == true);
    assert_eq!(
        order["statusHistory"],
        json!([{
            "from": null, "to": "PENDING", "changedBy": null,
            "changedAt": order["statusHistory"][0]["changedAt"]
        }])
    );

    // Status changes, recorded with who, from and to.
    let id = order["id"].as_str().expect("id");
    let path = format!("/api/reports/purchases/{id}");
    for status in ["PROCESSING", "COMPLETED"] {
        let res = app
            .send(
                Method::PATCH,
                &path,
                Some(&admin),
                Some(&json!({"status": status})),
            )
            .await;
        assert_eq!(expect(res, StatusCode::OK).await["status"], status);
    }
    let again = app
        .send(
            Method::PATCH,
            &path,
            Some(&admin),
            Some(&json!({"status": "COMPLETED"})),
        )
        .await;
    let history = expect(again, StatusCode::OK).await["statusHistory"].clone();
    let steps: Vec<(Value, Value, Value)> = history
        .as_array()
        .expect("history")
        .iter()
        .map(|h| (h["from"].clone(), h["to"].clone(), h["changedBy"].clone()))
        .collect();
    assert_eq!(
        steps,
        [
            (Value::Null, json!("PENDING"), Value::Null),
            (
                json!("PENDING"),
                json!("PROCESSING"),
                json!("admin@example.com")
            ),
            (
                json!("PROCESSING"),
                json!("COMPLETED"),
                json!("admin@example.com")
            ),
        ],
        "setting the status it has records nothing"
    );
    let res = app
        .send(
            Method::PATCH,
            &path,
            Some(&admin),
            Some(&json!({"status": "SHIPPED"})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res = app
        .send(
            Method::PATCH,
            "/api/reports/purchases/no-such-order",
            Some(&admin),
            Some(&json!({"status": "FAILED"})),
        )
        .await;
    assert_eq!(
        expect(res, StatusCode::NOT_FOUND).await["message"],
        "Order not found"
    );

    // Filters: status, and a range without orders; bad dates are refused.
    let completed = admin_get(
        &app,
        &admin,
        &format!("/api/reports/purchases?{range}&status=COMPLETED"),
    )
    .await;
    assert_eq!(completed.as_array().map(Vec::len), Some(1));
    let completed = admin_get(
        &app,
        &admin,
        &format!("/api/reports/purchases/totals?{range}&status=COMPLETED"),
    )
    .await;
    assert_eq!(completed["count"], 1);
    let none = admin_get(
        &app,
        &admin,
        "/api/reports/purchases?startDate=2020-01-01&endDate=2020-01-02",
    )
    .await;
    assert_eq!(none, json!([]));
    let none = admin_get(
        &app,
        &admin,
        "/api/reports/purchases/totals?startDate=2020-01-01&endDate=2020-01-02",
    )
    .await;
    assert_eq!(
        (none["count"].as_i64(), cents(&none["totalSales"])),
        (Some(0), 0)
    );
    // A malformed date is 400; two dates that make no range, 422.
    for (bad, status) in [
        ("startDate=yesterday", StatusCode::BAD_REQUEST),
        ("startDate=2026-02-30", StatusCode::BAD_REQUEST),
        (
            "startDate=2030-01-02&endDate=2030-01-01",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        for route in ["/api/reports/purchases", "/api/reports/purchases/totals"] {
            let res = app.get_as(&format!("{route}?{bad}"), &admin).await;
            assert_eq!(res.status(), status, "{route} {bad}");
        }
    }
    let rows = app.db.audit_rows("order").expect("audit");
    assert_eq!(rows.len(), 2);
}

#[tokio::test]
async fn a_case_break_from_a_unit_purchase_is_processed_exactly_once() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    app.db.set_unit_stock(&s.breakable.0, 0).expect("units");
    let b = buyer(&app, "unitshort@example.com").await;
    for _ in 0..3 {
        b.add(&app, &s.breakable.0, true, None).await;
    }
    buy(&app, &b).await;

    let report = admin_get(&app, &admin, "/api/reports/case-break?status=ALL").await;
    assert_eq!(report["count"], 1);
    assert_eq!(report["totalQuantity"], 3);
    assert_eq!(
        report["statusCounts"],
        json!({"COMPLETED": 0, "FAILED": 0, "PENDING": 1, "PROCESSING": 0})
    );
    let request = &report["data"][0];
    assert_eq!(request["productId"], s.breakable.0.as_str());
    assert_eq!(request["quantity"], 3);
    assert!(request["boxSize"][0].as_u64().expect("box") >= 1);
    let id = request["id"].as_str().expect("id").to_owned();
    let path = format!("/api/reports/case-break/{id}/process");

    for bad in [json!({"quantityAdded": 0}), json!({"quantityAdded": -4})] {
        let res = app
            .send(Method::POST, &path, Some(&admin), Some(&bad))
            .await;
        let e = expect(res, StatusCode::BAD_REQUEST).await;
        assert_eq!(
            e["errors"]["quantityAdded"],
            json!(["Please enter a valid positive number"])
        );
    }
    // Two admins press Process at the same moment: one adds, the other is refused.
    let body = json!({"quantityAdded": 12});
    let (one, two) = tokio::join!(
        app.send(Method::POST, &path, Some(&admin), Some(&body)),
        app.send(Method::POST, &path, Some(&admin), Some(&body)),
    );
    let mut statuses = [one.status(), two.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    // The case's 12 units first fill the 3 the order waits for (decisions.md "Stock").
    assert_eq!(app.db.unit_stock(&s.breakable.0).expect("units"), 9);
    let res = app
        .send(Method::POST, &path, Some(&admin), Some(&body))
        .await;
    let e = expect(res, StatusCode::CONFLICT).await;
    assert_eq!(
        e["message"],
        "This case break request is already COMPLETED and cannot be processed again"
    );
    let completed = admin_get(&app, &admin, "/api/reports/case-break?status=COMPLETED").await;
    assert_eq!(completed["data"][0]["quantityAdded"], 12);
    assert_eq!(completed["statusCounts"]["COMPLETED"], 1);
    let pending = admin_get(&app, &admin, "/api/reports/case-break?status=PENDING").await;
    assert_eq!(pending["count"], 0);
    let res = app
        .send(
            Method::POST,
            "/api/reports/case-break/nope/process",
            Some(&admin),
            Some(&body),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.db.audit_rows("case_break").expect("audit").len(), 1);
}

/// decisions.md "Stock" (issue 32, item 5): units sold short of stock are owed to the order;
/// the quote, the order, the admin's order detail and the case break report say how many, and
/// processing the request fills them before adding the rest to the unit stock.
#[tokio::test]
async fn a_processed_case_break_fills_the_units_owed_to_the_order_then_stocks_the_rest() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    app.db.set_unit_stock(&s.breakable.0, 2).expect("units");
    let b = buyer(&app, "owed@example.com").await;
    for _ in 0..5 {
        b.add(&app, &s.breakable.0, true, None).await;
    }
    b.add(&app, &s.case_only.0, false, None).await;
    // The checkout summary: 2 of the 5 units come from stock, 3 are owed.
    let quote = b.quote(&app).await;
    assert_eq!(
        quote["owedUnits"],
        json!([{"productId": s.breakable.0, "title": quote["owedUnits"][0]["title"], "units": 3}])
    );
    assert!(quote["owedUnits"][0]["title"].is_string());

    // The confirmation: the purchase's answer and the buyer's order.
    let order = buy(&app, &b).await;
    let owed_of = |items: &Value, units_key: &str| -> Vec<(bool, u64)> {
        items
            .as_array()
            .expect("items")
            .iter()
            .map(|i| {
                (
                    i["isUnit"] == true,
                    i[units_key].as_u64().expect("owedUnits"),
                )
            })
            .collect()
    };
    let mut owed = owed_of(&order["items"], "owedUnits");
    owed.sort_unstable();
    assert_eq!(owed, [(false, 0), (true, 3)]);
    let id = order["id"].as_str().expect("order id").to_owned();
    let mine = expect(
        app.get_as(&format!("/api/orders/{id}"), &b.token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine["items"], order["items"]);
    assert_eq!(app.db.unit_stock(&s.breakable.0).expect("units"), 0);

    // The admin's order detail and the case break report.
    let sale = |report: &Value| {
        // The orders, whether the report is the array itself or carries it under `data`.
        report
            .as_array()
            .or_else(|| report["data"].as_array())
            .expect("orders")
            .iter()
            .find(|o| o["id"] == id.as_str())
            .cloned()
            .expect("the order")
    };
    let sales = admin_get(&app, &admin, "/api/reports/purchases").await;
    let mut owed = owed_of(&sale(&sales)["purchaseItems"], "owedUnits");
    owed.sort_unstable();
    assert_eq!(owed, [(false, 0), (true, 3)]);
    let report = admin_get(&app, &admin, "/api/reports/case-break?status=PENDING").await;
    let request = &report["data"][0];
    assert_eq!(
        (&request["quantity"], &request["owedUnits"]),
        (&json!(3), &json!(3))
    );
    let path = format!(
        "/api/reports/case-break/{}/process",
        request["id"].as_str().expect("request id")
    );

    // A case that gives fewer units than are owed: 422, nothing changes.
    let res = app
        .send(
            Method::POST,
            &path,
            Some(&admin),
            Some(&json!({"quantityAdded": 2})),
        )
        .await;
    let e = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(
        e["message"],
        "At least 3 units are owed to the waiting order"
    );
    assert_eq!(
        e["errors"]["quantityAdded"],
        json!(["At least 3 units are owed to the waiting order"])
    );
    assert_eq!(app.db.unit_stock(&s.breakable.0).expect("units"), 0);

    // A case of 24: 3 fill the order, 21 go to stock; nothing is owed any more.
    let done = expect(
        app.send(
            Method::POST,
            &path,
            Some(&admin),
            Some(&json!({"quantityAdded": 24})),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (&done["status"], &done["quantityAdded"], &done["owedUnits"]),
        (&json!("COMPLETED"), &json!(24), &json!(0))
    );
    assert_eq!(app.db.unit_stock(&s.breakable.0).expect("units"), 21);
    let sales = admin_get(&app, &admin, "/api/reports/purchases").await;
    let owed = owed_of(&sale(&sales)["purchaseItems"], "owedUnits");
    assert!(owed.iter().all(|(_, n)| *n == 0), "{owed:?}");
    let mine = expect(
        app.get_as(&format!("/api/orders/{id}"), &b.token).await,
        StatusCode::OK,
    )
    .await;
    assert!(mine["items"]
        .as_array()
        .expect("items")
        .iter()
        .all(|i| i["owedUnits"] == 0));
    // Processed once: a second press is 409 and the stock stays.
    let res = app
        .send(
            Method::POST,
            &path,
            Some(&admin),
            Some(&json!({"quantityAdded": 24})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(app.db.unit_stock(&s.breakable.0).expect("units"), 21);
    // A cart whose units the stock covers owes none.
    b.add(&app, &s.breakable.0, true, None).await;
    assert_eq!(b.quote(&app).await["owedUnits"], json!([]));
}

/// The storefront's product as its (cached) read answers it.
async fn shown(app: &TestApp, id: &str) -> Value {
    expect(
        app.get(&format!("/api/products/{id}")).await,
        StatusCode::OK,
    )
    .await
}

/// Waits (up to 2 s: other nodes re-read the catalogue version every 250 ms) until `field` of
/// the storefront's product reads `want`.
async fn shown_becomes(app: &TestApp, id: &str, field: impl Fn(&Value) -> Value, want: Value) {
    let mut last = Value::Null;
    for _ in 0..40 {
        last = field(&shown(app, id).await);
        if last == want {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the storefront still shows {last} for {id}, not {want}");
}

#[tokio::test]
async fn the_storefronts_cached_stock_follows_purchases_and_processed_case_breaks() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    let units = |p: &Value| p["unitProduct"]["availableStock"].clone();
    app.db.set_unit_stock(&s.breakable.0, 5).expect("units");
    // Read (and so cached) before anything is sold.
    assert_eq!(units(&shown(&app, &s.breakable.0).await), json!(5));

    let b = buyer(&app, "stockwatch@example.com").await;
    for _ in 0..2 {
        b.add(&app, &s.breakable.0, true, None).await;
    }
    buy(&app, &b).await;
    shown_becomes(&app, &s.breakable.0, units, json!(3)).await;

    // Five more: three from stock, two short as a case break request.
    for _ in 0..5 {
        b.add(&app, &s.breakable.0, true, None).await;
    }
    buy(&app, &b).await;
    shown_becomes(&app, &s.breakable.0, units, json!(0)).await;
    let report = admin_get(&app, &admin, "/api/reports/case-break?status=PENDING").await;
    let id = report["data"][0]["id"]
        .as_str()
        .expect("request id")
        .to_owned();
    let res = app
        .send(
            Method::POST,
            &format!("/api/reports/case-break/{id}/process"),
            Some(&admin),
            Some(&json!({"quantityAdded": 12})),
        )
        .await;
    expect(res, StatusCode::OK).await;
    // 12 units: 2 fill the order, 10 go to stock.
    shown_becomes(&app, &s.breakable.0, units, json!(10)).await;

    // An apparel variant's stock likewise.
    let (product, variant, _) = s.variants[0].clone();
    let stock_of = |p: &Value| {
        p["variants"]
            .as_array()
            .and_then(|vs| vs.iter().find(|v| v["id"] == variant.as_str()))
            .map_or(Value::Null, |v| v["availableStock"].clone())
    };
    let before = stock_of(&shown(&app, &product).await)
        .as_i64()
        .expect("variant stock");
    assert!(before >= 1, "the demo variant is in stock");
    b.add(&app, &product, false, Some(&variant)).await;
    buy(&app, &b).await;
    shown_becomes(&app, &product, stock_of, json!(before - 1)).await;
}

#[tokio::test]
async fn the_purchase_report_answers_an_array_of_orders_as_the_specification_says() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "arrayed@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let order = buy(&app, &b).await;
    let range = format!("startDate={0}&endDate={0}", today());
    let report = admin_get(&app, &admin, &format!("/api/reports/purchases?{range}")).await;
    let orders = report.as_array().expect("an array of orders");
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["id"], order["id"]);
    assert_eq!(orders[0]["grandTotal"], order["grandTotal"]);
    let totals = admin_get(
        &app,
        &admin,
        &format!("/api/reports/purchases/totals?{range}"),
    )
    .await;
    assert_eq!(
        totals,
        json!({"count": 1, "totalSales": order["grandTotal"]})
    );
}

#[tokio::test]
async fn case_break_rows_carry_created_at_and_a_formatted_date() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let s = app.db.quote_samples().expect("samples");
    app.db.set_unit_stock(&s.breakable.0, 0).expect("units");
    let b = buyer(&app, "dated@example.com").await;
    b.add(&app, &s.breakable.0, true, None).await;
    buy(&app, &b).await;

    let report = admin_get(&app, &admin, "/api/reports/case-break?status=ALL").await;
    let row = &report["data"][0];
    let created =
        chrono::DateTime::parse_from_rfc3339(row["createdAt"].as_str().expect("createdAt"))
            .expect("RFC 3339");
    assert_eq!(row["createdAt"], row["createdOn"]);
    assert_eq!(
        row["formattedDate"],
        created.format("%b %-d, %Y").to_string(),
        "{row}"
    );
}
