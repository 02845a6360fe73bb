//! Checkout load generator for `make bench` (bench/bench.py, its "checkout" part).
//!
//! Signs buyers in (signing them up first unless a buyers file gives them), each with its own
//! cart and a profile that can check out (terms accepted, a billing address in ND), then lets
//! every buyer buy one case of a case-only firework again and again, one purchase at a time:
//!
//! 1. `POST /api/cart/{cartId}/add` one case into the emptied cart;
//! 2. `POST /api/cart/{cartId}/purchase {amount}` opens the payment session (the amount is the
//!    grand total of that one-case cart, read once per buyer from `POST .../quote {}`);
//! 3. `POST /api/payments/sandbox/{checkoutToken}` pays with the sandbox's good test card (with
//!    `--stripe URL`: a card token from the Stripe emulator at URL, as its Stripe.js makes one,
//!    then `POST /api/payments/stripe/{checkoutToken}/card`);
//! 4. `POST /api/purchase` completes it (the order; the cart is emptied).
//!
//! After a warm-up it counts the purchases completed in the measured window, their latency
//! (the four calls end to end) and, given `--server-pid`, the server's CPU time
//! (utime + stime from `/proc/<pid>/stat`) over the window; given `--db-port`, that of the local
//! PostgreSQL server's processes too, and always its own and the whole machine's, so that a
//! shared machine shows in the figures. A purchase that fails is counted
//! once with the status of the call that failed; its session is cancelled and the cart
//! emptied before the buyer goes on. Prints one JSON object on stdout.
//!
//! ```text
//! cargo build --release -p shop-api --example checkout_load
//! target/release/examples/checkout_load --base http://127.0.0.1:8080 --buyers 32 \
//!     --duration 20 --warmup 5 --server-pid "$(pgrep -n shop)"
//! ```
//!
//! `--write-buyers FILE --prepare-only` only signs the buyers in and writes their tokens and
//! carts (bench.py gives them to wrk for the cart read and add scenarios). The server must allow
//! that many registrations and sign-ins from one address (`SHOP_REGISTER_RATE_LIMIT`,
//! `SHOP_REGISTER_RATE_LIMIT_TOTAL`, `SHOP_LOGIN_RATE_LIMIT`, `SHOP_ACCOUNT_LOGIN_RATE_LIMIT`),
//! and each buyer's payment sessions (`SHOP_CHECKOUT_SESSIONS_PER_HOUR`).
//! Only loopback addresses are accepted: it creates accounts and orders.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::Parser;
use serde_json::{json, Value};

mod api;
mod buyers;
mod measure;
mod mixed;
mod purchase;

use api::{Api, CallError};
use buyers::{find_product, ready, sign_in, Buyer, BuyersFile};
use measure::{cpu_ticks, latency_summary, machine_ticks, postgres_pids, round2, ticks_ms};
use mixed::run_mixed;
use purchase::{buyer_loop, Failure, Shared, STEPS};

/// Password of the buyers this tool signs up (the shop's rules: 8+ characters with upper,
/// lower, digit and symbol).
const PASSWORD: &str = "Bench#2026pass";
/// Buyers signed up or in at once: each costs an argon2 hash, which the server runs on a
/// bounded pool (it answers 503 beyond it).
const SETUP_CONCURRENCY: usize = 4;

#[derive(Parser)]
#[command(about = "Whole purchases per second against a running shop (loopback only)")]
struct Args {
    /// The shop's base URL (loopback only).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base: String,
    /// Buyers to sign up, each buying in its own loop (ignored with --buyers-file).
    #[arg(long, default_value_t = 32)]
    buyers: usize,
    /// Buyers written by --write-buyers (or a JSON array of {email, password}) to use instead
    /// of signing up new ones.
    #[arg(long)]
    buyers_file: Option<PathBuf>,
    /// Write the signed-in buyers (tokens, user and cart ids) and the product to this file.
    #[arg(long)]
    write_buyers: Option<PathBuf>,
    /// Stop once the buyers are signed in and written.
    #[arg(long)]
    prepare_only: bool,
    /// Seconds measured.
    #[arg(long, default_value_t = 20)]
    duration: u64,
    /// Seconds of load before the measured window.
    #[arg(long, default_value_t = 5)]
    warmup: u64,
    /// The case-only firework to buy (default: the first in-stock one in the catalogue).
    #[arg(long)]
    product: Option<String>,
    /// The server's pid, to report its CPU time per purchase over the measured window.
    #[arg(long)]
    server_pid: Option<u32>,
    /// The port of a local PostgreSQL server: its postmaster and the children it has at the
    /// start of the measured window are watched, and their CPU time is reported apart.
    #[arg(long)]
    db_port: Option<u16>,
    /// The shop takes cards through Stripe, emulated by localstripe at this (loopback) URL:
    /// each purchase pays as the payment window does, with a card token the emulator's
    /// Stripe.js would make, sent to `POST /api/payments/stripe/{checkoutToken}/card`.
    #[arg(long)]
    stripe: Option<String>,
    /// The publishable key the shop was given (with --stripe).
    #[arg(long, default_value = "pk_test_bench")]
    stripe_key: String,
    /// The emulator's pid (with --stripe), to report its CPU time per purchase apart.
    #[arg(long)]
    stripe_pid: Option<u32>,
    /// Clock ticks per second of /proc/<pid>/stat (USER_HZ; `getconf CLK_TCK`).
    #[arg(long, default_value_t = 100)]
    clk_tck: u64,
    /// The mixed scenario instead of purchases only: every buyer loops over operations drawn
    /// 80% browsing, 15% cart, 5% whole purchases (see `mixed_loop`); the report gives each
    /// kind's count, p50 and p99, the non-2xx answers, and the server's RSS each second
    /// (given `--server-pid`).
    #[arg(long)]
    mix: bool,
}

fn is_loopback(base: &str) -> bool {
    let Ok(url) = reqwest::Url::parse(base) else {
        return false;
    };
    match url.host_str() {
        Some("localhost") => true,
        Some(host) => host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback()),
        None => false,
    }
}

/// Runs `f` on every item, at most [`SETUP_CONCURRENCY`] at once; the answers in order.
async fn bounded<I, T, F, Fut>(items: Vec<I>, f: F) -> Result<Vec<T>, String>
where
    F: Fn(I) -> Fut,
    Fut: std::future::Future<Output = Result<T, String>> + Send + 'static,
    T: Send + 'static,
{
    let permits = Arc::new(tokio::sync::Semaphore::new(SETUP_CONCURRENCY));
    let handles: Vec<_> = items
        .into_iter()
        .map(|item| {
            let permits = Arc::clone(&permits);
            let work = f(item);
            tokio::spawn(async move {
                let _permit = permits.acquire_owned().await.map_err(|e| e.to_string())?;
                work.await
            })
        })
        .collect();
    let mut out = Vec::with_capacity(handles.len());
    for handle in handles {
        out.push(handle.await.map_err(|e| e.to_string())??);
    }
    Ok(out)
}

async fn run(args: Args) -> Result<Value, String> {
    if !is_loopback(&args.base) {
        return Err(format!("{} is not a loopback address", args.base));
    }
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(60))
        .build()
        .map_err(|e| e.to_string())?;
    if let Some(url) = &args.stripe {
        if !is_loopback(url) {
            return Err(format!("{url} is not a loopback address"));
        }
    }
    let api = Arc::new(Api {
        http,
        base: args.base.trim_end_matches('/').to_owned(),
        stripe: args.stripe.as_ref().map(|url| {
            (
                url.trim_end_matches('/').to_owned(),
                args.stripe_key.clone(),
            )
        }),
    });

    let (file_product, buyers) = match &args.buyers_file {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            match serde_json::from_str::<BuyersFile>(&text) {
                Ok(f) => (f.product_id, f.buyers),
                Err(_) => (
                    None,
                    serde_json::from_str::<Vec<Buyer>>(&text)
                        .map_err(|e| format!("{}: {e}", path.display()))?,
                ),
            }
        }
        None => {
            let run_id = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis());
            let new = (0..args.buyers).map(|i| Buyer {
                email: format!("bench-{run_id}-{i}@example.com"),
                password: PASSWORD.to_owned(),
                user_id: String::new(),
                cart_id: String::new(),
                token: String::new(),
            });
            (None, new.collect())
        }
    };
    if buyers.is_empty() {
        return Err("no buyers".into());
    }
    let product = match args.product.clone().or(file_product) {
        Some(p) => p,
        None => find_product(&api).await?,
    };

    let setup_started = Instant::now();
    let signed = bounded(buyers, |b| {
        let api = Arc::clone(&api);
        async move { sign_in(&api, b).await }
    })
    .await?;
    let setup_s = setup_started.elapsed().as_secs_f64();
    eprintln!(
        "checkout_load: {} buyers signed in in {setup_s:.1}s",
        signed.len()
    );

    if let Some(path) = &args.write_buyers {
        let file = BuyersFile {
            product_id: Some(product.clone()),
            buyers: signed.clone(),
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if args.prepare_only {
        return Ok(json!({"buyers": signed.len(), "product_id": product, "setup_s": setup_s}));
    }

    let readied = bounded(signed, |b| {
        let (api, product) = (Arc::clone(&api), product.clone());
        async move { ready(&api, b, &product).await }
    })
    .await?;
    let grand_total = readied.first().map(|r| r.grand_total.clone());

    if args.mix {
        return run_mixed(&args, api, readied, product).await;
    }

    let stats: Shared = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let product_arc: Arc<str> = Arc::from(product.as_str());
    let tasks: Vec<_> = readied
        .iter()
        .map(|r| {
            tokio::spawn(buyer_loop(
                Arc::clone(&api),
                r.clone(),
                Arc::clone(&product_arc),
                Arc::clone(&stop),
                Arc::clone(&stats),
            ))
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(args.warmup)).await;
    let from = Instant::now();
    let cpu_before = args.server_pid.and_then(cpu_ticks);
    let own_before = cpu_ticks(std::process::id());
    let machine_before = machine_ticks();
    // After the warm-up, so the backends the pool opened under load are among them.
    let db_pids = args.db_port.map(postgres_pids).unwrap_or_default();
    let db_before: Vec<Option<u64>> = db_pids.iter().map(|p| cpu_ticks(*p)).collect();
    let stripe_before = args.stripe_pid.and_then(cpu_ticks);
    tokio::time::sleep(Duration::from_secs(args.duration)).await;
    let cpu_after = args.server_pid.and_then(cpu_ticks);
    let stripe_after = args.stripe_pid.and_then(cpu_ticks);
    let own_after = cpu_ticks(std::process::id());
    let machine_after = machine_ticks();
    // Processes that ended in the window are left out (their last ticks are gone).
    let db_ticks: u64 = db_pids
        .iter()
        .zip(&db_before)
        .filter_map(|(pid, before)| Some(cpu_ticks(*pid)?.saturating_sub((*before)?)))
        .sum();
    let to = Instant::now();
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        let _ = task.await;
    }

    let stats = stats
        .lock()
        .map_err(|_| "a buyer task panicked".to_owned())?;
    let seconds = (to - from).as_secs_f64();
    let (purchases, p50, p99) = latency_summary(&stats.purchases, from, to);
    let in_window: Vec<&Failure> = stats
        .failures
        .iter()
        .filter(|f| f.at >= from && f.at <= to)
        .collect();
    let mut by_status: BTreeMap<String, u64> = BTreeMap::new();
    let mut samples: BTreeMap<String, Value> = BTreeMap::new();
    let mut transport = 0_u64;
    for f in &stats.failures {
        let key = match &f.error {
            CallError::Status(s, _) => s.to_string(),
            CallError::Transport(_) => "transport".to_owned(),
        };
        samples
            .entry(format!("{} {key}", f.step))
            .or_insert_with(|| {
                // Seconds from the start of the measured window (negative: in the warm-up).
                let at_s = if f.at >= from {
                    (f.at - from).as_secs_f64()
                } else {
                    -(from - f.at).as_secs_f64()
                };
                json!({
                    "step": f.step,
                    "error": f.error.to_string(),
                    "at_s": (at_s * 10.0).round() / 10.0,
                    "in_window": f.at >= from && f.at <= to,
                })
            });
    }
    for f in &in_window {
        match &f.error {
            CallError::Status(s, _) => *by_status.entry(s.to_string()).or_default() += 1,
            CallError::Transport(_) => transport += 1,
        }
    }
    let steps: serde_json::Map<String, Value> = STEPS
        .iter()
        .map(|(step, name)| {
            let (n, p50, p99) = latency_summary(&stats.steps[*step as usize], from, to);
            (
                (*name).to_owned(),
                json!({"count": n, "p50_ms": round2(p50), "p99_ms": round2(p99)}),
            )
        })
        .collect();
    let per_second = purchases as f64 / seconds;
    let cpu_ms = ticks_ms(cpu_before, cpu_after, args.clk_tck);
    let own_cpu_ms = ticks_ms(own_before, own_after, args.clk_tck);
    let machine_busy_cores = match (machine_before, machine_after) {
        (Some((busy0, _)), Some((busy1, cores))) => Some(json!({
            "busy": ((busy1.saturating_sub(busy0) as f64 / args.clk_tck.max(1) as f64 / seconds) * 100.0).round() / 100.0,
            "cores": cores,
        })),
        _ => None,
    };
    let db_cpu_ms =
        (!db_pids.is_empty()).then(|| db_ticks as f64 * 1000.0 / args.clk_tck.max(1) as f64);
    let stripe_cpu_ms = ticks_ms(stripe_before, stripe_after, args.clk_tck);
    let per_purchase = |ms: Option<f64>| {
        ms.filter(|_| purchases > 0).map_or(Value::Null, |ms| {
            json!((ms / purchases as f64 * 1000.0).round() / 1000.0)
        })
    };
    Ok(json!({
        "base": api.base,
        "buyers": readied.len(),
        "product_id": product,
        "grand_total": grand_total,
        "warmup_s": args.warmup,
        "purchases": purchases,
        "seconds": (seconds * 100.0).round() / 100.0,
        "per_second": (per_second * 10.0).round() / 10.0,
        "p50_ms": round2(p50),
        "p99_ms": round2(p99),
        "errors": in_window.len(),
        "non_2xx_by_status": by_status,
        "transport_errors": transport,
        "error_samples": samples.into_values().collect::<Vec<_>>(),
        "steps": steps,
        "server_cpu_ms": round2(cpu_ms),
        "server_cpu_ms_per_purchase": per_purchase(cpu_ms),
        "machine_cores": machine_busy_cores,
        "loader_cpu_ms": round2(own_cpu_ms),
        "loader_cpu_ms_per_purchase": per_purchase(own_cpu_ms),
        "db_processes": db_pids.len(),
        "db_cpu_ms": round2(db_cpu_ms),
        "db_cpu_ms_per_purchase": per_purchase(db_cpu_ms),
        "stripe_cpu_ms_per_purchase": per_purchase(stripe_cpu_ms),
        "setup_s": (setup_s * 10.0).round() / 10.0,
    }))
}

// One thread: the server under test shares this machine's cores, so the load generator
// should take as little of them as it can.
#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    match run(args).await {
        Ok(report) => {
            println!("{report}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("checkout_load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
