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
            Err(DbError::conflict("inner"))
        });
        assert!(inner.is_err());
        Ok(())
    });
    result.expect("outer commits");
    assert_eq!(count(&mut conn), before + 1);
}

/// Eight tabs of one shopper add the same case to one cart at once, five times each, through
/// the use case: the line ends at exactly 40 cases, with no error. Each add reads the line and
/// writes its new quantity, so the cart's changes must take turns (PostgreSQL: the cart row is
/// locked by the write's ownership check; SQLite: the write lock), or increments are lost and
/// two first adds both insert the line.
#[test]
fn parallel_adds_to_one_cart_line_lose_no_case() {
    use domain::cart::Carts as _;
    use domain::store::Store as _;

    let test_db = TestDatabase::new();
    let db = test_db.db().clone();
    db.seed_reference_data().expect("reference data");
    db.seed_demo_shop().expect("demo shop");
    let passwords = auth::Passwords::new(auth::PasswordCost::Fast).expect("hasher");
    let now = chrono::Utc::now().naive_utc();
    let user = domain::users::register(&db, &passwords, "tabs@example.com", "Secret#123", now)
        .expect("registered")
        .id;
    let cart = db
        .read(|tx| tx.cart_of(&user))
        .expect("read")
        .expect("a cart");
    let product: String = {
        let mut conn = db.get().expect("connection");
        products::table
            .filter(products::in_stock.eq(true))
            .filter(products::is_show.eq(false))
            .filter(products::is_apparel.eq(false))
            .select(products::id)
            .order(products::sku)
            .first(&mut *conn)
            .expect("a case in stock")
    };
    let change = domain::cart::LineChange {
        product_id: domain::ids::ProductId::from(product),
        variant_id: None,
        packing: domain::catalogue::Packing::Case,
    };
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let (db, user, cart, change) = (db.clone(), user.clone(), cart.clone(), change.clone());
            std::thread::spawn(move || {
                for _ in 0..5 {
                    domain::cart::add(&db, &user, &cart, &change, now)?;
                }
                Ok::<_, domain::cart::CartError>(())
            })
        })
        .collect();
    for thread in threads {
        thread
            .join()
            .expect("tab thread")
            .expect("every add succeeds");
    }
    let lines = db.read(|tx| tx.cart_lines(&cart)).expect("lines");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].case_quantity, 40);
}
