//! The JWT secret never leaves the server (issue 13): the real `shop` binary runs with debug
//! logging while clients sign up, sign in, send broken and forged tokens,
//! malformed bodies and unknown paths, and scrape `/metrics`; neither its log nor any answer
//! holds the secret. Its own test binary: it spawns a process.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

#[path = "api/helpers.rs"]
#[expect(dead_code, reason = "the shared helpers; this binary uses a few")]
mod helpers;

/// Distinctive, so that any copy of it (or of a long piece of it) is found.
const SECRET: &str = "leak-canary-5f0c2a9e7b3d41c8a6e2f9d07b1c3e5a";

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

#[tokio::test]
async fn the_jwt_secret_appears_in_no_log_line_answer_or_metric() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("temp dir");
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).expect("log file");
    let (port, metrics_port) = (free_port(), free_port());
    let mut child = Command::new(env!("CARGO_BIN_EXE_shop"))
        .arg("serve")
        .arg("--no-demo")
        .env("DATABASE_URL", db.url())
        .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
        .env("SHOP_METRICS_ADDR", format!("127.0.0.1:{metrics_port}"))
        .env("SHOP_DATA_DIR", dir.path())
        .env("SHOP_FRONTEND_DIR", dir.path().join("no-frontend"))
        .env("JWT_SECRET", SECRET)
        .env("SHOP_ADMIN_EMAIL", helpers::ADMIN_EMAIL)
        .env("SHOP_ADMIN_PASSWORD", helpers::ADMIN_PASSWORD)
        .env("SHOP_WORKERS", "1")
        .env("RUST_LOG", "debug")
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .stdin(Stdio::null())
        .spawn()
        .expect("the shop binary starts");
    let client = Client::new();
    let base = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(60);
    while client
        .get(format!("{base}/api/health"))
        .send()
        .await
        .map_or(true, |r| r.status() != StatusCode::OK)
    {
        assert!(Instant::now() < deadline, "the server did not come up");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let mut answers: Vec<String> = Vec::new();
    let keep = |res: reqwest::Response| async move {
        let status = res.status();
        let headers = format!("{:?}", res.headers());
        let body = res.text().await.expect("body");
        (status, format!("{headers}\n{body}"))
    };
    let email = "canary@example.com";
    let credentials = json!({"email": email, "password": helpers::PASSWORD});
    let (status, text) = keep(
        client
            .post(format!("{base}/api/user/register"))
            .json(&credentials)
            .send()
            .await
            .expect("register"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{text}");
    answers.push(text);
    let login = client
        .post(format!("{base}/api/user/login"))
        .json(&credentials)
        .send()
        .await
        .expect("login");
    assert_eq!(login.status(), StatusCode::OK);
    let session: Value = login.json().await.expect("json");
    let token = session["token"].as_str().expect("token").to_owned();
    answers.push(session.to_string());

    // A forged signature, garbage, and a good token.
    let mut forged = token.clone();
    forged.truncate(forged.len() - 4);
    forged.push_str("AAAA");
    for bearer in [forged.as_str(), "not.a.jwt", token.as_str()] {
        let (_, text) = keep(
            client
                .get(format!("{base}/api/user/userInfo"))
                .bearer_auth(bearer)
                .send()
                .await
                .expect("userInfo"),
        )
        .await;
        answers.push(text);
    }
    for (method, path, body) in [
        ("POST", "/api/user/login", "{\"email\": "),
        ("POST", "/api/cart/nope/add", "{}"),
        ("GET", "/api/nope", ""),
        ("GET", "/api/openapi.json", ""),
    ] {
        let req = client
            .request(method.parse().expect("method"), format!("{base}{path}"))
            .bearer_auth(&token)
            .header("content-type", "application/json")
            .body(body.to_owned());
        let (_, text) = keep(req.send().await.expect("request")).await;
        answers.push(text);
    }
    let (status, metrics) = keep(
        client
            .get(format!("http://127.0.0.1:{metrics_port}/metrics"))
            .send()
            .await
            .expect("metrics"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(metrics.contains("http_requests_total"), "{metrics}");
    answers.push(metrics);

    let _ = child.kill();
    let _ = child.wait();
    let logged = std::fs::read_to_string(&log_path).expect("log");
    assert!(
        logged.lines().count() > 10,
        "debug logging wrote lines: {logged}"
    );
    // The secret, or any 16-character piece of it.
    let pieces: Vec<&str> = (0..=SECRET.len() - 16)
        .map(|i| &SECRET[i..i + 16])
        .collect();
    for piece in &pieces {
        assert!(
            !logged.contains(piece),
            "the log holds the secret: {logged}"
        );
        for answer in &answers {
            assert!(
                !answer.contains(piece),
                "an answer holds the secret: {answer}"
            );
        }
    }
}
