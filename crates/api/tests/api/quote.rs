//! `POST /api/quote` on the demo catalogue: each order type, both destinations, refusals.

use domain::money::Money;
use domain::order::OrderType;
use domain::shipping::shipping_for;
use domain::state::{sales_tax, UsState};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect, spawn_app_with, TestApp};

/// Products of the demo catalogue to build carts from.
struct Samples {
    /// A case-breakable firework: (id, case cents, unit cents).
    breakable: (String, i64, i64),
    /// A firework sold by the case only: (id, case cents).
    case_only: (String, i64),
    /// A show: (id, cents).
    show: (String, i64),
    /// An apparel variant: (product id, variant id, unit cents).
    apparel: (String, String, i64),
    /// A second apparel product's variant, for mixed apparel carts.
    other_variant: (String, String),
    /// A terminal in North Dakota.
    nd_terminal: String,
}

fn samples(app: &TestApp) -> Samples {
    let found = app.db.quote_samples().expect("the demo catalogue");
    let apparel = found.variants.first().cloned().expect("an apparel variant");
    let other = found
        .variants
        .iter()
        .find(|v| v.0 != apparel.0)
        .expect("a second apparel product");
    Samples {
        breakable: found.breakable,
        case_only: found.case_only,
        show: found.show,
        other_variant: (other.0.clone(), other.1.clone()),
        apparel,
        nd_terminal: found.nd_terminal,
    }
}

async fn demo_app() -> (TestApp, Samples) {
    let app = spawn_app_with(|s| s.seed_demo = true).await;
    let samples = samples(&app);
    (app, samples)
}

async fn quote(app: &TestApp, body: Value) -> Value {
    expect(app.post_json("/api/quote", &body).await, StatusCode::OK).await
}

fn money(v: &Value) -> Money {
    serde_json::from_value(v.clone()).expect("money")
}

/// Checks a shippable quote against the domain rules for `subtotal`, `order_type` and the
/// destination.
fn check(
    q: &Value,
    subtotal_cents: i64,
    order_type: OrderType,
    state: UsState,
    to_terminal: bool,
    lift_gate: bool,
) {
    let subtotal = Money::from_cents(subtotal_cents);
    let shipping = shipping_for(order_type, subtotal, to_terminal);
    let lift = if lift_gate && !to_terminal {
        Money::from_dollars(100)
    } else {
        Money::ZERO
    };
    let tax = sales_tax(state, subtotal).expect("shipped state");
    assert_eq!(
        q["orderType"],
        serde_json::to_value(order_type).expect("json"),
        "{q}"
    );
    assert_eq!(money(&q["subtotal"]), subtotal, "{q}");
    assert_eq!(money(&q["shipping"]), shipping, "{q}");
    assert_eq!(money(&q["liftGateFee"]), lift, "{q}");
    assert_eq!(money(&q["tax"]), tax, "{q}");
    assert_eq!(
        money(&q["grandTotal"]),
        subtotal + tax + shipping + lift,
        "{q}"
    );
    assert_eq!(q["shippable"], true, "{q}");
    assert!(q.get("message").is_none(), "{q}");
}

/// Quotes `body` and checks the answer against the domain rules (see [`check`]): `sold` is the
/// subtotal in cents and the order type, `to` the state taxed, whether it ships to a terminal
/// and whether a lift gate was asked for.
async fn quote_and_check(
    app: &TestApp,
    body: Value,
    sold: (i64, OrderType),
    to: (UsState, bool, bool),
) {
    let q = quote(app, body).await;
    check(&q, sold.0, sold.1, to.0, to.1, to.2);
}

#[tokio::test]
async fn units_only_are_retail_at_an_address_and_at_a_terminal() {
    let (app, s) = demo_app().await;
    let (id, _, unit) = &s.breakable;
    let lines = json!([{"productId": id, "unitQuantity": 3}]);
    quote_and_check(
        &app,
        json!({"lines": lines, "state": "ND", "liftGate": true}),
        (unit * 3, OrderType::Retail),
        (UsState::NorthDakota, false, true),
    )
    .await;
    quote_and_check(
        &app,
        json!({"lines": lines, "state": "CA", "terminalId": s.nd_terminal, "liftGate": true}),
        (unit * 3, OrderType::Retail),
        (UsState::NorthDakota, true, true),
    )
    .await;
}

#[tokio::test]
async fn cases_only_are_wholesale_at_both_destinations() {
    let (app, s) = demo_app().await;
    let (id, case) = &s.case_only;
    let lines = json!([{"productId": id, "caseQuantity": 4}]);
    quote_and_check(
        &app,
        json!({"lines": lines, "state": "TX", "liftGate": false}),
        (case * 4, OrderType::Wholesale),
        (UsState::Texas, false, false),
    )
    .await;
    quote_and_check(
        &app,
        json!({"lines": lines, "terminalId": s.nd_terminal, "liftGate": false}),
        (case * 4, OrderType::Wholesale),
        (UsState::NorthDakota, true, false),
    )
    .await;
}

#[tokio::test]
async fn cases_with_a_quarter_or_more_in_units_are_combo() {
    let (app, s) = demo_app().await;
    let (id, case, unit) = &s.breakable;
    // Enough units to reach at least 25% of the subtotal by value.
    let units = (case / (3 * unit)).max(1) + 1;
    let lines = json!([{"productId": id, "caseQuantity": 1, "unitQuantity": units}]);
    let subtotal = case + unit * units;
    assert!(
        4 * unit * units >= subtotal,
        "fixture: units are at least a quarter"
    );
    quote_and_check(
        &app,
        json!({"lines": lines, "state": "NY", "liftGate": false}),
        (subtotal, OrderType::Combo),
        (UsState::NewYork, false, false),
    )
    .await;
    quote_and_check(
        &app,
        json!({"lines": lines, "terminalId": s.nd_terminal, "liftGate": false}),
        (subtotal, OrderType::Combo),
        (UsState::NorthDakota, true, false),
    )
    .await;
}

#[tokio::test]
async fn a_show_ships_free_and_apparel_alone_ships_for_ten() {
    let (app, s) = demo_app().await;
    let (show, price) = &s.show;
    let (apparel_product, variant, unit) = &s.apparel;
    let with_show = json!([{"productId": show, "caseQuantity": 1}, {"productId": apparel_product, "variantId": variant, "caseQuantity": 1}]);
    for destination in [json!({"state": "FL"}), json!({"terminalId": s.nd_terminal})] {
        let mut body = json!({"lines": with_show, "liftGate": false});
        body.as_object_mut()
            .expect("object")
            .extend(destination.as_object().expect("object").clone());
        let q = quote(&app, body).await;
        assert_eq!(q["orderType"], "show");
        assert_eq!(money(&q["shipping"]), Money::ZERO);
        assert_eq!(money(&q["subtotal"]), Money::from_cents(price + unit));
    }
    let (other_product, other_variant) = &s.other_variant;
    let apparel = json!([
        {"productId": apparel_product, "variantId": variant, "unitQuantity": 2},
        {"productId": other_product, "variantId": other_variant, "caseQuantity": 1}
    ]);
    let q = quote(
        &app,
        json!({"lines": apparel, "state": "OH", "liftGate": false}),
    )
    .await;
    assert_eq!(q["orderType"], "apparelOnly");
    assert_eq!(money(&q["shipping"]), Money::from_dollars(10));
}

#[tokio::test]
async fn apparel_with_fireworks_counts_as_units() {
    let (app, s) = demo_app().await;
    let (case_id, case) = &s.case_only;
    let (apparel_product, variant, unit) = &s.apparel;
    let lines = json!([{"productId": case_id, "caseQuantity": 1}, {"productId": apparel_product, "variantId": variant, "unitQuantity": 1}]);
    let q = quote(
        &app,
        json!({"lines": lines, "state": "PA", "liftGate": false}),
    )
    .await;
    let expected = if 4 * unit >= case + unit {
        OrderType::Combo
    } else {
        OrderType::Wholesale
    };
    check(
        &q,
        case + unit,
        expected,
        UsState::Pennsylvania,
        false,
        false,
    );
}

#[tokio::test]
async fn unshippable_or_missing_destinations_say_why() {
    let (app, s) = demo_app().await;
    let lines = json!([{"productId": s.case_only.0, "caseQuantity": 1}]);
    let q = quote(
        &app,
        json!({"lines": lines, "state": "AK", "liftGate": false}),
    )
    .await;
    assert_eq!(q["shippable"], false);
    assert_eq!(q["message"], "We don't ship to AK");
    let q = quote(&app, json!({"lines": lines, "liftGate": false})).await;
    assert_eq!(q["shippable"], false);
    assert_eq!(
        q["message"],
        "Please set your shipping address in the user profile to proceed to checkout"
    );
}

#[tokio::test]
async fn bad_requests_are_refused_with_clear_messages() {
    let (app, s) = demo_app().await;
    let cases = [
        (
            json!({"lines": [{"productId": "nope", "caseQuantity": 1}], "state": "ND"}),
            StatusCode::NOT_FOUND,
            "Product not found",
        ),
        (
            json!({"lines": [{"productId": s.apparel.0, "variantId": "nope", "caseQuantity": 1}], "state": "ND"}),
            StatusCode::NOT_FOUND,
            "Variant not found",
        ),
        (
            json!({"lines": [{"productId": s.apparel.0, "variantId": s.other_variant.1, "caseQuantity": 1}], "state": "ND"}),
            StatusCode::NOT_FOUND,
            "Variant not found",
        ),
        (
            json!({"lines": [{"productId": s.case_only.0, "caseQuantity": 1}], "terminalId": "nope"}),
            StatusCode::NOT_FOUND,
            "Terminal not found",
        ),
        (
            json!({"lines": [{"productId": s.case_only.0, "caseQuantity": -1}], "state": "ND"}),
            StatusCode::BAD_REQUEST,
            "caseQuantity must be a whole number from 0 to 9999",
        ),
        (
            json!({"lines": [{"productId": s.case_only.0, "caseQuantity": 0}], "state": "ND"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Each line needs a quantity of at least 1",
        ),
        (
            json!({"lines": [{"productId": s.case_only.0, "caseQuantity": 1}], "state": "ZZ"}),
            StatusCode::BAD_REQUEST,
            "Invalid state code",
        ),
    ];
    for (body, status, message) in cases {
        let v = expect(app.post_json("/api/quote", &body).await, status).await;
        assert_eq!(v["message"], message, "{body}");
    }
    let v = expect(
        app.post_json(
            "/api/quote",
            &json!({"lines": [{"productId": s.case_only.0, "unitQuantity": 1}], "state": "ND"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(v["message"]
        .as_str()
        .expect("message")
        .ends_with("is sold by the case only"));
    // A client cannot send a price.
    let v = expect(
        app.post_json("/api/quote", &json!({"lines": [{"productId": s.case_only.0, "caseQuantity": 1, "casePrice": 0.01}], "state": "ND"})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["message"]
        .as_str()
        .expect("message")
        .contains("casePrice"));
}

#[tokio::test]
async fn shipping_rates_are_published_from_the_domain() {
    let app = crate::helpers::spawn_app().await;
    let v = expect(app.get("/api/shipping/rates").await, StatusCode::OK).await;
    assert_eq!(v["liftGateFee"], 100);
    assert_eq!(v["apparelOnlyShipping"], 10);
    assert_eq!(v["showShipping"], 0);
    assert_eq!(v["nonShippedStates"], json!(["AK", "HI", "MA"]));
    assert_eq!(
        v["tables"]["retail"][0],
        json!({"minimum": 1500, "anywhere": 0, "terminal": 0})
    );
    assert_eq!(v["tables"]["retail"].as_array().map(Vec::len), Some(7));
    assert_eq!(v["tables"]["wholesale"].as_array().map(Vec::len), Some(7));
    assert_eq!(v["tables"]["combo"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["taxRates"]["CA"], 0.1);
    assert_eq!(
        v["taxRates"].as_object().map(serde_json::Map::len),
        Some(47)
    );
}
