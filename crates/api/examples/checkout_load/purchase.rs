//! The purchase scenario: one whole purchase in four timed calls, and a buyer's loop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::api::{Api, CallError};
use crate::buyers::{empty_cart, Buyer, Ready};

#[derive(Clone, Copy)]
pub enum Step {
    Add,
    Open,
    Pay,
    Purchase,
}

pub const STEPS: [(Step, &str); 4] = [
    (Step::Add, "add"),
    (Step::Open, "open_session"),
    (Step::Pay, "sandbox_pay"),
    (Step::Purchase, "purchase"),
];

pub struct Failure {
    pub at: Instant,
    pub step: &'static str,
    pub error: CallError,
}

#[derive(Default)]
pub struct Stats {
    /// (finished, ms) of each whole purchase.
    pub purchases: Vec<(Instant, f64)>,
    /// (finished, ms) of each successful call, by step.
    pub steps: [Vec<(Instant, f64)>; 4],
    pub failures: Vec<Failure>,
}

pub type Shared = Arc<Mutex<Stats>>;

pub fn record(stats: &Shared, f: impl FnOnce(&mut Stats)) {
    if let Ok(mut s) = stats.lock() {
        f(&mut s);
    }
}

/// Runs one call of a step, recording its latency when it succeeds (and `stats` are kept).
pub async fn timed<T>(
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
pub async fn purchase_once(
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
    let paid = timed(stats, Step::Pay, pay(api, &checkout_token)).await?;
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

/// Pays a session with the good test card, as the payment window does: the sandbox's card
/// form, or Stripe.js's card (a token the emulator makes with the publishable key) sent to the
/// shop by its id.
async fn pay(api: &Api, checkout_token: &str) -> Result<Value, CallError> {
    let Some((stripe, key)) = &api.stripe else {
        let card = json!({
            "cardNumber": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2099,
            "cvc": "123", "name": "Bench Buyer",
        });
        let path = format!("/api/payments/sandbox/{checkout_token}");
        return api.json(Method::POST, &path, None, Some(&card)).await;
    };
    let form = format!(
        "card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2099&card[cvc]=123&key={key}"
    );
    let token: Value = api
        .http
        .post(format!("{stripe}/v1/tokens"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .map_err(|e| CallError::Transport(e.to_string()))?
        .json()
        .await
        .map_err(|e| CallError::Transport(e.to_string()))?;
    let card = token
        .pointer("/card/id")
        .and_then(Value::as_str)
        .ok_or_else(|| CallError::Transport(format!("no card token: {token}")))?;
    let path = format!("/api/payments/stripe/{checkout_token}/card");
    api.json(
        Method::POST,
        &path,
        None,
        Some(&json!({ "paymentMethod": card })),
    )
    .await
}

/// After a failed operation: cancels the payment session it opened (if any) and empties the
/// cart, so the buyer's next operation starts from the same state.
pub async fn recover(api: &Api, buyer: &Buyer, opened: Option<String>) {
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
pub async fn buyer_loop(
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
