//! Parallel writers on real pooled connections.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::schema::{apparel_variants, products};
use crate::seed::seed_demo_shop;
use crate::test_support::TestDatabase;
use crate::DbError;
use diesel::prelude::*;

/// Eight buyers race (320 attempts) for the last 200 items of one variant, each reading the stock first and
/// then taking one item with a conditional update, in a write transaction: exactly 200 are sold,
/// the stock ends at 0 and no buyer sees a locking error (SQLite waits instead of failing).
#[test]
fn parallel_buyers_sell_exactly_the_stock_and_never_see_a_lock_error() {
    let test_db = TestDatabase::new();
    let db = test_db.db().clone();
    let variant_id: String = {
        let mut conn = db.get().expect("connection");
        seed_demo_shop(&mut conn).expect("demo");
        let id: String = apparel_variants::table
            .inner_join(products::table)
            .filter(products::in_stock.eq(true))
            .select(apparel_variants::id)
            .order(apparel_variants::sku)
            .first(&mut *conn)
            .expect("a variant");
        diesel::update(apparel_variants::table.find(&id))
            .set(apparel_variants::available_stock.eq(200))
            .execute(&mut *conn)
            .expect("set stock");
        id
    };
    let sold = Arc::new(AtomicUsize::new(0));
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let db = db.clone();
            let id = variant_id.clone();
            let sold = Arc::clone(&sold);
            std::thread::spawn(move || -> Result<(), DbError> {
                for _ in 0..40 {
                    let took = db.write_transaction(|conn| {
                        let stock: i32 = apparel_variants::table
                            .find(&id)
                            .select(apparel_variants::available_stock)
                            .first(conn)?;
                        if stock < 1 {
                            return Ok(false);
                        }
                        let changed = diesel::update(
                            apparel_variants::table
                                .find(&id)
                                .filter(apparel_variants::available_stock.ge(1)),
                        )
                        .set(
                            apparel_variants::available_stock
                                .eq(apparel_variants::available_stock - 1),
                        )
                        .execute(conn)?;
                        Ok(changed == 1)
                    })?;
                    if took {
                        sold.fetch_add(1, Ordering::SeqCst);
                    }
                }
                Ok(())
            })
        })
        .collect();
    for thread in threads {
        thread
            .join()
            .expect("buyer thread")
            .expect("no database error");
    }
    assert_eq!(sold.load(Ordering::SeqCst), 200);
    let mut conn = db.get().expect("connection");
    let left: i32 = apparel_variants::table
        .find(&variant_id)
        .select(apparel_variants::available_stock)
        .first(&mut *conn)
        .expect("stock");
    assert_eq!(left, 0);
}

/// A write transaction inside another one becomes a savepoint, and an error rolls back only
/// the inner part.
#[test]
fn a_nested_write_transaction_is_a_savepoint() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    seed_demo_shop(&mut conn).expect("demo");
    let count = |conn: &mut crate::DbConnection| -> i64 {
        products::table
            .filter(products::in_stock.eq(false))
            .count()
            .get_result(conn)
            .expect("count")
    };
    let before = count(&mut conn);
    let result: Result<(), DbError> = conn.write_transaction(|conn| {
        diesel::update(products::table.filter(products::sku.eq("SHOW-1")))
            .set(products::in_stock.eq(false))
            .execute(conn)?;
        let inner: Result<(), DbError> = conn.write_transaction(|conn| {
            diesel::update(products::table.filter(products::sku.eq("SHOW-2")))
                .set(products::in_stock.eq(false))
                .execute(conn)?;
            Err(DbError::Conflict("inner".into()))
        });
        assert!(inner.is_err());
        Ok(())
    });
    result.expect("outer commits");
    assert_eq!(count(&mut conn), before + 1);
}
