//! The five reports (issue 12): requested through the API, computed by the background job,
//! their figures checked against orders placed through the real purchase flow; claimed by one
//! node of two; picked up again after a node died; their CSV.

use std::time::Duration;

use chrono::Utc;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::demo_app;
use crate::checkout::{buyer_with, pay_ok, Buyer};
use crate::helpers::{expect, TestApp};

fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

async fn buy(app: &TestApp, b: &Buyer) -> Value {
    let (token, quote) = b.checkout(app).await;
    pay_ok(app, &token).await;
    expect(b.complete(app, &token, &quote).await, StatusCode::OK).await
}

pub async fn request(app: &TestApp, admin: &str, body: Value) -> String {
    let res = app
        .send(Method::POST, "/api/reports", Some(admin), Some(&body))
        .await;
    let v = expect(res, StatusCode::ACCEPTED).await;
    assert_eq!(v["status"], "PENDING");
    v["id"].as_str().expect("id").to_owned()
}

/// Polls until the report is COMPLETED (or fails the test after 20 s).
pub async fn finished(base: &str, app: &TestApp, admin: &str, id: &str) -> Value {
    for _ in 0..200 {
        let v: Value = app
            .client
            .get(format!("{base}/api/reports/{id}"))
            .bearer_auth(admin)
            .send()
            .await
            .expect("request")
            .json()
            .await
            .expect("json");
        match v["status"].as_str() {
            Some("COMPLETED") => return v,
            Some("FAILED") => panic!("report failed: {v}"),
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    panic!("report {id} did not complete");
}

pub fn summary(report: &Value, label: &str) -> Value {
    report["result"]["summary"]
        .as_array()
        .expect("summary")
        .iter()
        .find(|s| s["label"] == label)
        .unwrap_or_else(|| panic!("{label} in {report}"))["value"]
        .clone()
}

fn table<'a>(report: &'a Value, id: &str) -> &'a Vec<Value> {
    report["result"]["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .find(|t| t["id"] == id)
        .unwrap_or_else(|| panic!("table {id}"))["rows"]
        .as_array()
        .expect("rows")
}

#[tokio::test]
async fn only_admins_ask_for_and_read_reports() {
    let app = demo_app().await;
    let user = app.customer_token("reportnosy@example.com").await;
    let body = json!({"type": "SALES", "name": "x"});
    for (method, path) in [
        (Method::POST, "/api/reports"),
        (Method::GET, "/api/reports"),
        (Method::GET, "/api/reports/some-id"),
        (Method::GET, "/api/reports/some-id/csv"),
    ] {
        let res = app.send(method.clone(), path, None, Some(&body)).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
        let res = app
            .send(method.clone(), path, Some(&user), Some(&body))
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
    let admin = app.login_as_admin().await;
    let res = app
        .send(
            Method::POST,
            "/api/reports",
            Some(&admin),
            Some(&json!({"type": "WEATHER"})),
        )
        .await;
    let e = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(e["errors"]["name"], json!(["Name is required"]));
    assert_eq!(e["errors"]["type"].as_array().map(Vec::len), Some(1));
    let res = app.get_as("/api/reports/no-such-report", &admin).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn each_report_type_adds_up_the_orders_placed_through_the_shop() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let base = app.address.clone();
    let s = app.db.quote_samples().expect("samples");
    // Two buyers in two states: two cases of one product, one show.
    let nd = buyer_with(&app, "north@example.com", "ND", true).await;
    nd.add(&app, &s.case_only.0, false, None).await;
    nd.set_quantity(&app, &s.case_only.0, None, 2).await;
    let first = buy(&app, &nd).await;
    let tx = buyer_with(&app, "texas@example.com", "TX", true).await;
    tx.add(&app, &s.show.0, false, None).await;
    let second = buy(&app, &tx).await;
    let total = cents(&first["grandTotal"]) + cents(&second["grandTotal"]);
    let day = Utc::now().format("%Y-%m-%d").to_string();
    let dates = json!({"startDate": day, "endDate": day});

    let id = request(
        &app,
        &admin,
        json!({"type": "SALES", "name": "Today", "parameters": dates}),
    )
    .await;
    let sales = finished(&base, &app, &admin, &id).await;
    assert_eq!(sales["parameters"]["includeShowDetails"], true);
    assert_eq!(summary(&sales, "Orders"), 2);
    assert_eq!(cents(&summary(&sales, "Revenue")), total);
    let series = table(&sales, "series");
    assert_eq!(series.len(), 1);
    assert_eq!(
        (series[0][0].as_str(), series[0][1].as_i64()),
        (Some(day.as_str()), Some(2))
    );
    assert_eq!(cents(&series[0][4]), (total as f64 / 2.0).round() as i64);
    assert_eq!(table(&sales, "shows").len(), 1);
    assert_eq!(sales["result"]["charts"][0]["kind"], "line");

    let id = request(
        &app,
        &admin,
        json!({"type": "FINANCIAL", "name": "Money", "parameters": dates}),
    )
    .await;
    let money = finished(&base, &app, &admin, &id).await;
    assert_eq!(cents(&summary(&money, "Grand total")), total);
    assert_eq!(
        cents(&summary(&money, "Tax")),
        cents(&first["tax"]) + cents(&second["tax"])
    );
    let by_state = table(&money, "tax");
    let tax_of = |state: &str| {
        by_state
            .iter()
            .find(|r| r[0] == state)
            .map(|r| cents(&r[3]))
            .unwrap_or_else(|| panic!("{state}"))
    };
    assert_eq!(
        (tax_of("ND"), tax_of("TX")),
        (cents(&first["tax"]), cents(&second["tax"]))
    );
    assert!(!table(&money, "categories").is_empty());

    let id = request(
        &app,
        &admin,
        json!({"type": "PRODUCT_PERFORMANCE", "name": "Top", "parameters": {"startDate": day, "topPerformersCount": 1}}),
    )
    .await;
    let top = finished(&base, &app, &admin, &id).await;
    let by_revenue = table(&top, "byRevenue");
    assert_eq!(by_revenue.len(), 1, "topPerformersCount");
    let (case_sub, show_sub) = (cents(&first["subtotal"]), cents(&second["subtotal"]));
    assert_eq!(cents(&by_revenue[0][4]), case_sub.max(show_sub));
    assert_eq!(table(&top, "byUnits")[0][3], 2, "two cases beat one show");

    let id = request(
        &app,
        &admin,
        json!({"type": "USER_ACTIVITY", "name": "People", "parameters": dates}),
    )
    .await;
    let people = finished(&base, &app, &admin, &id).await;
    assert_eq!(summary(&people, "Buyers"), 2);
    assert_eq!(summary(&people, "Orders"), 2);
    let north = table(&people, "users")
        .iter()
        .find(|r| r[0] == "north@example.com")
        .expect("the buyer");
    assert_eq!(
        (north[4].as_i64(), cents(&north[5])),
        (Some(1), cents(&first["grandTotal"]))
    );
    assert!(table(&people, "admin")
        .iter()
        .any(|r| r[0] == "admin@example.com" && r[1] == "request"));

    let id = request(
        &app,
        &admin,
        json!({"type": "INVENTORY", "name": "Stock", "parameters": {"includeZeroStock": false}}),
    )
    .await;
    let stock = finished(&base, &app, &admin, &id).await;
    let rows = table(&stock, "stock");
    assert!(
        rows.iter().all(|r| r[4].as_i64() > Some(0)),
        "no zero stock"
    );
    for r in rows.iter().take(20) {
        assert_eq!(cents(&r[5]), cents(&r[3]) * r[4].as_i64().expect("stock"));
    }

    // The list, newest first, and a CSV of a completed report.
    let list = expect(
        app.get_as("/api/reports?page=1&pageSize=2", &admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (list["totalItems"].as_i64(), list["hasMore"].as_bool()),
        (Some(5), Some(true))
    );
    assert_eq!(list["contents"][0]["type"], "INVENTORY");
    assert_eq!(list["contents"][0]["result"], Value::Null);
    let res = app
        .get_as(
            &format!("/api/reports/{}/csv", sales["id"].as_str().expect("id")),
            &admin,
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("csv");
    assert!(
        text.starts_with(
            "\"Sales over time\"\r\n\"Period\",\"Orders\",\"Subtotal\",\"Revenue\",\"Average order value\"\r\n"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn two_nodes_compute_each_report_once_and_a_dead_nodes_report_is_taken_again() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = crate::helpers::test_settings(&app.db, data_dir.path());
    settings.database_url = app.db.url().to_owned();
    let other = shop_api::startup::Application::build(settings)
        .await
        .expect("second node starts");
    let other_base = format!("http://127.0.0.1:{}", other.port());
    tokio::spawn(other.run_until_stopped());

    let mut ids = Vec::new();
    for i in 0..6 {
        let base = if i % 2 == 0 {
            &app.address
        } else {
            &other_base
        };
        let res = app
            .client
            .post(format!("{base}/api/reports"))
            .bearer_auth(&admin)
            .json(&json!({"type": "SALES", "name": format!("Run {i}")}))
            .send()
            .await
            .expect("request");
        ids.push(
            expect(res, StatusCode::ACCEPTED).await["id"]
                .as_str()
                .expect("id")
                .to_owned(),
        );
    }
    for id in &ids {
        finished(&app.address, &app, &admin, id).await;
    }
    let attempts = app.db.report_attempts().expect("attempts");
    assert_eq!(attempts.len(), 6);
    assert!(
        attempts.iter().all(|(_, n)| *n == 1),
        "each claimed once: {attempts:?}"
    );

    // A node claimed one ten minutes ago and died: another node takes it again.
    let stale = Utc::now().naive_utc() - chrono::Duration::minutes(10);
    app.db.orphan_report(&ids[0], stale).expect("orphan");
    let again = finished(&other_base, &app, &admin, &ids[0]).await;
    assert!(again["result"]["tables"].is_array());
    let attempts = app.db.report_attempts().expect("attempts");
    assert!(
        attempts.iter().any(|(id, n)| id == &ids[0] && *n == 2),
        "{attempts:?}"
    );
}

/// Issue 31: a product title that a spreadsheet splitting on `;` or TAB would run reaches the
/// report's CSV quoted, with each part that starts a formula prefixed by `'`.
#[tokio::test]
async fn a_report_csv_neutralises_formulas_in_a_product_title() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let mut body = crate::product_admin::form(&app, "CSV-INJ-1").await;
    body["title"] = json!("Boom;=cmd|' /C calc'!A0;\t@SUM(A1)");
    // Breakable: the inventory lists its unit product.
    body["isCaseBreakable"] = json!(true);
    let res = app
        .send(Method::POST, "/api/products", Some(&admin), Some(&body))
        .await;
    expect(res, StatusCode::CREATED).await;
    let id = request(
        &app,
        &admin,
        json!({"type": "INVENTORY", "name": "Stock", "parameters": {"includeZeroStock": true}}),
    )
    .await;
    finished(&app.address, &app, &admin, &id).await;
    let res = app.get_as(&format!("/api/reports/{id}/csv"), &admin).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("csv");
    let line = text
        .split("\r\n")
        .find(|l| l.contains("CSV-INJ-1"))
        .unwrap_or_else(|| panic!("the product's row in {text}"));
    assert!(
        line.contains(",\"Boom;'=cmd|' /C calc'!A0;'\t'@SUM(A1)\","),
        "{line}"
    );
    for line in text.split("\r\n").filter(|l| !l.is_empty()) {
        assert!(
            line.starts_with('"') && line.ends_with('"'),
            "every cell quoted: {line}"
        );
    }
}
