//! The unit of work: [`Db`] is the domain's [`Store`], and [`Tx`] the transaction value it hands
//! to a use case. The area files implement the domain's store ports for [`Tx`] beside their
//! queries; [`q`] turns each query's [`DbError`] into the port's [`StoreError`].

use domain::ids::VariantId;
use domain::store::{Store, StoreError};

use crate::catalogue;
use crate::catalogue::Changes;
use crate::connection::{Db, DbConnection};
use crate::error::DbError;

/// One unit of work on one pooled connection: the repositories of the domain's ports.
pub struct Tx<'a> {
    pub(crate) conn: &'a mut DbConnection,
    pub(crate) db: &'a Db,
    /// What a write changed that the catalogue's list index reads (logged at commit).
    pub(crate) changes: Changes,
    /// The catalogue version this unit of work read, if it did: a list then needs not read it
    /// again to know how fresh the list index must be.
    pub(crate) version: Option<i64>,
    /// Whether this is a write transaction: reads in it see its own writes, which only SQL
    /// can (the list index follows committed versions).
    pub(crate) writing: bool,
}

impl<'a> Tx<'a> {
    fn new(conn: &'a mut DbConnection, db: &'a Db, writing: bool) -> Self {
        Tx {
            conn,
            db,
            changes: Changes::default(),
            version: None,
            writing,
        }
    }

    /// The connection, for the test support's direct writes (which note what they change).
    pub(crate) fn conn(&mut self) -> &mut DbConnection {
        self.conn
    }

    /// Notes `product` as changed by this write (the list index reloads it).
    pub(crate) fn product_changed(&mut self, product: &str) {
        self.changes.product(product);
    }

    /// Notes the product of an apparel variant as changed (nothing, if the variant is gone).
    pub(crate) fn variant_changed(&mut self, id: &VariantId) -> Result<(), StoreError> {
        match q(catalogue::variant_product(self.conn, id))? {
            Some(product) => self.changes.product(&product),
            None => self.changes.nothing(),
        }
        Ok(())
    }
}

impl std::fmt::Debug for Tx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tx")
            .field("backend", &self.conn.backend())
            .finish()
    }
}

/// The error of a write transaction's closure, or of diesel beginning or committing it.
enum TxError<E> {
    App(E),
    Db(diesel::result::Error),
}

impl<E> From<diesel::result::Error> for TxError<E> {
    fn from(e: diesel::result::Error) -> Self {
        TxError::Db(e)
    }
}

impl Store for Db {
    type Tx<'a> = Tx<'a>;

    fn read<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
    {
        let mut conn = self.get().map_err(|e| E::from(e.into()))?;
        f(&mut Tx::new(&mut conn, self, false))
    }

    fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Tx<'_>) -> Result<T, E>,
    {
        let mut moved_to = None;
        let run = |conn: &mut DbConnection| {
            let mut tx = Tx::new(conn, self, true);
            let value = f(&mut tx).map_err(TxError::App)?;
            // The log of what moved the catalogue version commits with the change.
            tx.changes
                .record(tx.conn)
                .map_err(|e| TxError::App(E::from(e.into())))?;
            moved_to = tx.changes.moved_to();
            Ok(value)
        };
        // On SQLite through this process's writer, whose turn a writer waits for holding no
        // pooled connection that a reader could use; on PostgreSQL on a pooled connection,
        // kept to bring the list index up to date.
        let mut pooled = None;
        let written = match self.writer() {
            Some(writer) => writer.write(run).map_err(|e| E::from(e.into()))?,
            None => pooled
                .insert(self.get().map_err(|e| E::from(e.into()))?)
                .write_transaction(run),
        };
        let value = written.map_err(|e| match e {
            TxError::App(e) => e,
            TxError::Db(e) => E::from(DbError::from(e).into()),
        })?;
        if let Some(version) = moved_to {
            // Committed: the next writer goes while this one brings the list index up to date,
            // on SQLite on a pooled connection taken only when the index is behind (the first
            // writer of a batch to get here catches it up for the others).
            if !self.index.holds(version) {
                let followed = pooled
                    .map_or_else(|| self.get(), Ok)
                    .and_then(|mut conn| self.index.follow(self, &mut conn, version));
                if let Err(error) = followed {
                    // The write stands; the next list catches the index up instead.
                    tracing::debug!(%error, "the list index did not follow a catalogue write");
                }
            }
            // This node's read caches take the version at once; the caller's answer names it.
            self.signal.publish(version);
            catalogue::signal::note_moved(version);
        }
        Ok(value)
    }
}

/// Runs one query of this crate and turns its error into the port's.
pub(crate) fn q<T>(result: Result<T, DbError>) -> Result<T, StoreError> {
    result.map_err(StoreError::from)
}
