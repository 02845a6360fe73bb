//! Several nodes: started together on one empty database, and stopped one at a time (a
//! rolling restart) without a failed request.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use persistence::test_support::TestDatabase;
use reqwest::StatusCode;
use shop_api::startup::Application;

use crate::helpers::{expect, test_settings, ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET};

fn products(db: &persistence::Db) -> i64 {
    db.table_counts()
        .expect("counts")
        .into_iter()
        .find_map(|(table, n)| (table == "products").then_some(n))
        .expect("a products table")
}

/// A client that opens a new connection for every request (no idle connection kept).
fn fresh_client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .expect("client")
}

/// Four nodes started at the same moment on an empty database: without the set-up lock two of
/// them run the first migration at once and one fails, or both seed the demo shop.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_nodes_started_together_on_an_empty_database_all_serve_and_seed_the_demo_once() {
    let db = TestDatabase::empty();
    let dir = tempfile::tempdir().expect("dir");
    let builds = (0..4).map(|_| {
        let mut settings = test_settings(&db, dir.path());
        settings.seed_demo = true;
        settings.metrics_addr = None;
        Application::build(settings)
    });
    let nodes = futures_util::future::join_all(builds).await;
    let client = fresh_client();
    let mut ports = Vec::new();
    for node in nodes {
        let node = node.expect("every node starts");
        ports.push(node.port());
        tokio::spawn(node.run_until_stopped());
    }
    for port in ports {
        let res = client
            .get(format!("http://127.0.0.1:{port}/api/health"))
            .send()
            .await
            .expect("health");
        expect(res, StatusCode::OK).await;
    }
    // The demo shop, once: as many products as one seed of a fresh database adds.
    let once = TestDatabase::new();
    let demo = once.db().seed_demo_shop().expect("seed");
    assert_eq!(
        u64::try_from(products(db.db())).expect("count"),
        demo,
        "the demo shop was seeded exactly once"
    );
}

/// The in-process half: once the shutdown begins, health answers 503 "draining" while the
/// node still serves; after the drain the server stops and `run_until_stopped` returns.
#[tokio::test]
async fn a_node_told_to_stop_answers_503_on_health_while_it_drains_then_stops() {
    let db = TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = test_settings(&db, dir.path());
    settings.drain_seconds = 1;
    let app = Application::build(settings).await.expect("start");
    let (port, shutdown) = (app.port(), app.shutdown());
    let running = tokio::spawn(app.run_until_stopped());
    let client = fresh_client();
    let health = format!("http://127.0.0.1:{port}/api/health");
    let ok = expect(
        client.get(&health).send().await.expect("health"),
        StatusCode::OK,
    )
    .await;
    assert_eq!(ok, serde_json::json!({"status": "ok", "database": "ok"}));

    shutdown.begin();
    let res = client.get(&health).send().await.expect("still served");
    let draining = expect(res, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(
        draining,
        serde_json::json!({"status": "draining", "database": "ok"})
    );
    // Other routes are still served while draining.
    let res = client
        .get(format!("http://127.0.0.1:{port}/api/products"))
        .send()
        .await
        .expect("served");
    assert_eq!(res.status(), StatusCode::OK);

    tokio::time::timeout(Duration::from_secs(10), running)
        .await
        .expect("stops after the drain")
        .expect("task")
        .expect("no server error");
    let refused = TcpStream::connect(("127.0.0.1", port));
    assert!(refused.is_err(), "the listener is closed");
}

/// A `shop serve` process, killed when dropped (a failed test leaves nothing behind).
struct ShopProcess(Child);

impl Drop for ShopProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One request on a new connection: `(status, body)`, or the connection's error.
fn http_get(port: u16, path: &str) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    Ok(parse_answer(&answer))
}

fn parse_answer(answer: &str) -> (u16, String) {
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, body)| body)
        .to_owned();
    (status, body)
}

fn wait_until(what: &str, within: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The rolling restart, with the real binary and a real SIGTERM: a sign-in whose body is still
/// arriving when the signal comes is answered 200; health answers 503 "draining" for
/// `SHOP_DRAIN_SECONDS`; then new connections are refused while the sign-in is still open;
/// once it is answered the process exits 0.
#[test]
fn sigterm_drains_refuses_new_connections_finishes_the_request_in_flight_and_exits_0() {
    let db = TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let child = Command::new(env!("CARGO_BIN_EXE_shop"))
        .args(["serve", "--no-demo"])
        .env("DATABASE_URL", db.url())
        .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
        .env("SHOP_DATA_DIR", dir.path())
        .env("SHOP_FRONTEND_DIR", dir.path().join("no-frontend"))
        .env("JWT_SECRET", JWT_SECRET)
        .env("SHOP_ADMIN_EMAIL", ADMIN_EMAIL)
        .env("SHOP_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("SHOP_METRICS_ADDR", "off")
        .env("SHOP_WORKERS", "2")
        .env("SHOP_DRAIN_SECONDS", "2")
        .env("SHOP_SHUTDOWN_SECONDS", "20")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the shop binary starts");
    let mut shop = ShopProcess(child);
    wait_until("the shop answers", Duration::from_secs(60), || {
        matches!(http_get(port, "/api/health"), Ok((200, _)))
    });

    // A sign-in in flight: the head and half of the body now, the rest after the signal.
    let body = serde_json::json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}).to_string();
    let (first, rest) = body.split_at(body.len() / 2);
    let mut in_flight = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    in_flight
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    write!(
        in_flight,
        "POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{first}",
        body.len()
    )
    .expect("send the first half");
    in_flight.flush().expect("flush");
    std::thread::sleep(Duration::from_millis(300));

    let signalled = Instant::now();
    let kill = Command::new("kill")
        .args(["-TERM", &shop.0.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());

    // Draining: still accepting, health says so.
    let (status, answer) = http_get(port, "/api/health").expect("still accepting while draining");
    assert_eq!(status, 503, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(answer["status"], "draining");

    // After the drain: new connections are refused, the process still runs for the sign-in.
    wait_until(
        "new connections are refused",
        Duration::from_secs(10),
        || TcpStream::connect(("127.0.0.1", port)).is_err(),
    );
    assert!(
        signalled.elapsed() >= Duration::from_millis(1900),
        "refused only after SHOP_DRAIN_SECONDS"
    );
    assert!(
        shop.0.try_wait().expect("status").is_none(),
        "the shop waits for the request in flight"
    );

    in_flight.write_all(rest.as_bytes()).expect("send the rest");
    let mut answer = String::new();
    in_flight.read_to_string(&mut answer).expect("an answer");
    let (status, body) = parse_answer(&answer);
    assert_eq!(status, 200, "{answer}");
    assert!(body.contains("\"token\""), "{body}");

    let mut exit = None;
    wait_until("the shop exits", Duration::from_secs(20), || {
        exit = shop.0.try_wait().expect("status");
        exit.is_some()
    });
    assert_eq!(exit.and_then(|e| e.code()), Some(0));
}
