//! The outside services' stand-ins the tests start on loopback (README "Testing"): real
//! emulators installed by `make test` into a private virtual environment, never fakes written
//! here. Each is found through an environment variable the Makefile sets; without it a test
//! that needs the stand-in says so and passes over it, except under CI, where it fails.

pub mod localstripe;
pub mod moto;
pub mod relay;

pub use mail::test_support::{free_port, program};

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::{Client, RequestBuilder};

/// A stand-in's process on a free loopback port, stopped when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:{port}`.
    pub url: String,
    /// A client for its own API (10 s timeout).
    pub client: Client,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts the program the environment variable `var` names with `args` (each `{port}` in
    /// them becomes the free port) and waits until the request `ready` builds answers with
    /// success; `None` when the program is not installed (outside CI).
    pub async fn start(
        var: &str,
        args: &[&str],
        ready: impl Fn(&Client, &str) -> RequestBuilder,
    ) -> Option<Self> {
        let program = program(var)?;
        let port = free_port().to_string();
        let args: Vec<String> = args.iter().map(|a| a.replace("{port}", &port)).collect();
        let child = Command::new(&program)
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let server = Server {
            child,
            url: format!("http://127.0.0.1:{port}"),
            client: Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("client"),
        };
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(30) {
            let answer = ready(&server.client, &server.url).send().await;
            if answer.is_ok_and(|r| r.status().is_success()) {
                return Some(server);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("{program} did not answer on port {port} within 30 s");
    }
}
