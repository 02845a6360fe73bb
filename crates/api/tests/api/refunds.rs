//! Refunds of orders (back office): partial and full amounts through the payment provider,
//! never more than the payment in total, the stock of a whole order returned on request.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::catalogue::demo_app;
use crate::checkout::{buyer, cents, pay_ok};
use crate::helpers::{expect, TestApp};
use crate::reports::{finished, request, summary};

/// A paid sandbox order of two items of a variant (stock 5 -> 3) and one unit of a
/// case-breakable product (unit stock 2 -> 1): (order, variant, breakable product).
async fn paid_order(app: &TestApp) -> (Value, String, String) {
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 5).expect("stock");
    app.db.set_unit_stock(&s.breakable.0, 2).expect("units");
    let b = buyer(app, "refunded@example.com").await;
    b.add(app, &product, false, Some(&variant)).await;
    b.add(app, &product, false, Some(&variant)).await;
    b.add(app, &s.breakable.0, true, None).await;
    let (token, quote) = b.checkout(app).await;
    pay_ok(app, &token).await;
    let order = expect(b.complete(app, &token, &quote).await, StatusCode::OK).await;
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 3);
    (order, variant, s.breakable.0)
}

async fn refund(app: &TestApp, admin: &str, order: &str, body: Value) -> reqwest::Response {
    app.post_json_as(
        &format!("/api/reports/purchases/{order}/refunds"),
        admin,
        &body,
    )
    .await
}

#[tokio::test]
async fn partial_refunds_add_up_to_the_payment_and_never_past_it() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let (order, variant, _) = paid_order(&app).await;
    let id = order["id"].as_str().expect("id");
    let total = cents(&order["grandTotal"]);

    let first = expect(
        refund(
            &app,
            &admin,
            id,
            json!({"amount": 5, "reason": "one arrived damaged"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(first["status"], "DONE");
    assert_eq!(cents(&first["amount"]), 500);
    assert_eq!(first["reason"], "one arrived damaged");
    assert!(first["providerRefundId"].is_string());
    // More than is left: refused on the amount, nothing recorded.
    let left = total - 500;
    let res = refund(
        &app,
        &admin,
        id,
        json!({"amount": (left + 1) as f64 / 100.0, "reason": "x"}),
    )
    .await;
    let v = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(
        v["errors"]["amount"][0]
            .as_str()
            .is_some_and(|m| m.contains("left")),
        "{v}"
    );
    // Stock comes back only with a refund of the whole order.
    let res = refund(
        &app,
        &admin,
        id,
        json!({"amount": left as f64 / 100.0, "reason": "x", "restock": true}),
    )
    .await;
    let v = expect(res, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(
        v["errors"]["restock"][0],
        "Only a refund of the whole order returns its stock"
    );
    // The rest, then nothing more.
    let rest = expect(
        refund(
            &app,
            &admin,
            id,
            json!({"amount": left as f64 / 100.0, "reason": "cancelled"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(cents(&rest["amount"]), left);
    let res = refund(&app, &admin, id, json!({"amount": 0.01, "reason": "x"})).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let list = expect(
        app.get_as(&format!("/api/reports/purchases/{id}/refunds"), &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    let amounts: Vec<i64> = list
        .as_array()
        .expect("list")
        .iter()
        .map(|r| cents(&r["amount"]))
        .collect();
    assert_eq!(amounts, vec![500, left]);
    assert_eq!(
        app.db.variant_stock(&variant).expect("stock"),
        3,
        "no stock returned"
    );
}

#[tokio::test]
async fn a_whole_order_refund_can_return_its_counted_stock() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let (order, variant, breakable) = paid_order(&app).await;
    let id = order["id"].as_str().expect("id");
    assert_eq!(app.db.unit_stock(&breakable).expect("units"), 1);
    let v = expect(
        refund(
            &app,
            &admin,
            id,
            json!({"amount": order["grandTotal"], "reason": "never shipped", "restock": true}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(v["restocked"], true);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
    assert_eq!(app.db.unit_stock(&breakable).expect("units"), 2);
}

#[tokio::test]
async fn refunds_are_the_admins_and_need_an_amount_and_a_reason() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let (order, _, _) = paid_order(&app).await;
    let id = order["id"].as_str().expect("id");
    let shopper = app.customer_token("nosy@example.com").await;
    let res = refund(&app, &shopper, id, json!({"amount": 1, "reason": "x"})).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = refund(
        &app,
        &admin,
        "00000000-0000-4000-8000-000000000000",
        json!({"amount": 1, "reason": "x"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let v = expect(
        refund(&app, &admin, id, json!({"amount": "abc"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(v["errors"]["amount"][0], "Amount must be a number above 0");
    assert_eq!(v["errors"]["reason"][0], "Reason is required");
}

#[tokio::test]
async fn the_sales_list_and_the_sales_and_financial_reports_net_refunds_out() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let (order, _, _) = paid_order(&app).await;
    let id = order["id"].as_str().expect("id");
    let total = cents(&order["grandTotal"]);
    expect(
        refund(&app, &admin, id, json!({"amount": 3, "reason": "late"})).await,
        StatusCode::CREATED,
    )
    .await;
    let day = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let range = format!("startDate={day}&endDate={day}");
    let list = expect(
        app.get_as(&format!("/api/reports/purchases?{range}"), &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cents(&list[0]["refunded"]), 300);
    assert_eq!(cents(&list[0]["refundable"]), total - 300);
    assert_eq!(cents(&list[0]["grandTotal"]), total);
    let totals = expect(
        app.get_as(&format!("/api/reports/purchases/totals?{range}"), &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cents(&totals["totalSales"]), total - 300);

    let dates = json!({"startDate": day, "endDate": day});
    for (kind, gross) in [("FINANCIAL", "Grand total"), ("SALES", "Revenue")] {
        let report = request(
            &app,
            &admin,
            json!({"type": kind, "name": kind, "parameters": dates}),
        )
        .await;
        let report = finished(&app.address, &app, &admin, &report).await;
        assert_eq!(cents(&summary(&report, gross)), total, "{kind}");
        assert_eq!(cents(&summary(&report, "Refunds")), 300, "{kind}");
        let net = if kind == "SALES" {
            "Net revenue"
        } else {
            "Net"
        };
        assert_eq!(cents(&summary(&report, net)), total - 300, "{kind}");
    }
}
