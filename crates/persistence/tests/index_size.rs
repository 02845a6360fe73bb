//! The catalogue list index's memory (issue 37), measured reproducibly in a debug build:
//! `cargo test -p persistence --test index_size -- --ignored --nocapture`.
//!
//! For each size (10,000 and 100,000 generated products plus the demo shop: what the bench
//! seeds with `shop seed --products N --demo`) it seeds a fresh SQLite file with the bench's
//! generator, then, in a fresh process, builds the index and prints the process's RssAnon
//! before and after, and the CPU of a few list misses answered by the index (a debug build:
//! compare runs of this test with each other, never with the release bench).
//! `INDEX_SIZE_PRODUCTS=10000` measures one size.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use domain::catalogue::{CatalogueReads as _, ProductFilter, StockFilter};
use domain::paging::PageRequest;
use domain::store::Store as _;
use persistence::Db;

/// Set in the child process that measures: the seeded database's URL.
const DATABASE: &str = "INDEX_SIZE_DATABASE";
/// The sizes to measure (one number), else 10,000 and 100,000.
const PRODUCTS: &str = "INDEX_SIZE_PRODUCTS";
const TEST: &str = "the_list_index_memory_at_10_000_and_100_000_products";

/// The process's anonymous resident memory, in MB.
fn rss_anon_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("RssAnon:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// The CPU time of this process so far, in seconds (user + system).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
    (ticks(11) + ticks(12)) / 100.0
}

/// Seeds `products` generated products and the demo shop into a SQLite file in `dir`, as
/// `shop seed --products N --demo` does; answers its URL.
fn seed(dir: &Path, products: u64) -> String {
    let url = format!("sqlite://{}/index-size.db", dir.display());
    let db = Db::connect(&url, 2).expect("connect");
    db.migrate().expect("migrate");
    let started = Instant::now();
    db.seed_reference_data().expect("reference data");
    db.seed_demo_shop().expect("demo shop");
    db.seed_bulk_products(products, &mut |_, _| {})
        .expect("bulk products");
    println!("[{products}] seeded in {:.1?}", started.elapsed());
    url
}

/// Builds the index of the database at `url` in this (fresh) process and prints what it
/// costs.
fn measure(url: &str, products: &str) {
    let db = Db::connect(url, 2).expect("connect");
    // A first read opens the connections and SQLite's caches before the baseline.
    db.read(|tx| -> Result<_, domain::store::StoreError> { tx.catalogue_version() })
        .expect("version");
    let rss_before = rss_anon_mb();
    let started = Instant::now();
    let held = db.build_catalogue_index().expect("index");
    let built_in = started.elapsed();
    let rss_built = rss_anon_mb();
    println!(
        "[{products}] index of {held} products built in {built_in:.1?}: RssAnon {rss_before:.1} \
         -> {rss_built:.1} MB, +{:.1} MB ({:.0} bytes a product)",
        rss_built - rss_before,
        (rss_built - rss_before) * 1024.0 * 1024.0 / held.max(1) as f64,
    );

    // List misses the index answers: title searches (pieces of the bench's) and two lists.
    let searches = ["sky", "thunder", "ro", "crackling", "mine", "zz"];
    let lists: Vec<ProductFilter> = searches
        .iter()
        .map(|s| ProductFilter {
            search: Some((*s).to_owned()),
            stock: StockFilter::InStock,
            ..ProductFilter::default()
        })
        .chain([
            ProductFilter::default(),
            ProductFilter {
                stock: StockFilter::InStock,
                ..ProductFilter::default()
            },
        ])
        .collect();
    let page = PageRequest {
        page: 3,
        page_size: 24,
    };
    let rounds = 50;
    let cpu = cpu_seconds();
    let started = Instant::now();
    for _ in 0..rounds {
        for filter in &lists {
            db.read(|tx| -> Result<_, domain::store::StoreError> {
                tx.list_products(filter, page, None)
            })
            .expect("list");
        }
    }
    let n = (rounds * lists.len()) as f64;
    println!(
        "[{products}] list miss (index): {:.3} ms CPU, {:.3} ms wall each (debug build); \
         RssAnon after the lists {:.1} MB",
        (cpu_seconds() - cpu) * 1e3 / n,
        started.elapsed().as_secs_f64() * 1e3 / n,
        rss_anon_mb(),
    );
}

/// Seeds each size in this process, then measures it in a fresh one (this test again, with
/// [`DATABASE`] set), so that the seed's freed memory is not in the figures.
#[test]
#[ignore = "measures the index at 10,000 and 100,000 products (minutes in a debug build)"]
fn the_list_index_memory_at_10_000_and_100_000_products() {
    if let Ok(url) = std::env::var(DATABASE) {
        measure(&url, &std::env::var(PRODUCTS).unwrap_or_default());
        return;
    }
    let sizes: Vec<u64> = match std::env::var(PRODUCTS) {
        Ok(n) => vec![n.parse().expect("INDEX_SIZE_PRODUCTS is a number")],
        Err(_) => vec![10_000, 100_000],
    };
    for products in sizes {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = seed(dir.path(), products);
        let status = Command::new(std::env::current_exe().expect("this test binary"))
            .args([
                TEST,
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(DATABASE, &url)
            .env(PRODUCTS, products.to_string())
            .status()
            .expect("measuring process");
        assert!(status.success(), "the measuring process failed");
    }
}
