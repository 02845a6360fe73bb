//! This process's one SQLite writer: the turn to write, the connection every write runs on,
//! and the commits that writers waiting for the turn share.
//!
//! SQLite admits one writer at a time; this process's writers queue here for it instead of in
//! SQLite's busy handler, which sleeps and backs off (up to 100 ms a turn) while the lock is
//! taken: under 32 concurrent writers that backoff made a 1 s p99 out of 1 ms transactions.
//! The queue is first come, first served: ending a turn hands the lock straight to the writer
//! that waited longest (with a plain unlock, a thread that has just written could take the lock
//! again before the woken waiter ran, and under load a few writers waited many turns).
//!
//! **One connection.** The turn holds a connection of its own, kept from one write to the next.
//! A SQLite connection drops its whole page cache when it begins a transaction after another
//! connection wrote, so a write on whichever pooled connection was free read every page it
//! touched again from the file (`pread`: 13 % of the CPU of a purchase's writes). With every
//! write of this process on one connection, the pages the last write touched are in its cache
//! for the next. Readers keep the pool; the writer's connection is not one of its `max_size`.
//!
//! **Shared commits (group commit).** A writer that finds another waiting for the turn leaves
//! its transaction open for it and waits for the commit instead of making its own: the
//! waiting writer runs in a savepoint of the same transaction, and the last writer of such a
//! batch (no one waiting, or [`MAX_MEMBERS`] writers, or a transaction open for [`MAX_OPEN`])
//! commits for all. A `COMMIT` writes each page the batch changed once, however many of its
//! writers changed it. Every writer answers only once its batch committed: a failed commit, or
//! a writer that panicked in the middle of the transaction, fails every writer of the batch
//! (nothing of it is kept). A writer whose own work fails rolls back its savepoint alone.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection as _;
use diesel::r2d2::{CustomizeConnection as _, ManageConnection as _, R2D2Connection as _};
use diesel::Connection as _;
use parking_lot::{Condvar, Mutex, MutexGuard};

use crate::connection::{DbConnection, DbManager, PooledDb, SqlitePragmas};
use crate::error::DbError;

/// The most writers one transaction takes before it commits, however many still wait.
const MAX_MEMBERS: u32 = 16;

/// How long a transaction stays open for writers that come after its first: a writer that
/// finds it open longer commits it.
const MAX_OPEN: Duration = Duration::from_millis(5);

/// The turn to write, the writer's connection (none until the first write, or after a write
/// left it unusable) and the batch whose transaction is open on it.
pub(crate) struct Writer {
    manager: DbManager,
    slot: Mutex<Slot>,
    /// Writers waiting for the turn: while one does, the writer that has it leaves the
    /// transaction open for it.
    queued: AtomicUsize,
    /// Writes run, transactions committed, and nanoseconds the turn was held, since start.
    writes: AtomicU64,
    commits: AtomicU64,
    held_nanos: AtomicU64,
}

/// What this process's SQLite writer has done since it started (the `/metrics` counters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriterStats {
    /// Writes run (each a use case's write transaction, or a batch's savepoint of it).
    pub writes: u64,
    /// Transactions committed: `writes / commits` writes shared each commit.
    pub commits: u64,
    /// How long the turn to write was held, in all.
    pub held: Duration,
}

#[derive(Default)]
struct Slot {
    conn: Option<PooledDb>,
    open: Option<Batch>,
}

/// The writers of one transaction, from its `BEGIN` to its `COMMIT`.
struct Batch {
    members: u32,
    opened: Instant,
    outcome: Arc<Outcome>,
}

/// How a batch ended, for the writers waiting for it: `None` while it is open.
#[derive(Default)]
struct Outcome {
    ended: Mutex<Option<Result<(), DbError>>>,
    signal: Condvar,
}

impl Outcome {
    fn end(&self, result: Result<(), DbError>) {
        *self.ended.lock() = Some(result);
        self.signal.notify_all();
    }

    fn wait(&self) -> Result<(), DbError> {
        let mut ended = self.ended.lock();
        loop {
            if let Some(result) = &*ended {
                return result.clone();
            }
            self.signal.wait(&mut ended);
        }
    }
}

impl Writer {
    /// The writer of the database `manager` opens connections to.
    pub(crate) fn new(manager: DbManager) -> Self {
        Writer {
            manager,
            slot: Mutex::default(),
            queued: AtomicUsize::new(0),
            writes: AtomicU64::new(0),
            commits: AtomicU64::new(0),
            held_nanos: AtomicU64::new(0),
        }
    }

    /// What the writer has done since it started.
    pub(crate) fn stats(&self) -> WriterStats {
        WriterStats {
            writes: self.writes.load(Ordering::Relaxed),
            commits: self.commits.load(Ordering::Relaxed),
            held: Duration::from_nanos(self.held_nanos.load(Ordering::Relaxed)),
        }
    }

    /// How many writers wait for the turn.
    #[cfg(test)]
    pub(crate) fn queued(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }

    /// Runs `f` as one write on the writer's connection, in the open batch's transaction (a
    /// savepoint of it) or in a new one, and answers once its batch has committed: the outer
    /// `Err` when the batch failed (nothing of `f` was kept), else what `f` answered (its
    /// savepoint rolled back on `Err`).
    ///
    /// # Errors
    /// The batch's failure to begin or commit, or to open the writer's connection.
    pub(crate) fn write<T, E>(
        &self,
        f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
    ) -> Result<Result<T, E>, DbError>
    where
        E: From<diesel::result::Error>,
    {
        self.queued.fetch_add(1, Ordering::SeqCst);
        let guard = self.slot.lock();
        self.queued.fetch_sub(1, Ordering::SeqCst);
        let mut turn = Turn {
            guard: Some(guard),
            writer: self,
            taken: Instant::now(),
        };
        self.writes.fetch_add(1, Ordering::Relaxed);
        let (conn, open) = turn.parts()?;
        let joined = open.is_some();
        if !joined {
            conn.begin_immediate()?;
            *open = Some(Batch {
                members: 0,
                opened: Instant::now(),
                outcome: Arc::default(),
            });
        }
        let result = if joined {
            conn.transaction(f)
        } else {
            // The first writer of a batch needs no savepoint: its failure ends the batch.
            let result = f(conn);
            if result.is_err() {
                *open = None;
                conn.roll_back()?;
                turn.release();
                return Ok(result);
            }
            result
        };
        let Some(batch) = open.as_mut() else {
            return Err(DbError::other("the writer's batch is gone"));
        };
        batch.members += 1;
        let outcome = Arc::clone(&batch.outcome);
        let others_wait = self.queued.load(Ordering::SeqCst) > 0;
        if others_wait
            && batch.members < MAX_MEMBERS
            && batch.opened.elapsed() < MAX_OPEN
            && conn.sqlite_depth().ok().flatten() == Some(1)
        {
            // The next writer joins this transaction; the last one of the batch commits.
            turn.release();
            if result.is_err() {
                // Rolled back to its savepoint: nothing of it waits for the commit.
                return Ok(result);
            }
            outcome.wait()?;
            return Ok(result);
        }
        *open = None;
        let committed = conn.commit().map_err(DbError::from);
        self.commits.fetch_add(1, Ordering::Relaxed);
        outcome.end(committed.clone());
        turn.release();
        committed.map(|()| result)
    }
}

/// A writer's hold of the turn. Ending it any other way than [`Turn::release`] (a panic in a
/// write, an error on the way) fails the open batch and, when the connection was left in a
/// transaction, drops it: the next writer starts on a new one, as the pool discards a broken
/// connection.
struct Turn<'a> {
    guard: Option<MutexGuard<'a, Slot>>,
    writer: &'a Writer,
    taken: Instant,
}

impl Turn<'_> {
    /// The writer's connection (opened when there is none) and the open batch.
    fn parts(&mut self) -> Result<(&mut DbConnection, &mut Option<Batch>), DbError> {
        let Some(slot) = self.guard.as_deref_mut() else {
            return Err(DbError::other("the writer's turn is over"));
        };
        let conn = match slot.conn.take() {
            Some(conn) => conn,
            None => open(&self.writer.manager)?,
        };
        let Slot { conn: kept, open } = slot;
        Ok((kept.insert(conn), open))
    }

    /// Hands the turn to the writer that waited longest.
    fn release(mut self) {
        if let Some(guard) = self.guard.take() {
            self.unlock(guard);
        }
    }

    fn unlock(&self, guard: MutexGuard<'_, Slot>) {
        let held = u64::try_from(self.taken.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.writer.held_nanos.fetch_add(held, Ordering::Relaxed);
        MutexGuard::unlock_fair(guard);
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        let Some(mut guard) = self.guard.take() else {
            return;
        };
        if let Some(batch) = guard.open.take() {
            batch.outcome.end(Err(DbError::other(
                "a write of the same transaction failed; nothing of it was saved",
            )));
        }
        if guard.conn.as_mut().is_some_and(|conn| conn.is_broken()) {
            // Closing the connection rolls its transaction back.
            guard.conn = None;
        }
        self.unlock(guard);
    }
}

/// A new connection for the writer, set up as the pool sets up its own, with its temporary
/// files in memory: a savepoint keeps the pages it changes in a sub-journal, and on a file
/// that was a `pwrite` of each page every write of a batch changed (7 % of a purchase's
/// server CPU). A write never sorts or builds a temporary table of any size.
fn open(manager: &DbManager) -> Result<PooledDb, DbError> {
    manager
        .connect()
        .and_then(|mut conn| {
            SqlitePragmas.on_acquire(&mut conn)?;
            conn.batch_execute("PRAGMA temp_store = MEMORY")
                .map_err(diesel::r2d2::Error::QueryError)?;
            Ok(conn)
        })
        .map_err(|error| {
            tracing::warn!(%error, "database: cannot open the writer's connection");
            DbError::UNAVAILABLE
        })
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection as _;
    use diesel::RunQueryDsl as _;
    use domain::store::{Store, StoreError};

    use crate::{Db, DbError};

    fn sqlite() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Db::connect(&format!("sqlite://{}/writer.db", dir.path().display()), 4)
            .expect("connect");
        (dir, db)
    }

    /// A database with the table [`probes`] counts.
    fn with_probes() -> (tempfile::TempDir, Db) {
        let (dir, db) = sqlite();
        write_sql(&db, "CREATE TABLE probe (x INTEGER)").expect("table");
        (dir, db)
    }

    fn write_sql(db: &Db, sql: &str) -> Result<(), StoreError> {
        db.write(|tx| {
            tx.conn()
                .batch_execute(sql)
                .map_err(|e| StoreError::from(DbError::from(e)))
        })
    }

    fn probes(db: &Db) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = db.get().expect("connection");
        diesel::sql_query("SELECT count(*) AS n FROM probe")
            .get_result::<Count>(&mut *conn)
            .expect("count")
            .n
    }

    /// A temporary table lives on the connection that made it: the writes after the one that
    /// made it see it, the pool's connections do not.
    #[test]
    fn every_write_runs_on_the_writers_one_connection() {
        let (_dir, db) = sqlite();
        write_sql(&db, "CREATE TEMP TABLE marker (x INTEGER)").expect("temp table");
        for _ in 0..3 {
            write_sql(&db, "INSERT INTO temp.marker VALUES (1)").expect("the same connection");
        }
        let read = db.read(|tx| {
            tx.conn()
                .batch_execute("SELECT x FROM temp.marker")
                .map_err(|e| StoreError::from(DbError::from(e)))
        });
        assert!(read.is_err(), "a reader's connection is not the writer's");
    }

    /// A write that panicked in the middle of its transaction commits nothing, and the next
    /// write runs on a new connection (the old one, with its open transaction, is dropped).
    #[test]
    fn a_write_that_panicked_leaves_nothing_behind() {
        let (_dir, db) = sqlite();
        write_sql(
            &db,
            "CREATE TABLE probe (x INTEGER); CREATE TEMP TABLE marker (x INTEGER)",
        )
        .expect("tables");
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _: Result<(), StoreError> = db.write(|tx| {
                tx.conn()
                    .batch_execute("INSERT INTO probe VALUES (1)")
                    .expect("insert");
                panic!("in the middle of a write");
            });
        }));
        assert!(panicked.is_err());
        assert_eq!(probes(&db), 0, "the panicked write committed nothing");
        assert!(
            write_sql(&db, "SELECT x FROM temp.marker").is_err(),
            "a new connection, without the old one's temporary table"
        );
        write_sql(&db, "INSERT INTO probe VALUES (2)").expect("the next write");
        assert_eq!(probes(&db), 1);
    }

    /// Runs `first` as a write that stays in the turn until another writer waits for it, then
    /// `second` as that writer: the two share one transaction. Answers both writes' results.
    fn two_in_one_batch(
        db: &Db,
        first: &'static str,
        second: impl FnOnce(&mut crate::DbConnection) -> Result<(), DbError> + Send,
    ) -> (
        Result<(), StoreError>,
        std::thread::Result<Result<(), DbError>>,
    ) {
        let writer = db.writer().expect("SQLite");
        let inside = std::sync::Barrier::new(2);
        std::thread::scope(|scope| {
            let one = scope.spawn(|| {
                db.write(|tx| {
                    tx.conn()
                        .batch_execute(first)
                        .map_err(|e| StoreError::from(DbError::from(e)))?;
                    inside.wait();
                    while writer.queued() == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    Ok(())
                })
            });
            inside.wait();
            let two = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                writer.write(second).and_then(|r| r)
            }));
            (one.join().expect("first writer"), two)
        })
    }

    /// A writer that finds another waiting leaves its transaction open for it: the second
    /// writer does not see the first's row committed (a reader's connection does not), and
    /// once the second returns both rows are.
    #[test]
    fn a_writer_waiting_for_the_turn_shares_the_transaction_of_the_one_before() {
        let (_dir, db) = with_probes();
        let (one, two) = two_in_one_batch(&db, "INSERT INTO probe VALUES (1)", |conn| {
            conn.batch_execute("INSERT INTO probe VALUES (2)")?;
            assert_eq!(probes(&db), 0, "the first write is not committed yet");
            Ok(())
        });
        one.expect("first");
        two.expect("no panic").expect("second");
        assert_eq!(probes(&db), 2);
        let stats = db.writer_stats().expect("SQLite");
        assert_eq!(
            (stats.writes, stats.commits),
            (3, 2),
            "the table's write, then two in one"
        );
        assert!(stats.held > std::time::Duration::ZERO);
    }

    /// The second writer of a batch fails: its savepoint is rolled back, the first writer's
    /// row is committed.
    #[test]
    fn a_failed_writer_of_a_batch_rolls_back_alone() {
        let (_dir, db) = with_probes();
        let (one, two) = two_in_one_batch(&db, "INSERT INTO probe VALUES (1)", |conn| {
            conn.batch_execute("INSERT INTO probe VALUES (2)")?;
            Err(DbError::conflict("refused"))
        });
        one.expect("first");
        assert_eq!(two.expect("no panic"), Err(DbError::conflict("refused")));
        assert_eq!(probes(&db), 1);
        write_sql(&db, "INSERT INTO probe VALUES (3)").expect("the next write");
        assert_eq!(probes(&db), 2);
    }

    /// The second writer of a batch panics: the first writer is told its write failed, and
    /// nothing of the batch is kept.
    #[test]
    fn a_writer_that_panics_fails_its_whole_batch() {
        let (_dir, db) = with_probes();
        let (one, two) = two_in_one_batch(&db, "INSERT INTO probe VALUES (1)", |conn| {
            conn.batch_execute("INSERT INTO probe VALUES (2)")?;
            panic!("in the middle of a batch");
        });
        assert!(two.is_err(), "the second writer panicked");
        assert!(
            one.is_err(),
            "the first writer is told its write was not saved"
        );
        assert_eq!(probes(&db), 0, "nothing of the batch was saved");
        write_sql(&db, "INSERT INTO probe VALUES (3)").expect("the next write");
        assert_eq!(probes(&db), 1);
    }
}
