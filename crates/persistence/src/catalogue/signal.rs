//! What a node knows of the catalogue version without reading it: the highest version it has
//! seen committed, from its own writes (after each commit) or from PostgreSQL's notifications
//! (see `listen.rs`), and whether its listener is connected. The API's read cache takes a
//! newer version from here at once instead of waiting for its next read of the version.
//!
//! A version published here is always one that has committed: a cache that keys answers by
//! it reads the database (or a list index that followed it) for anything it does not hold.

use std::cell::Cell;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A listener that has not shown it is connected for this long (it checks its connection
/// every second) counts as disconnected, even if its thread hangs in a dead connection.
pub const HEARTBEAT_WITHIN: Duration = Duration::from_secs(3);

/// The catalogue version a node knows to be committed, and its listener's heartbeat.
#[derive(Debug)]
pub struct VersionSignal {
    /// The highest version seen committed (0: none yet).
    latest: AtomicI64,
    /// When the listener last showed it is connected, in milliseconds after `epoch`, plus 1;
    /// 0 when it is not connected (or there is none).
    alive_at: AtomicU64,
    epoch: Instant,
}

impl Default for VersionSignal {
    fn default() -> Self {
        VersionSignal {
            latest: AtomicI64::new(0),
            alive_at: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }
}

impl VersionSignal {
    /// The highest catalogue version this node has seen committed (0 before any).
    #[must_use]
    pub fn latest(&self) -> i64 {
        self.latest.load(Ordering::Acquire)
    }

    /// Records `version` as committed (a version older than the one known changes nothing).
    pub fn publish(&self, version: i64) {
        self.latest.fetch_max(version, Ordering::AcqRel);
    }

    /// Whether the listener showed it was connected less than [`HEARTBEAT_WITHIN`] ago:
    /// while it is, every commit that moves the version reaches this node as a notification.
    #[must_use]
    pub fn listening(&self) -> bool {
        match self.alive_at.load(Ordering::Acquire) {
            0 => false,
            at => self.millis().saturating_sub(at - 1) < within_millis(HEARTBEAT_WITHIN),
        }
    }

    /// The listener is connected now (it just heard from the server).
    pub(crate) fn alive(&self) {
        self.alive_at.store(self.millis() + 1, Ordering::Release);
    }

    /// The listener lost its connection.
    pub(crate) fn gone(&self) {
        self.alive_at.store(0, Ordering::Release);
    }

    fn millis(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX - 1)
    }
}

fn within_millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

thread_local! {
    /// The highest catalogue version a write committed on this thread since the last
    /// [`take_moved_version`].
    static MOVED: Cell<Option<i64>> = const { Cell::new(None) };
}

/// Notes that a write on this thread committed catalogue `version`.
pub(crate) fn note_moved(version: i64) {
    MOVED.with(|moved| moved.set(Some(moved.get().map_or(version, |v| v.max(version)))));
}

/// The highest catalogue version that writes on this thread committed since the last call
/// (`None`: none moved it), and forgets it. The API calls it around each blocking call, so
/// that the answer to a write that moved the version can say which version it produced.
#[must_use]
pub fn take_moved_version() -> Option<i64> {
    MOVED.with(Cell::take)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signal_only_moves_forward() {
        let signal = VersionSignal::default();
        signal.publish(5);
        signal.publish(3);
        assert_eq!(signal.latest(), 5);
    }

    #[test]
    fn listening_follows_the_heartbeat() {
        let signal = VersionSignal::default();
        assert!(!signal.listening());
        signal.alive();
        assert!(signal.listening());
        signal.gone();
        assert!(!signal.listening());
    }

    #[test]
    fn the_moved_version_is_taken_once_per_thread() {
        let _ = take_moved_version();
        note_moved(4);
        note_moved(2);
        assert_eq!(take_moved_version(), Some(4));
        assert_eq!(take_moved_version(), None);
    }
}
