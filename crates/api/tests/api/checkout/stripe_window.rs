//! Stripe's payment window against localstripe: the page loads the configured Stripe.js with
//! the publishable key under a policy that lets in Stripe.js's origin alone; the card its card
//! element took (Stripe's id of it, never the number) is put to the session's PaymentIntent by
//! `POST /api/payments/stripe/{checkoutToken}/card`, which answers authorized, 3-D Secure
//! asked (the client secret for Stripe.js) or declined. The purchase then buys it as before.

use reqwest::StatusCode;
use serde_json::json;

use super::message;
use super::stripe::{buyer_of_a_variant, open, stripe_app};
use super::Buyer;
use crate::catalogue::demo_app;
use crate::helpers::{expect, TestApp};
use crate::standins::localstripe::{
    Localstripe, DECLINED_CARD, GOOD_CARD, PUBLISHABLE_KEY, THREE_D_SECURE_CARD,
};

/// A Stripe shop with a buyer's payment session open.
struct Session {
    app: TestApp,
    buyer: Buyer,
    opened: serde_json::Value,
    quote: serde_json::Value,
    token: String,
    intent: String,
    variant: String,
}

async fn session(stripe: &Localstripe, email: &str) -> Session {
    let app = stripe_app(stripe).await;
    let (buyer, variant) = buyer_of_a_variant(&app, email).await;
    let (opened, quote) = open(&app, &buyer).await;
    let token = opened["checkoutToken"].as_str().expect("token").to_owned();
    let intent = opened["paymentIntentId"]
        .as_str()
        .expect("intent")
        .to_owned();
    Session {
        app,
        buyer,
        opened,
        quote,
        token,
        intent,
        variant,
    }
}

/// The page's Content-Security-Policy.
fn policy_of(page: &reqwest::Response) -> String {
    page.headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .expect("a policy")
        .to_owned()
}

async fn put_card(app: &TestApp, token: &str, card: &str) -> reqwest::Response {
    app.post_json(
        &format!("/api/payments/stripe/{token}/card"),
        &json!({ "paymentMethod": card }),
    )
    .await
}

#[tokio::test]
async fn the_window_loads_stripe_js_alone_and_its_card_becomes_the_order() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let Session {
        app,
        buyer: b,
        opened: _,
        quote,
        token,
        intent,
        variant,
    } = session(&stripe, "window@example.com").await;
    let (token, intent) = (token.as_str(), intent.as_str());

    let page = app.get(&format!("/pay/{token}")).await;
    assert_eq!(page.status(), StatusCode::OK);
    let policy = policy_of(&page);
    let directive = |name: &str| {
        policy
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with(&format!("{name} ")))
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        directive("script-src"),
        format!("script-src 'self' {}", stripe.url)
    );
    assert_eq!(directive("frame-src"), format!("frame-src {}", stripe.url));
    assert_eq!(
        directive("connect-src"),
        format!("connect-src 'self' {}", stripe.url)
    );
    let html = page.text().await.expect("page");
    assert!(html.contains(&format!(
        "<script src=\"{}/js.stripe.com/v3/\"></script>",
        stripe.url
    )));
    assert!(html.contains(&format!("data-key=\"{PUBLISHABLE_KEY}\"")));
    assert!(html.contains("data-provider=\"stripe\""));
    assert!(html.contains("id=\"card-element\""));
    assert!(html.contains(&format!(
        "Pay ${:.2}",
        quote["grandTotal"].as_f64().expect("total")
    )));
    assert!(
        !html.contains("card-number"),
        "no card field of the shop's own"
    );

    let card = stripe.card_of_element(GOOD_CARD).await;
    let answer = expect(put_card(&app, token, &card).await, StatusCode::OK).await;
    assert_eq!(answer, json!({ "status": "SUCCESS" }));
    assert_eq!(stripe.intent(intent).await["status"], "requires_capture");
    // The same card again (a double click) is still the one authorization.
    let again = expect(put_card(&app, token, &card).await, StatusCode::OK).await;
    assert_eq!(again["status"], "SUCCESS");

    let order = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    assert_eq!(order["grandTotal"], quote["grandTotal"]);
    assert_eq!(stripe.intent(intent).await["status"], "succeeded");
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 4);
    // A used session takes no card and shows no form.
    assert_eq!(
        message(put_card(&app, token, &card).await, StatusCode::CONFLICT).await,
        "This payment session has ended. Please check out again."
    );
    let ended = app
        .get(&format!("/pay/{token}"))
        .await
        .text()
        .await
        .expect("page");
    assert!(ended.contains("data-open=\"false\""));
}

#[tokio::test]
async fn a_card_whose_bank_asks_is_confirmed_by_stripe_js_then_bought() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let Session {
        app,
        buyer: b,
        opened,
        quote,
        token,
        intent,
        variant: _,
    } = session(&stripe, "secure@example.com").await;
    let (token, intent) = (token.as_str(), intent.as_str());

    let card = stripe.card_of_element(THREE_D_SECURE_CARD).await;
    let answer = expect(put_card(&app, token, &card).await, StatusCode::OK).await;
    assert_eq!(answer["status"], "ACTION_REQUIRED");
    assert_eq!(answer["clientSecret"], opened["clientSecret"]);
    // Not yet authorized: no order.
    assert_eq!(
        b.complete(&app, token, &quote).await.status(),
        StatusCode::CONFLICT
    );
    let client_secret = answer["clientSecret"].as_str().expect("secret");
    let confirmed = stripe.authenticate(intent, client_secret, true).await;
    assert_eq!(confirmed["status"], "requires_capture");
    let order = expect(b.complete(&app, token, &quote).await, StatusCode::OK).await;
    assert_eq!(order["grandTotal"], quote["grandTotal"]);
}

#[tokio::test]
async fn a_declined_card_is_said_and_buys_nothing() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let Session {
        app,
        buyer: b,
        opened: _,
        quote,
        token,
        intent: _,
        variant,
    } = session(&stripe, "nope@example.com").await;
    let token = token.as_str();

    let card = stripe.card_of_element(DECLINED_CARD).await;
    let answer = expect(put_card(&app, token, &card).await, StatusCode::OK).await;
    assert_eq!(answer["status"], "DECLINED");
    assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(
        b.complete(&app, token, &quote).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
}

#[tokio::test]
async fn the_card_route_takes_only_a_stripe_card_for_an_open_session() {
    let Some(stripe) = Localstripe::start().await else {
        return;
    };
    let Session {
        app,
        buyer: b,
        opened: _,
        quote: _,
        token,
        intent: _,
        variant: _,
    } = session(&stripe, "route@example.com").await;
    let token = token.as_str();
    for junk in [
        "4242424242424242",
        "tok_123",
        "pm_",
        "pm_a/b",
        "card_x&amount=1",
    ] {
        let res = put_card(&app, token, junk).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{junk}");
    }
    let card = stripe.card_of_element(GOOD_CARD).await;
    let unknown = "a".repeat(64);
    assert_eq!(
        message(put_card(&app, &unknown, &card).await, StatusCode::NOT_FOUND).await,
        "Payment not found"
    );
    assert_eq!(
        put_card(&app, "short", &card).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(b.cancel(&app, token).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        put_card(&app, token, &card).await.status(),
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn with_the_sandbox_there_is_no_stripe_card_route_and_the_window_is_the_sandbox() {
    let app = demo_app().await;
    let (b, _) = buyer_of_a_variant(&app, "sandbox-window@example.com").await;
    let (token, _) = b.checkout(&app).await;
    let res = put_card(&app, &token, "pm_123").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let page = app.get(&format!("/pay/{token}")).await;
    let policy = policy_of(&page);
    assert!(policy.contains("script-src 'self';"), "{policy}");
    let html = page.text().await.expect("page");
    assert!(html.contains("data-provider=\"sandbox\""));
    assert!(html.contains("id=\"card-number\""));
    assert!(!html.contains("<script src=\"http"));
}
