//! The server process: start `shop serve` on the test database, kill it, send requests.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::{Client, Method, StatusCode};
use serde_json::Value;

use crate::helpers;

/// A `shop serve` process, killed (by its own pid) when dropped.
pub struct Server {
    pub child: Child,
    pub base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// SIGKILL (`Child::kill` on Unix), then reap it.
    pub fn sigkill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Starts `shop serve` on the test database and waits until it answers.
pub async fn start(db_url: &str, data_dir: &std::path::Path, client: &Client) -> Server {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_shop"))
        .arg("serve")
        .arg("--no-demo")
        .env("DATABASE_URL", db_url)
        .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
        .env("SHOP_DATA_DIR", data_dir)
        .env("SHOP_FRONTEND_DIR", data_dir.join("no-frontend"))
        .env("JWT_SECRET", helpers::JWT_SECRET)
        .env("SHOP_ADMIN_EMAIL", helpers::ADMIN_EMAIL)
        .env("SHOP_ADMIN_PASSWORD", helpers::ADMIN_PASSWORD)
        .env("SHOP_METRICS_ADDR", "off")
        // The buyers pay many times an hour with one account each.
        .env("SHOP_CHECKOUT_SESSIONS_PER_HOUR", "1000000")
        .env("SHOP_WORKERS", "2")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the shop binary starts");
    let server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(res) = client
            .get(format!("{}/api/health", server.base))
            .send()
            .await
        {
            if res.status() == StatusCode::OK {
                break;
            }
        }
        assert!(Instant::now() < deadline, "the server did not come up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server
}

/// Sends a request; `Err` when the server stopped answering (the answer was lost).
pub async fn send(
    client: &Client,
    method: Method,
    url: String,
    token: Option<&str>,
    body: Option<&Value>,
) -> reqwest::Result<(StatusCode, Value)> {
    let mut req = client.request(method, url);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    if let Some(body) = body {
        req = req.json(body);
    }
    let res = req.send().await?;
    let status = res.status();
    let text = res.text().await?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

pub fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

pub fn text(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("a string: {v}"))
        .to_owned()
}
