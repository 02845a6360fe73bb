//! Limits shared by every node (issue 36): two servers on one PostgreSQL database, requests
//! alternated between them, and each limit is reached after exactly its configured number in
//! all, not per node. Skipped without `TEST_DATABASE_URL` (a SQLite shop is one node and
//! counts in memory).

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};
use shop_api::config::Settings;

use crate::helpers::{body, spawn_app_with, test_settings, TestApp, PASSWORD};

/// Two nodes on one database, with the same settings: the first node's app and the second
/// node's base address. `None` without PostgreSQL.
async fn two_nodes(customize: impl Fn(&mut Settings)) -> Option<(TestApp, String)> {
    if std::env::var("TEST_DATABASE_URL").map_or(true, |url| url.trim().is_empty()) {
        eprintln!("skipped: shared limits need TEST_DATABASE_URL (PostgreSQL)");
        return None;
    }
    let app = spawn_app_with(&customize).await;
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = test_settings(&app.db, data_dir.path());
    customize(&mut settings);
    let other = shop_api::startup::Application::build(settings)
        .await
        .expect("second node starts");
    let other_base = format!("http://127.0.0.1:{}", other.port());
    tokio::spawn(other.run_until_stopped());
    // The second node's folder must outlive the test's requests.
    std::mem::forget(data_dir);
    Some((app, other_base))
}

/// POSTs `body` to `path` on node `i % 2`, from client address `from` (the loopback proxy
/// appends it); answers the status and the JSON body.
async fn post(
    app: &TestApp,
    other: &str,
    i: usize,
    path: &str,
    from: &str,
    body_json: &Value,
) -> (StatusCode, Value) {
    let base = if i.is_multiple_of(2) {
        &app.address
    } else {
        other
    };
    let res = app
        .client
        .post(format!("{base}{path}"))
        .header("x-forwarded-for", from)
        .json(body_json)
        .send()
        .await
        .expect("request");
    let status = res.status();
    (status, body(res).await)
}

fn too_many(statuses: &[StatusCode]) -> usize {
    statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count()
}

#[tokio::test]
async fn sign_in_attempts_alternated_between_two_nodes_meet_one_limit() {
    let Some((app, other)) = two_nodes(|s| {
        s.login_rate_per_minute = 4;
        s.trust_proxy = true;
    })
    .await
    else {
        return;
    };
    let wrong = json!({"email": "x@example.com", "password": "Wrong#123"});
    let mut statuses = Vec::new();
    for i in 0..10 {
        let (status, answer) =
            post(&app, &other, i, "/api/user/login", "203.0.113.1", &wrong).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(
                answer,
                json!({"message": "Too many sign-in attempts. Please try again later."})
            );
        }
        statuses.push(status);
    }
    assert_eq!(statuses[..4], [StatusCode::UNAUTHORIZED; 4], "{statuses:?}");
    assert_eq!(too_many(&statuses), 6, "{statuses:?}");
    // Another network has its own allowance, on either node.
    let (status, _) = post(&app, &other, 1, "/api/user/login", "203.0.113.2", &wrong).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn failed_sign_ins_on_one_account_are_counted_across_nodes() {
    let Some((app, other)) = two_nodes(|s| {
        s.account_login_rate_per_hour = 2;
        s.trust_proxy = true;
    })
    .await
    else {
        return;
    };
    let wrong = json!({"email": "x@example.com", "password": "Wrong#123"});
    for i in 0..2 {
        let started = Instant::now();
        let from = format!("198.51.100.{i}");
        let (status, _) = post(&app, &other, i, "/api/user/login", &from, &wrong).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "free failure {i}"
        );
    }
    // The third failure, on the first node again, is past the account's allowance.
    let started = Instant::now();
    let (status, _) = post(&app, &other, 2, "/api/user/login", "198.51.100.9", &wrong).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(started.elapsed() >= Duration::from_secs(1));
}

#[tokio::test]
async fn registrations_alternated_between_two_nodes_meet_one_limit_per_network_and_in_all() {
    let Some((app, other)) = two_nodes(|s| {
        s.register_rate_per_hour = 3;
        s.register_rate_total_per_hour = 5;
        s.trust_proxy = true;
    })
    .await
    else {
        return;
    };
    let register = |n: usize| json!({"email": format!("u{n}@example.com"), "password": PASSWORD});
    let mut statuses = Vec::new();
    for i in 0..6 {
        let (status, answer) = post(
            &app,
            &other,
            i,
            "/api/user/register",
            "203.0.113.1",
            &register(i),
        )
        .await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(
                answer,
                json!({"message": "Too many registrations from your network. Please try again later."})
            );
        }
        statuses.push(status);
    }
    assert_eq!(statuses[..3], [StatusCode::CREATED; 3], "{statuses:?}");
    assert_eq!(too_many(&statuses), 3, "per network: {statuses:?}");
    // In all: two more from other networks, then none from anywhere.
    let mut statuses = Vec::new();
    for i in 0..4 {
        let from = format!("198.51.100.{i}");
        let (status, _) = post(
            &app,
            &other,
            i,
            "/api/user/register",
            &from,
            &register(10 + i),
        )
        .await;
        statuses.push(status);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
}

#[tokio::test]
async fn reset_asks_alternated_between_two_nodes_meet_one_limit() {
    let Some((app, other)) = two_nodes(|s| {
        s.reset_rate_per_hour = 3;
        s.trust_proxy = true;
    })
    .await
    else {
        return;
    };
    let ask = json!({"email": "nobody@example.com"});
    let mut statuses = Vec::new();
    for i in 0..7 {
        let (status, answer) = post(
            &app,
            &other,
            i,
            "/api/user/forgot-password",
            "203.0.113.1",
            &ask,
        )
        .await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(
                answer,
                json!({"message": "Too many password reset requests from your network. Please try again later."})
            );
        }
        statuses.push(status);
    }
    assert_eq!(statuses[..3], [StatusCode::OK; 3], "{statuses:?}");
    assert_eq!(too_many(&statuses), 4, "{statuses:?}");
}

#[tokio::test]
async fn error_reports_alternated_between_two_nodes_meet_one_limit() {
    let Some((app, other)) = two_nodes(|s| {
        s.client_error_rate_per_minute = 2;
        s.trust_proxy = true;
    })
    .await
    else {
        return;
    };
    let report = json!({"kind": "error", "message": "boom"});
    let mut statuses = Vec::new();
    for i in 0..5_usize {
        let base = if i.is_multiple_of(2) {
            &app.address
        } else {
            &other
        };
        let res = app
            .client
            .post(format!("{base}/api/client-errors"))
            .header("x-forwarded-for", "203.0.113.1")
            .json(&report)
            .send()
            .await
            .expect("report");
        statuses.push(res.status());
    }
    assert_eq!(statuses[..2], [StatusCode::NO_CONTENT; 2], "{statuses:?}");
    assert_eq!(too_many(&statuses), 3, "{statuses:?}");
}
