//! The whole surface under bad input (issue 13), walked from the OpenAPI document: every write
//! answers a malformed body with 400 and an oversize one with 413, both in JSON and before any
//! work; every answer carries the security headers and names no server software; text fields
//! take Unicode, very long and control-character input either intact or with a message, never
//! a 500.

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::authorization::{operations, Operation};
use crate::catalogue::demo_app;
use crate::helpers::{expect, spawn_app, TestApp};

/// The operation's path with plausible parameters (no such resources: bodies are read first).
fn filled(path: &str) -> String {
    path.split('/')
        .map(|s| match s {
            "{kind}" => "brands",
            s if s.starts_with('{') => "00000000-0000-4000-8000-000000000000",
            s => s,
        })
        .collect::<Vec<_>>()
        .join("/")
}

async fn send_raw(
    app: &TestApp,
    op: &Operation,
    token: &str,
    content_type: &str,
    body: Vec<u8>,
) -> Response {
    app.client
        .request(op.method.clone(), app.url(&filled(&op.path)))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request")
}

/// A JSON error answer: the status, `application/json`, and a non-empty `message`.
async fn json_refusal(res: Response, status: StatusCode, what: &str) {
    assert_eq!(res.status(), status, "{what}");
    let content_type = res.headers()["content-type"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{what}: {content_type}"
    );
    let body: Value = res.json().await.expect("a JSON body");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{what}: {body}"
    );
}

#[tokio::test]
async fn every_write_refuses_malformed_and_oversize_bodies_in_json() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let doc = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let writes: Vec<Operation> = operations(&doc)
        .into_iter()
        .filter(|op| op.body.is_some())
        .collect();
    assert!(
        writes.len() >= 30,
        "{} operations take a body",
        writes.len()
    );
    let before = app.db.db().table_counts().expect("counts");
    for op in &writes {
        let content_type = op.body.as_deref().expect("body");
        let what = format!("{} {}", op.method, op.path);
        if content_type.starts_with("image/") {
            // Any bytes are a well-formed body: not being an image breaks a rule, 422.
            let res = send_raw(&app, op, &admin, content_type, b"not an image".to_vec()).await;
            json_refusal(res, StatusCode::UNPROCESSABLE_ENTITY, &what).await;
            let res = send_raw(
                &app,
                op,
                &admin,
                content_type,
                vec![0xFF; 5 * 1024 * 1024 + 1],
            )
            .await;
            json_refusal(res, StatusCode::PAYLOAD_TOO_LARGE, &what).await;
            continue;
        }
        assert_eq!(content_type, "application/json", "{what}");
        // The last: an array, which serde would read as a struct's fields in order.
        let broken: [&[u8]; 5] = [
            b"{\"title\": ",
            b"[1, 2",
            b"\xff\xfe",
            b"{\"a\": 1}}",
            b" [null, null]",
        ];
        for broken in broken {
            let res = send_raw(&app, op, &admin, content_type, broken.to_vec()).await;
            json_refusal(res, StatusCode::BAD_REQUEST, &what).await;
        }
        let res = send_raw(&app, op, &admin, "text/plain", b"{}".to_vec()).await;
        json_refusal(
            res,
            StatusCode::BAD_REQUEST,
            &format!("{what} as text/plain"),
        )
        .await;
        // 64 KiB is the test server's limit (SHOP_MAX_BODY_BYTES).
        let huge = serde_json::to_vec(&json!({"title": "x".repeat(64 * 1024)})).expect("json");
        let res = send_raw(&app, op, &admin, content_type, huge).await;
        json_refusal(res, StatusCode::PAYLOAD_TOO_LARGE, &what).await;
    }
    // Nothing was written by any of them: every table has the rows it had.
    assert_eq!(app.db.db().table_counts().expect("counts"), before);
}

#[tokio::test]
async fn every_answer_has_the_security_headers_and_names_no_server() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let doc = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let mut paths: Vec<String> = operations(&doc)
        .iter()
        .filter(|op| op.method == Method::GET)
        .map(|op| filled(&op.path))
        .collect();
    paths.extend(
        [
            "/",
            "/products",
            "/nope",
            "/api/nope",
            "/api/docs/",
            "/pay/no-such-session",
            "/uploads/nope.png",
        ]
        .map(str::to_owned),
    );
    for path in &paths {
        for token in [None, Some(admin.as_str())] {
            let res = app.send(Method::GET, path, token, None).await;
            let headers = res.headers();
            let header = |name: &str| {
                headers
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            assert!(!res.status().is_server_error(), "{path}: {}", res.status());
            assert_eq!(
                header("x-content-type-options").as_deref(),
                Some("nosniff"),
                "{path}"
            );
            assert_eq!(
                header("x-frame-options").as_deref(),
                Some("SAMEORIGIN"),
                "{path}"
            );
            assert_eq!(
                header("referrer-policy").as_deref(),
                Some("strict-origin-when-cross-origin"),
                "{path}"
            );
            assert_eq!(header("server"), None, "{path} names its server");
            assert_eq!(header("x-powered-by"), None, "{path}");
            let html = header("content-type").is_some_and(|t| t.starts_with("text/html"));
            if html {
                assert!(
                    header("content-security-policy").is_some(),
                    "{path} has no CSP"
                );
            }
        }
    }
}

/// Text a shopper or an admin might type, or paste, or an attacker might send.
fn awkward_texts() -> Vec<String> {
    vec![
        "Zoë Ångström 名前 🎆".to_owned(),
        "\u{202e}gnp.exe".to_owned(),
        "tab\there".to_owned(),
        "bell\u{7}".to_owned(),
        "nul\u{0}byte".to_owned(),
        "<script>alert(1)</script>".to_owned(),
        "'; DROP TABLE users; --".to_owned(),
        "x".repeat(10_000),
    ]
}

/// 2xx with `field` returned exactly as sent, or 4xx with a message; never a 5xx.
async fn intact_or_refused(res: Response, field: &str, sent: &str, what: &str) -> bool {
    let status = res.status();
    assert!(!status.is_server_error(), "{what}: {status}");
    let body: Value = res.json().await.expect("JSON");
    if status.is_success() {
        assert_eq!(body[field].as_str(), Some(sent), "{what}: stored as sent");
        true
    } else {
        assert!(status.is_client_error(), "{what}: {status}");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{what}: {body}"
        );
        false
    }
}

#[tokio::test]
async fn awkward_text_is_stored_intact_or_refused_with_a_message() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let shopper = app.customer_token("awkward@example.com").await;
    let mut stored = 0;
    for (i, text) in awkward_texts().iter().enumerate() {
        // The profile's names.
        let res = app
            .post_json_as("/api/user/userInfo", &shopper, &json!({"firstName": text}))
            .await;
        let kept = intact_or_refused(res, "firstName", text, &format!("firstName {i}")).await;
        // PostgreSQL cannot store U+0000: both databases refuse it at the edge alike.
        assert!(
            !(kept && text.contains('\0')),
            "firstName {i}: U+0000 stored"
        );
        if kept {
            let again = expect(
                app.get_as("/api/user/userInfo", &shopper).await,
                StatusCode::OK,
            )
            .await;
            assert_eq!(again["firstName"].as_str(), Some(text.as_str()));
            stored += 1;
        }
        // A brand's name (made unique per text).
        let name = format!("{text} {i}");
        let res = app
            .send(
                Method::POST,
                "/api/metadata/brands",
                Some(&admin),
                Some(&json!({"name": name})),
            )
            .await;
        if intact_or_refused(res, "name", name.trim(), &format!("brand {i}")).await {
            stored += 1;
        }
        // The catalogue's search box.
        let res = app
            .get(&format!("/api/products?searchTitle={}", urlencode(text)))
            .await;
        assert!(
            !res.status().is_server_error(),
            "search {i}: {}",
            res.status()
        );
        if !res.status().is_success() {
            json_refusal(res, StatusCode::BAD_REQUEST, &format!("search {i}")).await;
        }
    }
    assert!(stored >= 4, "ordinary Unicode is stored ({stored})");
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
