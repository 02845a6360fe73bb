//! Measures the bulk seed: `cargo run --release -p persistence --example bulk_seed -- [N] [URL]`
//! (default 100000 products into a fresh temporary SQLite file; pass a postgres:// URL of an
//! empty database to measure PostgreSQL).

use std::time::Instant;

use persistence::{Db, DbError};

fn main() -> Result<(), DbError> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let dir = tempfile::tempdir().map_err(DbError::other)?;
    let url = args
        .next()
        .unwrap_or_else(|| format!("sqlite://{}/bulk.db", dir.path().display()));
    let db = Db::connect(&url, 2)?;
    db.migrate()?;

    let started = Instant::now();
    let demo = db.seed_demo_shop()?;
    println!("demo shop: {demo} products in {:.2?}", started.elapsed());

    let started = Instant::now();
    let mut last_tenth = 0;
    let added = db.seed_bulk_products(n, &mut |done, total| {
        let tenth = done * 10 / total.max(1);
        if tenth != last_tenth {
            last_tenth = tenth;
            println!("  {done}/{total} after {:.2?}", started.elapsed());
        }
    })?;
    let elapsed = started.elapsed();
    println!(
        "bulk: {added} products on {} in {elapsed:.2?} ({:.0} products/s)",
        db.backend(),
        added as f64 / elapsed.as_secs_f64()
    );
    Ok(())
}
