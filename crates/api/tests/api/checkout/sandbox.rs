//! The sandbox payment window.

use reqwest::StatusCode;
use serde_json::json;

use super::{buyer, pay, pay_ok, SUCCESS_CARD};
use crate::catalogue::demo_app;
use crate::helpers::expect;

#[tokio::test]
async fn the_sandbox_window_is_served_outside_the_app_and_checks_cards() {
    let app = demo_app().await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "window@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = b.checkout(&app).await;
    let res = app.get(&format!("/pay/{token}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-security-policy"]
        .to_str()
        .expect("csp")
        .contains("script-src 'self'"));
    let page = res.text().await.expect("page");
    let cents = (quote["grandTotal"].as_f64().expect("total") * 100.0).round() as i64;
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let total = format!("${grouped}.{:02}", cents % 100);
    assert!(page.contains(&total), "{total}");
    assert!(page.contains("/pay/window.js"));
    let res = app.get("/pay/window.js").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.expect("js").contains("postMessage"));
    let res = app.get(&format!("/pay/{}", "0".repeat(64))).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    for (card, field) in [
        (
            json!({"cardNumber": "4242 4242 4242 4241", "expMonth": 12, "expYear": 2099, "cvc": "123", "name": "A"}),
            "cardNumber",
        ),
        (
            json!({"cardNumber": SUCCESS_CARD, "expMonth": 13, "expYear": 2099, "cvc": "123", "name": "A"}),
            "expMonth",
        ),
        (
            json!({"cardNumber": SUCCESS_CARD, "expMonth": 1, "expYear": 2020, "cvc": "123", "name": "A"}),
            "expYear",
        ),
        (
            json!({"cardNumber": SUCCESS_CARD, "expMonth": 1, "expYear": 2099, "cvc": "12", "name": "A"}),
            "cvc",
        ),
        (
            json!({"cardNumber": SUCCESS_CARD, "expMonth": 1, "expYear": 2099, "cvc": "123", "name": " "}),
            "name",
        ),
    ] {
        let res = app
            .post_json(&format!("/api/payments/sandbox/{token}"), &card)
            .await;
        let v = expect(res, StatusCode::BAD_REQUEST).await;
        assert!(v["errors"][field].is_array(), "{field}: {v}");
    }
    let res = pay(&app, &"f".repeat(64), SUCCESS_CARD).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = pay(&app, "not-a-token", SUCCESS_CARD).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    pay_ok(&app, &token).await;
    // Only the last four digits are kept.
    assert_eq!(
        app.db
            .sandbox_payment(&token)
            .expect("p")
            .expect("one")
            .1
            .as_deref(),
        Some("4242")
    );
}
