//! The storage adapter of the shop: diesel over SQLite and PostgreSQL. [`Db`] implements the
//! domain's [`domain::store::Store`]; its transaction value [`Tx`] implements every store port
//! of the domain's areas, each `impl` beside its area's queries (`catalogue/`, `users.rs`,
//! `profiles.rs`, `carts.rs`, `stock.rs`, `checkout.rs`, `orders.rs`, `sales.rs`, `reports.rs`,
//! `audit.rs`, `rate_limits.rs`), and [`SandboxLedgerDb`] the sandbox payment provider's
//! ledger (the provider itself is in the `payments` crate). Also here: embedded migrations,
//! reference and demo seed data, and per-test databases ([`test_support::TestDatabase`]).
//!
//! The diesel schema, the row models and the queries are private: no diesel type leaves this
//! crate. Its own failures are [`DbError`], which becomes a `StoreError` at the port.

#[macro_use]
mod macros;

mod audit;
mod backup;
mod carts;
mod catalogue;
mod checkout;
mod checkpoint;
mod connection;
mod error;
mod in_json;
mod migrations;
mod models;
mod native;
mod orders;
mod outbox;
mod password_resets;
mod payment_events;
mod payment_ledger;
mod profiles;
mod rate_limits;
mod refunds;
mod reports;
mod sales;
mod schema;
mod search;
mod seed;
mod setup_lock;
mod stock;
mod store;
pub mod test_support;
#[cfg(test)]
mod tests;
mod users;
mod writer;

pub use backup::restore_sqlite;
pub use catalogue::{
    take_moved_version, ListenerGuard, VersionSignal, CHANNEL as CATALOGUE_CHANNEL,
    HEARTBEAT_WITHIN as LISTENER_HEARTBEAT_WITHIN,
};
pub(crate) use connection::DbConnection;
pub use connection::{Backend, Db};
pub use error::DbError;
pub use payment_ledger::SandboxLedgerDb;
pub use seed::{seed_id, APPAREL_CATEGORY, BRANDS, CATEGORIES, COLORS, EFFECTS, SHOW_TYPES};
pub use setup_lock::{SetupLock, SETUP_LOCK_KEY, SQLITE_LOCK_SUFFIX};
pub use store::Tx;
pub use writer::WriterStats;

impl Db {
    /// Runs pending migrations; answers the versions applied.
    ///
    /// # Errors
    /// [`DbError`] when a migration fails.
    pub fn migrate(&self) -> Result<Vec<String>, DbError> {
        migrations::run_migrations(&mut *self.get()?)
    }

    /// Reverts every migration (tests of the migrations' `down.sql`).
    ///
    /// # Errors
    /// [`DbError`] when a migration fails.
    pub fn revert_all_migrations(&self) -> Result<Vec<String>, DbError> {
        migrations::revert_all_migrations(&mut *self.get()?)
    }

    /// Whether a migration is pending.
    ///
    /// # Errors
    /// [`DbError`] when the migration table cannot be read.
    pub fn has_pending_migrations(&self) -> Result<bool, DbError> {
        migrations::has_pending_migrations(&mut *self.get()?)
    }

    /// Seeds the reference data (brands, categories, colours, effects, show and apparel types)
    /// that is missing; answers how many rows were added.
    ///
    /// # Errors
    /// [`DbError`] when a write fails.
    pub fn seed_reference_data(&self) -> Result<u64, DbError> {
        seed::seed_reference_data(&mut *self.get()?)
    }

    /// Whether the catalogue has no products yet (the demo shop is only seeded then).
    ///
    /// # Errors
    /// [`DbError`] when the query fails.
    pub fn is_catalogue_empty(&self) -> Result<bool, DbError> {
        seed::is_catalogue_empty(&mut *self.get()?)
    }

    /// Seeds the deterministic demo shop (products, apparel, shows, terminals); answers how
    /// many products were added.
    ///
    /// # Errors
    /// [`DbError`] when a write fails.
    pub fn seed_demo_shop(&self) -> Result<u64, DbError> {
        seed::seed_demo_shop(&mut *self.get()?)
    }

    /// Adds `n` generated products (benchmarks), reporting progress as (done, total).
    ///
    /// # Errors
    /// [`DbError`] when a write fails.
    pub fn seed_bulk_products(
        &self,
        n: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<u64, DbError> {
        seed::seed_bulk_products(&mut *self.get()?, n, progress)
    }

    /// Row counts of every table of shop data, by table name (tests and `shop seed` output).
    ///
    /// # Errors
    /// [`DbError`] when a query fails.
    pub fn table_counts(&self) -> Result<Vec<(String, i64)>, DbError> {
        seed::table_counts(&mut *self.get()?)
    }
}
