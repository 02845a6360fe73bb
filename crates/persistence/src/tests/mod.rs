//! Integration tests of the persistence crate. They run on a fresh SQLite file per test, or on
//! a fresh PostgreSQL database per test when `TEST_DATABASE_URL` is set
//! (`scripts/with-postgres.sh cargo test -p persistence`).

mod concurrency;
mod facets;
mod filter_scan;
mod list_index;
mod schema;
mod seed;
mod use_cases;
