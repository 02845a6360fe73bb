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
        StatusCode::UNPROCESSABLE_ENTITY,
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

/// A build folder holding a link out of it, a dotfile and a `.git` folder.
fn booby_trapped_frontend(app: &crate::helpers::TestApp) {
    let dist = app.data_dir.path().join("no-frontend");
    std::fs::create_dir_all(dist.join(".git")).expect("dist");
    std::fs::write(dist.join("index.html"), "<!doctype html><p>app</p>").expect("index");
    std::fs::write(dist.join(".env"), "JWT_SECRET=leaked").expect("env");
    std::fs::write(dist.join(".git/config"), "[core] leaked").expect("git");
    std::fs::write(dist.join("main.0123abcd.js"), "console.log(1)").expect("asset");
    #[cfg(unix)]
    std::os::unix::fs::symlink("/etc/passwd", dist.join("passwd.txt")).expect("link");
}

#[tokio::test]
async fn static_serving_refuses_dotfiles_and_links_out_of_the_build() {
    let app = spawn_app_with(|_| {}).await;
    booby_trapped_frontend(&app);
    for path in [
        "/.env",
        "/.git/config",
        "/passwd.txt",
        "/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let res = app.get(path).await;
        let status = res.status();
        let text = res.text().await.expect("text");
        assert!(
            !text.contains("leaked") && !text.contains("root:"),
            "{path} answered {status} with {text:?}"
        );
    }
    let res = app.get("/main.0123abcd.js").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers().get("etag").is_none(),
        "no ETag built from inode and mtime"
    );
}

#[tokio::test]
async fn every_html_answer_has_the_policy_and_the_index_is_never_cached() {
    let app = spawn_app_with(|_| {}).await;
    booby_trapped_frontend(&app);
    for path in ["/", "/index.html", "/products", "/api/docs/"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(
            res.headers()
                .get("content-security-policy")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.contains("default-src 'self'")),
            "{path} has no Content-Security-Policy"
        );
    }
    let res = app.get("/index.html").await;
    let cache = res.headers()["cache-control"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(cache.contains("no-store"), "{cache}");
    assert_eq!(res.text().await.expect("html"), "<!doctype html><p>app</p>");
}

#[tokio::test]
async fn sign_in_and_profile_answers_are_never_stored() {
    let app = spawn_app_with(|_| {}).await;
    let v = app.customer("nostore@example.com").await;
    let token = v["token"].as_str().expect("token");
    let res = app.login("nostore@example.com", PASSWORD).await;
    assert_eq!(res.headers()["cache-control"], "no-store");
    let res = app.get_as("/api/user/userInfo", token).await;
    assert_eq!(res.headers()["cache-control"], "no-store");
    let res = app
        .post_json_as("/api/user/userInfo", token, &json!({"acceptedTerms": true}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn a_short_jwt_secret_is_refused_at_start_up() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = crate::helpers::test_settings(&db, dir.path());
    settings.jwt_secret = Some("too-short-secret".into());
    let err = shop_api::startup::Application::build(settings)
        .await
        .err()
        .expect("refused");
    assert!(
        err.to_string()
            .contains("JWT_SECRET must be at least 32 bytes"),
        "{err}"
    );
}

#[tokio::test]
async fn a_generated_first_admin_password_never_reaches_the_log() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = crate::helpers::test_settings(&db, dir.path());
    settings.admin_email = None;
    settings.admin_password = None;
    let data = dir.path().join("data");
    settings.data_dir = data.clone();
    let app = shop_api::startup::Application::build(settings)
        .await
        .expect("start");
    let file = data.join(shop_api::bootstrap::FIRST_ADMIN_PASSWORD_FILE);
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        // Shown on the terminal instead, and written nowhere.
        assert!(!file.exists());
        return;
    }
    let text = std::fs::read_to_string(&file).expect("the password file");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).expect("meta").permissions().mode();
        assert_eq!(mode(&file) & 0o777, 0o600);
        assert_eq!(mode(&data) & 0o777, 0o700);
    }
    let password = text
        .lines()
        .find_map(|l| l.strip_prefix("password: "))
        .expect("a password line");
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let res = reqwest::Client::new()
        .post(format!("{base}/api/user/login"))
        .json(&json!({"email": shop_api::bootstrap::DEFAULT_ADMIN_EMAIL, "password": password}))
        .send()
        .await
        .expect("login");
    assert_eq!(res.status(), StatusCode::OK);
}
