//! `HEAD` wherever `GET` is (issue 37; RFC 9110 §9.3.2): every `GET` of the OpenAPI document,
//! for each kind of caller of the authorization matrix, and the pages outside `/api`, answer
//! `HEAD` with the status and headers of their `GET` and no body.

use std::time::{Duration, Instant};

use reqwest::{Method, Response, StatusCode};

use crate::authorization::{concrete, operations, owner_with_an_order_and_an_open_session};
use crate::catalogue::demo_app;
use crate::checkout::buyer;
use crate::helpers::{expect, TestApp};

/// The headers a `HEAD` answer carries exactly as its `GET` did (`Date` and the request id
/// differ by nature).
const SAME: [&str; 6] = [
    "content-type",
    "content-length",
    "cache-control",
    "etag",
    "content-security-policy",
    "allow",
];

async fn send(app: &TestApp, method: Method, path: &str, token: Option<&str>) -> Response {
    let mut req = app.client.request(method, app.url(path));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.expect("request")
}

/// Asks `path` with `GET`, then with `HEAD`: same status and headers, no body. Answers the
/// status.
async fn head_as_get(app: &TestApp, path: &str, token: Option<&str>, who: &str) -> StatusCode {
    let get = send(app, Method::GET, path, token).await;
    let head = send(app, Method::HEAD, path, token).await;
    let what = format!("HEAD {path} as {who}");
    assert_eq!(head.status(), get.status(), "{what}");
    for name in SAME {
        assert_eq!(
            head.headers().get(name),
            get.headers().get(name),
            "{what}: {name}"
        );
    }
    let status = get.status();
    assert!(
        head.bytes().await.expect("HEAD answer").is_empty(),
        "{what} has a body"
    );
    status
}

/// Waits until the outbox's sender has sent the mails the set-up queued (the order's
/// confirmation): the mail list changes when it does, and a `GET` and its `HEAD` must ask the
/// same list.
async fn mails_sent(app: &TestApp, admin: &str) {
    let started = Instant::now();
    loop {
        let page = expect(
            app.get_as("/api/admin/mail?page=1&pageSize=100", admin)
                .await,
            StatusCode::OK,
        )
        .await;
        let pending = page["contents"].as_array().map_or(0, |rows| {
            rows.iter().filter(|r| r["state"] == "PENDING").count()
        });
        if pending == 0 {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{pending} mails still pending"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn every_get_of_the_document_answers_head_for_each_kind_of_caller() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let (owned, _) = owner_with_an_order_and_an_open_session(&app).await;
    let stranger = buyer(&app, "stranger@example.com").await;
    mails_sent(&app, &admin).await;
    let doc = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let gets: Vec<_> = operations(&doc)
        .into_iter()
        .filter(|op| op.method == Method::GET)
        .collect();
    assert!(gets.len() >= 30, "{} GET operations", gets.len());
    let mut rows = 0;
    for op in &gets {
        let path = concrete(&op.path, &owned);
        for (who, token) in [
            ("nobody", None),
            ("another user", Some(stranger.token.as_str())),
            ("the owner", Some(owned.buyer.token.as_str())),
            ("ADMIN", Some(admin.as_str())),
        ] {
            let status = head_as_get(&app, &path, token, who).await;
            assert!(!status.is_server_error(), "GET {path} as {who}: {status}");
            rows += 1;
        }
    }
    eprintln!("HEAD: {} GET operations, {rows} rows", gets.len());
}

#[tokio::test]
async fn pages_files_and_refusals_answer_head_as_their_get() {
    let app = demo_app().await;
    let missing_image = format!("/uploads/{}.png", "0".repeat(64));
    for (path, status) in [
        ("/", StatusCode::OK),
        ("/products", StatusCode::OK),
        ("/api/openapi.json", StatusCode::OK),
        (missing_image.as_str(), StatusCode::NOT_FOUND),
        ("/api/no-such-route", StatusCode::NOT_FOUND),
        // Where GET is not answered, neither is HEAD.
        ("/api/purchase", StatusCode::METHOD_NOT_ALLOWED),
    ] {
        assert_eq!(
            head_as_get(&app, path, None, "nobody").await,
            status,
            "{path}"
        );
    }
}
