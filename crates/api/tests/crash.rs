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

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use persistence::test_support::{ProductFacts, TestDatabase};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};
use shop_api::startup::Application;

#[path = "api/helpers.rs"]
#[expect(dead_code, reason = "the shared helpers; this binary uses a few")]
mod helpers;

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

// ---------------------------------------------------------------------------------------------
// The server process

/// A `shop serve` process, killed (by its own pid) when dropped.
struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// SIGKILL (`Child::kill` on Unix), then reap it.
    fn sigkill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Starts `shop serve` on the test database and waits until it answers.
async fn start(db_url: &str, data_dir: &std::path::Path, client: &Client) -> Server {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_shop"))
        .arg("serve")
        .arg("--no-demo")
        .env("DATABASE_URL", db_url)
        .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
        .env("SHOP_DATA_DIR", data_dir)
        .env("SHOP_FRONTEND_DIR", data_dir.join("no-frontend"))
        .env("JWT_SECRET", helpers::JWT_SECRET)
        .env("SHOP_ADMIN_EMAIL", helpers::ADMIN_EMAIL)
        .env("SHOP_ADMIN_PASSWORD", helpers::ADMIN_PASSWORD)
        .env("SHOP_METRICS_ADDR", "off")
        // The buyers pay many times an hour with one account each.
        .env("SHOP_CHECKOUT_SESSIONS_PER_HOUR", "1000000")
        .env("SHOP_WORKERS", "2")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the shop binary starts");
    let server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(res) = client
            .get(format!("{}/api/health", server.base))
            .send()
            .await
        {
            if res.status() == StatusCode::OK {
                break;
            }
        }
        assert!(Instant::now() < deadline, "the server did not come up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server
}

/// Sends a request; `Err` when the server stopped answering (the answer was lost).
async fn send(
    client: &Client,
    method: Method,
    url: String,
    token: Option<&str>,
    body: Option<&Value>,
) -> reqwest::Result<(StatusCode, Value)> {
    let mut req = client.request(method, url);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    if let Some(body) = body {
        req = req.json(body);
    }
    let res = req.send().await?;
    let status = res.status();
    let text = res.text().await?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

fn cents(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

fn text(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("a string: {v}"))
        .to_owned()
}

// ---------------------------------------------------------------------------------------------
// Set-up: a fresh database with the demo shop, buyers and the admin's token

#[derive(Debug, Clone)]
struct Buyer {
    token: String,
    cart: String,
    user: String,
}

/// A fresh database and what the loop works with.
struct Shop {
    db: TestDatabase,
    dir: tempfile::TempDir,
    buyers: Vec<Buyer>,
    admin: String,
    /// The apparel product and variant every purchase takes one of.
    product: String,
    variant: String,
    /// The case-breakable product every purchase takes one unit of.
    breakable: String,
    /// The variant whose stock the admin counts (nobody buys it).
    counted: String,
    counted_product: String,
    /// Brand, category, colour and effect ids for the admin's products.
    vocabulary: [String; 4],
}

async fn prepare(client: &Client) -> Shop {
    let db = TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    // In process, with fast password hashing and no sign-in limits: the demo shop, the buyers
    // and the admin's token (valid on the binary too: same secret).
    let mut settings = helpers::test_settings(&db, dir.path());
    settings.seed_demo = true;
    let app = Application::build(settings).await.expect("start");
    let setup = format!("http://127.0.0.1:{}", app.port());
    let setup_server = tokio::spawn(app.run_until_stopped());
    let samples = db.quote_samples().expect("samples");
    let (product, variant, _) = samples.variants[0].clone();
    let (counted_product, counted, _) = samples.variants[1].clone();
    assert_ne!(variant, counted);
    db.set_variant_stock(&variant, START_STOCK).expect("stock");
    let breakable = samples.breakable.0.clone();
    db.set_unit_stock(&breakable, START_UNITS).expect("units");

    let login = |email: &str, password: &str| {
        let body = json!({"email": email, "password": password});
        let url = format!("{setup}/api/user/login");
        async move { send(client, Method::POST, url, None, Some(&body)).await }
    };
    let mut buyers = Vec::new();
    for i in 0..BUYERS {
        let email = format!("crash{i}@example.com");
        let creds = json!({"email": email, "password": helpers::PASSWORD});
        let (s, v) = send(
            client,
            Method::POST,
            format!("{setup}/api/user/register"),
            None,
            Some(&creds),
        )
        .await
        .expect("register");
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = login(&email, helpers::PASSWORD).await.expect("login");
        assert_eq!(s, StatusCode::OK, "{v}");
        let b = Buyer {
            token: text(&v["token"]),
            cart: text(&v["userInfo"]["Cart"]["id"]),
            user: text(&v["userInfo"]["id"]),
        };
        let profile = json!({"acceptedTerms": true, "firstName": "Crash", "lastName": "Test", "phoneNumber": "(701) 555-0123",
            "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "ND", "postalCode": "58102"}});
        let (s, v) = send(
            client,
            Method::POST,
            format!("{setup}/api/user/userInfo"),
            Some(&b.token),
            Some(&profile),
        )
        .await
        .expect("profile");
        assert_eq!(s, StatusCode::OK, "{v}");
        buyers.push(b);
    }
    let (s, v) = login(helpers::ADMIN_EMAIL, helpers::ADMIN_PASSWORD)
        .await
        .expect("admin login");
    assert_eq!(s, StatusCode::OK, "{v}");
    let admin = text(&v["token"]);
    let (s, m) = send(
        client,
        Method::GET,
        format!("{setup}/api/metadata"),
        None,
        None,
    )
    .await
    .expect("metadata");
    assert_eq!(s, StatusCode::OK);
    let first = |list: &str| text(&m[list][0]["id"]);
    let vocabulary = [
        first("brands"),
        first("categories"),
        first("colors"),
        first("effects"),
    ];
    setup_server.abort();
    Shop {
        db,
        dir,
        buyers,
        admin,
        product,
        variant,
        breakable,
        counted,
        counted_product,
        vocabulary,
    }
}

// ---------------------------------------------------------------------------------------------
// Buyers

/// A paid purchase whose completion was sent: (checkout token, the quote it was opened for).
type Paid = (String, Value);

/// What one buyer saw before the server went away.
#[derive(Debug, Default)]
struct BuyerLog {
    /// Purchases answered 2xx: (checkout token, order id, items answered).
    acked: Vec<(String, String, usize)>,
    /// The paid purchase cut off by the kill, if any.
    paid_in_flight: Option<Paid>,
}

fn completion(b: &Buyer, token: &str, quote: &Value) -> Value {
    json!({
        "userId": b.user, "shippingAddressId": quote["shippingAddress"]["id"], "checkoutToken": token,
        "amounts": {"subtotal": quote["subtotal"], "tax": quote["tax"], "liftGateFee": quote["liftGateFee"],
                    "shipping": quote["shipping"], "grandTotal": quote["grandTotal"]}
    })
}

/// One whole purchase of one item of the variant and one unit of the case-breakable product:
/// add both, quote, open the session, pay, complete. `paid` holds the purchase from payment
/// until its answer. Answers (token, order id, items); `Err` when the server stopped answering.
async fn purchase_once(
    client: &Client,
    base: &str,
    shop: &Shop,
    b: &Buyer,
    paid: &mut Option<Paid>,
) -> reqwest::Result<(String, String, usize)> {
    let token = Some(b.token.as_str());
    let cart = format!("{base}/api/cart/{}", b.cart);
    // The storefront's cached read of what is bought.
    let (s, v) = send(
        client,
        Method::GET,
        format!("{base}/api/products/{}", shop.product),
        None,
        None,
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{v}");
    for add in [
        json!({"productId": shop.product, "variantId": shop.variant}),
        json!({"productId": shop.breakable, "isUnit": true}),
    ] {
        let (s, v) = send(
            client,
            Method::POST,
            format!("{cart}/add"),
            token,
            Some(&add),
        )
        .await?;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, quote) = send(
        client,
        Method::POST,
        format!("{cart}/quote"),
        token,
        Some(&json!({})),
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{quote}");
    let open = json!({"amount": quote["grandTotal"]});
    let (s, opened) = send(
        client,
        Method::POST,
        format!("{cart}/purchase"),
        token,
        Some(&open),
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{opened}");
    let checkout = text(&opened["checkoutToken"]);
    let card = json!({"cardNumber": "4242424242424242", "expMonth": 12, "expYear": 2099, "cvc": "123", "name": "Crash Test"});
    let (s, v) = send(
        client,
        Method::POST,
        format!("{base}/api/payments/sandbox/{checkout}"),
        None,
        Some(&card),
    )
    .await?;
    assert_eq!(
        (s, &v["status"]),
        (StatusCode::OK, &json!("SUCCESS")),
        "{v}"
    );
    *paid = Some((checkout.clone(), quote.clone()));
    let (s, order) = send(
        client,
        Method::POST,
        format!("{base}/api/purchase"),
        token,
        Some(&completion(b, &checkout, &quote)),
    )
    .await?;
    assert!(s.is_success(), "{s} {order}");
    *paid = None;
    let items = order["items"].as_array().expect("items").len();
    Ok((checkout, text(&order["id"]), items))
}

// ---------------------------------------------------------------------------------------------
// The admin

/// One admin write.
#[derive(Debug, Clone)]
enum Write {
    Create {
        sku: String,
        title: String,
        cents: i64,
    },
    Update {
        id: String,
        title: String,
        cents: i64,
    },
    Delete {
        id: String,
    },
    Stock {
        count: i64,
    },
    Status {
        order: String,
        status: &'static str,
    },
    Process {
        request: String,
        added: i64,
    },
}

impl Write {
    fn kind(&self) -> &'static str {
        match self {
            Write::Create { .. } => "create",
            Write::Update { .. } => "update",
            Write::Delete { .. } => "delete",
            Write::Stock { .. } => "stock",
            Write::Status { .. } => "status",
            Write::Process { .. } => "case break",
        }
    }

    /// Whether it moves the catalogue version on (all but order statuses).
    fn is_catalogue(&self) -> bool {
        !matches!(self, Write::Status { .. })
    }
}

/// A product the admin created (answered 201), as its last acknowledged write left it.
#[derive(Debug, Clone)]
struct Made {
    sku: String,
    id: String,
    title: String,
    cents: i64,
    deleted: bool,
}

/// What the admin saw before the server went away.
#[derive(Debug, Default)]
struct AdminLog {
    /// Writes answered 2xx, by kind.
    acked: BTreeMap<&'static str, usize>,
    acked_catalogue: usize,
    sent_catalogue: usize,
    made: Vec<Made>,
    /// The counted variant's stock as the last acknowledged count set it.
    stock: i64,
    /// Order statuses the admin set (acknowledged).
    statuses: HashMap<String, &'static str>,
    /// Case breaks processed (acknowledged): request id -> units added.
    processed: HashMap<String, i64>,
    /// The write cut off by the kill, if any.
    in_flight: Option<Write>,
}

impl AdminLog {
    fn acked_total(&self) -> usize {
        self.acked.values().sum()
    }
}

fn product_form(shop: &Shop, sku: &str, title: &str, cents: i64) -> Value {
    let [brand, category, colour, effect] = &shop.vocabulary;
    json!({
        "sku": sku, "title": title, "description": "Crash-tested", "casePrice": cents / 100,
        "inStock": true, "package": "12,6", "isCaseBreakable": true, "image": "",
        "brandId": brand, "categoryId": category, "colors": [colour], "effects": [effect]
    })
}

/// Everything the admin task shares with the loop.
struct AdminRun {
    client: Client,
    base: String,
    shop: Arc<Shop>,
    orders: Arc<Mutex<Vec<String>>>,
    ops: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
}

/// Picks the next write: products first, then a mix. `Ok(None)`: nothing to do this turn.
async fn pick(
    run: &AdminRun,
    rng: &mut StdRng,
    log: &AdminLog,
    n: usize,
) -> reqwest::Result<Option<Write>> {
    let live: Vec<&Made> = log.made.iter().filter(|m| !m.deleted).collect();
    let cents = rng.gen_range(20..=400) * 100;
    let roll = if live.len() < 2 {
        0
    } else {
        rng.gen_range(0..12)
    };
    Ok(Some(match roll {
        0..=1 => Write::Create {
            sku: format!("CRASH-{n}"),
            title: format!("Crash Cake {n}"),
            cents,
        },
        2..=4 => {
            let m = live[rng.gen_range(0..live.len())];
            Write::Update {
                id: m.id.clone(),
                title: format!("Crash Cake {n} (was {})", m.sku),
                cents,
            }
        }
        5 => Write::Delete {
            id: live[rng.gen_range(0..live.len())].id.clone(),
        },
        6..=7 => Write::Stock {
            count: rng.gen_range(0..=1_000),
        },
        8..=9 => {
            let order = {
                let orders = run.orders.lock().expect("orders");
                if orders.is_empty() {
                    return Ok(None);
                }
                orders[rng.gen_range(0..orders.len())].clone()
            };
            let now = log.statuses.get(&order).copied().unwrap_or("PENDING");
            let choices: Vec<&'static str> = STATUSES.into_iter().filter(|s| *s != now).collect();
            Write::Status {
                order,
                status: choices[rng.gen_range(0..choices.len())],
            }
        }
        _ => {
            let (s, v) = send(
                &run.client,
                Method::GET,
                format!("{}/api/reports/case-break?status=PENDING", run.base),
                Some(&run.shop.admin),
                None,
            )
            .await?;
            assert_eq!(s, StatusCode::OK, "{v}");
            let Some(first) = v["data"].as_array().and_then(|d| d.first()) else {
                return Ok(None);
            };
            // The opened case gives at least the units owed to the waiting order (decisions.md
            // "Stock": fewer is refused with 422).
            let owed = first["quantity"].as_i64().expect("the request's quantity");
            Write::Process {
                request: text(&first["id"]),
                added: owed + rng.gen_range(0..=12),
            }
        }
    }))
}

/// Sends one write and checks its answer; `Err` when the server stopped answering.
async fn perform(run: &AdminRun, log: &mut AdminLog, w: &Write) -> reqwest::Result<()> {
    let shop = &run.shop;
    let admin = Some(shop.admin.as_str());
    let url = |path: String| format!("{}{path}", run.base);
    match w {
        Write::Create { sku, title, cents } => {
            let body = product_form(shop, sku, title, *cents);
            let (s, v) = send(
                &run.client,
                Method::POST,
                url("/api/products".into()),
                admin,
                Some(&body),
            )
            .await?;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            log.made.push(Made {
                sku: sku.clone(),
                id: text(&v["id"]),
                title: title.clone(),
                cents: *cents,
                deleted: false,
            });
        }
        Write::Update {
            id,
            title,
            cents: price,
        } => {
            let made = log
                .made
                .iter_mut()
                .find(|m| m.id == *id)
                .expect("a product made");
            let body = product_form(shop, &made.sku, title, *price);
            let (s, v) = send(
                &run.client,
                Method::PUT,
                url(format!("/api/products/{id}")),
                admin,
                Some(&body),
            )
            .await?;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(
                (&v["title"], cents(&v["casePrice"])),
                (&json!(title), *price)
            );
            made.title.clone_from(title);
            made.cents = *price;
        }
        Write::Delete { id } => {
            let (s, v) = send(
                &run.client,
                Method::DELETE,
                url(format!("/api/products/{id}")),
                admin,
                None,
            )
            .await?;
            assert_eq!(s, StatusCode::NO_CONTENT, "{v}");
            if let Some(m) = log.made.iter_mut().find(|m| m.id == *id) {
                m.deleted = true;
            }
        }
        Write::Stock { count } => {
            let (s, v) = send(
                &run.client,
                Method::PUT,
                url(format!("/api/apparel/variants/{}/stock", shop.counted)),
                admin,
                Some(&json!({"availableStock": count})),
            )
            .await?;
            assert_eq!((s, &v["availableStock"]), (StatusCode::OK, &json!(count)));
            log.stock = *count;
        }
        Write::Status { order, status } => {
            let (s, v) = send(
                &run.client,
                Method::PATCH,
                url(format!("/api/reports/purchases/{order}")),
                admin,
                Some(&json!({"status": status})),
            )
            .await?;
            assert_eq!((s, &v["status"]), (StatusCode::OK, &json!(status)), "{v}");
            log.statuses.insert(order.clone(), status);
        }
        Write::Process { request, added } => {
            let (s, v) = send(
                &run.client,
                Method::POST,
                url(format!("/api/reports/case-break/{request}/process")),
                admin,
                Some(&json!({"quantityAdded": added})),
            )
            .await?;
            assert_eq!(s, StatusCode::OK, "{v}");
            log.processed.insert(request.clone(), *added);
        }
    }
    Ok(())
}

/// Writes until the server goes away; a product written is read back at once through the
/// storefront (the node that wrote it must show it without waiting).
async fn admin_loop(run: AdminRun, mut rng: StdRng, stock: i64) -> AdminLog {
    let mut log = AdminLog {
        stock,
        ..AdminLog::default()
    };
    let mut n = 0;
    while !run.stop.load(Ordering::SeqCst) {
        n += 1;
        let w = match pick(&run, &mut rng, &log, n).await {
            Ok(Some(w)) => w,
            Ok(None) => continue,
            Err(_) => break,
        };
        log.in_flight = Some(w.clone());
        log.sent_catalogue += usize::from(w.is_catalogue());
        if perform(&run, &mut log, &w).await.is_err() {
            break;
        }
        log.in_flight = None;
        *log.acked.entry(w.kind()).or_default() += 1;
        log.acked_catalogue += usize::from(w.is_catalogue());
        run.ops.fetch_add(1, Ordering::SeqCst);
        if let Write::Create { .. } | Write::Update { .. } = &w {
            let made = log.made.iter().rev().find(|m| match &w {
                Write::Update { id, .. } => m.id == *id,
                _ => true,
            });
            let made = made.expect("made").clone();
            let Ok((s, v)) = send(
                &run.client,
                Method::GET,
                format!("{}/api/products/{}", run.base, made.id),
                None,
                None,
            )
            .await
            else {
                break;
            };
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(
                (&v["title"], cents(&v["casePrice"])),
                (&json!(made.title), made.cents),
                "the writing node shows its write at once"
            );
        }
    }
    log
}

// ---------------------------------------------------------------------------------------------
// One loop

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

// ---------------------------------------------------------------------------------------------
// Checks

/// Stock adds up: the raced variant's and the unit product's (see the module documentation).
fn check_stock(shop: &Shop) {
    let db = &shop.db;
    let now = chrono::Utc::now().naive_utc();
    let sold = db.variant_sold(&shop.variant).expect("sold");
    let stock = i64::from(db.variant_stock(&shop.variant).expect("stock"));
    // Held items are still in stock (sessions cut off mid-purchase hold theirs until expiry).
    let held = db.variant_held(&shop.variant, now).expect("held");
    let available = stock - held;
    assert!(available >= 0, "stock {stock}, held {held}");
    assert_eq!(
        sold + available + held,
        i64::from(START_STOCK),
        "sold {sold} + available {available} + held {held}"
    );

    let units = i64::from(db.unit_stock(&shop.breakable).expect("units"));
    let sold = db.units_sold(&shop.breakable).expect("units sold");
    let requests = db.case_break_rows(&shop.breakable).expect("case breaks");
    let short: i64 = requests.iter().map(|r| i64::from(r.1)).sum();
    // A processed case break first fills the units owed to its order, then stocks the rest.
    let added: i64 = requests
        .iter()
        .filter_map(|r| r.2.map(|added| i64::from(added) - i64::from(r.1)))
        .sum();
    // Units sold came from stock, or were short and asked of a case break.
    assert_eq!(
        i64::from(START_UNITS) + added,
        units + (sold - short),
        "start {START_UNITS} + stocked by case breaks {added} = on hand {units} + taken (sold {sold} - short {short})"
    );
}

/// A product made by the admin is whole: its links, its unit product, its audit trail.
fn assert_whole(f: &ProductFacts, sku: &str) {
    assert!(f.is_case_breakable, "{sku}: {f:?}");
    assert_eq!((f.colours, f.effects), (1, 1), "{sku}'s links: {f:?}");
    assert!(
        matches!(f.unit, Some((true, _))),
        "{sku}'s unit product: {f:?}"
    );
    assert_eq!(
        f.audit.first().map(String::as_str),
        Some("create"),
        "{sku}: {f:?}"
    );
}

/// The database right after the restart; answers the number of orders checked.
fn check_database(
    shop: &Shop,
    before: &Before,
    buyers: &[BuyerLog],
    admin: &AdminLog,
    line: &mut String,
) -> usize {
    let db = &shop.db;
    let scan = db.integrity().expect("scan");
    assert!(scan.problems.is_empty(), "{:#?}", scan.problems);

    // Every purchase answered 2xx, with its items.
    for (token, id, items) in buyers.iter().flat_map(|b| &b.acked) {
        let (stored, n) = db
            .order_of_token(token)
            .expect("read")
            .unwrap_or_else(|| panic!("the order of {token} was lost"));
        assert_eq!((&stored, n), (id, *items as i64), "order {id}");
        let payment = db.sandbox_payment(token).expect("payment");
        assert_eq!(payment.map(|p| p.0), Some("CAPTURED".into()), "order {id}");
    }
    check_stock(shop);

    // The catalogue version: one step per committed catalogue write, in its transaction.
    let version = db.catalogue_version().expect("version");
    let orders_made = scan.orders - before.orders;
    let catalogue_writes =
        db.audit_count(&CATALOGUE_ENTITIES).expect("audit") - before.catalogue_audits;
    let moved = version - before.version;
    assert_eq!(
        moved,
        orders_made as i64 + catalogue_writes,
        "version {} -> {version}: {orders_made} orders and {catalogue_writes} catalogue writes committed",
        before.version
    );
    let acked = buyers.iter().map(|b| b.acked.len()).sum::<usize>() + admin.acked_catalogue;
    assert!(
        moved >= acked as i64,
        "the version moved {moved} times for {acked} acknowledged writes"
    );
    assert!(
        catalogue_writes <= admin.sent_catalogue as i64,
        "{catalogue_writes} catalogue writes committed, {} sent",
        admin.sent_catalogue
    );

    // The admin's writes: acknowledged ones with their values, the cut-off one whole or not.
    let cut = admin.in_flight.as_ref();
    let mut outcome = "none".to_owned();
    for m in &admin.made {
        let facts = db.product_by_sku(&m.sku).expect("read");
        let cut_update = match cut {
            Some(Write::Update {
                id,
                title,
                cents: price,
            }) if *id == m.id => Some((title, *price)),
            _ => None,
        };
        let cut_delete = matches!(cut, Some(Write::Delete { id }) if *id == m.id);
        match facts {
            None => {
                assert!(m.deleted || cut_delete, "{} ({}) was lost", m.sku, m.id);
                if cut_delete {
                    outcome = "committed".into();
                }
            }
            Some(f) => {
                assert!(!m.deleted, "{} was deleted (204) but is back: {f:?}", m.sku);
                assert_whole(&f, &m.sku);
                assert_eq!(f.id, m.id);
                let stored = (&f.title, f.case_price_cents);
                if let Some(new) = cut_update.filter(|new| stored == *new) {
                    outcome = format!("committed ({})", new.0);
                } else {
                    assert_eq!(stored, (&m.title, m.cents), "{}'s last update", m.sku);
                    if cut_update.is_some() || cut_delete {
                        outcome = "not committed".into();
                    }
                }
            }
        }
    }
    match cut {
        Some(Write::Create {
            sku,
            title,
            cents: price,
        }) => {
            outcome = match db.product_by_sku(sku).expect("read") {
                Some(f) => {
                    assert_whole(&f, sku);
                    assert_eq!((&f.title, f.case_price_cents), (title, *price));
                    "committed".into()
                }
                None => "not committed".into(),
            };
        }
        Some(Write::Stock { count }) => {
            let stock = i64::from(db.variant_stock(&shop.counted).expect("stock"));
            assert!(
                stock == admin.stock || stock == *count,
                "counted stock {stock}: neither the acknowledged {} nor the cut-off {count}",
                admin.stock
            );
            outcome = if stock == *count && stock != admin.stock {
                "committed"
            } else {
                "not committed or no change"
            }
            .into();
        }
        Some(Write::Status { order, status }) => {
            let now = db.order_status(order).expect("read").expect("the order");
            let old = admin.statuses.get(order).copied().unwrap_or("PENDING");
            assert!(now == *status || now == old, "order {order} is {now}");
            outcome = if now == *status {
                "committed"
            } else {
                "not committed"
            }
            .into();
        }
        Some(Write::Process { request, added }) => {
            let rows = db.case_break_rows(&shop.breakable).expect("rows");
            let row = rows.iter().find(|r| r.0 == *request).expect("the request");
            match (row.3.as_str(), row.2) {
                ("COMPLETED", Some(a)) if i64::from(a) == *added => outcome = "committed".into(),
                ("PENDING", None) => outcome = "not committed".into(),
                other => panic!("case break {request} is {other:?} after a cut-off process"),
            }
        }
        _ => {}
    }
    if !matches!(cut, Some(Write::Stock { .. })) {
        let stock = i64::from(db.variant_stock(&shop.counted).expect("stock"));
        assert_eq!(stock, admin.stock, "the acknowledged count");
    }
    for (order, status) in &admin.statuses {
        let now = db.order_status(order).expect("read").expect("the order");
        let cut_here =
            matches!(cut, Some(Write::Status { order: o, status: s }) if o == order && now == *s);
        assert!(
            now == *status || cut_here,
            "order {order} is {now}, not {status}"
        );
    }
    let rows = db.case_break_rows(&shop.breakable).expect("rows");
    for (request, added) in &admin.processed {
        let row = rows.iter().find(|r| r.0 == *request).expect("the request");
        assert_eq!(
            (row.3.as_str(), row.2.map(i64::from)),
            ("COMPLETED", Some(*added)),
            "case break {request}"
        );
    }
    let _ = write!(
        line,
        "; cut off: {} paid purchases, admin {} -> {outcome}; version +{moved} = {orders_made} \
         orders + {catalogue_writes} catalogue writes",
        buyers.iter().filter(|b| b.paid_in_flight.is_some()).count(),
        cut.map_or("nothing", Write::kind),
    );
    scan.orders
}

/// The restarted server's answers (its caches start empty and read the version again) agree
/// with the database: the admin's products, the stock shown, each buyer's orders.
async fn check_storefront(
    client: &Client,
    base: &str,
    shop: &Shop,
    buyers: &[BuyerLog],
    admin: &AdminLog,
) {
    let db = &shop.db;
    let get = |path: String, token: Option<String>| async move {
        send(
            client,
            Method::GET,
            format!("{base}{path}"),
            token.as_deref(),
            None,
        )
        .await
        .expect("the restarted server answers")
    };
    for m in &admin.made {
        let (s, v) = get(format!("/api/products/{}", m.id), None).await;
        match db.product_by_sku(&m.sku).expect("read") {
            Some(f) => {
                assert_eq!(s, StatusCode::OK, "{v}");
                assert_eq!(
                    (text(&v["title"]), cents(&v["casePrice"])),
                    (f.title, f.case_price_cents)
                );
                let unit = f.unit.expect("unit product").1;
                assert_eq!(v["unitProduct"]["availableStock"], json!(unit));
            }
            None => assert_eq!(s, StatusCode::NOT_FOUND, "{v}"),
        }
    }
    let variant_stock = |p: &Value, id: &str| {
        p["variants"]
            .as_array()
            .and_then(|vs| vs.iter().find(|v| v["id"] == id))
            .map(|v| v["availableStock"].clone())
    };
    for (product, variant) in [
        (&shop.product, &shop.variant),
        (&shop.counted_product, &shop.counted),
    ] {
        let (s, v) = get(format!("/api/products/{product}"), None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let stock = db.variant_stock(variant).expect("stock");
        assert_eq!(
            variant_stock(&v, variant),
            Some(json!(stock)),
            "variant {variant}"
        );
    }
    let (s, v) = get(format!("/api/products/{}", shop.breakable), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let units = db.unit_stock(&shop.breakable).expect("units");
    assert_eq!(v["unitProduct"]["availableStock"], json!(units));
    for (b, log) in shop.buyers.iter().zip(buyers) {
        for (_, id, items) in &log.acked {
            let (s, v) = get(format!("/api/orders/{id}"), Some(b.token.clone())).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v["items"].as_array().map(Vec::len), Some(*items), "{v}");
            let status = db.order_status(id).expect("read");
            assert_eq!(v["status"].as_str(), status.as_deref(), "{v}");
        }
    }
}

/// Retries each paid purchase whose answer the kill cut off, as a client would: each must
/// answer 2xx, with the order it made before the kill if it made one, and end captured.
/// Answers how many were retried.
async fn replay_cut_off(
    client: &Client,
    base: &str,
    shop: &Shop,
    buyers: &[BuyerLog],
    line: &mut String,
) -> usize {
    let db = &shop.db;
    let (mut replayed, mut committed) = (0, 0);
    for (b, log) in shop.buyers.iter().zip(buyers) {
        let Some((token, quote)) = &log.paid_in_flight else {
            continue;
        };
        let before = db.order_of_token(token).expect("read");
        let (s, order) = send(
            client,
            Method::POST,
            format!("{base}/api/purchase"),
            Some(&b.token),
            Some(&completion(b, token, quote)),
        )
        .await
        .expect("the restarted server answers");
        assert!(s.is_success(), "retrying {token}: {s} {order}");
        if let Some((id, _)) = before {
            assert_eq!(text(&order["id"]), id, "the same order again");
            committed += 1;
        }
        let (id, n) = db.order_of_token(token).expect("read").expect("the order");
        assert_eq!(text(&order["id"]), id);
        assert_eq!(order["items"].as_array().map(Vec::len), Some(n as usize));
        let payment = db.sandbox_payment(token).expect("payment");
        assert_eq!(payment.map(|p| p.0), Some("CAPTURED".into()), "{token}");
        replayed += 1;
    }
    let _ = write!(
        line,
        "; {replayed} cut-off paid purchases retried ({committed} had committed)"
    );
    replayed
}

/// The restarted server writes and sells on: an admin update shows at once and moves the
/// version by one; a buyer purchases.
async fn sell_on(client: &Client, base: &str, shop: &Shop, admin: &AdminLog) {
    let db = &shop.db;
    let token = Some(shop.admin.as_str());
    let live = admin
        .made
        .iter()
        .find_map(|m| db.product_by_sku(&m.sku).expect("read").map(|f| (m, f)));
    let version = db.catalogue_version().expect("version");
    let (id, title) = match live {
        Some((m, f)) => {
            let title = format!("{} after the restart", f.title);
            let body = product_form(shop, &m.sku, &title, 9_900);
            let (s, v) = send(
                client,
                Method::PUT,
                format!("{base}/api/products/{}", f.id),
                token,
                Some(&body),
            )
            .await
            .expect("answers");
            assert_eq!(s, StatusCode::OK, "{v}");
            (f.id, title)
        }
        None => {
            let title = "Crash Cake after the restart".to_owned();
            let body = product_form(shop, "CRASH-AFTER", &title, 9_900);
            let (s, v) = send(
                client,
                Method::POST,
                format!("{base}/api/products"),
                token,
                Some(&body),
            )
            .await
            .expect("answers");
            assert_eq!(s, StatusCode::CREATED, "{v}");
            (text(&v["id"]), title)
        }
    };
    assert_eq!(db.catalogue_version().expect("version"), version + 1);
    let (s, v) = send(
        client,
        Method::GET,
        format!("{base}/api/products/{id}"),
        None,
        None,
    )
    .await
    .expect("answers");
    assert_eq!(
        (s, text(&v["title"]), cents(&v["casePrice"])),
        (StatusCode::OK, title, 9_900)
    );

    // A purchase cut off between opening its payment session and paying it left that session
    // open, and an open session locks the cart (decisions.md "Stock"): the buyer cancels the
    // payment first, as the payment window's Cancel does.
    let buyer = &shop.buyers[0];
    for open in db.open_session_tokens(&buyer.cart).expect("read") {
        let (s, v) = send(
            client,
            Method::POST,
            format!("{base}/api/cart/{}/purchase/cancel", buyer.cart),
            Some(&buyer.token),
            Some(&json!({"checkoutToken": open})),
        )
        .await
        .expect("answers");
        assert_eq!(s, StatusCode::NO_CONTENT, "{v}");
    }
    let mut paid = None;
    let (token, id, _) = purchase_once(client, base, shop, buyer, &mut paid)
        .await
        .expect("answers");
    assert!(db
        .order_of_token(&token)
        .expect("read")
        .is_some_and(|o| o.0 == id));
}
