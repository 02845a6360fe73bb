//! Stopping a node without a failed request (a rolling restart behind a load balancer).
//!
//! On SIGTERM or SIGINT ([`listen_for_signals`]), or [`Shutdown::begin`], the node drains:
//! `GET /api/health` answers 503 `{"status": "draining"}` so that a balancer with active health
//! checks takes the node out, while every request is still served, for `SHOP_DRAIN_SECONDS`.
//! Then the servers stop accepting (their listening sockets close, so a new connection is
//! refused and a balancer retries it on another node) and finish the requests in flight, for
//! at most `SHOP_SHUTDOWN_SECONDS`; then the background tasks (the mail sender, the report job)
//! finish what they are doing, within the same time, and the process exits 0.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

/// A node's shutdown: whether it drains, and the signal its servers stop on. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Shutdown {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    draining: AtomicBool,
    begun: watch::Sender<bool>,
    drain: Duration,
    grace: Duration,
}

impl Shutdown {
    /// A shutdown that, once begun, drains for `drain` and then gives the requests in flight and
    /// the background tasks `grace`.
    #[must_use]
    pub fn new(drain: Duration, grace: Duration) -> Self {
        Self {
            inner: Arc::new(Inner {
                draining: AtomicBool::new(false),
                begun: watch::Sender::new(false),
                drain,
                grace,
            }),
        }
    }

    /// Starts draining (what SIGTERM does); a second call changes nothing.
    pub fn begin(&self) {
        if self.inner.draining.swap(true, Ordering::SeqCst) {
            return;
        }
        tracing::warn!(
            drain_seconds = self.inner.drain.as_secs(),
            shutdown_seconds = self.inner.grace.as_secs(),
            "shutting down: health answers 503 while draining, then new connections are refused \
             and the requests in flight finish"
        );
        self.inner.begun.send_replace(true);
    }

    /// Whether the node is draining or stopping (health answers 503).
    #[must_use]
    pub fn is_draining(&self) -> bool {
        self.inner.draining.load(Ordering::SeqCst)
    }

    /// How long the requests in flight, then the background tasks, may take once the servers
    /// stop accepting.
    #[must_use]
    pub fn grace(&self) -> Duration {
        self.inner.grace
    }

    /// Resolves when the shutdown has begun.
    pub fn begun(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut begun = self.inner.begun.subscribe();
        async move {
            // An error means the sender is gone: nobody can begin any more, so wait forever.
            if begun.wait_for(|b| *b).await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }

    /// Resolves when a server should stop accepting: the drain time after the shutdown began.
    pub fn stop_accepting(&self) -> impl Future<Output = ()> + Send + 'static {
        let begun = self.begun();
        let drain = self.inner.drain;
        async move {
            begun.await;
            tokio::time::sleep(drain).await;
        }
    }
}

/// Begins `shutdown` on the first SIGTERM or SIGINT. Only the `shop` binary listens: a test
/// process keeps the default dispositions (Ctrl-C ends it).
///
/// # Errors
/// The signal handlers could not be installed.
pub fn listen_for_signals(shutdown: Shutdown) -> std::io::Result<()> {
    use actix_web::rt::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    tokio::spawn(async move {
        let name = tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        };
        tracing::info!(signal = name, "received a stop signal");
        shutdown.begin();
    });
    Ok(())
}
