//! Purchases survive a crash (issue 10): buyers purchase through the real `shop` binary, the
//! server is killed with SIGKILL mid-run and restarted on the same database. Every purchase
//! that was answered 2xx is in the database with its items, and for the raced variant
//! sold + available + held = the starting stock (available = stock - unexpired holds). Its own test binary: it spawns processes.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use shop_api::startup::Application;

#[path = "api/helpers.rs"]
#[expect(dead_code, reason = "the shared helpers; this binary uses a few")]
mod helpers;

const START_STOCK: i32 = 5_000;
const BUYERS: usize = 8;
/// Purchases answered 2xx before the kill (the kill lands in the middle of the next ones).
const KILL_AFTER: usize = 24;

struct Server {
    child: Child,
    base: String,
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
        .env("SHOP_WORKERS", "2")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the shop binary starts");
    let base = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(res) = client.get(format!("{base}/api/health")).send().await {
            if res.status() == StatusCode::OK {
                break;
            }
        }
        assert!(Instant::now() < deadline, "the server did not come up");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Server { child, base }
}

#[derive(Debug, Clone)]
struct Buyer {
    token: String,
    cart: String,
    user: String,
}

async fn post(
    client: &Client,
    url: String,
    token: &str,
    body: &Value,
) -> reqwest::Result<(StatusCode, Value)> {
    let res = client
        .post(url)
        .bearer_auth(token)
        .json(body)
        .send()
        .await?;
    let status = res.status();
    let v = res.json().await.unwrap_or(Value::Null);
    Ok((status, v))
}

/// One whole purchase: add, open the session, pay, complete. `Ok(Some(token))` when the
/// purchase was answered 2xx; `Err` when the server stopped answering.
async fn purchase_once(
    client: &Client,
    base: &str,
    b: &Buyer,
    product: &str,
    variant: &str,
) -> reqwest::Result<Option<String>> {
    let cart = format!("{base}/api/cart/{}", b.cart);
    let add = json!({"productId": product, "variantId": variant});
    let (s, _) = post(client, format!("{cart}/add"), &b.token, &add).await?;
    assert_eq!(s, StatusCode::OK);
    let (s, quote) = post(client, format!("{cart}/quote"), &b.token, &json!({})).await?;
    assert_eq!(s, StatusCode::OK, "{quote}");
    let open = json!({"amount": quote["grandTotal"]});
    let (s, opened) = post(client, format!("{cart}/purchase"), &b.token, &open).await?;
    assert_eq!(s, StatusCode::OK, "{opened}");
    let token = opened["checkoutToken"].as_str().expect("token").to_owned();
    let card = json!({"cardNumber": "4242424242424242", "expMonth": 12, "expYear": 2099, "cvc": "123", "name": "Crash Test"});
    let (s, paid) = post(
        client,
        format!("{base}/api/payments/sandbox/{token}"),
        "",
        &card,
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{paid}");
    let body = json!({
        "userId": b.user, "shippingAddressId": quote["shippingAddress"]["id"], "checkoutToken": token,
        "amounts": {"subtotal": quote["subtotal"], "tax": quote["tax"], "liftGateFee": quote["liftGateFee"],
                    "shipping": quote["shipping"], "grandTotal": quote["grandTotal"]}
    });
    let (s, order) = post(client, format!("{base}/api/purchase"), &b.token, &body).await?;
    assert!(s.is_success(), "{s} {order}");
    assert_eq!(
        order["checkoutToken"],
        Value::Null,
        "the token is not echoed"
    );
    Ok(Some(format!(
        "{token} {}",
        order["id"].as_str().expect("id")
    )))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn purchases_answered_2xx_survive_a_sigkill_and_stock_adds_up() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let client = Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");

    // Set-up in process, with fast password hashing: the demo shop and the buyers.
    let mut settings = helpers::test_settings(&db, dir.path());
    settings.seed_demo = true;
    let app = Application::build(settings).await.expect("start");
    let setup = format!("http://127.0.0.1:{}", app.port());
    let setup_server = tokio::spawn(app.run_until_stopped());
    let samples = db.quote_samples().expect("samples");
    let (product, variant, _) = samples.variants[0].clone();
    db.set_variant_stock(&variant, START_STOCK).expect("stock");
    let mut buyers = Vec::new();
    for i in 0..BUYERS {
        let email = format!("crash{i}@example.com");
        let creds = json!({"email": email, "password": helpers::PASSWORD});
        let res = client
            .post(format!("{setup}/api/user/register"))
            .json(&creds)
            .send()
            .await
            .expect("register");
        assert_eq!(res.status(), StatusCode::CREATED);
        let login: Value = client
            .post(format!("{setup}/api/user/login"))
            .json(&creds)
            .send()
            .await
            .expect("login")
            .json()
            .await
            .expect("json");
        let b = Buyer {
            token: login["token"].as_str().expect("token").to_owned(),
            cart: login["userInfo"]["Cart"]["id"]
                .as_str()
                .expect("cart")
                .to_owned(),
            user: login["userInfo"]["id"].as_str().expect("id").to_owned(),
        };
        let profile = json!({"acceptedTerms": true, "firstName": "Crash", "lastName": "Test", "phoneNumber": "(701) 555-0123",
            "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "ND", "postalCode": "58102"}});
        let (s, v) = post(
            &client,
            format!("{setup}/api/user/userInfo"),
            &b.token,
            &profile,
        )
        .await
        .expect("profile");
        assert_eq!(s, StatusCode::OK, "{v}");
        buyers.push(b);
    }
    setup_server.abort();

    // The run: buyers purchase in parallel through the real binary until it is killed.
    let mut server = start(db.url(), dir.path(), &client).await;
    let done = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let loops: Vec<_> = buyers
        .iter()
        .cloned()
        .map(|b| {
            let (client, base, product, variant) = (
                client.clone(),
                server.base.clone(),
                product.clone(),
                variant.clone(),
            );
            let (done, stop) = (done.clone(), stop.clone());
            tokio::spawn(async move {
                let mut answered = Vec::new();
                while !stop.load(Ordering::SeqCst) {
                    match purchase_once(&client, &base, &b, &product, &variant).await {
                        Ok(Some(pair)) => {
                            answered.push(pair);
                            done.fetch_add(1, Ordering::SeqCst);
                        }
                        Ok(None) => {}
                        Err(_) => break, // the server is gone
                    }
                }
                answered
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while done.load(Ordering::SeqCst) < KILL_AFTER {
        assert!(
            Instant::now() < deadline,
            "too slow: {} purchases",
            done.load(Ordering::SeqCst)
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.child.kill().expect("SIGKILL"); // `Child::kill` is SIGKILL on Unix
    server.child.wait().expect("reaped");
    stop.store(true, Ordering::SeqCst);
    let mut answered = Vec::new();
    for l in loops {
        answered.extend(l.await.expect("loop"));
    }
    assert!(answered.len() >= KILL_AFTER);

    // After a restart on the same database: every 2xx purchase is there, stock adds up.
    let mut server = start(db.url(), dir.path(), &client).await;
    for pair in &answered {
        let (token, id) = pair.split_once(' ').expect("pair");
        let (stored, items) = db
            .order_of_token(token)
            .expect("read")
            .unwrap_or_else(|| panic!("order of {token} lost"));
        assert_eq!(stored, id);
        assert_eq!(items, 1, "the order's item");
    }
    let now = chrono::Utc::now().naive_utc();
    let sold = db.variant_sold(&variant).expect("sold");
    let stock = i64::from(db.variant_stock(&variant).expect("stock"));
    let held = db.variant_held(&variant, now).expect("held");
    // Held items are still in stock (sessions cut off mid-purchase hold theirs until expiry).
    let available = stock - held;
    assert!(available >= 0, "stock {stock}, held {held}");
    assert!(sold >= answered.len() as i64);
    assert_eq!(
        sold + available + held,
        i64::from(START_STOCK),
        "sold {sold} + available {available} + held {held}"
    );
    eprintln!(
        "crash: {} purchases answered 2xx before SIGKILL, {sold} sold in all, {held} held by cut-off sessions",
        answered.len()
    );
    // The restarted server sells on (a cart left mid-purchase is simply bought now).
    let b = &buyers[0];
    let after = purchase_once(&client, &server.base, b, &product, &variant)
        .await
        .expect("answers");
    assert!(after.is_some());
    server.child.kill().expect("stop");
    server.child.wait().expect("reaped");
}
