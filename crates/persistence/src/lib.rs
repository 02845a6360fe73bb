//! Persistence for the shop: the diesel schema shared by SQLite and PostgreSQL, a connection
//! enum and pool ([`Db`]), embedded migrations, row models, demo and reference seed data, and
//! per-test databases ([`test_support::TestDatabase`]).
//!
//! No diesel type leaves this crate except the connection types themselves ([`DbConnection`],
//! [`Conn`]); errors are [`DbError`].

#[macro_use]
mod macros;

pub mod catalogue;
mod connection;
mod error;
mod migrations;
pub mod models;
pub mod pricing;
pub mod schema;
pub mod search;
pub mod seed;
pub mod test_support;
pub mod users;

pub use connection::{Backend, Conn, Db, DbConnection, DbManager};
pub use error::DbError;
pub use migrations::{has_pending_migrations, revert_all_migrations, run_migrations};
