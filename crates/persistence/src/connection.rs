//! Connections: one enum over PostgreSQL and SQLite, an r2d2 pool, and URL parsing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use diesel::connection::AnsiTransactionManager;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{CustomizeConnection, ManageConnection, Pool, PooledConnection, R2D2Connection};
use diesel::result::QueryResult;
use diesel::sqlite::SqliteConnection;
use diesel::Connection;

use crate::error::DbError;
use crate::writer::Writer;

/// A connection to either backend. Queries written against [`crate::schema`] run on both.
///
/// The PostgreSQL variant comes first: `establish` tries variants in order and SQLite accepts
/// any string. The pool does not rely on that: [`Db::connect`] picks the variant from the URL.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    /// A PostgreSQL connection.
    Postgresql(PgConnection),
    /// A SQLite connection (always a file, with foreign keys on).
    Sqlite(SqliteConnection),
}

impl DbConnection {
    /// The backend of this connection.
    pub fn backend(&self) -> Backend {
        match self {
            Self::Postgresql(_) => Backend::Postgres,
            Self::Sqlite(_) => Backend::Sqlite,
        }
    }

    /// Runs `f` in a transaction meant to write: on SQLite it starts with `BEGIN IMMEDIATE`, so
    /// the write lock is taken up front and a concurrent writer waits (busy_timeout) instead of
    /// failing with "database is locked" when it upgrades a read transaction whose snapshot
    /// another writer has moved on. On PostgreSQL, and inside an already open transaction
    /// (a savepoint then), it is an ordinary [`Connection::transaction`]. Commits on `Ok`,
    /// rolls back on `Err`.
    ///
    /// Use it for read-then-write use cases (stock, checkout, status changes); combine it with
    /// conditional updates (`... SET stock = stock - n WHERE stock >= n`) or `FOR UPDATE` on
    /// PostgreSQL, where it does not lock by itself.
    ///
    /// # Errors
    /// Whatever `f` returns, or the error of beginning or committing.
    pub fn write_transaction<T, E, F>(&mut self, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E>,
        E: From<diesel::result::Error>,
    {
        if self.backend() == Backend::Postgres || self.sqlite_depth()?.is_some() {
            return self.transaction(f);
        }
        self.begin_immediate()?;
        match f(self) {
            Ok(value) => {
                self.commit()?;
                Ok(value)
            }
            Err(error) => {
                self.roll_back()?;
                Err(error)
            }
        }
    }

    // The helpers below call diesel's `TransactionManager` by name: imported for the whole
    // file, its `transaction` would clash with `Connection::transaction` on this type.

    /// The SQLite connection of this one; an error on PostgreSQL.
    fn sqlite(&mut self) -> QueryResult<&mut SqliteConnection> {
        match self {
            Self::Sqlite(sqlite) => Ok(sqlite),
            Self::Postgresql(_) => Err(diesel::result::Error::QueryBuilderError(
                "a SQLite transaction on a PostgreSQL connection".into(),
            )),
        }
    }

    /// SQLite: how many transactions (the outer one and its savepoints) are open; `None` when
    /// none is. An error when the transaction manager is broken.
    pub(crate) fn sqlite_depth(&mut self) -> QueryResult<Option<u32>> {
        use diesel::connection::TransactionManager as _;
        Ok(
            AnsiTransactionManager::transaction_manager_status_mut(self.sqlite()?)
                .transaction_depth()?
                .map(std::num::NonZeroU32::get),
        )
    }

    /// SQLite: `BEGIN IMMEDIATE`, the write lock taken up front (see [`Self::write_transaction`]).
    pub(crate) fn begin_immediate(&mut self) -> QueryResult<()> {
        AnsiTransactionManager::begin_transaction_sql(self.sqlite()?, "BEGIN IMMEDIATE")
    }

    /// SQLite: commits the open transaction; one whose `COMMIT` fails is rolled back.
    pub(crate) fn commit(&mut self) -> QueryResult<()> {
        use diesel::connection::TransactionManager as _;
        let sqlite = self.sqlite()?;
        AnsiTransactionManager::commit_transaction(&mut *sqlite).inspect_err(|_| {
            // A failed COMMIT leaves the transaction open: roll it back.
            let _ = AnsiTransactionManager::rollback_transaction(&mut *sqlite);
        })
    }

    /// SQLite: rolls the open transaction back.
    pub(crate) fn roll_back(&mut self) -> QueryResult<()> {
        use diesel::connection::TransactionManager as _;
        AnsiTransactionManager::rollback_transaction(self.sqlite()?)
    }
}

/// Which database engine a [`Db`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    /// SQLite (a local file).
    Sqlite,
    /// PostgreSQL (a server).
    Postgres,
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        })
    }
}

/// A parsed database URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Target {
    /// `postgres://` / `postgresql://` URLs go to PostgreSQL; `sqlite://path`, `sqlite:path` and a
    /// bare path to a SQLite file. In-memory SQLite is refused: each pooled connection would get
    /// its own empty database.
    pub(crate) fn parse(url: &str) -> Result<Self, DbError> {
        let url = url.trim();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Self::Postgres(url.to_owned()));
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        if path.is_empty() {
            return Err(DbError::other("empty database URL".to_owned()));
        }
        if path.contains(":memory:") || path.contains("mode=memory") {
            return Err(DbError::other(
                "an in-memory SQLite database cannot be pooled; use a file".to_owned(),
            ));
        }
        Ok(Self::Sqlite(PathBuf::from(path)))
    }
}

/// The r2d2 manager: opens the variant the URL asked for (never tries PostgreSQL with a path).
#[derive(Debug, Clone)]
pub struct DbManager {
    target: Target,
}

/// A PostgreSQL connection that answered a check less than this long ago is not checked again
/// when it is borrowed (the alive-bypass window of connection pools such as HikariCP): under
/// load a connection is borrowed thousands of times a second, and a `SELECT 1` round trip
/// each time was a tenth of a list miss's CPU. A connection the server closed is found within
/// this window; a request that used it before then fails with 503, as it would if the server
/// went away in the middle of it.
const ALIVE_BYPASS: Duration = Duration::from_millis(500);

/// A pooled connection and when it last answered a check; derefs to [`DbConnection`].
pub struct PooledDb {
    conn: DbConnection,
    checked_at: Instant,
}

impl std::ops::Deref for PooledDb {
    type Target = DbConnection;

    fn deref(&self) -> &DbConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for PooledDb {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.conn
    }
}

impl ManageConnection for DbManager {
    type Connection = PooledDb;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<PooledDb, Self::Error> {
        let conn = match &self.target {
            Target::Postgres(url) => PgConnection::establish(url)
                .map(DbConnection::Postgresql)
                .map_err(diesel::r2d2::Error::ConnectionError),
            Target::Sqlite(path) => SqliteConnection::establish(&path.to_string_lossy())
                .map(DbConnection::Sqlite)
                .map_err(diesel::r2d2::Error::ConnectionError),
        }?;
        Ok(PooledDb {
            conn,
            checked_at: Instant::now(),
        })
    }

    /// Checked when borrowed: a PostgreSQL connection by a round trip (`SELECT 1`), unless it
    /// answered one less than [`ALIVE_BYPASS`] ago, so that one the server closed (a restart,
    /// a network cut) is replaced before requests use it. A SQLite connection is a file handle
    /// in this process that cannot go away under it: the check would be a statement per
    /// checkout for nothing (two per cart read).
    fn is_valid(&self, conn: &mut PooledDb) -> Result<(), Self::Error> {
        match conn.conn {
            DbConnection::Postgresql(_) if conn.checked_at.elapsed() >= ALIVE_BYPASS => {
                conn.conn.ping().map_err(diesel::r2d2::Error::QueryError)?;
                conn.checked_at = Instant::now();
                Ok(())
            }
            DbConnection::Postgresql(_) | DbConnection::Sqlite(_) => Ok(()),
        }
    }

    fn has_broken(&self, conn: &mut PooledDb) -> bool {
        conn.conn.is_broken()
    }
}

/// Sets the SQLite pragmas on every new pooled connection.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SqlitePragmas;

impl CustomizeConnection<PooledDb, diesel::r2d2::Error> for SqlitePragmas {
    fn on_acquire(&self, conn: &mut PooledDb) -> Result<(), diesel::r2d2::Error> {
        if let DbConnection::Sqlite(conn) = &mut conn.conn {
            // busy_timeout first, so that switching to WAL waits for other connections.
            // mmap_size 0: no memory map of the file. A connection that begins a transaction
            // after another one wrote unmaps the whole map (SQLite drops what it read before
            // the write), so under a steady flow of cart writes every transaction paid a
            // munmap, the other cores' TLB flushes and the page faults to map it again:
            // without the map, an add to the cart costs 9 % less CPU and the mixed load runs
            // 14 % more operations a second (docs/performance.md "No memory map").
            // wal_autocheckpoint: the server checkpoints on a thread of its own
            // (crate::checkpoint); a writer does only past this fallback.
            conn.batch_execute(&format!(
                "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; \
                 PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                 PRAGMA mmap_size = 0; PRAGMA wal_autocheckpoint = {};",
                crate::checkpoint::FALLBACK_PAGES
            ))
            .map_err(diesel::r2d2::Error::QueryError)?;
        }
        Ok(())
    }
}

/// A pooled connection, borrowed from [`Db`] (back to the pool when dropped); derefs to
/// [`DbConnection`].
pub struct Conn(PooledConnection<DbManager>);

impl std::ops::Deref for Conn {
    type Target = DbConnection;

    fn deref(&self) -> &DbConnection {
        &self.0
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.0
    }
}

/// The database: a pool of connections to one backend. Cheap to clone (shared pool).
#[derive(Clone)]
pub struct Db {
    pool: Pool<DbManager>,
    backend: Backend,
    /// On SQLite, the turn to write and the connection writes run on ([`crate::writer`]).
    /// Unused on PostgreSQL.
    writer: std::sync::Arc<Writer>,
    /// The catalogue's list index, shared by this process's connections.
    pub(crate) index: std::sync::Arc<crate::catalogue::CatalogueIndex>,
    /// What the URL named (the set-up lock opens a connection or file of its own to it).
    target: std::sync::Arc<Target>,
    /// The catalogue version this process knows committed (its writes', its listener's).
    pub(crate) signal: std::sync::Arc<crate::catalogue::VersionSignal>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db")
            .field("backend", &self.backend)
            .field("state", &self.pool.state())
            .finish()
    }
}

/// How long [`Db::get`] waits for a free connection before answering [`StoreError::Unavailable`](domain::store::StoreError::Unavailable).
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(10);

impl Db {
    /// Opens a pool of at most `max_size` connections to `database_url`:
    /// `postgres://...` / `postgresql://...`, or a SQLite file as `sqlite://path/to/file.db`,
    /// `sqlite:path` or a bare path (parent directories are created). It checks one connection
    /// before returning; it does not run migrations (see [`crate::Db::migrate`]).
    ///
    /// # Errors
    /// [`StoreError::Other`](domain::store::StoreError::Other) for an unusable URL (including in-memory SQLite) or a directory that
    /// cannot be created; [`StoreError::Unavailable`](domain::store::StoreError::Unavailable) when no connection can be made.
    pub fn connect(database_url: &str, max_size: u32) -> Result<Db, DbError> {
        let target = Target::parse(database_url)?;
        let backend = match &target {
            Target::Postgres(_) => Backend::Postgres,
            Target::Sqlite(path) => {
                create_private_file(path)?;
                Backend::Sqlite
            }
        };
        let max_size = max_size.max(1);
        let mut builder = Pool::builder()
            .max_size(max_size)
            .min_idle(Some(1))
            .connection_timeout(CONNECTION_TIMEOUT);
        if backend == Backend::Sqlite {
            builder = builder.connection_customizer(Box::new(SqlitePragmas));
        }
        let pool = builder
            .build(DbManager {
                target: target.clone(),
            })
            .map_err(|error| {
                tracing::error!(%error, %backend, "cannot open the database");
                DbError::UNAVAILABLE
            })?;
        Ok(Db {
            pool,
            backend,
            writer: std::sync::Arc::new(Writer::new(DbManager {
                target: target.clone(),
            })),
            index: std::sync::Arc::default(),
            target: std::sync::Arc::new(target),
            signal: std::sync::Arc::default(),
        })
    }

    /// On SQLite, starts checkpointing the WAL on a thread of its own (the server does at
    /// start-up: see [`crate::checkpoint`]); it ends when the last handle of this database is
    /// dropped. Nothing on PostgreSQL.
    pub fn start_wal_checkpoints(&self) {
        if let Target::Sqlite(path) = &*self.target {
            crate::checkpoint::start(path, std::sync::Arc::downgrade(&self.writer));
        }
    }

    /// The database the URL named.
    pub(crate) fn target(&self) -> &Target {
        &self.target
    }

    /// On SQLite, this process's writer: every write goes through it ([`crate::writer`]).
    /// `None` on PostgreSQL, whose writers do not exclude each other.
    pub(crate) fn writer(&self) -> Option<&Writer> {
        (self.backend == Backend::Sqlite).then_some(&*self.writer)
    }

    /// On SQLite, what this process's writer has done since it started; `None` on PostgreSQL.
    pub fn writer_stats(&self) -> Option<crate::WriterStats> {
        self.writer().map(Writer::stats)
    }

    /// Borrows a connection from the pool (waits up to 10 s).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`](domain::store::StoreError::Unavailable) when none is free in time or the database is down.
    pub(crate) fn get(&self) -> Result<Conn, DbError> {
        Ok(Conn(self.pool.get()?))
    }

    /// The backend this pool talks to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Whether a read can run at once on the calling thread without waiting: the database is
    /// an in-process SQLite file (a read is CPU work, never a wait for a server or a lock:
    /// readers of a WAL database do not wait for writers) and a pooled connection is idle.
    pub fn reads_without_waiting(&self) -> bool {
        self.backend == Backend::Sqlite && self.pool.state().idle_connections > 0
    }

    /// Whether a read that the catalogue's list index answers at catalogue `version` can run
    /// at once on the calling thread, on either backend: the index holds that version or a
    /// later one (so the read runs no statement: see [`Tx::assume_catalogue_version`]) and a
    /// pooled connection is idle.
    ///
    /// [`Tx::assume_catalogue_version`]: domain::catalogue::CatalogueReads::assume_catalogue_version
    pub fn index_answers_without_waiting(&self, version: i64) -> bool {
        self.index.holds(version) && self.pool.state().idle_connections > 0
    }

    /// Runs `SELECT 1` on a pooled connection (health check).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`](domain::store::StoreError::Unavailable) or [`StoreError::Other`](domain::store::StoreError::Other) when the database does not answer.
    pub fn ping(&self) -> Result<(), DbError> {
        let mut conn = self.get()?;
        conn.batch_execute("SELECT 1")?;
        Ok(())
    }

    /// Borrows a connection and runs `f` in one transaction on it (rolled back on `Err`).
    ///
    /// # Errors
    /// Whatever `f` returns, or the error of getting a connection or committing.
    #[cfg(test)]
    pub(crate) fn transaction<T, F>(&self, f: F) -> Result<T, DbError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, DbError>,
    {
        let mut conn = self.get()?;
        DbConnection::transaction(&mut conn, f)
    }

    /// Borrows a connection and runs `f` in [`DbConnection::write_transaction`] on it.
    ///
    /// # Errors
    /// Whatever `f` returns, or the error of getting a connection or committing.
    #[cfg(test)]
    pub(crate) fn write_transaction<T, F>(&self, f: F) -> Result<T, DbError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, DbError>,
    {
        let mut conn = self.get()?;
        conn.write_transaction(f)
    }
}

/// Creates the folders of a SQLite file (0700) and the file itself (0600) when missing, so the
/// database, and the WAL and shared-memory files SQLite gives the same mode, are private to
/// the shop's user from the start.
fn create_private_file(path: &Path) -> Result<(), DbError> {
    let failed = |what: &Path, e: std::io::Error| {
        DbError::other(format!("cannot create {}: {e}", what.display()))
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(parent).map_err(|e| failed(parent, e))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop).map_err(|e| failed(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::RunQueryDsl;

    #[test]
    fn urls_pick_the_backend() {
        assert_eq!(
            Target::parse("postgres://u@h/db").ok(),
            Some(Target::Postgres("postgres://u@h/db".into()))
        );
        assert_eq!(
            Target::parse("postgresql://u@h/db").ok(),
            Some(Target::Postgres("postgresql://u@h/db".into()))
        );
        assert_eq!(
            Target::parse("sqlite://data/shop.db").ok(),
            Some(Target::Sqlite("data/shop.db".into()))
        );
        assert_eq!(
            Target::parse("sqlite:///tmp/shop.db").ok(),
            Some(Target::Sqlite("/tmp/shop.db".into()))
        );
        assert_eq!(
            Target::parse("sqlite:shop.db").ok(),
            Some(Target::Sqlite("shop.db".into()))
        );
        assert_eq!(
            Target::parse("./shop.db").ok(),
            Some(Target::Sqlite("./shop.db".into()))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_new_sqlite_database_and_its_folder_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("fresh/shop.db");
        let db = Db::connect(&format!("sqlite://{}", file.display()), 2).expect("connect");
        db.ping().expect("ping");
        let mode = |p: &std::path::Path| {
            std::fs::metadata(p).expect("exists").permissions().mode() & 0o777
        };
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(&dir.path().join("fresh")), 0o700);
        let wal = dir.path().join("fresh/shop.db-wal");
        if wal.exists() {
            assert_eq!(mode(&wal), 0o600);
        }
    }

    /// A pooled PostgreSQL connection that the server closed (a restart, an administrator) is
    /// found by the check on borrowing once its alive-bypass window is over, and replaced:
    /// requests after that never see it.
    #[test]
    fn a_connection_the_server_closed_is_replaced() {
        let test_db = crate::test_support::TestDatabase::new();
        let db = test_db.db();
        if db.backend() != Backend::Postgres {
            return;
        }
        // Two connections in the pool, both used.
        {
            let (first, second) = (db.get().expect("first"), db.get().expect("second"));
            drop((first, second));
        }
        let mut admin = PgConnection::establish(test_db.url()).expect("admin connection");
        let closed = diesel::sql_query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        .execute(&mut admin)
        .expect("terminate the pool's connections");
        assert!(closed >= 1, "the pool's connections were open");
        std::thread::sleep(ALIVE_BYPASS + Duration::from_millis(100));
        for _ in 0..4 {
            db.ping().expect("a live connection");
        }
    }

    #[test]
    fn in_memory_sqlite_is_refused() {
        assert!(Target::parse("sqlite::memory:").is_err());
        assert!(Target::parse(":memory:").is_err());
        assert!(Target::parse("").is_err());
    }

    #[test]
    fn sqlite_connections_get_the_pragmas() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}/nested/dir/pragmas.db", dir.path().display());
        let db = Db::connect(&url, 2).expect("connect");
        assert_eq!(db.backend(), Backend::Sqlite);
        db.ping().expect("ping");
        let mut conn = db.get().expect("conn");
        #[derive(diesel::QueryableByName)]
        struct Value {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            foreign_keys: i32,
        }
        let row: Value = diesel::sql_query("PRAGMA foreign_keys")
            .get_result(&mut *conn)
            .expect("pragma");
        assert_eq!(row.foreign_keys, 1);
        #[derive(diesel::QueryableByName)]
        struct Mode {
            #[diesel(sql_type = diesel::sql_types::Text)]
            journal_mode: String,
        }
        let mode: Mode = diesel::sql_query("PRAGMA journal_mode")
            .get_result(&mut *conn)
            .expect("pragma");
        assert_eq!(mode.journal_mode, "wal");
        #[derive(diesel::QueryableByName)]
        struct Mmap {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            mmap_size: i64,
        }
        let mmap: Mmap = diesel::sql_query("PRAGMA mmap_size")
            .get_result(&mut *conn)
            .expect("pragma");
        assert_eq!(mmap.mmap_size, 0);
    }
}
