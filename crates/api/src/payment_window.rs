//! The payment window: `GET /pay/{checkoutToken}` (its page, outside the single-page app) and
//! `GET /pay/window.js` (its script; the Content-Security-Policy allows no inline script).
//! The page shows the amount and the card form of the provider: the sandbox's own fields,
//! which post to `POST /api/payments/sandbox/{checkoutToken}`, or Stripe.js's card element,
//! whose card goes to `POST /api/payments/stripe/{checkoutToken}/card`. Then it tells its
//! opener the outcome.

use actix_web::http::header::{self, CacheControl, CacheDirective, ContentType, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use chrono::Utc;
use domain::checkout::{payment_window, CheckoutToken};
use domain::money::Money;
use payments::stripe_config::StripeConfig;

use crate::error::ApiError;
use crate::state::AppState;

const PAGE: &str = include_str!("payment_window/window.html");
const SCRIPT: &str = include_str!("payment_window/window.js");
const SANDBOX_CARD: &str = include_str!("payment_window/sandbox-card.html");
const STRIPE_CARD: &str = include_str!("payment_window/stripe-card.html");

const NOT_FOUND: &str = "Payment not found.";
const ENDED: &str = "This payment session has ended. Please check out again.";

/// Registers the window's page and script.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/pay/window.js", web::get().to(script))
        .route("/pay/{token}", web::get().to(page));
}

async fn script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(CacheControl(vec![CacheDirective::NoCache]))
        .body(SCRIPT)
}

/// What the page shows of the session: its amount while it takes a card, or why it does not.
struct Shown {
    status: StatusCode,
    amount: Option<Money>,
    open: bool,
}

impl Shown {
    fn of(found: Option<(Money, bool)>) -> Self {
        match found {
            None => Shown {
                status: StatusCode::NOT_FOUND,
                amount: None,
                open: false,
            },
            Some((amount, open)) => Shown {
                status: StatusCode::OK,
                amount: Some(amount),
                open,
            },
        }
    }

    fn message(&self) -> &'static str {
        match (self.amount, self.open) {
            (None, _) => NOT_FOUND,
            (Some(_), false) => ENDED,
            (Some(_), true) => "",
        }
    }
}

/// The provider's parts of the page.
struct Provider<'a> {
    name: &'static str,
    title: &'static str,
    note: &'static str,
    card: &'static str,
    key: &'a str,
    scripts: String,
}

fn render(shown: &Shown, provider: &Provider<'_>) -> String {
    let amount = shown.amount.map(|m| m.dollars()).unwrap_or_default();
    PAGE.replace("{{TITLE}}", provider.title)
        .replace("{{NOTE}}", provider.note)
        .replace("{{CARD}}", provider.card)
        .replace("{{SCRIPTS}}", &provider.scripts)
        .replace("{{PROVIDER}}", provider.name)
        .replace("{{KEY}}", &attribute(provider.key))
        .replace("{{OPEN}}", if shown.open { "true" } else { "false" })
        .replace("{{AMOUNT}}", &amount)
        .replace("{{STATUS}}", shown.message())
}

/// `text` safe inside a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn html(status: StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type(ContentType::html())
        .insert_header(CacheControl(vec![CacheDirective::NoStore]))
        .body(body)
}

async fn page(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let token = path.into_inner();
    if let Some(stripe) = state.stripe.clone() {
        return stripe_page(&state, &stripe, &token).await;
    }
    let found = if CheckoutToken::is_well_formed(&token) {
        state
            .call(move |s| s.sandbox.window(&token, Utc::now().naive_utc()))
            .await?
            .map(|info| (info.amount, info.open))
    } else {
        None
    };
    let shown = Shown::of(found);
    let provider = Provider {
        name: "sandbox",
        title: "Sandbox payment",
        note: "A test payment window: no real card is charged.",
        card: SANDBOX_CARD,
        key: "",
        scripts: String::new(),
    };
    Ok(html(shown.status, render(&shown, &provider)))
}

/// Stripe's window: Stripe.js from its configured address, the publishable key, and a
/// Content-Security-Policy that lets in Stripe.js's origin alone
/// ([`StripeConfig::window_policy`]).
async fn stripe_page(
    state: &web::Data<AppState>,
    stripe: &StripeConfig,
    token: &str,
) -> Result<HttpResponse, ApiError> {
    let found = match CheckoutToken::parse(token) {
        Some(token) => state
            .call(move |s| payment_window(&s.store, &token, Utc::now().naive_utc()))
            .await?
            .map(|w| (w.amount, w.open)),
        None => None,
    };
    let shown = Shown::of(found);
    let provider = Provider {
        name: "stripe",
        title: "Card payment",
        note: "Your card is taken by Stripe: the shop never sees its number.",
        card: STRIPE_CARD,
        key: &stripe.publishable_key,
        scripts: format!("<script src=\"{}\"></script>", attribute(&stripe.js_url)),
    };
    let mut response = html(shown.status, render(&shown, &provider));
    let policy = stripe
        .window_policy()
        .and_then(|p| HeaderValue::from_str(&p).ok())
        .ok_or_else(|| ApiError::internal("the Stripe addresses make no policy"))?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, policy);
    Ok(response)
}
