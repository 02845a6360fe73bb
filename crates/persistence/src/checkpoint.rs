//! SQLite's WAL checkpoints off the writers' path.
//!
//! A WAL database appends each commit to its `-wal` file; a checkpoint copies the committed
//! pages back into the database file and syncs both. Left to SQLite, the writer whose commit
//! takes the WAL past 1,000 pages runs the checkpoint inside its `COMMIT`, while it still
//! holds this process's turn to write ([`crate::writer`]): every other
//! writer waits for that copy and its two `fsync`s. Here a thread of the server's own runs a
//! `PASSIVE` checkpoint every [`EVERY`] on a connection of its own. `PASSIVE` takes no write
//! lock and waits for nobody: it copies what no reader still needs, and writers go on
//! appending meanwhile. Writers still checkpoint by themselves at [`FALLBACK_PAGES`], should
//! the thread fall behind or be gone.

use std::path::Path;
use std::sync::Weak;
use std::time::Duration;

use diesel::connection::SimpleConnection as _;
use diesel::sqlite::SqliteConnection;
use diesel::Connection as _;

/// How often the thread checkpoints. At a few hundred purchases a second the WAL grows by a
/// few hundred pages in this time; a checkpoint with nothing to copy costs a read of the
/// WAL's index and no `fsync`.
pub(crate) const EVERY: Duration = Duration::from_millis(200);

/// The WAL size in pages at which a committing writer checkpoints by itself (SQLite's
/// `wal_autocheckpoint`, 1,000 by default): a fallback, 40 MB of WAL at 4 KiB pages.
pub(crate) const FALLBACK_PAGES: u32 = 10_000;

/// Starts the thread for the SQLite file at `path`; it ends within [`EVERY`] once `alive`
/// can no longer be upgraded (the last handle of the database is dropped).
pub(crate) fn start<T: Send + Sync + 'static>(path: &Path, alive: Weak<T>) {
    let path = path.to_path_buf();
    let spawned = std::thread::Builder::new()
        .name("sqlite-checkpoint".to_owned())
        .spawn(move || run(&path, &alive));
    if let Err(error) = spawned {
        tracing::warn!(%error, "cannot start the WAL checkpoint thread; writers checkpoint");
    }
}

fn run<T>(path: &Path, alive: &Weak<T>) {
    let mut conn = match SqliteConnection::establish(&path.to_string_lossy()) {
        Ok(conn) => conn,
        Err(error) => {
            tracing::warn!(%error, "the WAL checkpoint thread cannot open the database; writers checkpoint");
            return;
        }
    };
    let mut failing = false;
    loop {
        std::thread::sleep(EVERY);
        if alive.strong_count() == 0 {
            return;
        }
        match conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE)") {
            Ok(()) => failing = false,
            // Said once per spell of failures, not every 200 ms.
            Err(error) if !failing => {
                failing = true;
                tracing::warn!(%error, "a WAL checkpoint failed; the thread tries again");
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use diesel::connection::SimpleConnection as _;

    use crate::connection::Db;

    /// The database file's size in bytes.
    fn size(path: &std::path::Path) -> u64 {
        std::fs::metadata(path).expect("database file").len()
    }

    #[test]
    fn committed_pages_reach_the_database_file_without_a_writer_checkpointing() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("shop.db");
        let db = Db::connect(&format!("sqlite://{}", path.display()), 2).expect("connect");
        db.write_transaction(|conn| {
            conn.batch_execute(
                "CREATE TABLE blobs (b BLOB);
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                 INSERT INTO blobs SELECT randomblob(1000) FROM n;",
            )?;
            Ok(())
        })
        .expect("write");
        // About 800 pages: in the WAL only, below the writers' own threshold.
        std::thread::sleep(super::EVERY * 3);
        assert!(size(&path) < 1_000_000, "{} bytes before", size(&path));

        db.start_wal_checkpoints();
        let started = Instant::now();
        while size(&path) < 3_000_000 && started.elapsed() < super::EVERY * 25 {
            std::thread::sleep(super::EVERY / 4);
        }
        assert!(size(&path) >= 3_000_000, "{} bytes after", size(&path));
    }
}
