//! What checkout refuses: the quote's blocked reasons in the specification's words, calls
//! without a token or by another account, and an amount that is not the server's total.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{buyer, buyer_with, cents, message, pay_ok, Buyer, CART_CHANGED};
use crate::catalogue::demo_app;
use crate::helpers::expect;

#[tokio::test]
async fn the_cart_quote_says_why_checkout_is_blocked_in_the_specifications_words() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer_with(&app, "blocked@example.com", "ND", false).await;
    let q = b.quote(&app).await;
    assert_eq!(q["canCheckout"], false);
    assert_eq!(q["blocked"]["reason"], "EMPTY_CART");
    assert_eq!(q["blocked"]["message"], "Your cart is empty");
    assert_eq!(q["itemCount"], 0);

    b.add(&app, &s.case_only.0, false, None).await;
    b.add(&app, &s.case_only.0, false, None).await;
    let q = b.quote(&app).await;
    assert_eq!(q["blocked"]["reason"], "TERMS_NOT_ACCEPTED");
    assert_eq!(
        q["blocked"]["message"],
        "Please click here to accept the Terms of Service before checkout"
    );
    assert_eq!(q["itemCount"], 2);
    assert_eq!(q["shippingAddress"]["state"], "ND");
    // The figures are the money engine's for the same lines.
    let engine = expect(
        app.post_json(
            "/api/quote",
            &json!({"lines": [{"productId": s.case_only.0, "caseQuantity": 2}], "state": "ND"}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    for figure in [
        "subtotal",
        "orderType",
        "shipping",
        "liftGateFee",
        "tax",
        "grandTotal",
    ] {
        assert_eq!(q[figure], engine[figure], "{figure}");
    }
    assert_eq!(cents(&q["subtotal"]), 2 * s.case_only.1);

    let terms = json!({"acceptedTerms": true});
    expect(
        app.post_json_as("/api/user/userInfo", &b.token, &terms)
            .await,
        StatusCode::OK,
    )
    .await;
    let q = b.quote(&app).await;
    assert_eq!(q["canCheckout"], true);
    assert_eq!(q["blocked"], Value::Null);

    let lifted = b.quote_with(&app, json!({"liftGate": true})).await;
    assert_eq!(lifted["liftGateFee"], 100);
    assert_eq!(
        cents(&lifted["grandTotal"]),
        cents(&q["grandTotal"]) + 10_000
    );
    let terminal = b
        .quote_with(
            &app,
            json!({"shipToTerminalId": s.nd_terminal, "liftGate": true}),
        )
        .await;
    assert_eq!(terminal["liftGateFee"], 0);
    assert_eq!(terminal["terminal"]["id"], s.nd_terminal.as_str());
    assert_eq!(terminal["shippingAddress"]["state"], "ND");
    let res = app
        .post_json_as(
            &format!("/api/cart/{}/quote", b.cart),
            &b.token,
            &json!({"shipToTerminalId": "no-such-terminal"}),
        )
        .await;
    assert_eq!(
        message(res, StatusCode::NOT_FOUND).await,
        "Terminal not found"
    );

    let hawaii = buyer_with(&app, "hawaii@example.com", "HI", true).await;
    hawaii.add(&app, &s.case_only.0, false, None).await;
    let q = hawaii.quote(&app).await;
    assert_eq!(q["blocked"]["reason"], "NOT_SHIPPED");
    assert_eq!(
        q["blocked"]["message"],
        "We currently don't ship to HI. Please select a different shipping address."
    );
    let res = hawaii.open(&app, q["grandTotal"].clone(), json!({})).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "We currently don't ship to HI. Please select a different shipping address."
    );

    let nowhere = app.customer("nowhere@example.com").await;
    let (token, cart) = (
        nowhere["token"].as_str().expect("token"),
        nowhere["userInfo"]["Cart"]["id"].as_str().expect("cart"),
    );
    let add = json!({"productId": s.case_only.0});
    expect(
        app.post_json_as(&format!("/api/cart/{cart}/add"), token, &add)
            .await,
        StatusCode::OK,
    )
    .await;
    let q = expect(
        app.post_json_as(&format!("/api/cart/{cart}/quote"), token, &json!({}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(q["blocked"]["reason"], "MISSING_ADDRESS");
    assert_eq!(
        q["blocked"]["message"],
        "Please set your shipping address in the user profile to proceed to checkout"
    );
}

#[tokio::test]
async fn every_checkout_and_order_call_needs_a_token_and_the_owner() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let owner = buyer(&app, "owner@example.com").await;
    let stranger = buyer(&app, "stranger@example.com").await;
    owner.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = owner.checkout(&app).await;
    pay_ok(&app, &token).await;

    let amount = json!({"amount": quote["grandTotal"]});
    let cancel = json!({"checkoutToken": token});
    for (path, payload) in [
        (format!("/api/cart/{}/quote", owner.cart), json!({})),
        (format!("/api/cart/{}/purchase", owner.cart), amount.clone()),
        (
            format!("/api/cart/{}/purchase/cancel", owner.cart),
            cancel.clone(),
        ),
    ] {
        let res = app.post_json(&path, &payload).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{path}");
        let res = app.post_json_as(&path, &stranger.token, &payload).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
    }
    // The stranger's own cart cannot cancel the owner's session either.
    let res = stranger.cancel(&app, &token).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // Completing the owner's session as the stranger: 404, and the owner's payment is intact.
    let as_stranger = Buyer {
        user: stranger.user.clone(),
        ..stranger.clone()
    };
    let res = as_stranger.complete(&app, &token, &quote).await;
    assert_eq!(
        message(res, StatusCode::NOT_FOUND).await,
        "Checkout session not found"
    );
    let claims_owner = Buyer {
        user: owner.user.clone(),
        ..stranger.clone()
    };
    let res = claims_owner.complete(&app, &token, &quote).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = app
        .post_json(
            "/api/purchase",
            &json!({"userId": owner.user, "amounts": {}, "checkoutToken": token}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.db
            .sandbox_payment(&token)
            .expect("payment")
            .expect("one")
            .0,
        "AUTHORIZED"
    );

    let order = expect(owner.complete(&app, &token, &quote).await, StatusCode::OK).await;
    let id = order["id"].as_str().expect("id");
    let res = app.get(&format!("/api/orders/{id}")).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app.get("/api/orders").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app
        .get_as(&format!("/api/orders/{id}"), &stranger.token)
        .await;
    assert_eq!(message(res, StatusCode::NOT_FOUND).await, "Order not found");
    let theirs = expect(
        app.get_as("/api/orders", &stranger.token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(theirs["totalItems"], 0);
    let mine = expect(
        app.get_as("/api/orders", &owner.token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(mine["totalItems"], 1);
    assert_eq!(mine["contents"][0]["id"], id);
}

/// A text that is not a checkout token names no session: the purchase and the cancel answer as
/// for an unknown token, and the owner's paid session is untouched.
#[tokio::test]
async fn a_malformed_checkout_token_names_no_session() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let owner = buyer(&app, "owner@example.com").await;
    owner.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = owner.checkout(&app).await;
    pay_ok(&app, &token).await;
    for bad in ["", "x", &token.to_uppercase(), &format!("{token}0")] {
        let res = owner.complete(&app, bad, &quote).await;
        assert_eq!(
            message(res, StatusCode::NOT_FOUND).await,
            "Checkout session not found",
            "{bad:?}"
        );
        let res = owner.cancel(&app, bad).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{bad:?}");
    }
    expect(owner.complete(&app, &token, &quote).await, StatusCode::OK).await;
}

#[tokio::test]
async fn an_amount_that_is_not_the_servers_total_is_refused_and_nothing_is_recorded() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "tamper@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let q = b.quote(&app).await;
    let total = cents(&q["grandTotal"]);
    let dollars = |c: i64| c as f64 / 100.0;
    for wrong in [
        json!(dollars(total - 1)),
        json!(dollars(total + 1)),
        json!(0),
        // More than two decimals, rounding to another cent.
        json!(format!("{}.{:02}5", total / 100, total % 100)
            .parse::<f64>()
            .expect("number")),
    ] {
        let res = b.open(&app, wrong.clone(), json!({})).await;
        assert_eq!(
            message(res, StatusCode::CONFLICT).await,
            CART_CHANGED,
            "{wrong}"
        );
    }
    for malformed in [json!("12.00"), json!(-1), json!(null)] {
        let res = b.open(&app, malformed.clone(), json!({})).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{malformed}");
    }
    assert_eq!(app.db.order_counts().expect("counts"), (0, 0));

    // A fraction of a cent that rounds to the total is the total.
    let close = format!("{}.{:02}4", total / 100, total % 100)
        .parse::<f64>()
        .expect("number");
    let v = expect(b.open(&app, json!(close), json!({})).await, StatusCode::OK).await;
    let token = v["checkoutToken"].as_str().expect("token");
    pay_ok(&app, token).await;

    // Amounts at purchase are compared to the cent too; a refused purchase voids the payment.
    let mut amounts = json!({
        "subtotal": q["subtotal"], "tax": q["tax"], "liftGateFee": q["liftGateFee"],
        "shipping": q["shipping"], "grandTotal": q["grandTotal"]
    });
    amounts["tax"] = json!(dollars(cents(&q["tax"]) + 1));
    let res = b.complete_with(&app, token, &q, amounts).await;
    assert_eq!(message(res, StatusCode::CONFLICT).await, CART_CHANGED);
    assert_eq!(
        app.db
            .sandbox_payment(token)
            .expect("payment")
            .expect("one")
            .0,
        "VOIDED"
    );
    assert_eq!(
        app.db.session_status(token).expect("status").as_deref(),
        Some("ABORTED")
    );
    let res = b.complete(&app, token, &q).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "This checkout was cancelled. Please check out again."
    );
    assert_eq!(app.db.order_counts().expect("counts"), (0, 0));
}
