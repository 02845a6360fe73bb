//! Memory under floods, in a test binary of its own so that what it reads from /proc is the
//! flood's (the server runs in this process); its tests take turns ([`ONE_AT_A_TIME`]).
//!
//! - A burst of registrations (security review, high finding 1): 100 at once, with the real
//!   argon2id cost. Before the hashing bound, 100 parallel registrations took a server from
//!   225 MB to 1.84 GB.
//! - Sign-ins with huge e-mails (second review, high finding 1): before the fix, 400 sign-ins
//!   with 244 KB e-mails took a server from 111 to 417 MB, and it stayed there.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use shop_api::startup::Application;

#[path = "api/helpers.rs"]
#[expect(dead_code, reason = "the shared helpers; this binary uses a few")]
mod helpers;

/// Held by each test for its whole run: the memory one reads must be its own flood's.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A line of this process's /proc status (`VmHWM`, `RssAnon`), in MB.
fn status_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/self/status"));
    kb / 1024.0
}

/// Peak resident memory of this process (VmHWM), in MB.
fn peak_rss_mb() -> f64 {
    status_mb("VmHWM")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn hundreds_of_sign_ins_with_huge_emails_leave_memory_flat_and_get_400() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = helpers::test_settings(&db, dir.path());
    // The production body limit, so a 244 KB e-mail reaches the server.
    settings.max_body_bytes = 256 * 1024;
    let app = Application::build(settings).await.expect("start");
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::new();
    // Each distinct: U+FDFA (3 bytes) grows 18-fold under NFKC.
    let attempt = |i: usize| {
        let email = format!("{i}{}@example.com", "\u{FDFA}".repeat(81_000));
        client
            .post(format!("{base}/api/user/login"))
            .json(&json!({"email": email, "password": "Wrong#123"}))
            .send()
    };
    // Warm the allocator and the server's buffers up first.
    for i in 0..20 {
        attempt(i).await.expect("answer");
    }
    let before = status_mb("RssAnon");
    let mut statuses = Vec::new();
    let mut slowest = Duration::ZERO;
    for i in 20..420 {
        let started = std::time::Instant::now();
        let res = attempt(i).await.expect("answer");
        slowest = slowest.max(started.elapsed());
        statuses.push(res.status());
    }
    let after = status_mb("RssAnon");
    eprintln!(
        "RssAnon {before:.1} MB before, {after:.1} MB after 400 sign-ins with 244 KB e-mails; \
         slowest answer {slowest:?}"
    );
    assert!(
        after - before < 8.0,
        "RssAnon grew by {:.1} MB ({before:.1} -> {after:.1})",
        after - before
    );
    assert!(
        statuses.iter().all(|s| *s == StatusCode::BAD_REQUEST),
        "{statuses:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hundred_parallel_registrations_stay_within_300_mb_and_get_clear_answers() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = helpers::test_settings(&db, dir.path());
    // Production cost (19 MiB per hash); limits high enough that hashing is what is bounded.
    settings.password_cost = auth::PasswordCost::Standard;
    settings.register_rate_per_hour = 10_000;
    settings.register_rate_total_per_hour = 10_000;
    let app = Application::build(settings).await.expect("start");
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");

    let before = peak_rss_mb();
    let requests = (0..100).map(|i| {
        let client = client.clone();
        let url = format!("{base}/api/user/register");
        // A few duplicates too: 409 is a fine answer.
        let email = format!("burst{}@example.com", i % 90);
        tokio::spawn(async move {
            let res = client
                .post(url)
                .json(&json!({"email": email, "password": helpers::PASSWORD}))
                .send()
                .await
                .expect("answer");
            let status = res.status();
            let body: serde_json::Value = res.json().await.expect("JSON body");
            (status, body)
        })
    });
    let mut answers = Vec::new();
    for r in requests.collect::<Vec<_>>() {
        answers.push(r.await.expect("task"));
    }
    let peak = peak_rss_mb();
    eprintln!("peak RSS {before:.0} MB before, {peak:.0} MB after 100 parallel registrations");

    let allowed = [
        StatusCode::CREATED,
        StatusCode::CONFLICT,
        StatusCode::TOO_MANY_REQUESTS,
        StatusCode::SERVICE_UNAVAILABLE,
    ];
    for (status, body) in &answers {
        assert!(allowed.contains(status), "{status}: {body}");
        assert!(body["message"].is_string(), "{status}: {body}");
    }
    assert!(
        answers.iter().any(|(s, _)| *s == StatusCode::CREATED),
        "some registrations went through"
    );
    let busy = answers
        .iter()
        .find(|(s, _)| *s == StatusCode::SERVICE_UNAVAILABLE);
    if let Some((_, body)) = busy {
        assert_eq!(
            body["message"],
            "Too many sign-ins and registrations right now. Please try again in a moment."
        );
    }
    assert!(peak < 300.0, "peak RSS {peak:.0} MB");
}
