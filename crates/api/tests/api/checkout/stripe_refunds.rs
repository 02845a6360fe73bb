//! A refund Stripe did not answer stays pending, its amount reserved; the admin's retry asks
//! again with the same key and the refund is given once, its stock returned once. A refund
//! Stripe made earlier is found by the shop's key, never made a second time.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::cents;
use super::stripe::{buyer_of_a_variant, open, stripe_at};
use crate::catalogue::demo_app_with;
use crate::helpers::{expect, TestApp};
use crate::standins::localstripe::{Localstripe, GOOD_CARD};
use crate::standins::relay::Relay;

/// A paid order of one variant item (stock 5 -> 4) with Stripe behind a relay: (app, relay,
/// admin token, order, variant, intent id).
async fn paid_behind_a_relay(
    stripe: &Localstripe,
    email: &str,
) -> (TestApp, Relay, String, Value, String, String) {
    let relay = Relay::to(stripe.url.trim_start_matches("http://").to_owned()).await;
    let settings = stripe_at(&relay.url);
    let app = demo_app_with(move |s| s.payments = settings).await;
    let admin = app.login_as_admin().await;
    let (b, variant) = buyer_of_a_variant(&app, email).await;
    let (opened, quote) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    let intent = opened["paymentIntentId"]
        .as_str()
        .expect("intent")
        .to_owned();
    stripe.pay(&intent, GOOD_CARD).await;
    let order = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 4);
    (app, relay, admin, order, variant, intent)
}

#[tokio::test]
async fn a_refund_stripe_did_not_answer_is_retried_and_given_once() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let (app, relay, admin, order, variant, intent) =
        paid_behind_a_relay(&stripe, "pending-refund@example.com").await;
    let id = order["id"].as_str().expect("id");
    let path = format!("/api/reports/purchases/{id}/refunds");
    let total = cents(&order["grandTotal"]) as f64 / 100.0;

    relay.set(false);
    let res = app
        .post_json_as(
            &path,
            &admin,
            &json!({"amount": total, "reason": "never shipped", "restock": true}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let listed = expect(app.get_as(&path, &admin).await, StatusCode::OK).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1));
    assert_eq!(listed[0]["status"], "PENDING");
    let refund = listed[0]["id"].as_str().expect("refund id").to_owned();
    // Reserved: nothing more can be refunded, and no stock came back yet.
    let more = app
        .post_json_as(&path, &admin, &json!({"amount": 0.01, "reason": "again"}))
        .await;
    assert_eq!(more.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 4);
    // Still down: still pending.
    let retry = format!("{path}/{refund}/retry");
    let res = app.post_json_as(&retry, &admin, &json!({})).await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);

    relay.set(true);
    let done = expect(
        app.post_json_as(&retry, &admin, &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(done["status"], "DONE");
    assert_eq!(done["id"], refund.as_str());
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
    let at_stripe = stripe
        .refund(done["providerRefundId"].as_str().expect("refund id"))
        .await;
    assert_eq!(at_stripe["amount"], cents(&order["grandTotal"]));
    assert_eq!(at_stripe["payment_intent"], intent.as_str());
    // Again: the same refund, no second one, the stock returned once.
    let again = expect(
        app.post_json_as(&retry, &admin, &json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(again["providerRefundId"], done["providerRefundId"]);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
    assert_eq!(stripe.refunds_of(&intent).await.len(), 1);
    let unknown = format!("{path}/no-such-refund/retry");
    let res = app.post_json_as(&unknown, &admin, &json!({})).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_refund_stripe_made_before_is_found_by_its_key_and_not_made_again() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let (app, relay, admin, order, _, intent) =
        paid_behind_a_relay(&stripe, "made-refund@example.com").await;
    let id = order["id"].as_str().expect("id");
    let path = format!("/api/reports/purchases/{id}/refunds");
    relay.set(false);
    let res = app
        .post_json_as(&path, &admin, &json!({"amount": 3, "reason": "late"}))
        .await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let listed = expect(app.get_as(&path, &admin).await, StatusCode::OK).await;
    let refund = listed[0]["id"].as_str().expect("refund id").to_owned();
    // Stripe did make it (its answer was lost), and its idempotency key has since expired:
    // the refund carries the shop's key in its metadata.
    let made = stripe.make_refund(&intent, 300, &refund).await;
    relay.set(true);
    let done = expect(
        app.post_json_as(&format!("{path}/{refund}/retry"), &admin, &json!({}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(done["providerRefundId"], made["id"]);
    assert_eq!(stripe.refunds_of(&intent).await.len(), 1);
}
