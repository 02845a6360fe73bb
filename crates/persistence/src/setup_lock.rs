//! The set-up lock: preparing a database (migrations, reference and demo seed, first admin) is
//! one process's work at a time. Several API nodes started together on an empty database
//! would otherwise race: two run the first migration at once and one fails ("duplicate key
//! value violates unique constraint pg_type_typname_nsp_index"), or both find the catalogue
//! empty and seed the demo shop twice. Under the lock the first node does the work, the others
//! wait for it, then find nothing left to do (every step is idempotent).
//!
//! - PostgreSQL: a session-level advisory lock ([`SETUP_LOCK_KEY`]) on a connection of its own,
//!   outside the pool, so that the steps keep every pooled connection. Advisory locks belong to
//!   one database, and the server releases the lock when the connection ends: a node that dies
//!   while it holds it does not block the others.
//! - SQLite: an exclusive `flock` on a file beside the database (`<file>.setup-lock`). Not the
//!   database file itself: opening and closing another descriptor of it would drop SQLite's own
//!   POSIX locks on it. Not an exclusive transaction either: the steps write through pooled
//!   connections, which would then wait for it. The kernel releases the lock when the process
//!   ends.

use std::fs::File;

use diesel::pg::PgConnection;
use diesel::sql_types::{BigInt, Bool};
use diesel::{Connection, RunQueryDsl};

use crate::connection::{Db, Target};
use crate::error::DbError;

/// The PostgreSQL advisory lock key of the set-up lock ("fwshop" and 1 in ASCII hex), fixed so
/// that every version of the shop uses the same one.
pub const SETUP_LOCK_KEY: i64 = 0x6677_7368_6f70_0001;

/// The suffix of the SQLite lock file: `data/shop.db` is locked through `data/shop.db.setup-lock`.
pub const SQLITE_LOCK_SUFFIX: &str = ".setup-lock";

/// The held set-up lock; released when dropped (or when the process ends).
#[must_use = "the lock is released as soon as this value is dropped"]
pub struct SetupLock {
    held: Held,
}

enum Held {
    Postgres(PgConnection),
    Sqlite(File),
}

impl std::fmt::Debug for SetupLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.held {
            Held::Postgres(_) => "SetupLock(postgres)",
            Held::Sqlite(_) => "SetupLock(sqlite)",
        })
    }
}

#[derive(diesel::QueryableByName)]
struct Locked {
    #[diesel(sql_type = Bool)]
    locked: bool,
}

impl Db {
    /// Takes the set-up lock of this database, waiting as long as another process (or another
    /// [`Db`] of this one) holds it. Hold it over migrations, seeding and creating the first
    /// admin.
    ///
    /// # Errors
    /// [`DbError`] when the lock's connection or file cannot be opened or the lock not taken.
    pub fn setup_lock(&self) -> Result<SetupLock, DbError> {
        let held = match self.target() {
            Target::Postgres(url) => {
                let mut conn = PgConnection::establish(url)?;
                let first: Locked = diesel::sql_query("SELECT pg_try_advisory_lock($1) AS locked")
                    .bind::<BigInt, _>(SETUP_LOCK_KEY)
                    .get_result(&mut conn)?;
                if !first.locked {
                    tracing::info!("another node is preparing the database; waiting for it");
                    diesel::sql_query("SELECT pg_advisory_lock($1)")
                        .bind::<BigInt, _>(SETUP_LOCK_KEY)
                        .execute(&mut conn)?;
                }
                Held::Postgres(conn)
            }
            Target::Sqlite(path) => {
                let mut name = path.clone().into_os_string();
                name.push(SQLITE_LOCK_SUFFIX);
                let lock_path = std::path::PathBuf::from(name);
                let failed = |e: std::io::Error| {
                    DbError::other(format!("set-up lock {}: {e}", lock_path.display()))
                };
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create(true).truncate(false);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                let file = options.open(&lock_path).map_err(failed)?;
                match file.try_lock() {
                    Ok(()) => {}
                    Err(std::fs::TryLockError::WouldBlock) => {
                        tracing::info!("another process is preparing the database; waiting for it");
                        file.lock().map_err(failed)?;
                    }
                    Err(std::fs::TryLockError::Error(e)) => return Err(failed(e)),
                }
                Held::Sqlite(file)
            }
        };
        Ok(SetupLock { held })
    }

    /// Runs `f` under [`Db::setup_lock`], released when it returns.
    ///
    /// # Errors
    /// [`DbError`] of taking the lock (converted), or whatever `f` returns.
    pub fn with_setup_lock<T, E: From<DbError>>(
        &self,
        f: impl FnOnce() -> Result<T, E>,
    ) -> Result<T, E> {
        let lock = self.setup_lock()?;
        let result = f();
        drop(lock);
        result
    }
}

impl Drop for SetupLock {
    fn drop(&mut self) {
        // Ending the session (or closing the file) would release the lock too; unlocking
        // first says so explicitly and does not depend on when the value is freed.
        match &mut self.held {
            Held::Postgres(conn) => {
                let unlocked = diesel::sql_query("SELECT pg_advisory_unlock($1)")
                    .bind::<BigInt, _>(SETUP_LOCK_KEY)
                    .execute(conn);
                if let Err(error) = unlocked {
                    tracing::warn!(%error, "set-up lock: unlocking failed; closing its connection releases it");
                }
            }
            Held::Sqlite(file) => {
                if let Err(error) = file.unlock() {
                    tracing::warn!(%error, "set-up lock: unlocking failed; closing the file releases it");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    use crate::test_support::TestDatabase;

    /// Two pools on one database (two nodes) never hold the lock at once, and the second one
    /// gets it once the first lets go.
    #[test]
    fn the_setup_lock_admits_one_holder_at_a_time() {
        let test_db = TestDatabase::new();
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..3)
            .map(|_| {
                let db = crate::Db::connect(test_db.url(), 1).expect("connect");
                let (inside, most) = (inside.clone(), most.clone());
                std::thread::spawn(move || {
                    let lock = db.setup_lock().expect("lock");
                    let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(100));
                    inside.fetch_sub(1, Ordering::SeqCst);
                    drop(lock);
                })
            })
            .collect();
        for thread in threads {
            thread.join().expect("thread");
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }
}
