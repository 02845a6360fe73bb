//! The security review's findings (issue 9), each as a test that failed on the build before.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{body, expect, spawn_app_with, PASSWORD};

/// Sign-ins with a made-up first `X-Forwarded-For` hop each time, from a peer that is not a
/// trusted proxy: the header is ignored and the limit holds.
#[tokio::test]
async fn a_client_cannot_dodge_the_sign_in_limit_with_made_up_forwarded_hops() {
    let app = spawn_app_with(|s| {
        s.login_rate_per_minute = 3;
        s.trust_proxy = true;
        s.trusted_proxies = shop_api::client::ProxyTrust::parse("10.0.0.0/8").expect("list");
    })
    .await;
    let mut statuses = Vec::new();
    for i in 0..15 {
        let res = app
            .client
            .post(app.url("/api/user/login"))
            .header("x-forwarded-for", format!("198.51.100.{i}"))
            .json(&json!({"email": "x@example.com", "password": "Wrong#123"}))
            .send()
            .await
            .expect("login");
        statuses.push(res.status());
    }
    assert_eq!(
        statuses
            .iter()
            .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
            .count(),
        12,
        "{statuses:?}"
    );
}

/// Behind a trusted proxy (loopback here), the right-most hop the proxy appended is the
/// client: whatever the client wrote to its left, the same client is limited.
#[tokio::test]
async fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_limited() {
    let app = spawn_app_with(|s| {
        s.login_rate_per_minute = 3;
        s.trust_proxy = true;
    })
    .await;
    let attempt = |hops: String| {
        app.client
            .post(app.url("/api/user/login"))
            .header("x-forwarded-for", hops)
            .json(&json!({"email": "x@example.com", "password": "Wrong#123"}))
            .send()
    };
    for i in 0..3 {
        let res = attempt(format!("6.6.6.{i}, 203.0.113.9"))
            .await
            .expect("login");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    let res = attempt("6.6.6.99, 203.0.113.9".into())
        .await
        .expect("login");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    // Another real client behind the same proxy is not.
    let res = attempt("203.0.113.10".into()).await.expect("login");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn one_account_is_limited_across_addresses() {
    let app = spawn_app_with(|s| {
        s.account_login_rate_per_hour = 3;
        s.trust_proxy = true;
    })
    .await;
    let mut last = StatusCode::OK;
    for i in 0..4 {
        last = app
            .client
            .post(app.url("/api/user/login"))
            .header("x-forwarded-for", format!("203.0.113.{i}"))
            .json(&json!({"email": "victim@example.com", "password": "Wrong#123"}))
            .send()
            .await
            .expect("login")
            .status();
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn registration_is_rate_limited_per_client_address() {
    let app = spawn_app_with(|s| s.register_rate_per_hour = 2).await;
    for i in 0..2 {
        expect(
            app.register(&format!("r{i}@example.com"), PASSWORD).await,
            StatusCode::CREATED,
        )
        .await;
    }
    let res = app.register("r9@example.com", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().get("retry-after").is_some());
    assert_eq!(
        body(res).await["message"],
        "Too many registrations from your network. Please try again later."
    );
}

#[tokio::test]
async fn made_up_methods_answer_405_and_never_reach_the_metrics() {
    let app = spawn_app_with(|_| {}).await;
    let method = reqwest::Method::from_bytes("X".repeat(10_000).as_bytes()).expect("method");
    let res = app
        .client
        .request(method, app.url("/api/health"))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let allow = res
        .headers()
        .get("allow")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(allow.contains("GET") && allow.contains("POST"), "{allow}");
    assert_eq!(body(res).await["message"], "Method not allowed");
    let metrics = app
        .client
        .get(format!("{}/metrics", app.metrics_address))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    assert!(!metrics.contains("XXXX"), "the method reached the metrics");
    assert!(metrics.len() < 10_000, "{} bytes of metrics", metrics.len());
}

#[tokio::test]
async fn metrics_are_not_served_on_the_shops_address() {
    let app = spawn_app_with(|_| {}).await;
    // The path is the single-page app's (its Not Found page), never the counters.
    let res = app.get("/metrics").await;
    assert!(!res
        .text()
        .await
        .expect("text")
        .contains("shop_http_requests_total"));
}

#[tokio::test]
async fn a_look_alike_email_cannot_register_beside_the_real_one() {
    let app = spawn_app_with(|_| {}).await;
    expect(
        app.register("admin-lookalike@example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
    let v = expect(
        app.register("\u{0430}dmin-lookalike@example.com", PASSWORD)
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        v["errors"]["email"][0],
        "Email addresses may not mix alphabets (for example Latin and Cyrillic letters)"
    );
    // Full-width letters are the same account after normalisation: a duplicate.
    expect(
        app.register("ＡＤＭＩＮ-lookalike@example.com", PASSWORD)
            .await,
        StatusCode::CONFLICT,
    )
    .await;
    // And sign in as it.
    expect(
        app.login("ＡＤＭＩＮ-LOOKALIKE@example.com", PASSWORD)
            .await,
        StatusCode::OK,
    )
    .await;
}
