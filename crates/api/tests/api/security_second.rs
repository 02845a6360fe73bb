//! The second security review's findings (issue 31) that live at the edge: sign-in limits,
//! forwarding headers, JSON guards and HSTS. Each test failed on the build before the fix.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{
    body, expect, spawn_app_with, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD,
};

fn wrong_password(email: &str) -> serde_json::Value {
    json!({"email": email, "password": "Wrong#123"})
}

/// The status of a sign-in with `body` and these headers, sent by `client` to `app`.
async fn sign_in_status(
    client: &reqwest::Client,
    app: &TestApp,
    headers: &[(&str, String)],
    body: &serde_json::Value,
) -> StatusCode {
    let mut req = client.post(app.url("/api/user/login")).json(body);
    for (name, value) in headers {
        req = req.header(*name, value);
    }
    req.send().await.expect("login").status()
}

/// Finding 1: an e-mail past 254 bytes (or a password past 128) is refused with 400 before
/// any limiter or lookup, and any JSON text past 64 KiB with 400 before any handler.
#[tokio::test]
async fn over_long_sign_in_fields_are_refused_with_400_before_any_limit() {
    let app = spawn_app_with(|s| {
        s.login_rate_per_minute = 2;
        s.max_body_bytes = 512 * 1024;
    })
    .await;
    let long = format!("{}@example.com", "a".repeat(250));
    for _ in 0..4 {
        let v = expect(
            app.post_json("/api/user/login", &wrong_password(&long))
                .await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(v["message"], "Email must be at most 254 bytes", "{v}");
        assert!(v["errors"]["email"].is_array(), "{v}");
    }
    let v = expect(
        app.post_json(
            "/api/user/login",
            &json!({"email": "a@example.com", "password": "p".repeat(129)}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(v["message"], "Password must be at most 128 bytes");
    // U+FDFA grows 18-fold under NFKC: 244 KB of it is refused by its length alone.
    let huge = format!("{}@example.com", "\u{FDFA}".repeat(81_000));
    let v = expect(
        app.post_json("/api/user/login", &wrong_password(&huge))
            .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        v["message"],
        "A text field is too long (at most 65536 bytes)"
    );
    // None of them spent the address's two attempts.
    for _ in 0..2 {
        expect(
            app.post_json("/api/user/login", &wrong_password("x@example.com"))
                .await,
            StatusCode::UNAUTHORIZED,
        )
        .await;
    }
}

/// Finding 2: behind a proxy that appends `X-Forwarded-For`, a client's own `Forwarded`
/// header is not read: the proxy's hop is the client, and it is limited.
#[tokio::test]
async fn a_client_written_forwarded_header_cannot_reset_the_sign_in_limit() {
    let app = spawn_app_with(|s| {
        s.login_rate_per_minute = 3;
        s.trust_proxy = true;
    })
    .await;
    let mut statuses = Vec::new();
    for i in 0..6 {
        let headers = [
            ("x-forwarded-for", "203.0.113.9".to_owned()),
            ("forwarded", format!("for=198.51.100.{i}")),
        ];
        let body = wrong_password("x@example.com");
        statuses.push(sign_in_status(&app.client, &app, &headers, &body).await);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS,
        ]
    );
}

/// Finding 2: with `SHOP_TRUST_PROXY=true` and no list, only 127.0.0.1 and ::1 are proxies;
/// a program connecting from 127.0.0.5 is a client whose `X-Forwarded-For` is its own text.
#[tokio::test]
async fn a_connection_from_127_0_0_5_is_not_believed_by_default() {
    let app = spawn_app_with(|s| {
        s.login_rate_per_minute = 3;
        s.trust_proxy = true;
    })
    .await;
    let from_5 = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 5]))
        .build()
        .expect("client");
    let mut statuses = Vec::new();
    for i in 0..5 {
        let headers = [("x-forwarded-for", format!("198.51.100.{i}"))];
        let body = wrong_password("x@example.com");
        statuses.push(sign_in_status(&from_5, &app, &headers, &body).await);
    }
    assert_eq!(
        statuses
            .iter()
            .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
            .count(),
        2,
        "{statuses:?}"
    );
}

/// Finding 3: 31 wrong passwords on the admin's account from 31 addresses neither lock the
/// admin out nor are refused: past the account's allowance they are answered more slowly, and
/// the admin's correct password from another address signs in at once.
#[tokio::test]
async fn strangers_failing_on_an_account_slow_themselves_and_never_lock_the_owner_out() {
    let app = spawn_app_with(|s| {
        s.account_login_rate_per_hour = 5;
        s.trust_proxy = true;
    })
    .await;
    let started = Instant::now();
    let wrong = wrong_password(ADMIN_EMAIL);
    let headers: Vec<_> = (0..31)
        .map(|i| [("x-forwarded-for", format!("203.0.113.{i}"))])
        .collect();
    let attempts = headers
        .iter()
        .map(|h| sign_in_status(&app.client, &app, h, &wrong));
    let statuses = futures_util::future::join_all(attempts).await;
    assert!(
        statuses.iter().all(|s| *s == StatusCode::UNAUTHORIZED),
        "{statuses:?}"
    );
    // The failures past the fifth waited 1 s and more before their answer.
    assert!(started.elapsed() >= Duration::from_secs(1));
    let owner = Instant::now();
    let res = app
        .client
        .post(app.url("/api/user/login"))
        .header("x-forwarded-for", "198.51.100.77")
        .json(&json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .expect("login");
    let status = res.status();
    assert_eq!(status, StatusCode::OK, "{}", body(res).await);
    // A correct password is never delayed (the delays are 1 s and more).
    assert!(owner.elapsed() < Duration::from_secs(1));
    // And a customer's account is as safe: wrong passwords do not stop the right one.
    expect(
        app.register("owner@example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
    for i in 0..6 {
        let headers = [("x-forwarded-for", format!("192.0.2.{i}"))];
        let body = wrong_password("owner@example.com");
        let status = sign_in_status(&app.client, &app, &headers, &body).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    expect(
        app.login("owner@example.com", PASSWORD).await,
        StatusCode::OK,
    )
    .await;
}

/// Finding 8: the JSON reader also takes `text/json` and `application/*+json`; the NUL and
/// array guards see those bodies too.
#[tokio::test]
async fn the_nul_and_array_guards_cover_every_json_content_type() {
    let app = spawn_app_with(|_| {}).await;
    for content_type in [
        "text/json",
        "application/merge-patch+json",
        "application/vnd.shop+json; charset=utf-8",
        "Application/JSON",
    ] {
        let send = |body: &'static str| {
            app.client
                .post(app.url("/api/user/register"))
                .header("content-type", content_type)
                .body(body)
                .send()
        };
        let res = send(r#"{"email": "nul\u0000@example.com", "password": "Secret#123"}"#)
            .await
            .expect("register");
        let v = expect(res, StatusCode::BAD_REQUEST).await;
        assert_eq!(
            v["message"], "Text may not contain the NUL character (U+0000)",
            "{content_type}"
        );
        let res = send(r#"["array@example.com", "Secret#123"]"#)
            .await
            .expect("register");
        let v = expect(res, StatusCode::BAD_REQUEST).await;
        assert_eq!(
            v["message"], "The body must be a JSON object",
            "{content_type}"
        );
    }
}

/// Finding 10: HSTS when the shop is told it is served over HTTPS, and not otherwise.
#[tokio::test]
async fn hsts_is_sent_only_when_the_shop_is_served_over_https() {
    let app = spawn_app_with(|s| s.public_url = "https://shop.example.com".into()).await;
    for path in ["/api/health", "/api/products", "/"] {
        let res = app.get(path).await;
        assert_eq!(
            res.headers()
                .get("strict-transport-security")
                .and_then(|v| v.to_str().ok()),
            Some("max-age=31536000"),
            "{path}"
        );
    }
    let app = spawn_app_with(|_| {}).await;
    let res = app.get("/api/health").await;
    assert!(res.headers().get("strict-transport-security").is_none());
}
