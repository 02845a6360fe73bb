//! `POST /api/client-errors` (issue 13): the pages' error reports are answered 204, counted in
//! `/metrics`, bounded (400, 413) and limited per client address (429); the error tracking DSN
//! reaches the pages only when it is set.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_api::error_tracking::SentryDsn;

use crate::helpers::{expect, spawn_app, spawn_app_with, TestApp};

const PATH: &str = "/api/client-errors";

fn report(message: &str) -> Value {
    json!({
        "kind": "boundary",
        "message": message,
        "stack": "TypeError: x is undefined\n    at Cart (/assets/main.js:1:2)",
        "url": "/profile/cart",
        "userAgent": "Mozilla/5.0 (test)",
        "release": "0.1.0+test",
    })
}

/// The metrics listener's text.
async fn metrics(app: &TestApp) -> String {
    app.client
        .get(format!("{}/metrics", app.metrics_address))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text")
}

fn has_line(text: &str, line: &str) -> bool {
    text.lines().any(|l| l == line)
}

#[tokio::test]
async fn a_report_answers_204_and_is_counted_by_kind() {
    let app = spawn_app().await;
    let res = app.post_json(PATH, &report("x is undefined")).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert!(res.bytes().await.expect("body").is_empty());
    // The fewest fields, with a signed-in user's token (the user id goes to the log line).
    let token = app.customer_token("crash@example.com").await;
    let res = app
        .post_json_as(
            PATH,
            &token,
            &json!({"kind": "unhandledrejection", "message": "network down"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    // A broken token is no reason to lose the report.
    let res = app
        .post_json_as(
            PATH,
            "not-a-token",
            &json!({"kind": "error", "message": "m"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);

    let text = metrics(&app).await;
    for line in [
        "shop_client_errors_total{kind=\"boundary\"} 1",
        "shop_client_errors_total{kind=\"unhandledrejection\"} 1",
        "shop_client_errors_total{kind=\"error\"} 1",
        "shop_client_errors_dropped_total{reason=\"rate_limited\"} 0",
        "shop_client_errors_dropped_total{reason=\"invalid\"} 0",
        "shop_http_requests_total{method=\"POST\",route=\"/api/client-errors\",status=\"204\"} 3",
    ] {
        assert!(has_line(&text, line), "{line} missing from:\n{text}");
    }
}

#[tokio::test]
async fn a_malformed_report_answers_400_in_json_and_is_not_counted() {
    let app = spawn_app().await;
    let send_raw = |content_type: &'static str, body: &'static str| {
        app.client
            .post(app.url(PATH))
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let v = expect(
        send_raw("application/json", "{\"kind\": ")
            .await
            .expect("request"),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        v["message"]
            .as_str()
            .expect("message")
            .starts_with("Malformed JSON"),
        "{v}"
    );
    let v = expect(
        send_raw("text/plain", "{\"kind\": \"error\", \"message\": \"m\"}")
            .await
            .expect("request"),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(v["message"], "Content-Type must be application/json");
    for bad in [
        json!({"message": "no kind"}),
        json!({"kind": "segfault", "message": "m"}),
        json!({"kind": "error"}),
        json!({"kind": "error", "message": 42}),
    ] {
        let v = expect(app.post_json(PATH, &bad).await, StatusCode::BAD_REQUEST).await;
        assert!(
            v["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{bad}: {v}"
        );
    }
    // A field over its bound is named.
    let v = expect(
        app.post_json(
            PATH,
            &json!({"kind": "error", "message": "m".repeat(1_001)}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(v["errors"]["message"].is_array(), "{v}");

    let text = metrics(&app).await;
    assert!(
        has_line(
            &text,
            "shop_client_errors_dropped_total{reason=\"invalid\"} 7"
        ),
        "{text}"
    );
    assert!(
        has_line(&text, "shop_client_errors_total{kind=\"error\"} 0"),
        "{text}"
    );
}

#[tokio::test]
async fn a_report_over_8_kib_answers_413_in_json() {
    let app = spawn_app().await;
    // Well under the server's JSON limit (64 KiB in tests): the route's own limit answers.
    let mut big = report("big");
    big["stack"] = json!("x".repeat(9 * 1024));
    let v = expect(
        app.post_json(PATH, &big).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert_eq!(v["message"], "Request body is too large");
    let text = metrics(&app).await;
    assert!(
        has_line(
            &text,
            "shop_client_errors_dropped_total{reason=\"invalid\"} 1"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn reports_past_the_limit_answer_429_and_are_counted_as_dropped() {
    let app = spawn_app_with(|s| s.client_error_rate_per_minute = 3).await;
    for i in 0..3 {
        let res = app.post_json(PATH, &report(&format!("error {i}"))).await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT, "report {i}");
    }
    let res = app.post_json(PATH, &report("one too many")).await;
    assert_eq!(res.headers()["retry-after"], "60");
    let v = expect(res, StatusCode::TOO_MANY_REQUESTS).await;
    assert_eq!(
        v["message"],
        "Too many error reports. Please try again later."
    );
    // The limit is the reports' own: signing in from the same address still works.
    expect(
        app.register("after@example.com", crate::helpers::PASSWORD)
            .await,
        StatusCode::CREATED,
    )
    .await;
    let text = metrics(&app).await;
    assert!(
        has_line(&text, "shop_client_errors_total{kind=\"boundary\"} 3"),
        "{text}"
    );
    assert!(
        has_line(
            &text,
            "shop_client_errors_dropped_total{reason=\"rate_limited\"} 1"
        ),
        "{text}"
    );
}

#[tokio::test]
async fn the_pages_learn_the_error_tracking_dsn_only_when_it_is_set() {
    let app = spawn_app().await;
    let res = app.get("/").await;
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(csp.contains("connect-src 'self';"), "{csp}");
    assert!(!res.text().await.expect("html").contains("shop-sentry-dsn"));

    let dsn = "https://public123@o7.ingest.example.io/42";
    let app = spawn_app_with(|s| s.sentry_dsn = Some(SentryDsn::parse(dsn).expect("dsn"))).await;
    let res = app.get("/some/page").await;
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(
        csp.contains("connect-src 'self' https://o7.ingest.example.io;"),
        "{csp}"
    );
    assert!(csp.contains("script-src 'self';"), "{csp}");
    let html = res.text().await.expect("html");
    assert!(
        html.contains(&format!(
            "<meta name=\"shop-sentry-dsn\" content=\"{dsn}\" />"
        )),
        "{html}"
    );
}
