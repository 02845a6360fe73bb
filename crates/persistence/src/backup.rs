//! Backups of a SQLite shop while it serves, and restoring one (`shop backup`, `shop restore`).
//!
//! A backup is `VACUUM INTO`: one read transaction over the live database, so it holds every
//! transaction committed before it began and nothing of one that commits later, while buyers
//! go on writing (WAL mode lets readers and the writer work side by side). A PostgreSQL shop is
//! backed up with `pg_dump` instead (see README).

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::sql_types::Text;
use diesel::{QueryableByName, RunQueryDsl};

use crate::connection::Target;
use crate::{Db, DbConnection, DbError};

#[derive(QueryableByName)]
struct Check {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

impl Db {
    /// Writes a consistent copy of the live SQLite database to `path` (which must not exist)
    /// and answers its size in bytes.
    ///
    /// # Errors
    /// [`DbError::Other`] on PostgreSQL (use `pg_dump`), when `path` exists or cannot be
    /// written; [`DbError::Unavailable`] when no connection is free.
    pub fn backup_to(&self, path: &Path) -> Result<u64, DbError> {
        if path.exists() {
            return Err(DbError::Other(format!(
                "{} exists: a backup never overwrites a file",
                path.display()
            )));
        }
        let target = path
            .to_str()
            .ok_or_else(|| DbError::Other("the backup path is not UTF-8".to_owned()))?
            .to_owned();
        let mut conn = self.get()?;
        match &mut *conn {
            DbConnection::Sqlite(c) => {
                diesel::sql_query("VACUUM INTO ?")
                    .bind::<Text, _>(&target)
                    .execute(c)?;
            }
            DbConnection::Postgresql(_) => {
                return Err(DbError::Other(
                    "a PostgreSQL shop is backed up with pg_dump (see README)".to_owned(),
                ))
            }
        }
        restrict(path)?;
        Ok(std::fs::metadata(path).map_or(0, |m| m.len()))
    }
}

/// Replaces the SQLite database at `database_url` with the backup at `backup`, after checking
/// the backup's integrity. Every server using the database must be stopped first: a running
/// one would go on writing to the file it has open. The database it replaces is kept beside it
/// as `<name>.before-restore` (replacing an older one). Answers where that copy is, if any.
///
/// # Errors
/// [`DbError::Other`] for a PostgreSQL URL (use `pg_restore`), a missing or damaged backup,
/// or a file that cannot be moved.
pub fn restore_sqlite(backup: &Path, database_url: &str) -> Result<Option<PathBuf>, DbError> {
    let Target::Sqlite(database) = Target::parse(database_url)? else {
        return Err(DbError::Other(
            "a PostgreSQL shop is restored with pg_restore (see README)".to_owned(),
        ));
    };
    check_backup(backup)?;
    let failed = |what: &str, e: std::io::Error| DbError::Other(format!("{what}: {e}"));
    // Copy next to the database first, so that the final step is one rename on one disk.
    let incoming = with_suffix(&database, ".restoring");
    std::fs::copy(backup, &incoming).map_err(|e| failed("cannot copy the backup", e))?;
    restrict(&incoming)?;
    let kept = if database.exists() {
        let kept = with_suffix(&database, ".before-restore");
        std::fs::rename(&database, &kept)
            .map_err(|e| failed("cannot keep the current database", e))?;
        Some(kept)
    } else {
        None
    };
    // The old database's write-ahead log belongs to it, not to the restored file.
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(with_suffix(&database, suffix));
    }
    std::fs::rename(&incoming, &database)
        .map_err(|e| failed("cannot put the backup in place", e))?;
    Ok(kept)
}

/// Opens `backup` on its own (no pool, no migrations) and runs SQLite's integrity check.
fn check_backup(backup: &Path) -> Result<(), DbError> {
    if !backup.is_file() {
        return Err(DbError::Other(format!("no backup at {}", backup.display())));
    }
    let url = backup
        .to_str()
        .ok_or_else(|| DbError::Other("the backup path is not UTF-8".to_owned()))?;
    let mut conn = <diesel::SqliteConnection as diesel::Connection>::establish(url)
        .map_err(|e| DbError::Other(format!("cannot open the backup: {e}")))?;
    conn.batch_execute("PRAGMA query_only = ON")?;
    let rows: Vec<Check> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn)?;
    match rows.first().map(|r| r.integrity_check.as_str()) {
        Some("ok") => Ok(()),
        other => Err(DbError::Other(format!(
            "the backup is damaged: {}",
            other.unwrap_or("no answer")
        ))),
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// A backup holds every account and order: readable by its owner only.
fn restrict(path: &Path) -> Result<(), DbError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|e| DbError::Other(format!("cannot restrict {}: {e}", path.display())))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}
