//! The mixed scenario (`--mix`): 80% browsing, 15% cart, 5% whole purchases.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use reqwest::Method;
use serde_json::{json, Value};

use crate::api::{Api, CallError};
use crate::buyers::{Buyer, Ready};
use crate::measure::{cpu_ticks, latency_summary, mean, round2, rss_mib, ticks_ms};
use crate::purchase::{purchase_once, recover};
use crate::Args;

/// The kinds of the mixed scenario and their shares of the operations, in per cent.
pub const KINDS: [(&str, u64); 3] = [("browse", 80), ("cart", 15), ("purchase", 5)];

#[derive(Default)]
pub struct MixStats {
    /// (finished, ms) of each operation that succeeded, by kind.
    pub ops: [Vec<(Instant, f64)>; 3],
    /// (when, kind, error) of each that did not.
    pub failures: Vec<(Instant, usize, CallError)>,
}

/// A small deterministic generator (xorshift64*), one per buyer: no dependency for dice.
pub fn next_random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Browsing: a random page of the product list (three times in four) or the product's page.
pub async fn browse(api: &Api, roll: u64, pages: u64, product: &str) -> Result<(), CallError> {
    let path = if roll.is_multiple_of(4) {
        format!("/api/products/{product}")
    } else {
        format!(
            "/api/products?page={}&pageSize=25",
            1 + roll / 4 % pages.max(1)
        )
    };
    api.call(Method::GET, &path, None, None).await.map(drop)
}

/// The cart: add one case, read the cart, remove the line (the cart ends as it began, empty,
/// so the buyer's next purchase pays for one case).
pub async fn cart_op(api: &Api, buyer: &Buyer, product: &str) -> Result<(), CallError> {
    let (token, cart) = (
        Some(buyer.token.as_str()),
        format!("/api/cart/{}", buyer.cart_id),
    );
    let line = json!({"productId": product});
    api.call(Method::POST, &format!("{cart}/add"), token, Some(&line))
        .await?;
    api.call(Method::GET, &cart, token, None).await?;
    api.call(Method::POST, &format!("{cart}/remove"), token, Some(&line))
        .await?;
    Ok(())
}

/// A buyer of the mixed scenario: draws a kind (80/15/5), runs it, records it; after a failure
/// cancels a session it opened and empties the cart.
pub async fn mixed_loop(
    api: Arc<Api>,
    r: Ready,
    product: Arc<str>,
    pages: u64,
    seed: u64,
    stop: Arc<AtomicBool>,
    stats: Arc<Mutex<MixStats>>,
) {
    let mut state = seed | 1;
    while !stop.load(Ordering::Relaxed) {
        let roll = next_random(&mut state);
        let kind = match roll % 100 {
            n if n < KINDS[0].1 => 0,
            n if n < KINDS[0].1 + KINDS[1].1 => 1,
            _ => 2,
        };
        let started = Instant::now();
        let mut opened = None;
        let result = match kind {
            0 => browse(&api, roll / 100, pages, &product).await,
            1 => cart_op(&api, &r.buyer, &product).await,
            _ => purchase_once(&api, &r, &product, None, &mut opened)
                .await
                .map_err(|(_, e)| e),
        };
        let done = Instant::now();
        match result {
            Ok(()) => {
                let ms = (done - started).as_secs_f64() * 1000.0;
                if let Ok(mut s) = stats.lock() {
                    s.ops[kind].push((done, ms));
                }
            }
            Err(error) => {
                if let Ok(mut s) = stats.lock() {
                    s.failures.push((done, kind, error));
                }
                recover(&api, &r.buyer, opened).await;
            }
        }
    }
}

/// The mixed scenario (`--mix`): one loop per buyer for warm-up + duration seconds.
pub async fn run_mixed(
    args: &Args,
    api: Arc<Api>,
    readied: Vec<Ready>,
    product: String,
) -> Result<Value, String> {
    let first = api
        .json(Method::GET, "/api/products?page=1&pageSize=25", None, None)
        .await
        .map_err(|e| format!("the product list: {e}"))?;
    let pages = first.get("totalPages").and_then(Value::as_u64).unwrap_or(1);
    let stats: Arc<Mutex<MixStats>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let product: Arc<str> = Arc::from(product.as_str());
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let tasks: Vec<_> = readied
        .iter()
        .enumerate()
        .map(|(i, r)| {
            tokio::spawn(mixed_loop(
                Arc::clone(&api),
                r.clone(),
                Arc::clone(&product),
                pages,
                seed.wrapping_add(i as u64 * 0x9E37_79B9_7F4A_7C15),
                Arc::clone(&stop),
                Arc::clone(&stats),
            ))
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(args.warmup)).await;
    let from = Instant::now();
    let cpu_before = args.server_pid.and_then(cpu_ticks);
    let (mut rss, mut anon, mut file) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..args.duration {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some([all, own, mapped]) = args.server_pid.and_then(rss_mib) {
            rss.push(all);
            anon.push(own);
            file.push(mapped);
        }
    }
    let cpu_after = args.server_pid.and_then(cpu_ticks);
    let to = Instant::now();
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        let _ = task.await;
    }
    let stats = stats
        .lock()
        .map_err(|_| "a buyer task panicked".to_owned())?;
    let seconds = (to - from).as_secs_f64();
    let mut kinds = serde_json::Map::new();
    let mut total = 0;
    for (i, (name, share)) in KINDS.iter().enumerate() {
        let (n, p50, p99) = latency_summary(&stats.ops[i], from, to);
        total += n;
        let failed = stats
            .failures
            .iter()
            .filter(|(at, kind, _)| *kind == i && *at >= from && *at <= to)
            .count();
        kinds.insert(
            (*name).to_owned(),
            json!({"share_pct": share, "count": n, "failed": failed, "per_second": ((n as f64 / seconds) * 10.0).round() / 10.0,
                   "p50_ms": round2(p50), "p99_ms": round2(p99)}),
        );
    }
    let mut by_status: BTreeMap<String, u64> = BTreeMap::new();
    let mut samples: BTreeMap<String, String> = BTreeMap::new();
    for (at, kind, error) in &stats.failures {
        let key = match error {
            CallError::Status(s, _) => s.to_string(),
            CallError::Transport(_) => "transport".to_owned(),
        };
        samples
            .entry(format!("{} {key}", KINDS[*kind].0))
            .or_insert_with(|| error.to_string());
        if *at >= from && *at <= to {
            *by_status.entry(key).or_default() += 1;
        }
    }
    let server_5xx: u64 = by_status
        .iter()
        .filter(|(k, _)| k.starts_with('5'))
        .map(|(_, n)| n)
        .sum();
    let ten = rss.len().min(10);
    let summary = |values: &[f64]| {
        json!({
            "first_10s": round2(mean(&values[..ten])),
            "last_10s": round2(mean(&values[values.len() - ten..])),
            "max": round2(values.iter().copied().reduce(f64::max)),
            "samples": values.len(),
            "every_5s": values.iter().step_by(5).map(|m| (m * 10.0).round() / 10.0).collect::<Vec<_>>(),
        })
    };
    let cpu_ms = ticks_ms(cpu_before, cpu_after, args.clk_tck);
    Ok(json!({
        "base": api.base,
        "connections": readied.len(),
        "seconds": (seconds * 100.0).round() / 100.0,
        "warmup_s": args.warmup,
        "operations": total,
        "per_second": ((total as f64 / seconds) * 10.0).round() / 10.0,
        "kinds": kinds,
        "non_2xx_by_status": by_status,
        "server_5xx": server_5xx,
        "error_samples": samples,
        "server_cpu_ms_per_op": cpu_ms.filter(|_| total > 0).map(|ms| ((ms / total as f64) * 1000.0).round() / 1000.0),
        "rss_mib": summary(&rss),
        "anon_mib": summary(&anon),
        "file_mib": summary(&file),
    }))
}
