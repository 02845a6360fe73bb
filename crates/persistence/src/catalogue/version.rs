//! The catalogue version: one counter row bumped by every catalogue write, in the write's
//! transaction. API nodes read it (at most every few hundred milliseconds) and drop their
//! cached catalogue answers when it moved, so a write on any node sharing the database is
//! seen by all of them. On PostgreSQL each bump also notifies the new version (delivered at
//! commit: see `listen.rs`), so that nodes learn of it at once.

use diesel::prelude::*;

use crate::connection::Backend;
use crate::native::Native as _;
use crate::schema::catalogue_version;
use crate::{DbConnection, DbError};

/// The current catalogue version (0 on a fresh database). A typed query, so diesel keeps it
/// prepared on each connection: every cart answer and list cache check reads it.
///
/// # Errors
/// Database failures.
pub fn current_version(conn: &mut DbConnection) -> Result<i64, DbError> {
    let version = catalogue_version::table
        .find(1)
        .select(catalogue_version::version)
        .get_result_native::<i64>(conn)
        .optional()?;
    Ok(version.unwrap_or(0))
}

/// Records that the catalogue changed. Call it inside the transaction of every catalogue write
/// (products, links, variants, unit products, shows, metadata, types, terminals) so that the
/// change and the bump commit together. Returns the new version. On PostgreSQL it also sends
/// the new version on [`super::listen::CHANNEL`], which PostgreSQL delivers to the listening
/// nodes when (and only if) the transaction commits.
///
/// # Errors
/// Database failures.
pub fn bump_version(conn: &mut DbConnection) -> Result<i64, DbError> {
    let changed =
        diesel::sql_query("UPDATE catalogue_version SET version = version + 1 WHERE id = 1")
            .execute_native(conn)?;
    if changed == 0 {
        // The row is created by the migration; recreate it if someone removed it.
        diesel::sql_query("INSERT INTO catalogue_version (id, version) VALUES (1, 1)")
            .execute_native(conn)?;
    }
    let version = current_version(conn)?;
    if conn.backend() == Backend::Postgres {
        diesel::sql_query("SELECT pg_notify($1, $2)")
            .bind::<diesel::sql_types::Text, _>(super::listen::CHANNEL)
            .bind::<diesel::sql_types::Text, _>(version.to_string())
            .execute_native(conn)?;
    }
    Ok(version)
}
