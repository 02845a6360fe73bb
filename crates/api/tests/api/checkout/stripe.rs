//! Checkout with Stripe as the payment provider, against localstripe (a Stripe emulator started
//! on loopback): the session is a PaymentIntent for the server's cents with manual capture; the
//! purchase completes only an intent authorized for exactly that amount, then captures it; a
//! refused purchase cancels the intent; an unreachable provider is a clear message and holds
//! nothing.

use chrono::Utc;
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use super::{buyer, cents, message, Buyer};
use crate::catalogue::demo_app_with;
use crate::helpers::{expect, TestApp};
use crate::standins::free_port;
use crate::standins::localstripe::{
    Localstripe, DECLINED_CARD, GOOD_CARD, PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET,
};
use payments::stripe_config::StripeConfig;
use shop_api::payment_config::PaymentSettings;

pub(super) fn stripe_at(api_url: &str) -> PaymentSettings {
    PaymentSettings::Stripe(StripeConfig {
        secret_key: SECRET_KEY.into(),
        publishable_key: PUBLISHABLE_KEY.into(),
        webhook_secret: WEBHOOK_SECRET.into(),
        api_url: api_url.into(),
        js_url: format!("{api_url}/js.stripe.com/v3/"),
    })
}

pub(super) async fn stripe_app(stripe: &Localstripe) -> TestApp {
    let settings = stripe_at(&stripe.url);
    demo_app_with(move |s| s.payments = settings).await
}

/// A buyer with one variant item in the cart (5 in stock), and that variant.
pub(super) async fn buyer_of_a_variant(app: &TestApp, email: &str) -> (Buyer, String) {
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 5).expect("stock");
    let b = buyer(app, email).await;
    b.add(app, &product, false, Some(&variant)).await;
    (b, variant)
}

/// Opens a session for the quote's total; answers (the answer, the quote).
pub(super) async fn open(app: &TestApp, b: &Buyer) -> (Value, Value) {
    let quote = b.quote(app).await;
    let opened = expect(
        b.open(app, quote["grandTotal"].clone(), json!({})).await,
        StatusCode::OK,
    )
    .await;
    (opened, quote)
}

#[tokio::test]
async fn a_card_authorized_at_stripe_becomes_an_order_and_exactly_its_cents_are_captured() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let app = stripe_app(&stripe).await;
    let (b, variant) = buyer_of_a_variant(&app, "stripe@example.com").await;
    let (opened, quote) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    assert_eq!(opened["provider"], "stripe");
    assert_eq!(opened["publishableKey"], PUBLISHABLE_KEY);
    assert_eq!(opened["paymentUrl"], format!("/pay/{token}"));
    let intent_id = opened["paymentIntentId"].as_str().expect("intent id");
    assert!(opened["clientSecret"]
        .as_str()
        .is_some_and(|s| s.starts_with(&format!("{intent_id}_secret_"))));

    // The intent is the server's quote in cents, held for capture, tied to the session.
    let intent = stripe.intent(intent_id).await;
    assert_eq!(intent["amount"], cents(&quote["grandTotal"]));
    assert_eq!(intent["currency"], "usd");
    assert_eq!(intent["capture_method"], "manual");
    assert_eq!(intent["metadata"]["checkout_token"], token);
    assert_eq!(intent["metadata"]["user_id"], b.user.as_str());
    assert_eq!(intent["metadata"]["order_type"], quote["orderType"]);

    // Not authorized yet: no order.
    let res = b.complete(&app, token, &quote).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "The payment has not been completed"
    );
    let paid = stripe.pay(intent_id, GOOD_CARD).await;
    assert_eq!(paid["status"], "requires_capture");

    let order = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    assert_eq!(order["grandTotal"], quote["grandTotal"]);
    let intent = stripe.intent(intent_id).await;
    assert_eq!(intent["status"], "succeeded", "captured after the order");
    assert_eq!(intent["amount"], cents(&quote["grandTotal"]));
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 4);
    // The same token again answers the same order and takes nothing more.
    let again = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    assert_eq!(again["id"], order["id"]);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 4);
}

#[tokio::test]
async fn a_declined_card_makes_no_order_and_cancelling_releases_the_hold_and_the_intent() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let app = stripe_app(&stripe).await;
    let (b, variant) = buyer_of_a_variant(&app, "declined@example.com").await;
    let (opened, quote) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    let intent_id = opened["paymentIntentId"].as_str().expect("intent id");
    let declined = stripe.pay(intent_id, DECLINED_CARD).await;
    assert_ne!(declined["status"], "requires_capture");

    let res = b.complete(&app, token, &quote).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "The payment has not been completed"
    );
    let now = Utc::now().naive_utc();
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 1);
    assert_eq!(b.cancel(&app, token).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 0);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
    assert_eq!(stripe.intent(intent_id).await["status"], "canceled");
}

#[tokio::test]
async fn a_purchase_refused_after_authorizing_cancels_the_intent() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let app = stripe_app(&stripe).await;
    let (b, variant) = buyer_of_a_variant(&app, "refused@example.com").await;
    let (opened, quote) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    let intent_id = opened["paymentIntentId"].as_str().expect("intent id");
    stripe.pay(intent_id, GOOD_CARD).await;

    // The figures the buyer says it saw are not the session's: refused, nothing taken.
    let mut amounts = json!({
        "subtotal": quote["subtotal"], "tax": quote["tax"], "liftGateFee": quote["liftGateFee"],
        "shipping": quote["shipping"], "grandTotal": quote["grandTotal"]
    });
    amounts["grandTotal"] = json!(quote["grandTotal"].as_f64().expect("total") + 1.0);
    let res = b.complete_with(&app, token, &quote, amounts).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(stripe.intent(intent_id).await["status"], "canceled");
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
    let now = Utc::now().naive_utc();
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 0);
    // The canceled intent can never become an order.
    assert_eq!(
        b.complete(&app, token, &quote).await.status(),
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn with_stripe_unreachable_checkout_says_so_and_holds_nothing() {
    // Nothing listens on this port: every call to the provider fails to connect.
    let down = format!("http://127.0.0.1:{}", free_port());
    let settings = stripe_at(&down);
    let app = demo_app_with(move |s| s.payments = settings).await;
    let (b, variant) = buyer_of_a_variant(&app, "down@example.com").await;
    let quote = b.quote(&app).await;
    let res = b.open(&app, quote["grandTotal"].clone(), json!({})).await;
    assert_eq!(
        message(res, StatusCode::SERVICE_UNAVAILABLE).await,
        "The payment provider is not available. Please try again in a moment."
    );
    let now = Utc::now().naive_utc();
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 0);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
}

/// Posts `event` to the shop's webhook as Stripe would, signed `at` (Unix seconds) with `secret`.
async fn deliver(app: &TestApp, event: &Value, secret: &str, at: i64) -> Response {
    let body = serde_json::to_vec(event).expect("json");
    let signature = payments::stripe_webhook::sign(secret, &body, at);
    app.client
        .post(app.url("/api/payments/stripe/webhook"))
        .header("Content-Type", "application/json")
        .header("Stripe-Signature", signature)
        .body(body)
        .send()
        .await
        .expect("the shop answers")
}

/// The event Stripe sends when an intent's card is authorized (manual capture).
fn authorized_event(id: &str, intent: &str) -> Value {
    json!({
        "id": id, "object": "event", "type": "payment_intent.amount_capturable_updated",
        "data": {"object": {"id": intent, "object": "payment_intent"}}
    })
}

#[tokio::test]
async fn a_buyer_who_never_comes_back_after_paying_gets_the_order_through_the_webhook() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let app = stripe_app(&stripe).await;
    stripe
        .send_events_to(&app.url("/api/payments/stripe/webhook"))
        .await;
    let (b, variant) = buyer_of_a_variant(&app, "gone@example.com").await;
    let (opened, quote) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    let intent_id = opened["paymentIntentId"].as_str().expect("intent id");
    stripe.pay(intent_id, GOOD_CARD).await;
    // The buyer closed the tab: no purchase call. Stripe tells the shop.
    let now = Utc::now().timestamp();
    let event = authorized_event("evt_authorized_1", intent_id);
    let v = expect(
        deliver(&app, &event, WEBHOOK_SECRET, now).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["outcome"], "order");
    assert_eq!(
        app.db.session_status(token).expect("status").as_deref(),
        Some("USED")
    );
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 4);
    assert_eq!(stripe.intent(intent_id).await["status"], "succeeded");
    // The buyer coming back later finds the same order.
    let order = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    assert_eq!(order["grandTotal"], quote["grandTotal"]);
    let orders = expect(app.get_as("/api/orders", &b.token).await, StatusCode::OK).await;
    assert_eq!(
        orders["contents"].as_array().map(Vec::len),
        Some(1),
        "{orders}"
    );

    // The capture made the emulator send payment_intent.succeeded, signed its way, within a
    // few seconds: the shop took it (the same event again is a replay).
    let mut delivered = None;
    for _ in 0..50 {
        delivered = stripe.events().await.into_iter().find(|e| {
            e["type"] == "payment_intent.succeeded" && e["data"]["object"]["id"] == intent_id
        });
        if delivered.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let delivered = delivered.expect("the emulator's event");
    let mut replayed = None;
    for _ in 0..50 {
        let v = expect(
            deliver(&app, &delivered, WEBHOOK_SECRET, Utc::now().timestamp()).await,
            StatusCode::OK,
        )
        .await;
        if v["outcome"] == "replay" {
            replayed = Some(v);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(replayed.is_some(), "the emulator's own delivery was taken");
}

#[tokio::test]
async fn an_unsigned_stale_or_replayed_webhook_changes_nothing() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let app = stripe_app(&stripe).await;
    let (b, variant) = buyer_of_a_variant(&app, "replay@example.com").await;
    let (opened, _) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    let intent_id = opened["paymentIntentId"].as_str().expect("intent id");
    stripe.pay(intent_id, GOOD_CARD).await;
    let event = authorized_event("evt_forged", intent_id);
    let now = Utc::now().timestamp();

    let unsigned = app.post_json("/api/payments/stripe/webhook", &event).await;
    assert_eq!(unsigned.status(), StatusCode::BAD_REQUEST);
    for (secret, at) in [("whsec_guessed", now), (WEBHOOK_SECRET, now - 301)] {
        let res = deliver(&app, &event, secret, at).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{secret} at {at}");
    }
    assert_eq!(
        app.db.session_status(token).expect("status").as_deref(),
        Some("OPEN"),
        "nothing happened"
    );
    assert_eq!(stripe.intent(intent_id).await["status"], "requires_capture");

    // Stripe cancels the intent (say, from its dashboard): the event releases the hold; the
    // same event again is a replay and changes nothing more.
    stripe.cancel(intent_id).await;
    let canceled = json!({
        "id": "evt_canceled_1", "object": "event", "type": "payment_intent.canceled",
        "data": {"object": {"id": intent_id, "object": "payment_intent"}}
    });
    let v = expect(
        deliver(&app, &canceled, WEBHOOK_SECRET, now).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["outcome"], "released");
    let held = app
        .db
        .variant_held(&variant, Utc::now().naive_utc())
        .expect("held");
    assert_eq!(held, 0);
    assert_eq!(
        app.db.session_status(token).expect("status").as_deref(),
        Some("ABORTED")
    );
    let v = expect(
        deliver(&app, &canceled, WEBHOOK_SECRET, now).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["outcome"], "replay");
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
}

#[tokio::test]
async fn with_the_sandbox_the_stripe_webhook_does_not_exist() {
    let app = crate::helpers::spawn_app().await;
    let event = authorized_event("evt_1", "pi_1");
    let res = deliver(&app, &event, WEBHOOK_SECRET, Utc::now().timestamp()).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn partial_and_full_refunds_reach_stripe_and_never_exceed_the_payment() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let app = stripe_app(&stripe).await;
    let admin = app.login_as_admin().await;
    let (b, _) = buyer_of_a_variant(&app, "refund@example.com").await;
    let (opened, quote) = open(&app, &b).await;
    let token = opened["checkoutToken"].as_str().expect("token");
    let intent_id = opened["paymentIntentId"].as_str().expect("intent id");
    stripe.pay(intent_id, GOOD_CARD).await;
    let order = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    let path = format!(
        "/api/reports/purchases/{}/refunds",
        order["id"].as_str().expect("id")
    );
    let total = cents(&order["grandTotal"]);

    let partial = expect(
        app.post_json_as(&path, &admin, &json!({"amount": 2.5, "reason": "late"}))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let at_stripe = stripe
        .refund(partial["providerRefundId"].as_str().expect("refund id"))
        .await;
    assert_eq!(at_stripe["amount"], 250);
    assert_eq!(at_stripe["payment_intent"], intent_id);
    let rest = (total - 250) as f64 / 100.0;
    let full = expect(
        app.post_json_as(
            &path,
            &admin,
            &json!({"amount": rest, "reason": "cancelled"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let at_stripe = stripe
        .refund(full["providerRefundId"].as_str().expect("refund id"))
        .await;
    assert_eq!(at_stripe["amount"], total - 250);
    let res = app
        .post_json_as(&path, &admin, &json!({"amount": 0.01, "reason": "again"}))
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}
