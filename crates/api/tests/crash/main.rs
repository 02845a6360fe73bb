//! Crash and restart (issues 10 and 13). Buyers purchase while an admin writes products, counts
//! an apparel variant's stock, moves order statuses and processes case breaks, all through the
//! real `shop` binary; the server is killed with SIGKILL at a random moment and restarted on the
//! same database. Then, on the database and through the API:
//! - every purchase answered 2xx is stored with its items and shown to its buyer;
//! - nothing is half-written ([`persistence::test_support::Integrity`]: orders without items or
//!   history, used sessions without orders, captured payments without orders, ...);
//! - stock adds up: for the raced variant the starting stock = sold + available + held, for the
//!   unit product the starting units + units case breaks stocked (what each opened case gave
//!   beyond the units owed to its order) = units on hand + units taken from stock;
//! - every admin write answered 2xx is there with its values, the one cut off is there whole or
//!   not at all, and the storefront's (cached) reads show what the database holds (before the
//!   kill too: the node that made a write shows it on the next read);
//! - the catalogue version moved by exactly one per committed catalogue write (every purchase
//!   here takes stock, so it counts too), hence at least once per acknowledged one;
//! - a paid purchase whose answer was lost completes when retried, and the server sells on.
//!
//! `CRASH_LOOPS` (default 1) runs that many loops, each on a fresh database. Each loop prints
//! its seed, which picks the kill moment and the admin's writes (thread timing still varies):
//! `CRASH_SEED=<seed> CRASH_LOOPS=1 cargo test -p shop-api --test crash -- --nocapture` runs it
//! again. `make crash-test` runs 20 loops on SQLite and on PostgreSQL, `make test` 3 on each.
//! Its own test binary: it spawns processes.

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::Client;

#[path = "../api/helpers.rs"]
#[expect(dead_code, reason = "the shared helpers; this binary uses a few")]
mod helpers;

mod admin;
mod buyers;
mod checks;
mod server;
mod setup;

use admin::{admin_loop, AdminRun};
use buyers::{purchase_once, BuyerLog};
use checks::{check_database, check_stock, check_storefront, replay_cut_off, sell_on};
use server::start;
use setup::prepare;

/// Stock of the variant every purchase takes one of.
const START_STOCK: i32 = 5_000;
/// Unit stock of the case-breakable product every purchase takes one unit of: it runs out
/// early, so purchases also record case break requests, which the admin processes.
const START_UNITS: i32 = 8;
const BUYERS: usize = 6;
/// The kill comes once this many operations (purchases and admin writes) were answered 2xx...
const KILL_AFTER: RangeInclusive<usize> = 5..=150;
/// ...and this many milliseconds later.
const KILL_JITTER_MS: RangeInclusive<u64> = 0..=40;
/// The statuses an admin may give an order.
const STATUSES: [&str; 3] = ["PROCESSING", "COMPLETED", "FAILED"];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn acknowledged_writes_survive_a_sigkill_and_nothing_is_half_written() {
    let loops: usize = std::env::var("CRASH_LOOPS")
        .ok()
        .map(|v| v.trim().parse().expect("CRASH_LOOPS is a number"))
        .unwrap_or(1);
    let base_seed: u64 = std::env::var("CRASH_SEED").ok().map_or_else(
        || {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.as_nanos() as u64)
        },
        |v| v.trim().parse().expect("CRASH_SEED is a number"),
    );
    let backend = match std::env::var(persistence::test_support::TEST_DATABASE_URL) {
        Ok(url) if !url.trim().is_empty() => "PostgreSQL",
        _ => "SQLite",
    };
    let client = Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let mut total = Figures::default();
    for i in 1..=loops {
        let seed = base_seed.wrapping_add(i as u64 - 1);
        eprintln!("crash loop {i}/{loops} on {backend}: seed {seed}");
        let f = crash_loop(&client, seed).await;
        eprintln!("crash loop {i}/{loops} seed {seed}: {}", f.line);
        total.add(&f);
    }
    eprintln!(
        "crash: {loops} loops on {backend}, {} orders checked after restarts, {} purchases and \
         {} admin writes answered 2xx before a SIGKILL, {} paid purchases cut off and retried",
        total.orders, total.purchases, total.admin_writes, total.replayed
    );
}

/// What one loop did, for the closing figures.
#[derive(Debug, Default)]
struct Figures {
    orders: usize,
    purchases: usize,
    admin_writes: usize,
    replayed: usize,
    line: String,
}

impl Figures {
    fn add(&mut self, f: &Figures) {
        self.orders += f.orders;
        self.purchases += f.purchases;
        self.admin_writes += f.admin_writes;
        self.replayed += f.replayed;
    }
}

/// What the database held when the load started.
struct Before {
    version: i64,
    orders: usize,
    catalogue_audits: i64,
}

const CATALOGUE_ENTITIES: [&str; 3] = ["product", "apparel", "case_break"];

async fn crash_loop(client: &Client, seed: u64) -> Figures {
    let mut rng = StdRng::seed_from_u64(seed);
    let kill_after = rng.gen_range(KILL_AFTER);
    let jitter = rng.gen_range(KILL_JITTER_MS);
    let shop = Arc::new(prepare(client).await);
    let db = &shop.db;
    let counted_start = i64::from(db.variant_stock(&shop.counted).expect("stock"));

    // The run: buyers and the admin through the real binary until it is killed.
    let mut server = start(db.url(), shop.dir.path(), client).await;
    let before = Before {
        version: db.catalogue_version().expect("version"),
        orders: db.integrity().expect("scan").orders,
        catalogue_audits: db.audit_count(&CATALOGUE_ENTITIES).expect("audit"),
    };
    let ops = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let orders = Arc::new(Mutex::new(Vec::new()));
    let buyer_tasks: Vec<_> = (0..BUYERS)
        .map(|i| {
            let (client, base, shop) = (client.clone(), server.base.clone(), shop.clone());
            let (ops, stop, orders) = (ops.clone(), stop.clone(), orders.clone());
            tokio::spawn(async move {
                let b = &shop.buyers[i];
                let mut log = BuyerLog::default();
                while !stop.load(Ordering::SeqCst) {
                    let mut paid = None;
                    match purchase_once(&client, &base, &shop, b, &mut paid).await {
                        Ok(acked) => {
                            orders.lock().expect("orders").push(acked.1.clone());
                            log.acked.push(acked);
                            ops.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(_) => {
                            log.paid_in_flight = paid;
                            break; // the server is gone
                        }
                    }
                }
                log
            })
        })
        .collect();
    let admin_task = tokio::spawn(admin_loop(
        AdminRun {
            client: client.clone(),
            base: server.base.clone(),
            shop: shop.clone(),
            orders: orders.clone(),
            ops: ops.clone(),
            stop: stop.clone(),
        },
        StdRng::seed_from_u64(rng.gen()),
        counted_start,
    ));
    let deadline = Instant::now() + Duration::from_secs(120);
    while ops.load(Ordering::SeqCst) < kill_after {
        assert!(
            Instant::now() < deadline,
            "too slow: {} operations",
            ops.load(Ordering::SeqCst)
        );
        // A task that failed an assertion ends the loop at once.
        if admin_task.is_finished() || buyer_tasks.iter().any(|t| t.is_finished()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    tokio::time::sleep(Duration::from_millis(jitter)).await;
    let ops_at_kill = ops.load(Ordering::SeqCst);
    server.sigkill();
    stop.store(true, Ordering::SeqCst);
    let mut buyers = Vec::new();
    for t in buyer_tasks {
        buyers.push(t.await.expect("a buyer"));
    }
    let admin = admin_task.await.expect("the admin");

    // Restart on the same database, then check before anything else happens.
    let mut server = start(db.url(), shop.dir.path(), client).await;
    let mut line = format!(
        "SIGKILL after {ops_at_kill} operations answered 2xx (target {kill_after} + {jitter} ms): \
         {} purchases, {} admin writes {:?}",
        buyers.iter().map(|b| b.acked.len()).sum::<usize>(),
        admin.acked_total(),
        admin.acked,
    );
    let orders = check_database(&shop, &before, &buyers, &admin, &mut line);
    check_storefront(client, &server.base, &shop, &buyers, &admin).await;
    let replayed = replay_cut_off(client, &server.base, &shop, &buyers, &mut line).await;
    sell_on(client, &server.base, &shop, &admin).await;
    let after = db.integrity().expect("scan");
    assert!(after.problems.is_empty(), "{:#?}", after.problems);
    check_stock(&shop);
    server.sigkill();
    let purchases = buyers.iter().map(|b| b.acked.len()).sum();
    let _ = write!(line, "; {orders} orders checked");
    Figures {
        orders,
        purchases,
        admin_writes: admin.acked_total(),
        replayed,
        line,
    }
}
