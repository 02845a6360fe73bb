//! The unit of work: the [`Store`] runs a use case on one transaction value that implements
//! every area's store ports, and [`StoreError`] says why a storage operation failed. The
//! areas' ports live in their folders (`catalogue/ports.rs`, `users/ports.rs`, ...).
//!
//! Repository methods exist only on the transaction value a [`Store`] hands to a closure, so
//! nothing queries outside a transaction, and one use case is one `read` or `write` (plus,
//! where a slow step such as password hashing sits between, one before and one after it).
//!
//! Every port method may fail with [`StoreError::Unavailable`] or [`StoreError::Other`] when the
//! store fails; a method's `# Errors` section names only the other variants it answers.

mod error;

pub use error::StoreError;

/// The database: runs a closure on one transaction value that implements every repository.
pub trait Store: Send + Sync {
    /// The transaction value handed to the closures.
    type Tx<'a>: crate::catalogue::CatalogueReads
        + crate::catalogue::ProductAdmin
        + crate::catalogue::ShowAdmin
        + crate::catalogue::ApparelAdmin
        + crate::catalogue::ProductForms<crate::catalogue::ValidProduct>
        + crate::catalogue::ProductForms<crate::catalogue::ValidApparel>
        + crate::catalogue::ProductForms<crate::catalogue::ValidShow>
        + crate::pricing::PriceLookups
        + crate::vocabulary::Terms
        + crate::inventory::Inventory
        + crate::inventory::Stock
        + crate::users::Accounts
        + crate::users::UserAdmin
        + crate::users::PasswordResets
        + crate::profile::Profiles
        + crate::cart::Carts
        + crate::checkout::PaymentSessions
        + crate::checkout::PaymentEvents
        + crate::refunds::Refunds
        + crate::notifications::Outbox
        + crate::checkout::Terminals
        + crate::orders::Orders
        + crate::orders::Sales
        + crate::reports::Reports
        + crate::reports::ReportData
        + crate::audit::Audit
        + crate::limits::RateCounts
    where
        Self: 'a;

    /// Runs `f` on a read-only unit of work. Each statement sees committed data.
    ///
    /// # Errors
    /// Whatever `f` returns; [`StoreError::Unavailable`] (converted into `E`) when no
    /// connection can be had.
    fn read<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Self::Tx<'_>) -> Result<T, E>;

    /// Runs `f` in one write transaction (`BEGIN IMMEDIATE` on SQLite, so a concurrent writer
    /// waits instead of failing): committed when `f` answers `Ok`, rolled back on `Err`.
    ///
    /// # Errors
    /// Whatever `f` returns; [`StoreError::Unavailable`] when no connection can be had or the
    /// write lock is not granted in time; [`StoreError::Other`] when the commit fails.
    fn write<T, E, F>(&self, f: F) -> Result<T, E>
    where
        E: From<StoreError>,
        F: FnOnce(&mut Self::Tx<'_>) -> Result<T, E>;
}
