//! Embedded migrations: one set per backend (`migrations/sqlite`, `migrations/postgres`, with
//! identical version names).

use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::connection::DbConnection;
use crate::error::DbError;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Applies every pending migration of the connection's backend and returns the versions applied
/// (empty when the schema is current).
///
/// # Errors
/// [`StoreError::Other`] when a migration fails (it is rolled back where the backend allows).
pub fn run_migrations(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    // Each set only fits its own backend, so match instead of running through the enum.
    let applied = match conn {
        DbConnection::Postgresql(conn) => conn.run_pending_migrations(POSTGRES_MIGRATIONS),
        DbConnection::Sqlite(conn) => conn.run_pending_migrations(SQLITE_MIGRATIONS),
    }
    .map_err(DbError::other)?;
    Ok(applied.into_iter().map(|v| v.to_string()).collect())
}

/// Reverts every applied migration (an empty database remains) and returns the versions
/// reverted, newest first.
///
/// # Errors
/// [`StoreError::Other`] when a `down.sql` fails.
pub fn revert_all_migrations(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    let reverted = match conn {
        DbConnection::Postgresql(conn) => conn.revert_all_migrations(POSTGRES_MIGRATIONS),
        DbConnection::Sqlite(conn) => conn.revert_all_migrations(SQLITE_MIGRATIONS),
    }
    .map_err(DbError::other)?;
    Ok(reverted.into_iter().map(|v| v.to_string()).collect())
}

/// Whether migrations are still pending on this connection's backend.
///
/// # Errors
/// [`StoreError::Other`] when the migration table cannot be read.
pub fn has_pending_migrations(conn: &mut DbConnection) -> Result<bool, DbError> {
    match conn {
        DbConnection::Postgresql(conn) => conn.has_pending_migration(POSTGRES_MIGRATIONS),
        DbConnection::Sqlite(conn) => conn.has_pending_migration(SQLITE_MIGRATIONS),
    }
    .map_err(DbError::other)
}
