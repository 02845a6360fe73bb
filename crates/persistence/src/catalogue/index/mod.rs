//! The list index: every product's filter facts in memory, so that a list the read cache has
//! not seen (a new filter combination, a title search, a deep page) costs bitmap operations
//! over the catalogue instead of SQL that reads it (at 100,000 products a filtered page was
//! 13 ms of CPU on SQLite, a title search 6 ms; see docs/performance.md). The index finds the
//! page and the total, and holds each product as a page shows it, so a page it answers reads
//! nothing from the database but the catalogue version.
//!
//! It follows the database, never the other way round: it is built from the tables (in a
//! background thread, while lists are answered by SQL), keyed by the catalogue version, and
//! when a write moves the version, that write (once committed: `Db::write`), or else the next
//! list, reads the change log (`changes.rs`) and reloads just the products named there, under a
//! lock, before answering. Several API nodes on one PostgreSQL each keep their own and stay in
//! step the same way.

mod bits;
pub(crate) mod changes;
mod data;
mod load;
mod query;
mod shown;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::Connection;
use parking_lot::{Mutex, RwLock, RwLockWriteGuard};

use self::changes::Since;
use self::data::IndexData;
use super::version::current_version;
use crate::connection::{Backend, Db};
use crate::{DbConnection, DbError};

/// A node that fell further behind than this many versions reads everything again.
const MAX_CATCH_UP: i64 = 4096;

/// How long after a failed build the next one may start.
const RETRY_AFTER: Duration = Duration::from_secs(5);

/// The index of one process, shared by its connections (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct CatalogueIndex {
    data: RwLock<Option<IndexData>>,
    /// Held while catching up with the change log, so that one request does it.
    catching_up: Mutex<()>,
    /// Whether a full build is under way (at most one at a time).
    building: AtomicBool,
    /// When the last full build failed, if it did.
    failed_at: Mutex<Option<Instant>>,
}

impl CatalogueIndex {
    /// Answers `f` from the index at `version` or later, caught up from the change log first
    /// when it is behind; `None` when it has not been built or needs a full build (one is then
    /// started in the background: answer from SQL meanwhile).
    ///
    /// # Errors
    /// Database failures while catching up.
    pub(crate) fn query<T>(
        &self,
        db: &Db,
        conn: &mut DbConnection,
        version: i64,
        f: impl FnOnce(&IndexData) -> T,
    ) -> Result<Option<T>, DbError> {
        let current = self.data.read();
        match current.as_ref().map(|d| d.version) {
            Some(at) if at >= version => return Ok(current.as_ref().map(f)),
            Some(_) => drop(current),
            None => {
                drop(current);
                self.start_build(db);
                return Ok(None);
            }
        }
        let _turn = self.catching_up.lock();
        self.catch_up_to(db, conn, version, f)
    }

    /// Brings the index to `version` at once, on the connection of the write that committed
    /// it (after its commit), so that the lists read after the write find the index there
    /// instead of catching up themselves, one of them with four statements while the others
    /// wait for it. Nothing when the index already holds `version`, is not built, is being
    /// rebuilt, or another thread is catching up (the next list then does it, as before).
    ///
    /// # Errors
    /// Database failures while catching up.
    pub(crate) fn follow(
        &self,
        db: &Db,
        conn: &mut DbConnection,
        version: i64,
    ) -> Result<(), DbError> {
        if self.holds(version) {
            return Ok(());
        }
        let Some(_turn) = self.catching_up.try_lock() else {
            return Ok(());
        };
        self.catch_up_to(db, conn, version, |_| ()).map(drop)
    }

    /// [`Self::query`]'s work once this thread holds `catching_up`.
    fn catch_up_to<T>(
        &self,
        db: &Db,
        conn: &mut DbConnection,
        version: i64,
        f: impl FnOnce(&IndexData) -> T,
    ) -> Result<Option<T>, DbError> {
        let current = self.data.read();
        let from = match current.as_ref().map(|d| d.version) {
            Some(at) if at >= version => return Ok(current.as_ref().map(f)),
            Some(at) => at,
            None => return Ok(None),
        };
        drop(current);
        if self.building.load(Ordering::Acquire) {
            return Ok(None);
        }
        match catch_up(conn, from)? {
            CatchUp::Reload(to, ids, entries) => {
                let mut data = self.data.write();
                if let Some(data) = data.as_mut().filter(|d| d.version == from) {
                    let mut entries: std::collections::HashMap<String, data::Entry> = entries
                        .into_iter()
                        .map(|e| (e.product.id.clone(), e))
                        .collect();
                    for id in ids {
                        let entry = entries.remove(&id);
                        data.apply(&id, entry);
                    }
                    data.version = to;
                }
                let data = RwLockWriteGuard::downgrade(data);
                Ok(data.as_ref().filter(|d| d.version >= version).map(f))
            }
            CatchUp::Rebuild => {
                self.start_build(db);
                Ok(None)
            }
        }
    }

    /// Whether the index is built and at `version` or later (it answers without catching up).
    pub(crate) fn holds(&self, version: i64) -> bool {
        self.data
            .read()
            .as_ref()
            .is_some_and(|d| d.version >= version)
    }

    /// Starts a full build in a thread of its own, unless one is under way or the last one
    /// failed less than [`RETRY_AFTER`] ago (lists are answered by SQL meanwhile).
    fn start_build(&self, db: &Db) {
        if self
            .failed_at
            .lock()
            .is_some_and(|at| at.elapsed() < RETRY_AFTER)
        {
            return;
        }
        if self.building.swap(true, Ordering::AcqRel) {
            return;
        }
        let db = db.clone();
        let spawned = std::thread::Builder::new()
            .name("catalogue-index".to_owned())
            .spawn(move || {
                let built = db.build_catalogue_index();
                if let Err(error) = &built {
                    tracing::warn!(%error, "the catalogue's list index could not be built; lists are answered by SQL");
                }
                *db.index.failed_at.lock() = built.is_err().then(Instant::now);
                db.index.building.store(false, Ordering::Release);
            });
        if let Err(error) = spawned {
            tracing::warn!(%error, "cannot start the catalogue index thread");
            self.building.store(false, Ordering::Release);
        }
    }

    /// Puts in a full build made at `data.version`, unless a later index is already there.
    fn install(&self, data: IndexData) {
        let mut current = self.data.write();
        if current.as_ref().is_none_or(|d| d.version <= data.version) {
            *current = Some(data);
        }
    }
}

/// What catching up found.
enum CatchUp {
    /// The products to read again (the ids, and the entries of those that still exist), and
    /// the version they bring the index to.
    Reload(i64, Vec<String>, Vec<data::Entry>),
    /// The log cannot say: read everything.
    Rebuild,
}

/// Reads the log after `from` and the products it names, in one read transaction (a snapshot
/// on both backends).
fn catch_up(conn: &mut DbConnection, from: i64) -> Result<CatchUp, DbError> {
    in_snapshot(conn, |conn| {
        let to = current_version(conn)?;
        if to - from > MAX_CATCH_UP {
            return Ok(CatchUp::Rebuild);
        }
        match changes::since(load::changes(conn, from, to)?, from, to) {
            Since::Everything => Ok(CatchUp::Rebuild),
            Since::Products(ids) => {
                let ids: Vec<String> = ids.into_iter().collect();
                let entries = load::some_entries(conn, &ids)?;
                Ok(CatchUp::Reload(to, ids, entries))
            }
        }
    })
}

/// Runs `f` in a read transaction that sees one snapshot: SQLite's deferred transaction does;
/// PostgreSQL needs REPEATABLE READ (READ COMMITTED takes a snapshot per statement).
fn in_snapshot<T>(
    conn: &mut DbConnection,
    f: impl FnOnce(&mut DbConnection) -> Result<T, DbError>,
) -> Result<T, DbError> {
    conn.transaction(|conn| {
        if conn.backend() == Backend::Postgres {
            conn.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")?;
        }
        f(conn)
    })
}

impl Db {
    /// Builds the catalogue's list index from the tables now (lists use it from then on) and
    /// answers the number of products. The server starts one in the background by itself on
    /// the first list; this is for start-up and tests.
    ///
    /// # Errors
    /// Database failures.
    pub fn build_catalogue_index(&self) -> Result<usize, DbError> {
        let started = Instant::now();
        let mut conn = self.get()?;
        let built = in_snapshot(&mut conn, |conn| {
            let mut data = IndexData::new(current_version(conn)?, load::terms(conn)?);
            load::each_entry(conn, |entry| data.push(&entry))?;
            data.finish();
            Ok(data)
        });
        let data = built?;
        let (products, version) = (data.len(), data.version);
        self.index.install(data);
        tracing::info!(
            products,
            version,
            ms = started.elapsed().as_millis() as u64,
            "catalogue list index built"
        );
        Ok(products)
    }

    /// Starts building the catalogue's list index in the background (the server does at
    /// start-up; lists are answered by SQL until it is there).
    pub fn start_catalogue_index(&self) {
        self.index.start_build(self);
    }

    /// Answers `f` from the catalogue's list index, which must be at least as new as
    /// `version`: the catalogue version this unit of work read, if it did (else it is read
    /// here). `None` when the index cannot answer (SQL answers then); see
    /// [`CatalogueIndex::query`].
    ///
    /// # Errors
    /// Database failures.
    pub(crate) fn ask_catalogue_index<T>(
        &self,
        conn: &mut DbConnection,
        version: Option<i64>,
        f: impl FnOnce(&IndexData) -> T,
    ) -> Result<Option<T>, DbError> {
        let version = match version {
            Some(version) => version,
            None => current_version(conn)?,
        };
        self.index.query(self, conn, version, f)
    }
}
