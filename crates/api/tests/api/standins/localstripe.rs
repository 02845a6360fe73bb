//! localstripe (PyPI), a stateful Stripe emulator: `SHOP_TEST_LOCALSTRIPE` names its program.
//! The tests use its API as the shop does (secret key) and, where a buyer's browser would use
//! Stripe.js, they attach a test card and confirm the intent through the API themselves.

use reqwest::Client;
use serde_json::Value;

use super::Server;

/// The secret key the tests' shop uses (the emulator takes any `sk_test_...`).
pub const SECRET_KEY: &str = "sk_test_shop";
/// The publishable key.
pub const PUBLISHABLE_KEY: &str = "pk_test_shop";
/// The webhook signing secret.
pub const WEBHOOK_SECRET: &str = "whsec_test_shop";
/// Stripe's test card that is authorized.
pub const GOOD_CARD: &str = "4242424242424242";
/// Stripe's test card whose charge is declined. (The emulator declines 4000000000000002, Stripe's
/// generic decline, only when it is attached to a customer; a payment with it is authorized.)
pub const DECLINED_CARD: &str = "4000000000000341";
/// Stripe's test card whose bank asks for 3-D Secure.
pub const THREE_D_SECURE_CARD: &str = "4000000000003220";

/// A running emulator, stopped when dropped.
pub struct Localstripe {
    _server: Server,
    /// `http://127.0.0.1:{port}`.
    pub url: String,
    client: Client,
}

impl Localstripe {
    /// Starts the emulator on a free port and waits until it answers; `None` when it is not
    /// installed (outside CI).
    pub async fn start() -> Option<Self> {
        // Each test its own empty emulator: without --from-scratch every instance would load
        // the state the others write to /tmp/localstripe.pickle.
        let server = Server::start(
            "SHOP_TEST_LOCALSTRIPE",
            &["--port", "{port}", "--from-scratch"],
            |client, url| {
                client
                    .get(format!("{url}/v1/payment_intents"))
                    .basic_auth(SECRET_KEY, Some(""))
            },
        )
        .await?;
        Some(Localstripe {
            url: server.url.clone(),
            client: server.client.clone(),
            _server: server,
        })
    }

    async fn post(&self, path: &str, form: &[(&str, &str)]) -> Value {
        let res = self
            .client
            .post(format!("{}{path}", self.url))
            .basic_auth(SECRET_KEY, Some(""))
            .form_body(form)
            .send()
            .await
            .expect("localstripe answers");
        res.json().await.expect("json")
    }

    async fn get(&self, path: &str) -> Value {
        self.client
            .get(format!("{}{path}", self.url))
            .basic_auth(SECRET_KEY, Some(""))
            .send()
            .await
            .expect("localstripe answers")
            .json()
            .await
            .expect("json")
    }

    /// Has the emulator send its events to `url`, signed with [`WEBHOOK_SECRET`].
    pub async fn send_events_to(&self, url: &str) {
        let res = self
            .client
            .post(format!("{}/_config/webhooks/shop", self.url))
            .form_body(&[("url", url), ("secret", WEBHOOK_SECRET)])
            .send()
            .await
            .expect("localstripe answers");
        assert!(
            res.status().is_success(),
            "webhook registered: {}",
            res.status()
        );
    }

    /// The events the emulator made, newest first.
    pub async fn events(&self) -> Vec<Value> {
        let list = self.get("/v1/events").await;
        list["data"].as_array().cloned().unwrap_or_default()
    }

    /// Cancels an intent as Stripe's dashboard would.
    pub async fn cancel(&self, intent: &str) -> Value {
        self.post(&format!("/v1/payment_intents/{intent}/cancel"), &[])
            .await
    }

    /// A refund as the emulator keeps it.
    pub async fn refund(&self, id: &str) -> Value {
        self.get(&format!("/v1/refunds/{id}")).await
    }

    /// The refunds of an intent.
    pub async fn refunds_of(&self, intent: &str) -> Vec<Value> {
        let list = self
            .get(&format!("/v1/refunds?payment_intent={intent}&limit=100"))
            .await;
        list["data"].as_array().cloned().unwrap_or_default()
    }

    /// Refunds `cents` of an intent as the shop does, `key` in its metadata (without the
    /// shop: as if Stripe had made it and its answer was lost).
    pub async fn make_refund(&self, intent: &str, cents: i64, key: &str) -> Value {
        let cents = cents.to_string();
        self.post(
            "/v1/refunds",
            &[
                ("payment_intent", intent),
                ("amount", &cents),
                ("metadata[refund]", key),
            ],
        )
        .await
    }

    /// A PaymentIntent as the emulator keeps it.
    pub async fn intent(&self, id: &str) -> Value {
        self.get(&format!("/v1/payment_intents/{id}")).await
    }

    /// What the emulator's Stripe.js does with the card typed into its card element: a card
    /// token made with the publishable key. Answers the token's card id, which the payment
    /// window sends to the shop.
    pub async fn card_of_element(&self, card: &str) -> String {
        let res = self
            .client
            .post(format!("{}/v1/tokens", self.url))
            .form_body(&[
                ("card[number]", card),
                ("card[exp_month]", "12"),
                ("card[exp_year]", "2099"),
                ("card[cvc]", "123"),
                ("key", PUBLISHABLE_KEY),
                ("payment_user_agent", "localstripe"),
            ])
            .send()
            .await
            .expect("localstripe answers");
        let token: Value = res.json().await.expect("json");
        token["card"]["id"].as_str().expect("a card").to_owned()
    }

    /// What Stripe.js does when the buyer answers the bank's 3-D Secure question.
    pub async fn authenticate(&self, intent: &str, client_secret: &str, success: bool) -> Value {
        let res = self
            .client
            .post(format!(
                "{}/v1/payment_intents/{intent}/_authenticate?success={success}",
                self.url
            ))
            .header("Content-Type", "application/json")
            .body(
                serde_json::json!({"key": PUBLISHABLE_KEY, "client_secret": client_secret})
                    .to_string(),
            )
            .send()
            .await
            .expect("localstripe answers");
        res.json().await.expect("json")
    }

    /// What the buyer's Stripe.js does: a card becomes a payment method of the intent, which is
    /// then confirmed (authorized, with manual capture). Answers the intent after it.
    pub async fn pay(&self, intent: &str, card: &str) -> Value {
        let method = self
            .post(
                "/v1/payment_methods",
                &[
                    ("type", "card"),
                    ("card[number]", card),
                    ("card[exp_month]", "12"),
                    ("card[exp_year]", "2099"),
                    ("card[cvc]", "123"),
                ],
            )
            .await;
        let method = method["id"].as_str().expect("a payment method");
        self.post(
            &format!("/v1/payment_intents/{intent}"),
            &[("payment_method", method)],
        )
        .await;
        self.post(&format!("/v1/payment_intents/{intent}/confirm"), &[])
            .await
    }
}

/// A form body, as Stripe's API reads its parameters (reqwest's `form` is an optional feature).
trait FormBody {
    fn form_body(self, form: &[(&str, &str)]) -> Self;
}

impl FormBody for reqwest::RequestBuilder {
    fn form_body(self, form: &[(&str, &str)]) -> Self {
        let body = form
            .iter()
            .map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v)))
            .collect::<Vec<_>>()
            .join("&");
        self.header("Content-Type", "application/x-www-form-urlencoded")
            .body(body)
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
