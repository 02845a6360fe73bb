//! Catalogue changes pushed to every node (PostgreSQL): each write that moves the catalogue
//! version sends `pg_notify(CHANNEL, version)` in its transaction (`version.rs`), which
//! PostgreSQL delivers at commit to every connection that `LISTEN`s on the channel. Each node
//! listens on a dedicated connection in a thread of its own; on a notification it brings its
//! list index to the new version and publishes the version ([`VersionSignal`]), which the
//! API's read cache takes on its next request, instead of finding it at its next timed read.
//!
//! diesel's `notifications_iter` does not block: it consumes what the socket has received
//! (`PQconsumeInput`, no statement) and returns the notifications in it. The thread checks it
//! every [`POLL`]; once a second it runs `SELECT 1` to prove the connection alive (the
//! heartbeat the cache trusts; a half-open connection that never answers shows as gone after
//! [`super::signal::HEARTBEAT_WITHIN`]). On a lost connection (a database restart,
//! `pg_terminate_backend`) it reconnects with backoff; after each (re)connection it reads the
//! version once, so that notifications missed meanwhile cost nothing. Nothing depends on a
//! notification arriving: the cache still reads the version on a timer (see the API's
//! `catalogue_cache`), more often while the listener is not connected.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::Connection;

use super::signal::VersionSignal;
use super::version::current_version;
use crate::connection::{Db, DbConnection, Target};
use crate::DbError;

/// The channel catalogue versions are sent on (the payload is the new version in decimal).
pub const CHANNEL: &str = "shop_catalogue_version";

/// The `application_name` of the listeners' connections (to tell them in `pg_stat_activity`).
pub const LISTENER_NAME: &str = "shop catalogue listener";

/// How often the listener looks at what its connection received (no statement).
const POLL: Duration = Duration::from_millis(5);
/// How often the listener proves its connection alive with `SELECT 1`.
const PING: Duration = Duration::from_secs(1);
/// The first wait before reconnecting; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
/// The longest wait between two connection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Stops the listener thread when dropped (within [`POLL`], or after a connection attempt
/// under way).
#[derive(Debug)]
pub struct ListenerGuard(Arc<AtomicBool>);

impl Drop for ListenerGuard {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

impl Db {
    /// The catalogue version this node knows committed without reading it, and whether its
    /// listener is connected (see [`VersionSignal`]).
    #[must_use]
    pub fn catalogue_signal(&self) -> &Arc<VersionSignal> {
        &self.signal
    }

    /// Starts listening for catalogue versions on a connection of its own to this pool's
    /// database, in a thread of its own; `None` on SQLite (one node: its own writes publish
    /// their versions) or when the thread cannot start. The thread stops when the guard is
    /// dropped.
    #[must_use]
    pub fn start_catalogue_listener(&self) -> Option<ListenerGuard> {
        let Target::Postgres(url) = self.target() else {
            return None;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let listener = Listener {
            db: self.clone(),
            url: url.clone(),
            stop: stop.clone(),
        };
        match std::thread::Builder::new()
            .name("catalogue-listen".to_owned())
            .spawn(move || listener.run())
        {
            Ok(_) => Some(ListenerGuard(stop)),
            Err(error) => {
                tracing::warn!(%error, "cannot start the catalogue listener; versions are read on a timer");
                None
            }
        }
    }
}

struct Listener {
    db: Db,
    url: String,
    stop: Arc<AtomicBool>,
}

impl Listener {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    fn run(self) {
        let signal = self.db.signal.clone();
        let mut backoff = FIRST_BACKOFF;
        let mut lost_once = false;
        while !self.stopped() {
            match self.connect() {
                Ok(conn) => {
                    if lost_once {
                        tracing::info!("catalogue listener connected again");
                    }
                    backoff = FIRST_BACKOFF;
                    let error = self.listen(conn);
                    signal.gone();
                    if let Some(error) = error {
                        tracing::warn!(%error, "catalogue listener lost its connection; reconnecting (versions are read on a timer meanwhile)");
                        lost_once = true;
                    }
                }
                Err(error) => {
                    signal.gone();
                    tracing::warn!(%error, retry_ms = backoff.as_millis() as u64, "catalogue listener cannot connect");
                    lost_once = true;
                    self.sleep(backoff);
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
            }
        }
        signal.gone();
    }

    /// Sleeps `d`, waking early when stopped.
    fn sleep(&self, d: Duration) {
        let until = Instant::now() + d;
        while !self.stopped() {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            std::thread::sleep(left.min(Duration::from_millis(50)));
        }
    }

    /// A connection that listens, caught up with the version committed before it did.
    fn connect(&self) -> Result<DbConnection, DbError> {
        let mut conn = DbConnection::Postgresql(
            PgConnection::establish(&self.url)
                .map_err(|e| DbError::other(format!("cannot connect: {e}")))?,
        );
        conn.batch_execute(&format!(
            "SET application_name = '{LISTENER_NAME}'; LISTEN {CHANNEL}"
        ))?;
        // Listening now: a version committed from here on is notified; one committed before,
        // while this node was not listening, is read here.
        let version = current_version(&mut conn)?;
        self.arrived(&mut conn, version);
        self.db.signal.alive();
        Ok(conn)
    }

    /// Receives notifications until the connection fails (its error) or the listener is
    /// stopped (`None`).
    fn listen(&self, mut conn: DbConnection) -> Option<DbError> {
        let mut pinged = Instant::now();
        while !self.stopped() {
            let mut newest = None::<i64>;
            {
                let DbConnection::Postgresql(pg) = &mut conn else {
                    return Some(DbError::other("not a PostgreSQL connection".to_owned()));
                };
                for notification in pg.notifications_iter() {
                    match notification {
                        Ok(n) => {
                            if let Ok(version) = n.payload.trim().parse::<i64>() {
                                newest = Some(newest.map_or(version, |v| v.max(version)));
                            }
                        }
                        Err(error) => return Some(error.into()),
                    }
                }
            }
            if let Some(version) = newest {
                self.arrived(&mut conn, version);
            }
            if pinged.elapsed() >= PING {
                if let Err(error) = conn.batch_execute("SELECT 1") {
                    return Some(error.into());
                }
                pinged = Instant::now();
                self.db.signal.alive();
            }
            std::thread::sleep(POLL);
        }
        None
    }

    /// A version committed: the list index follows it first (so the lists read after it find
    /// it there), then the node's cache is told.
    fn arrived(&self, conn: &mut DbConnection, version: i64) {
        if version > self.db.signal.latest() {
            if let Err(error) = self.db.index.follow(&self.db, conn, version) {
                tracing::debug!(%error, "the list index did not follow a notified version");
            }
        }
        self.db.signal.publish(version);
    }
}
