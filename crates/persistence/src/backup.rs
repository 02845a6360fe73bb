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
    /// [`StoreError::Other`](domain::store::StoreError::Other) on PostgreSQL (use `pg_dump`), when `path` exists or cannot be
    /// written; [`StoreError::Unavailable`](domain::store::StoreError::Unavailable) when no connection is free.
    pub fn backup_to(&self, path: &Path) -> Result<u64, DbError> {
        let target = path
            .to_str()
            .ok_or_else(|| DbError::other("the backup path is not UTF-8".to_owned()))?
            .to_owned();
        let mut conn = self.get()?;
        let DbConnection::Sqlite(c) = &mut *conn else {
            return Err(DbError::other(
                "a PostgreSQL shop is backed up with pg_dump (see README)".to_owned(),
            ));
        };
        // The file exists, empty and private, before SQLite writes a byte into it (VACUUM INTO
        // accepts an empty file): it is never readable by others, not even while being written.
        create_private(path)?;
        let vacuumed = diesel::sql_query("VACUUM INTO ?")
            .bind::<Text, _>(&target)
            .execute(c);
        if let Err(e) = vacuumed {
            let _ = std::fs::remove_file(path);
            return Err(e.into());
        }
        Ok(std::fs::metadata(path).map_or(0, |m| m.len()))
    }
}

/// Creates `path` empty, readable and writable by its owner only (0600 whatever the umask),
/// failing when it exists: a backup never overwrites a file.
fn create_private(path: &Path) -> Result<(), DbError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            DbError::other(format!(
                "{} exists: a backup never overwrites a file",
                path.display()
            ))
        } else {
            DbError::other(format!("cannot create {}: {e}", path.display()))
        }
    })?;
    // The mode above is filtered by the umask; a umask can only take bits away, so this
    // leaves 0600 (and states it on systems where the umask would leave less).
    restrict(path)
}

/// Replaces the SQLite database at `database_url` with the backup at `backup`, after checking
/// the backup's integrity. Every server using the database must be stopped first: a running
/// one would go on writing to the file it has open. The database it replaces is kept beside it
/// as `<name>.before-restore` (replacing an older one). Answers where that copy is, if any.
///
/// # Errors
/// [`StoreError::Other`](domain::store::StoreError::Other) for a PostgreSQL URL (use `pg_restore`), a missing or damaged backup,
/// or a file that cannot be moved.
pub fn restore_sqlite(backup: &Path, database_url: &str) -> Result<Option<PathBuf>, DbError> {
    let Target::Sqlite(database) = Target::parse(database_url)? else {
        return Err(DbError::other(
            "a PostgreSQL shop is restored with pg_restore (see README)".to_owned(),
        ));
    };
    check_backup(backup)?;
    let failed = |what: &str, e: std::io::Error| DbError::other(format!("{what}: {e}"));
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
        return Err(DbError::other(format!("no backup at {}", backup.display())));
    }
    let url = backup
        .to_str()
        .ok_or_else(|| DbError::other("the backup path is not UTF-8".to_owned()))?;
    let mut conn = <diesel::SqliteConnection as diesel::Connection>::establish(url)
        .map_err(|e| DbError::other(format!("cannot open the backup: {e}")))?;
    conn.batch_execute("PRAGMA query_only = ON")?;
    let rows: Vec<Check> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn)?;
    match rows.first().map(|r| r.integrity_check.as_str()) {
        Some("ok") => Ok(()),
        other => Err(DbError::other(format!(
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
            .map_err(|e| DbError::other(format!("cannot restrict {}: {e}", path.display())))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o777
    }

    /// Issue 31: the backup's file is private from the moment it exists, before SQLite writes
    /// the copy into it (it used to be created by `VACUUM INTO` with the umask's 0644 and
    /// restricted only once complete).
    #[test]
    fn the_backup_file_is_private_from_its_creation() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("shop.backup");
        create_private(&path).expect("created");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::metadata(&path).expect("metadata").len(), 0);
        let err = create_private(&path).expect_err("never overwrites");
        assert!(err.to_string().contains("exists"), "{err}");
    }

    /// The same, watched from outside while `backup_to` writes a 32 MB copy: no moment in
    /// which others could read the file.
    #[test]
    fn a_backup_is_never_readable_by_others_while_being_written() {
        let dir = tempfile::tempdir().expect("temp dir");
        let live = dir.path().join("shop.db");
        let db = Db::connect(live.to_str().expect("utf-8"), 1).expect("db");
        {
            let mut conn = db.get().expect("connection");
            let DbConnection::Sqlite(c) = &mut *conn else {
                unreachable!("a file URL is SQLite")
            };
            c.batch_execute(
                "CREATE TABLE filler (b BLOB);
                 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 32)
                 INSERT INTO filler SELECT randomblob(1048576) FROM n;",
            )
            .expect("filler");
        }
        let backup = dir.path().join("shop.backup");
        let done = std::sync::atomic::AtomicBool::new(false);
        let seen = std::thread::scope(|s| {
            let watcher = s.spawn(|| {
                let mut seen = std::collections::BTreeSet::new();
                while !done.load(std::sync::atomic::Ordering::Acquire) {
                    if let Ok(m) = std::fs::metadata(&backup) {
                        seen.insert(m.permissions().mode() & 0o777);
                    }
                }
                seen
            });
            let bytes = db.backup_to(&backup);
            done.store(true, std::sync::atomic::Ordering::Release);
            assert!(bytes.expect("backed up") > 32 << 20);
            watcher.join().expect("watcher")
        });
        assert!(
            seen.iter().all(|m| m & 0o077 == 0),
            "modes seen while writing: {:?}",
            seen.iter().map(|m| format!("{m:o}")).collect::<Vec<_>>()
        );
        assert_eq!(mode(&backup), 0o600);
    }
}
