//! `shop backup` of a live SQLite shop while buyers pay, and `shop restore` (issue 13). A
//! PostgreSQL shop is backed up with pg_dump, which the adapter says.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::time::Duration;

use persistence::test_support::order_item_counts;
use persistence::{Backend, Db};
use reqwest::StatusCode;

use crate::catalogue::demo_app;
use crate::checkout::{buyer, pay_ok, Buyer};
use crate::helpers::{expect, TestApp};

/// Buys one case for `b`; answers the order's id once the shop acknowledged it.
async fn buy_one(app: &TestApp, b: &Buyer, product: &str) -> String {
    b.add(app, product, false, None).await;
    let (token, quote) = b.checkout(app).await;
    pay_ok(app, &token).await;
    let order = expect(b.complete(app, &token, &quote).await, StatusCode::OK).await;
    order["id"].as_str().expect("order id").to_owned()
}

#[tokio::test]
async fn a_backup_taken_while_buyers_pay_restores_every_order_acknowledged_before_it() {
    let app = demo_app().await;
    if app.db.backend() == Backend::Postgres {
        let err = app
            .db
            .db()
            .backup_to(&app.data_dir.path().join("shop.backup"))
            .expect_err("pg_dump's job");
        assert!(err.to_string().contains("pg_dump"), "{err}");
        return;
    }
    let samples = app.db.quote_samples().expect("samples");
    let product = samples.case_only.0.clone();
    let mut buyers = Vec::new();
    for i in 0..4 {
        buyers.push(buyer(&app, &format!("backup{i}@example.com")).await);
    }
    let acknowledged: RefCell<Vec<String>> = RefCell::default();
    let backup = app.data_dir.path().join("shop.backup");

    // Four buyers keep paying; once six orders are acknowledged the backup starts, and they
    // go on paying while it runs and after it ends (each at least six orders, and at least one
    // after the backup, however long it takes on a loaded machine).
    let backup_done = Cell::new(false);
    let buying = futures_util::future::join_all(buyers.iter().map(|b| async {
        let mut bought = 0;
        loop {
            let id = buy_one(&app, b, &product).await;
            acknowledged.borrow_mut().push(id);
            bought += 1;
            if backup_done.get() && bought >= 6 {
                break;
            }
        }
    }));
    let backing_up = async {
        while acknowledged.borrow().len() < 6 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let before = acknowledged.borrow().clone();
        let db = app.db.db().clone();
        let path = backup.clone();
        let bytes = tokio::task::spawn_blocking(move || db.backup_to(&path))
            .await
            .expect("backup task")
            .expect("backup");
        assert!(bytes > 0);
        backup_done.set(true);
        (before, acknowledged.borrow().len())
    };
    let (_, (before, during)) = tokio::join!(buying, backing_up);
    assert!(before.len() >= 6);
    let all = acknowledged.into_inner();
    assert!(all.len() >= 24);
    assert!(
        during < all.len(),
        "purchases went on after the backup began"
    );

    // Restored into a fresh place: every order acknowledged before the backup, whole.
    let live = order_item_counts(app.db.db()).expect("live orders");
    let restored_path = app.data_dir.path().join("restored").join("shop.db");
    std::fs::create_dir_all(restored_path.parent().expect("dir")).expect("dir");
    let url = format!("sqlite://{}", restored_path.display());
    let kept = persistence::restore_sqlite(&backup, &url).expect("restore");
    assert_eq!(kept, None);
    let restored_db = Db::connect(&url, 1).expect("open the restored database");
    let restored: HashMap<String, i64> = order_item_counts(&restored_db).expect("orders");
    for id in &before {
        assert_eq!(
            restored.get(id),
            live.get(id),
            "order {id} whole in the backup"
        );
        assert!(restored[id] >= 1);
    }
    // Nothing in the backup that the live shop does not have, and no half-written order.
    for (id, items) in &restored {
        assert_eq!(live.get(id), Some(items), "order {id}");
    }
    assert!(!restored_db.has_pending_migrations().expect("migrations"));

    // A backup never overwrites; restoring over a database keeps the one it replaces.
    let err = app.db.db().backup_to(&backup).expect_err("exists");
    assert!(err.to_string().contains("exists"), "{err}");
    drop(restored_db);
    let kept = persistence::restore_sqlite(&backup, &url)
        .expect("restore again")
        .expect("the replaced database is kept");
    assert!(kept.exists());

    // A damaged backup is refused and the database stays as it was.
    let damaged = app.data_dir.path().join("damaged.backup");
    let mut bytes = std::fs::read(&backup).expect("read");
    for b in bytes.iter_mut().skip(4096).take(8192) {
        *b = 0xA5;
    }
    std::fs::write(&damaged, bytes).expect("write");
    let err = persistence::restore_sqlite(&damaged, &url).expect_err("damaged");
    assert!(
        err.to_string().contains("damaged") || err.to_string().contains("malformed"),
        "{err}"
    );
    let still = Db::connect(&url, 1).expect("open");
    assert_eq!(order_item_counts(&still).expect("orders"), restored);
}
