//! Per-test databases for this crate's tests and the API tests.
//!
//! [`TestDatabase::new`] gives a fresh, migrated database: a SQLite file in a temporary
//! directory, or, when `TEST_DATABASE_URL` names a PostgreSQL server (for example
//! `postgres://postgres@127.0.0.1:5432/postgres`, as `scripts/with-postgres.sh` sets), a new
//! uniquely named database on that server, dropped again when the value is dropped.

mod demo;
mod integrity;
mod listeners;
mod stock;

use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::Connection;

use crate::connection::{Backend, Db};
use crate::error::DbError;
use crate::migrations::run_migrations;

pub use demo::QuoteSamples;
pub use integrity::{CaseBreakRow, Integrity, ProductFacts};
pub use stock::order_item_counts;

/// The environment variable naming a PostgreSQL server for tests.
pub const TEST_DATABASE_URL: &str = "TEST_DATABASE_URL";

/// Pool size of a test database: enough for an API server and a test poking at the database.
const TEST_POOL_SIZE: u32 = 8;

/// A fresh, migrated database that disappears with this value.
pub struct TestDatabase {
    url: String,
    db: Option<Db>,
    cleanup: Cleanup,
}

enum Cleanup {
    /// The temporary directory holding the SQLite file; removed on drop.
    Sqlite(
        #[expect(dead_code, reason = "kept only to delete the directory on drop")]
        tempfile::TempDir,
    ),
    /// The server URL to connect to and the name of the database to drop.
    Postgres { admin_url: String, name: String },
}

impl std::fmt::Debug for TestDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestDatabase")
            .field("url", &self.url)
            .finish()
    }
}

impl TestDatabase {
    /// Creates a fresh migrated database (SQLite, or PostgreSQL when `TEST_DATABASE_URL` is set).
    ///
    /// # Panics
    /// When the database cannot be created or migrated: this is test set-up.
    pub fn new() -> Self {
        match Self::try_new() {
            Ok(db) => db,
            Err(error) => panic!("cannot create a test database: {error}"),
        }
    }

    /// Like [`TestDatabase::new`], returning the error instead of panicking.
    ///
    /// # Errors
    /// Any [`DbError`] from creating, connecting to or migrating the database.
    pub fn try_new() -> Result<Self, DbError> {
        Self::create(true)
    }

    /// A fresh database with no table at all, not even the migrations' (start-up tests: several
    /// servers started at once on an empty database).
    ///
    /// # Panics
    /// When the database cannot be created: this is test set-up.
    pub fn empty() -> Self {
        match Self::create(false) {
            Ok(db) => db,
            Err(error) => panic!("cannot create a test database: {error}"),
        }
    }

    fn create(migrate: bool) -> Result<Self, DbError> {
        match std::env::var(TEST_DATABASE_URL) {
            Ok(server) if !server.trim().is_empty() => Self::postgres(server.trim(), migrate),
            _ => Self::sqlite(migrate),
        }
    }

    fn sqlite(migrate: bool) -> Result<Self, DbError> {
        let dir = tempfile::Builder::new()
            .prefix("shop-test-")
            .tempdir()
            .map_err(DbError::other)?;
        let url = format!("sqlite://{}", dir.path().join("test.db").display());
        let db = Self::open(&url, migrate)?;
        Ok(Self {
            url,
            db: Some(db),
            cleanup: Cleanup::Sqlite(dir),
        })
    }

    fn postgres(admin_url: &str, migrate: bool) -> Result<Self, DbError> {
        let name = format!("shop_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(admin_url)?;
        admin.batch_execute(&format!("CREATE DATABASE \"{name}\""))?;
        let url = with_database_name(admin_url, &name);
        let cleanup = Cleanup::Postgres {
            admin_url: admin_url.to_owned(),
            name,
        };
        // From here on Drop removes the database, even when migrating fails.
        let mut this = Self {
            url,
            db: None,
            cleanup,
        };
        this.db = Some(Self::open(&this.url, migrate)?);
        Ok(this)
    }

    fn open(url: &str, migrate: bool) -> Result<Db, DbError> {
        let db = Db::connect(url, TEST_POOL_SIZE)?;
        if migrate {
            let mut conn = db.get()?;
            run_migrations(&mut conn)?;
        }
        Ok(db)
    }

    /// The database URL (`sqlite:///tmp/...` or `postgres://.../shop_test_...`).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The database (migrated, unless made by [`TestDatabase::empty`]). Clones share its pool.
    ///
    /// # Panics
    /// Never after construction (the pool is only taken out while dropping).
    pub fn db(&self) -> &Db {
        self.db
            .as_ref()
            .expect("the pool exists until the TestDatabase is dropped")
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.db().backend()
    }
}

impl Default for TestDatabase {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        // Close our pool first; clones held elsewhere are terminated by the server below.
        drop(self.db.take());
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup {
            let result = PgConnection::establish(admin_url)
                .map_err(DbError::from)
                .and_then(|mut admin| {
                    // Two statements: DROP DATABASE refuses to run inside the implicit
                    // transaction of a multi-statement query.
                    admin.batch_execute(&format!(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
                    ))?;
                    admin.batch_execute(&format!(
                        "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                    ))?;
                    Ok(())
                });
            if let Err(error) = result {
                eprintln!("test database {name} was not dropped: {error}");
            }
        }
    }
}

/// Replaces the database name (the URL path) of a PostgreSQL URL, keeping any `?query`.
fn with_database_name(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let (scheme, rest) = base.split_once("://").unwrap_or(("postgres", base));
    let authority = rest
        .split_once('/')
        .map_or(rest, |(authority, _)| authority);
    let mut out = format!("{scheme}://{authority}/{name}");
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// The statements `conn` prepares and caches from now on (diesel's instrumentation), to show
/// which queries reuse a prepared statement.
pub fn cached_statements(
    conn: &mut crate::DbConnection,
) -> std::sync::Arc<std::sync::Mutex<Vec<String>>> {
    use diesel::connection::{Connection as _, InstrumentationEvent};
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = std::sync::Arc::clone(&seen);
    let record = move |event: InstrumentationEvent<'_>| {
        if let InstrumentationEvent::CacheQuery { sql, .. } = event {
            if let Ok(mut log) = log.lock() {
                log.push(sql.to_owned());
            }
        }
    };
    match conn {
        crate::DbConnection::Sqlite(c) => c.set_instrumentation(record),
        crate::DbConnection::Postgresql(c) => c.set_instrumentation(record),
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::with_database_name;

    #[test]
    fn database_name_is_replaced() {
        assert_eq!(
            with_database_name("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(
            with_database_name("postgresql://u:p@h/db?sslmode=disable", "t2"),
            "postgresql://u:p@h/t2?sslmode=disable"
        );
        assert_eq!(
            with_database_name("postgres://u@h:1", "t3"),
            "postgres://u@h:1/t3"
        );
    }
}
