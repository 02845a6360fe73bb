//! The domain's use cases run against this adapter on a real database (a fresh SQLite file,
//! or PostgreSQL with `TEST_DATABASE_URL`), with the real password and token adapters: every
//! error variant of every use case, and the rules that live in one place.

use auth::{PasswordCost, Passwords};
use chrono::{NaiveDateTime, Utc};
use diesel::connection::SimpleConnection;
use domain::ids::UserId;
use domain::users;

use crate::test_support::TestDatabase;
use crate::Db;

mod accounts;
mod carts;
mod catalogue_and_stock;
mod orders;
mod outbox;
mod profile_form;
mod quotes;
mod rate_limits;
mod resets;

const PASSWORD: &str = "Secret#123";
const SECRET: &[u8] = b"use-case-test-secret-0123456789abcdef";

fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

fn passwords() -> Passwords {
    Passwords::new(PasswordCost::Fast).expect("hasher")
}

/// Makes every later statement on `table` fail: the store answers `StoreError::Other`.
fn break_table(db: &Db, table: &str) {
    let mut conn = db.get().expect("connection");
    conn.batch_execute(&format!("DROP TABLE {table} CASCADE"))
        .or_else(|_| conn.batch_execute(&format!("DROP TABLE {table}")))
        .expect("drop");
}

fn demo() -> TestDatabase {
    let test_db = TestDatabase::new();
    test_db.db().seed_reference_data().expect("reference data");
    test_db.db().seed_demo_shop().expect("demo shop");
    test_db
}

fn customer(db: &Db, email: &str) -> UserId {
    users::register(db, &passwords(), email, PASSWORD, now())
        .expect("registered")
        .id
}
