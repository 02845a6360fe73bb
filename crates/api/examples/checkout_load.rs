//! Checkout load generator for `make bench` (bench/bench.py, its "checkout" part).
//!
//! Signs buyers in (signing them up first unless a buyers file gives them), each with its own
//! cart and a profile that can check out (terms accepted, a billing address in ND), then lets
//! every buyer buy one case of a case-only firework again and again, one purchase at a time:
//!
//! 1. `POST /api/cart/{cartId}/add` one case into the emptied cart;
//! 2. `POST /api/cart/{cartId}/purchase {amount}` opens the payment session (the amount is the
//!    grand total of that one-case cart, read once per buyer from `POST .../quote {}`);
//! 3. `POST /api/payments/sandbox/{checkoutToken}` pays with the sandbox's good test card;
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
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::Parser;
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

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

/// A signed-in buyer, as written by `--write-buyers`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Buyer {
    email: String,
    password: String,
    #[serde(default)]
    user_id: String,
    #[serde(default)]
    cart_id: String,
    #[serde(default)]
    token: String,
}

/// The buyers file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BuyersFile {
    #[serde(default)]
    product_id: Option<String>,
    buyers: Vec<Buyer>,
}

/// What a buyer sends with every purchase: the one-case cart's quote.
#[derive(Debug, Clone)]
struct Ready {
    buyer: Buyer,
    shipping_address_id: Value,
    amounts: Value,
    grand_total: Value,
}

/// A call that did not answer 2xx.
#[derive(Debug, Clone)]
enum CallError {
    /// No HTTP answer (connection, timeout, body).
    Transport(String),
    /// An HTTP answer outside 2xx, with its `message`.
    Status(u16, String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Transport(e) => write!(f, "transport error: {e}"),
            CallError::Status(s, m) => write!(f, "HTTP {s}: {m}"),
        }
    }
}

struct Api {
    http: reqwest::Client,
    base: String,
}

impl Api {
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Vec<u8>, CallError> {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        if let Some(body) = body {
            req = req.json(body);
        }
        let resp = req
            .send()
            .await
            .map_err(|e| CallError::Transport(e.to_string()))?;
        let status = resp.status();
        let bytes = resp
            .bytes()
            .await
            .map_err(|e| CallError::Transport(e.to_string()))?
            .to_vec();
        if status.is_success() {
            Ok(bytes)
        } else {
            Err(CallError::Status(status.as_u16(), message_of(&bytes)))
        }
    }

    async fn json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Value, CallError> {
        let bytes = self.call(method, path, token, body).await?;
        serde_json::from_slice(&bytes).map_err(|e| CallError::Transport(format!("bad JSON: {e}")))
    }
}

fn message_of(body: &[u8]) -> String {
    let text = serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("message").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    text.chars().take(200).collect()
}

/// Retries a sign-up or sign-in call the server turned away for being busy (503: the password
/// hashing pool is full) or rate limited (429).
async fn with_retries<T, F, Fut>(mut f: F) -> Result<T, CallError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, CallError>>,
{
    let mut tries = 0;
    loop {
        match f().await {
            Err(CallError::Status(429 | 503, _)) if tries < 100 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            other => return other,
        }
    }
}

fn field<'a>(v: &'a Value, path: &[&str]) -> Result<&'a Value, String> {
    path.iter()
        .try_fold(v, |v, k| v.get(*k))
        .filter(|v| !v.is_null())
        .ok_or_else(|| format!("answer without {}: {v}", path.join(".")))
}

fn string_at(v: &Value, path: &[&str]) -> Result<String, String> {
    field(v, path)?
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("{} is not a string", path.join(".")))
}

/// Signs a buyer up (unless it already has a token), in, and fills its profile.
async fn sign_in(api: &Api, mut buyer: Buyer) -> Result<Buyer, String> {
    if !buyer.token.is_empty() {
        return Ok(buyer);
    }
    let creds = json!({"email": buyer.email, "password": buyer.password});
    let registered =
        with_retries(|| api.call(Method::POST, "/api/user/register", None, Some(&creds))).await;
    match registered {
        Ok(_) | Err(CallError::Status(409, _)) => {}
        Err(e) => return Err(format!("register {}: {e}", buyer.email)),
    }
    let login = with_retries(|| api.json(Method::POST, "/api/user/login", None, Some(&creds)))
        .await
        .map_err(|e| format!("login {}: {e}", buyer.email))?;
    buyer.token = string_at(&login, &["token"])?;
    buyer.user_id = string_at(&login, &["userInfo", "id"])?;
    buyer.cart_id = string_at(&login, &["userInfo", "Cart", "id"])?;
    let profile = json!({
        "acceptedTerms": true,
        "firstName": "Bench",
        "lastName": "Buyer",
        "phoneNumber": "(701) 555-0123",
        "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "ND", "postalCode": "58102"},
    });
    api.call(
        Method::POST,
        "/api/user/userInfo",
        Some(&buyer.token),
        Some(&profile),
    )
    .await
    .map_err(|e| format!("profile of {}: {e}", buyer.email))?;
    Ok(buyer)
}

/// Removes every line of the buyer's cart.
async fn empty_cart(api: &Api, buyer: &Buyer) -> Result<(), CallError> {
    let path = format!("/api/cart/{}", buyer.cart_id);
    let cart = api
        .json(Method::GET, &path, Some(&buyer.token), None)
        .await?;
    let lines = cart
        .get("cartProducts")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for line in lines {
        let mut body = json!({"productId": line.get("productId").cloned().unwrap_or(Value::Null)});
        if let Some(variant) = line.get("variantId").filter(|v| !v.is_null()) {
            body["variantId"] = variant.clone();
        }
        api.call(
            Method::POST,
            &format!("{path}/remove"),
            Some(&buyer.token),
            Some(&body),
        )
        .await?;
    }
    Ok(())
}

/// Empties the cart, quotes it with one case of `product`, then empties it again.
async fn ready(api: &Api, buyer: Buyer, product: &str) -> Result<Ready, String> {
    let who = buyer.email.clone();
    let fail = |step: &str, e: CallError| format!("{step} for {who}: {e}");
    empty_cart(api, &buyer)
        .await
        .map_err(|e| fail("emptying the cart", e))?;
    let cart = format!("/api/cart/{}", buyer.cart_id);
    let add = json!({"productId": product});
    api.call(
        Method::POST,
        &format!("{cart}/add"),
        Some(&buyer.token),
        Some(&add),
    )
    .await
    .map_err(|e| fail("add", e))?;
    let quote = api
        .json(
            Method::POST,
            &format!("{cart}/quote"),
            Some(&buyer.token),
            Some(&json!({})),
        )
        .await
        .map_err(|e| fail("quote", e))?;
    if quote.get("canCheckout") != Some(&Value::Bool(true)) {
        return Err(format!("{who} cannot check out: {}", quote["blocked"]));
    }
    let mut amounts = serde_json::Map::new();
    for key in ["subtotal", "tax", "liftGateFee", "shipping", "grandTotal"] {
        amounts.insert(key.to_owned(), field(&quote, &[key])?.clone());
    }
    let ready = Ready {
        shipping_address_id: field(&quote, &["shippingAddress", "id"])?.clone(),
        grand_total: field(&quote, &["grandTotal"])?.clone(),
        amounts: Value::Object(amounts),
        buyer,
    };
    empty_cart(api, &ready.buyer)
        .await
        .map_err(|e| fail("emptying the cart", e))?;
    Ok(ready)
}

/// The first in-stock firework sold by the case only (no units, not a show, not apparel).
async fn find_product(api: &Api) -> Result<String, String> {
    for page in 1..=20 {
        let path = format!("/api/products?page={page}&pageSize=100&inStock=true");
        let found = api
            .json(Method::GET, &path, None, None)
            .await
            .map_err(|e| format!("{path}: {e}"))?;
        let contents = found
            .get("contents")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if contents.is_empty() {
            break;
        }
        let case_only = contents.iter().find(|p| {
            let flag = |k: &str| p.get(k).and_then(Value::as_bool);
            flag("inStock") == Some(true)
                && flag("isShow") == Some(false)
                && flag("isApparel") == Some(false)
                && flag("isCaseBreakable") == Some(false)
        });
        if let Some(p) = case_only {
            return string_at(p, &["id"]);
        }
    }
    Err("no in-stock case-only firework in the catalogue".into())
}

#[derive(Clone, Copy)]
enum Step {
    Add,
    Open,
    Pay,
    Purchase,
}

const STEPS: [(Step, &str); 4] = [
    (Step::Add, "add"),
    (Step::Open, "open_session"),
    (Step::Pay, "sandbox_pay"),
    (Step::Purchase, "purchase"),
];

struct Failure {
    at: Instant,
    step: &'static str,
    error: CallError,
}

#[derive(Default)]
struct Stats {
    /// (finished, ms) of each whole purchase.
    purchases: Vec<(Instant, f64)>,
    /// (finished, ms) of each successful call, by step.
    steps: [Vec<(Instant, f64)>; 4],
    failures: Vec<Failure>,
}

type Shared = Arc<Mutex<Stats>>;

fn record(stats: &Shared, f: impl FnOnce(&mut Stats)) {
    if let Ok(mut s) = stats.lock() {
        f(&mut s);
    }
}

/// Runs one call of a step, recording its latency when it succeeds (and `stats` are kept).
async fn timed<T>(
    stats: Option<&Shared>,
    step: Step,
    fut: impl std::future::Future<Output = Result<T, CallError>>,
) -> Result<T, (Step, CallError)> {
    let started = Instant::now();
    match fut.await {
        Ok(v) => {
            let done = Instant::now();
            let ms = (done - started).as_secs_f64() * 1000.0;
            if let Some(stats) = stats {
                record(stats, |s| s.steps[step as usize].push((done, ms)));
            }
            Ok(v)
        }
        Err(e) => Err((step, e)),
    }
}

/// One whole purchase; on failure, the step that failed and the session it opened (if any).
async fn purchase_once(
    api: &Api,
    r: &Ready,
    product: &str,
    stats: Option<&Shared>,
    opened: &mut Option<String>,
) -> Result<(), (Step, CallError)> {
    let b = &r.buyer;
    let token = Some(b.token.as_str());
    let cart = format!("/api/cart/{}", b.cart_id);
    let add = json!({"productId": product});
    timed(
        stats,
        Step::Add,
        api.call(Method::POST, &format!("{cart}/add"), token, Some(&add)),
    )
    .await?;
    let open = json!({"amount": r.grand_total, "liftGate": false});
    let session = timed(
        stats,
        Step::Open,
        api.json(
            Method::POST,
            &format!("{cart}/purchase"),
            token,
            Some(&open),
        ),
    )
    .await?;
    let checkout_token = session
        .get("checkoutToken")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| {
            (
                Step::Open,
                CallError::Transport("answer without checkoutToken".into()),
            )
        })?;
    *opened = Some(checkout_token.clone());
    let card = json!({
        "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2099,
        "cvc": "123", "name": "Bench Buyer",
    });
    let paid = timed(
        stats,
        Step::Pay,
        api.json(
            Method::POST,
            &format!("/api/payments/sandbox/{checkout_token}"),
            None,
            Some(&card),
        ),
    )
    .await?;
    if paid.get("status").and_then(Value::as_str) != Some("SUCCESS") {
        return Err((Step::Pay, CallError::Transport(format!("not paid: {paid}"))));
    }
    let purchase = json!({
        "userId": b.user_id,
        "shippingAddressId": r.shipping_address_id,
        "amounts": r.amounts,
        "checkoutToken": checkout_token,
    });
    timed(
        stats,
        Step::Purchase,
        api.call(Method::POST, "/api/purchase", token, Some(&purchase)),
    )
    .await?;
    Ok(())
}

/// After a failed operation: cancels the payment session it opened (if any) and empties the
/// cart, so the buyer's next operation starts from the same state.
async fn recover(api: &Api, buyer: &Buyer, opened: Option<String>) {
    if let Some(checkout_token) = opened {
        let cancel = json!({"checkoutToken": checkout_token});
        let path = format!("/api/cart/{}/purchase/cancel", buyer.cart_id);
        let _ = api
            .call(Method::POST, &path, Some(&buyer.token), Some(&cancel))
            .await;
    }
    if empty_cart(api, buyer).await.is_err() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A buyer's loop: purchases until `stop`; after a failure, cancels the session and empties
/// the cart so the next purchase starts from the same state.
async fn buyer_loop(
    api: Arc<Api>,
    r: Ready,
    product: Arc<str>,
    stop: Arc<AtomicBool>,
    stats: Shared,
) {
    while !stop.load(Ordering::Relaxed) {
        let started = Instant::now();
        let mut opened = None;
        match purchase_once(&api, &r, &product, Some(&stats), &mut opened).await {
            Ok(()) => {
                let done = Instant::now();
                let ms = (done - started).as_secs_f64() * 1000.0;
                record(&stats, |s| s.purchases.push((done, ms)));
            }
            Err((step, error)) => {
                let at = Instant::now();
                let step = STEPS[step as usize].1;
                record(&stats, |s| s.failures.push(Failure { at, step, error }));
                recover(&api, &r.buyer, opened).await;
            }
        }
    }
}

/// Milliseconds of CPU between two readings of [`cpu_ticks`].
fn ticks_ms(before: Option<u64>, after: Option<u64>, clk_tck: u64) -> Option<f64> {
    Some(after?.saturating_sub(before?) as f64 * 1000.0 / clk_tck.max(1) as f64)
}

fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after_name) = stat.rsplit_once(')')?;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the command name: state is field 3 (index 0 here), utime 14, stime 15.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The whole machine's busy clock ticks so far (all but idle and iowait, over every core, from
/// /proc/stat) and its number of cores: other processes' share of the window shows as the rest.
fn machine_ticks() -> Option<(u64, usize)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let mut lines = stat.lines();
    let total: Vec<u64> = lines
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    let cores = lines.filter(|l| l.starts_with("cpu")).count();
    // user nice system idle iowait irq softirq steal ...: guest time is already in user.
    let busy = total.iter().take(8).sum::<u64>() - total.get(3)? - total.get(4)?;
    Some((busy, cores))
}

/// The PostgreSQL postmaster started with `-p port` and its children (backends and
/// background workers).
fn postgres_pids(port: u16) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut procs: Vec<(u32, u32, Vec<String>)> = Vec::new();
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let path = entry.path();
        let comm = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        if comm.trim() != "postgres" {
            continue;
        }
        let stat = std::fs::read_to_string(path.join("stat")).unwrap_or_default();
        let Some(ppid) = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        let cmdline = std::fs::read(path.join("cmdline")).unwrap_or_default();
        let args = cmdline
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        procs.push((pid, ppid, args));
    }
    let port = port.to_string();
    let Some(master) = procs
        .iter()
        .find(|(_, _, args)| args.windows(2).any(|w| w[0] == "-p" && w[1] == port))
        .map(|(pid, _, _)| *pid)
    else {
        return Vec::new();
    };
    std::iter::once(master)
        .chain(
            procs
                .iter()
                .filter(|(_, ppid, _)| *ppid == master)
                .map(|(pid, _, _)| *pid),
        )
        .collect()
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len()) - 1).copied()
}

fn latency_summary(
    samples: &[(Instant, f64)],
    from: Instant,
    to: Instant,
) -> (usize, Option<f64>, Option<f64>) {
    let mut ms: Vec<f64> = samples
        .iter()
        .filter(|(done, _)| *done >= from && *done <= to)
        .map(|(_, ms)| *ms)
        .collect();
    ms.sort_by(f64::total_cmp);
    (ms.len(), percentile(&ms, 50.0), percentile(&ms, 99.0))
}

fn round2(x: Option<f64>) -> Value {
    x.map_or(Value::Null, |x| json!((x * 100.0).round() / 100.0))
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
    let api = Arc::new(Api {
        http,
        base: args.base.trim_end_matches('/').to_owned(),
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
    tokio::time::sleep(Duration::from_secs(args.duration)).await;
    let cpu_after = args.server_pid.and_then(cpu_ticks);
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
        "setup_s": (setup_s * 10.0).round() / 10.0,
    }))
}

/// The kinds of the mixed scenario and their shares of the operations, in per cent.
const KINDS: [(&str, u64); 3] = [("browse", 80), ("cart", 15), ("purchase", 5)];

#[derive(Default)]
struct MixStats {
    /// (finished, ms) of each operation that succeeded, by kind.
    ops: [Vec<(Instant, f64)>; 3],
    /// (when, kind, error) of each that did not.
    failures: Vec<(Instant, usize, CallError)>,
}

/// A small deterministic generator (xorshift64*), one per buyer: no dependency for dice.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Browsing: a random page of the product list (three times in four) or the product's page.
async fn browse(api: &Api, roll: u64, pages: u64, product: &str) -> Result<(), CallError> {
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
async fn cart_op(api: &Api, buyer: &Buyer, product: &str) -> Result<(), CallError> {
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
async fn mixed_loop(
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

/// The server's resident memory in MiB from /proc/<pid>/status: all of it (`VmRSS`), its own
/// (`RssAnon`: heap, stacks) and mapped files (`RssFile`: the binary and, on SQLite, the pages
/// of the memory-mapped database, which grow with the file and which the kernel may drop).
fn rss_mib(pid: u32) -> Option<[f64; 3]> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib / 1024.0)
    };
    Some([field("VmRSS:")?, field("RssAnon:")?, field("RssFile:")?])
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The mixed scenario (`--mix`): one loop per buyer for warm-up + duration seconds.
async fn run_mixed(
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
