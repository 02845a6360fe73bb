//! This process's one SQLite writer: the turn to write, and the connection every write runs on.
//!
//! SQLite admits one writer at a time; this process's writers queue here for it instead of in
//! SQLite's busy handler, which sleeps and backs off (up to 100 ms a turn) while the lock is
//! taken: under 32 concurrent writers that backoff made a 1 s p99 out of 1 ms transactions.
//! The queue is first come, first served (see [`WriterTurn`]).
//!
//! The turn holds a connection of its own, kept from one write to the next. A SQLite
//! connection drops its whole page cache when it begins a transaction after another connection
//! wrote, so a write on whichever pooled connection was free read every page it touched again
//! from the file (`pread`: 13 % of the CPU of a purchase's writes). With every write of this
//! process on one connection, the pages the last write touched are in its cache for the next.
//! Readers keep the pool; the writer's connection is not one of its `max_size`.

use diesel::r2d2::{CustomizeConnection as _, ManageConnection as _, R2D2Connection as _};
use parking_lot::{Mutex, MutexGuard};

use crate::connection::{DbConnection, DbManager, PooledDb, SqlitePragmas};
use crate::error::DbError;

/// The turn to write and the writer's connection (none until the first write, or after a
/// write left it unusable).
pub(crate) struct Writer {
    manager: DbManager,
    conn: Mutex<Option<PooledDb>>,
}

impl Writer {
    /// The writer of the database `manager` opens connections to.
    pub(crate) fn new(manager: DbManager) -> Self {
        Writer {
            manager,
            conn: Mutex::new(None),
        }
    }

    /// Waits for this process's turn to write.
    pub(crate) fn turn(&self) -> WriterTurn<'_> {
        WriterTurn {
            guard: Some(self.conn.lock()),
            manager: &self.manager,
        }
    }
}

/// This process's turn to write to SQLite, with the writer's connection. Ending it hands the
/// lock straight to the writer that waited longest: with a plain unlock, a thread that has just
/// written could take the lock again before the woken waiter ran, and under load a few writers
/// waited many turns (the add-to-cart benchmark's p99 was three times its median).
pub(crate) struct WriterTurn<'a> {
    guard: Option<MutexGuard<'a, Option<PooledDb>>>,
    manager: &'a DbManager,
}

impl WriterTurn<'_> {
    /// The writer's connection: the one the last write ran on, or a new one (with the pool's
    /// pragmas) for the first write or after one that left its connection unusable.
    ///
    /// # Errors
    /// The error of opening the connection.
    pub(crate) fn conn(&mut self) -> Result<&mut DbConnection, DbError> {
        let Some(slot) = self.guard.as_mut() else {
            return Err(DbError::other("the writer's turn is over"));
        };
        let conn = match slot.take() {
            Some(conn) => conn,
            None => open(self.manager)?,
        };
        Ok(slot.insert(conn))
    }
}

/// A new connection for the writer, set up as the pool sets up its own.
fn open(manager: &DbManager) -> Result<PooledDb, DbError> {
    manager
        .connect()
        .and_then(|mut conn| SqlitePragmas.on_acquire(&mut conn).map(|()| conn))
        .map_err(|error| {
            tracing::warn!(%error, "database: cannot open the writer's connection");
            DbError::UNAVAILABLE
        })
}

impl Drop for WriterTurn<'_> {
    fn drop(&mut self) {
        if let Some(mut guard) = self.guard.take() {
            // A write that panicked, or whose rollback failed, left its transaction open: the
            // next writer starts on a new connection (as the pool discards a broken one).
            if guard.as_mut().is_some_and(|conn| conn.is_broken()) {
                *guard = None;
            }
            MutexGuard::unlock_fair(guard);
        }
    }
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
}
