//! A cart with an open payment session cannot change (decisions.md "Stock", issue 32 item 9):
//! every cart-changing call answers 409 with the decision's message and changes nothing, until
//! the session ends by purchase, cancel or expiry. On SQLite and, with `TEST_DATABASE_URL`, on
//! PostgreSQL.

use chrono::{Duration, Utc};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::demo_app;
use crate::checkout::{buyer, pay, pay_ok, Buyer, DECLINED_CARD};
use crate::helpers::{expect, TestApp};

const BEING_PAID: &str = "Your cart is being paid for. Cancel the payment to change it.";

async fn cart_of(app: &TestApp, b: &Buyer) -> Value {
    expect(
        app.get_as(&format!("/api/cart/{}", b.cart), &b.token).await,
        StatusCode::OK,
    )
    .await
}

/// (product, variant, cases, units) of every line.
fn lines(cart: &Value) -> Vec<(String, Option<String>, i64, i64)> {
    cart["cartProducts"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| {
            (
                l["productId"].as_str().expect("product").to_owned(),
                l["variantId"].as_str().map(str::to_owned),
                l["caseQuantity"].as_i64().expect("cases"),
                l["unitQuantity"].as_i64().expect("units"),
            )
        })
        .collect()
}

async fn change(app: &TestApp, b: &Buyer, action: &str, body: &Value) -> Response {
    app.post_json_as(&format!("/api/cart/{}/{action}", b.cart), &b.token, body)
        .await
}

/// Every cart-changing call the API has, each answered 409 with the decision's message.
async fn assert_every_change_refused(app: &TestApp, b: &Buyer, product: &str, other: &str) {
    let calls = [
        ("add", json!({"productId": product, "isUnit": false})),
        ("add", json!({"productId": other, "isUnit": false})),
        (
            "updateQuantity",
            json!({"productId": product, "quantity": 5, "isUnit": false}),
        ),
        (
            "updateQuantity",
            json!({"productId": product, "quantity": 0, "isUnit": false}),
        ),
        ("remove", json!({"productId": product})),
    ];
    for (action, body) in calls {
        let res = change(app, b, action, &body).await;
        let v = expect(res, StatusCode::CONFLICT).await;
        assert_eq!(v["message"], BEING_PAID, "{action} {body}");
    }
}

#[tokio::test]
async fn a_cart_with_an_open_payment_session_refuses_every_change_until_the_purchase() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "locked@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let before = lines(&cart_of(&app, &b).await);

    let (token, quote) = b.checkout(&app).await;
    assert_every_change_refused(&app, &b, &s.case_only.0, &s.breakable.0).await;
    // A declined card leaves the session open (the buyer may retry): still locked.
    let declined = expect(pay(&app, &token, DECLINED_CARD).await, StatusCode::OK).await;
    assert_eq!(declined["status"], "DECLINED");
    assert_every_change_refused(&app, &b, &s.case_only.0, &s.breakable.0).await;
    assert_eq!(lines(&cart_of(&app, &b).await), before);

    // The session's purchase goes through: the cart it was opened for is the cart bought.
    pay_ok(&app, &token).await;
    expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    assert_eq!(app.db.order_counts().expect("counts").0, 1);
    // Used: the cart is empty and open to changes again.
    assert!(lines(&cart_of(&app, &b).await).is_empty());
    b.add(&app, &s.case_only.0, false, None).await;
}

#[tokio::test]
async fn cancelling_or_expiry_of_the_session_unlocks_the_cart() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "unlocked@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;

    let (token, _) = b.checkout(&app).await;
    assert_every_change_refused(&app, &b, &s.case_only.0, &s.breakable.0).await;
    assert_eq!(
        b.cancel(&app, &token).await.status(),
        StatusCode::NO_CONTENT
    );
    b.set_quantity(&app, &s.case_only.0, None, 2).await;

    let (token, _) = b.checkout(&app).await;
    assert_every_change_refused(&app, &b, &s.case_only.0, &s.breakable.0).await;
    app.db
        .expire_session(&token, Utc::now().naive_utc() - Duration::seconds(1))
        .expect("expire");
    b.add(&app, &s.breakable.0, false, None).await;
    assert_eq!(
        lines(&cart_of(&app, &b).await)
            .iter()
            .map(|l| l.2)
            .collect::<Vec<_>>(),
        vec![2, 1]
    );
}

#[tokio::test]
async fn another_users_open_session_does_not_lock_this_cart() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (paying, other) = (
        buyer(&app, "paying@example.com").await,
        buyer(&app, "other@example.com").await,
    );
    paying.add(&app, &s.case_only.0, false, None).await;
    let _session = paying.checkout(&app).await;
    other.add(&app, &s.case_only.0, false, None).await;
    other.set_quantity(&app, &s.case_only.0, None, 3).await;
}
