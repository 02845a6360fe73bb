//! The paid purchase, the holds of open payment sessions, and the cart locked while one is open.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::json;

use super::{buyer, cents, message, pay, pay_ok, DECLINED_CARD, SUCCESS_CARD};
use crate::catalogue::demo_app;
use crate::helpers::{body, expect};

#[tokio::test]
async fn a_paid_purchase_makes_one_order_takes_stock_empties_the_cart_and_captures() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, variant_cents) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 5).expect("stock");
    app.db.set_unit_stock(&s.breakable.0, 1).expect("units");
    let b = buyer(&app, "buyer@example.com").await;
    b.add(&app, &s.breakable.0, false, None).await;
    b.set_quantity(&app, &s.breakable.0, None, 2).await;
    b.add(&app, &s.breakable.0, true, None).await;
    b.add(&app, &s.breakable.0, true, None).await;
    b.add(&app, &s.breakable.0, true, None).await;
    b.add(&app, &product, false, Some(&variant)).await;
    b.add(&app, &product, false, Some(&variant)).await;

    let (token, quote) = b.checkout(&app).await;
    assert_eq!(quote["canCheckout"], true);
    // The hold: 2 of 5 held, stock untouched until the purchase.
    let now = Utc::now().naive_utc();
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 2);
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 5);
    // Not paid yet: refused, and the session stays open for the payment.
    let res = b.complete(&app, &token, &quote).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "The payment has not been completed"
    );
    assert_eq!(
        app.db.session_status(&token).expect("s").as_deref(),
        Some("OPEN")
    );
    // A declined card, then the good one in the same window.
    let v = expect(pay(&app, &token, DECLINED_CARD).await, StatusCode::OK).await;
    assert_eq!(v["status"], "DECLINED");
    let res = b.complete(&app, &token, &quote).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    pay_ok(&app, &token).await;
    // Paying twice is refused by the window.
    assert_eq!(
        pay(&app, &token, SUCCESS_CARD).await.status(),
        StatusCode::CONFLICT
    );

    let order = expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    for figure in [
        "subtotal",
        "shipping",
        "tax",
        "liftGateFee",
        "grandTotal",
        "orderType",
    ] {
        assert_eq!(order[figure], quote[figure], "{figure}");
    }
    assert_eq!(order["status"], "PENDING");
    assert_eq!(order["itemCount"], 7);
    assert_eq!(order["shippingAddress"]["city"], "Fargo");
    let items = order["items"].as_array().expect("items");
    assert_eq!(items.len(), 3);
    let find = |is_unit: bool, with_variant: bool| {
        items
            .iter()
            .find(|i| i["isUnit"] == is_unit && i["variantId"].is_string() == with_variant)
            .expect("item")
    };
    let cases = find(false, false);
    assert_eq!(cases["quantity"], 2);
    assert_eq!(cents(&cases["unitPrice"]), s.breakable.1);
    assert_eq!(cents(&cases["itemSubtotal"]), 2 * s.breakable.1);
    let units = find(true, false);
    assert_eq!(units["quantity"], 3);
    assert_eq!(cents(&units["unitPrice"]), s.breakable.2);
    assert!(units["sku"].as_str().expect("sku").ends_with("-u"));
    let apparel = find(false, true);
    assert_eq!(apparel["quantity"], 2);
    assert_eq!(apparel["variantId"], variant.as_str());
    assert_eq!(cents(&apparel["itemSubtotal"]), 2 * variant_cents);

    // Stock: the variant sold 2; 1 unit from stock, 2 more as one case break request.
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 3);
    assert_eq!(app.db.variant_held(&variant, now).expect("held"), 0);
    assert_eq!(app.db.unit_stock(&s.breakable.0).expect("units"), 0);
    assert_eq!(
        app.db
            .case_break_requests(&s.breakable.0)
            .expect("requests"),
        vec![(2, "PENDING".to_owned())]
    );
    let cart = expect(
        app.get_as(&format!("/api/cart/{}", b.cart), &b.token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(cart["cartProducts"], json!([]));
    let (status, last4) = app.db.sandbox_payment(&token).expect("p").expect("one");
    assert_eq!(
        (status.as_str(), last4.as_deref()),
        ("CAPTURED", Some("4242"))
    );

    // The same token again: the same order, nothing new.
    let again = expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    assert_eq!(again["id"], order["id"]);
    assert_eq!(app.db.order_counts().expect("counts"), (1, 3));
    let id = order["id"].as_str().expect("id");
    let got = expect(
        app.get_as(&format!("/api/orders/{id}"), &b.token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(got, order);
}

#[tokio::test]
async fn holds_keep_others_from_paying_for_the_same_items_until_they_end() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let (product, variant, _) = s.variants[0].clone();
    app.db.set_variant_stock(&variant, 2).expect("stock");
    let first = buyer(&app, "first@example.com").await;
    let second = buyer(&app, "second@example.com").await;
    first.add(&app, &product, false, Some(&variant)).await;
    first.add(&app, &product, false, Some(&variant)).await;
    second.add(&app, &product, false, Some(&variant)).await;

    let (token, _) = first.checkout(&app).await;
    let q = second.quote(&app).await;
    let res = second.open(&app, q["grandTotal"].clone(), json!({})).await;
    let refused = message(res, StatusCode::CONFLICT).await;
    assert!(refused.starts_with("Only 0 left of "), "{refused}");
    assert!(refused.ends_with(')'), "{refused}");

    // Cancelled: the hold is released and the other buyer can check out.
    assert_eq!(
        first.cancel(&app, &token).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        first.cancel(&app, &token).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.db.sandbox_payment(&token).expect("p").expect("one").0,
        "VOIDED"
    );
    assert_eq!(
        pay(&app, &token, SUCCESS_CARD).await.status(),
        StatusCode::CONFLICT
    );
    let (second_token, second_quote) = second.checkout(&app).await;

    // An expired hold returns its items: the first buyer checks out again once it ends.
    let res = first
        .open(
            &app,
            first.quote(&app).await["grandTotal"].clone(),
            json!({}),
        )
        .await;
    assert!(message(res, StatusCode::CONFLICT)
        .await
        .starts_with("Only 1 left of "));
    pay_ok(&app, &second_token).await;
    app.db
        .expire_session(&second_token, Utc::now().naive_utc() - Duration::seconds(1))
        .expect("expire");
    let (first_token, first_quote) = first.checkout(&app).await;
    // The expired session cannot be completed, and its payment is voided.
    let res = second.complete(&app, &second_token, &second_quote).await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "Your checkout session expired. Please check out again."
    );
    assert_eq!(
        app.db
            .sandbox_payment(&second_token)
            .expect("p")
            .expect("one")
            .0,
        "VOIDED"
    );
    pay_ok(&app, &first_token).await;
    expect(
        first.complete(&app, &first_token, &first_quote).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(app.db.variant_stock(&variant).expect("stock"), 0);
}

#[tokio::test]
async fn a_cart_cannot_change_after_the_session_opened_and_a_refused_purchase_voids_the_payment() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "changer@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    // The cart is locked while its session is open (decisions.md "Stock", issue 32 item 9):
    // the change that used to make this purchase fail after the card was taken is refused.
    let res = app
        .post_json_as(
            &format!("/api/cart/{}/add", b.cart),
            &b.token,
            &json!({"productId": s.case_only.0, "isUnit": false}),
        )
        .await;
    assert_eq!(
        message(res, StatusCode::CONFLICT).await,
        "Your cart is being paid for. Cancel the payment to change it."
    );
    // A wrong shipping address id refuses the purchase and voids the payment.
    let mut other = quote.clone();
    other["shippingAddress"]["id"] = json!("someone-elses-address");
    let res = b.complete(&app, &token, &other).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body(res).await["errors"]["shippingAddressId"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        app.db.sandbox_payment(&token).expect("p").expect("one").0,
        "VOIDED"
    );
    assert_eq!(app.db.order_counts().expect("counts"), (0, 0));
    // The refused session is closed: the cart can change again.
    b.add(&app, &s.case_only.0, false, None).await;
}
