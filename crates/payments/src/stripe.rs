//! Stripe, a real card payment provider: an adapter of the domain's [`PaymentProvider`] port
//! over Stripe's PaymentIntents API (<https://docs.stripe.com/api/payment_intents>).
//!
//! A payment session is one PaymentIntent for the server's amount in cents (`currency usd`,
//! `capture_method manual`, `payment_method_types[] card`, the checkout token in its
//! metadata). The buyer's card is authorized in the browser by Stripe.js, so the amount is
//! only reserved; the shop re-reads the intent (never the browser's word), captures it after
//! the order is committed and cancels it when the purchase is refused. Stripe keeps the state:
//! any node can answer for any payment.
//!
//! Every call has a timeout and is retried on a network error, a 429 or a 5xx, with the same
//! `Idempotency-Key` for a POST, so that a retry never charges twice. None may run inside a
//! database transaction (the port's rule).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

pub use crate::stripe_config::{StripeConfig, STRIPE_API_URL, STRIPE_JS_URL};

use domain::money::Money;
use domain::payments::{
    CardAuthorization, ClientPayment, OpenedPayment, PaymentError, PaymentProvider, PaymentRequest,
    PaymentStatus,
};
use serde::Deserialize;

/// The currency of every payment.
pub const CURRENCY: &str = "usd";
/// How long one call may take before it counts as failed.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How many times a failed call is tried in all.
const ATTEMPTS: u32 = 3;

/// The Stripe provider. Cheap to clone (the HTTP client is shared).
#[derive(Debug, Clone)]
pub struct StripePayments {
    config: StripeConfig,
    /// Made on the first call: a blocking client may only be built outside the async
    /// runtime, on the blocking threads where the use cases run.
    client: Arc<OnceLock<reqwest::blocking::Client>>,
}

/// The fields of a PaymentIntent the shop reads.
#[derive(Debug, Clone, Deserialize)]
pub struct Intent {
    /// `pi_...`.
    pub id: String,
    /// `requires_payment_method`, `requires_confirmation`, `requires_action`, `processing`,
    /// `requires_capture`, `canceled` or `succeeded`.
    pub status: String,
    /// The amount in cents.
    pub amount: i64,
    /// What can be captured (Stripe sends it; an emulator may not).
    #[serde(default)]
    pub amount_capturable: Option<i64>,
    /// What was taken.
    #[serde(default)]
    pub amount_received: Option<i64>,
    /// `usd`.
    pub currency: String,
    /// For the browser's Stripe.js.
    #[serde(default)]
    pub client_secret: Option<String>,
    /// The shop's keys (`checkout_token`, `order_type`, `user_id`).
    #[serde(default)]
    pub metadata: std::collections::HashMap<String, String>,
    /// Why the last card was declined.
    #[serde(default)]
    pub last_payment_error: Option<ErrorDetail>,
}

#[derive(Debug, Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

/// An error as Stripe words it.
#[derive(Debug, Clone, Deserialize)]
pub struct ErrorDetail {
    /// What to tell the buyer.
    #[serde(default)]
    pub message: Option<String>,
    /// Stripe's code (`card_declined`, `resource_missing`).
    #[serde(default)]
    pub code: Option<String>,
}

/// What a buyer is told of a declined card when Stripe says nothing more.
pub const DECLINED: &str = "Your card was declined. Please try another card.";

/// Where an intent stands after a card was put to it, in the port's words.
fn authorization_of(intent: Intent) -> Result<CardAuthorization, PaymentError> {
    match intent.status.as_str() {
        "requires_capture" => Ok(CardAuthorization::Authorized),
        "requires_action" => intent
            .client_secret
            .map(|client_secret| CardAuthorization::ActionRequired { client_secret })
            .ok_or_else(|| PaymentError::Other("stripe sent no client secret".to_owned())),
        "requires_payment_method" => Ok(CardAuthorization::Declined {
            message: intent
                .last_payment_error
                .and_then(|e| e.message)
                .unwrap_or_else(|| DECLINED.to_owned()),
        }),
        other => Err(PaymentError::Refused(format!(
            "the payment takes no card: it is {other}"
        ))),
    }
}

impl StripePayments {
    /// The provider over this account.
    #[must_use]
    pub fn new(config: StripeConfig) -> Self {
        Self {
            config,
            client: Arc::default(),
        }
    }

    fn client(&self) -> Result<&reqwest::blocking::Client, PaymentError> {
        if let Some(client) = self.client.get() {
            return Ok(client);
        }
        let client = reqwest::blocking::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .build()
            .map_err(|e| PaymentError::Other(format!("stripe client: {e}")))?;
        Ok(self.client.get_or_init(|| client))
    }

    /// The account's settings.
    #[must_use]
    pub fn config(&self) -> &StripeConfig {
        &self.config
    }

    /// Reads a PaymentIntent.
    ///
    /// # Errors
    /// [`PaymentError::Unknown`] for an unknown id, [`PaymentError::Unavailable`] when Stripe
    /// cannot be reached, [`PaymentError::Other`] for anything else.
    pub fn intent(&self, id: &str) -> Result<Intent, PaymentError> {
        self.call(
            reqwest::Method::GET,
            &format!("/v1/payment_intents/{id}"),
            &[],
            None,
        )
    }

    /// Sends one call, retrying a network error, a 429 or a 5xx; `key` is the
    /// `Idempotency-Key` of a POST, the same on every try.
    fn call<T: serde::de::DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        form: &[(&str, String)],
        key: Option<&str>,
    ) -> Result<T, PaymentError> {
        let url = format!("{}{path}", self.config.api_url.trim_end_matches('/'));
        let body = encode_form(form);
        let mut last = PaymentError::Unavailable;
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                std::thread::sleep(Duration::from_millis(200 * u64::from(attempt)));
            }
            let mut request = self
                .client()?
                .request(method.clone(), &url)
                .basic_auth(&self.config.secret_key, Some(""));
            if method == reqwest::Method::POST {
                request = request
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .body(body.clone());
            }
            if let Some(key) = key {
                request = request.header("Idempotency-Key", key);
            }
            let response = match request.send() {
                Ok(response) => response,
                Err(error) => {
                    tracing::warn!(%error, path, attempt, "stripe: no answer");
                    last = PaymentError::Unavailable;
                    continue;
                }
            };
            let status = response.status();
            let text = response.text().unwrap_or_default();
            if status.is_success() {
                return serde_json::from_str(&text)
                    .map_err(|e| PaymentError::Other(format!("stripe answered {path}: {e}")));
            }
            let detail = serde_json::from_str::<ErrorBody>(&text)
                .ok()
                .map(|b| b.error);
            let message = detail
                .as_ref()
                .and_then(|d| d.message.clone())
                .unwrap_or_else(|| status.to_string());
            if status.as_u16() == 429 || status.is_server_error() {
                tracing::warn!(%status, path, attempt, "stripe: try again");
                last = PaymentError::Unavailable;
                continue;
            }
            let missing = detail.and_then(|d| d.code).as_deref() == Some("resource_missing");
            return Err(if status.as_u16() == 404 || missing {
                PaymentError::Unknown
            } else {
                PaymentError::Refused(message)
            });
        }
        Err(last)
    }
}

/// `application/x-www-form-urlencoded`, as Stripe reads its parameters.
fn encode_form(form: &[(&str, String)]) -> String {
    fn escape(text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for byte in text.bytes() {
            match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    out.push(char::from(byte));
                }
                _ => out.push_str(&format!("%{byte:02X}")),
            }
        }
        out
    }
    form.iter()
        .map(|(k, v)| format!("{}={}", escape(k), escape(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Where an intent stands, in the port's words. Only `usd` intents count as money.
#[must_use]
pub fn status_of(intent: &Intent) -> PaymentStatus {
    if intent.currency != CURRENCY {
        return PaymentStatus::Pending;
    }
    match intent.status.as_str() {
        "requires_capture" => PaymentStatus::Authorized {
            amount: Money::from_cents(intent.amount_capturable.unwrap_or(intent.amount)),
        },
        "succeeded" => PaymentStatus::Captured {
            amount: Money::from_cents(intent.amount_received.unwrap_or(intent.amount)),
        },
        "canceled" => PaymentStatus::Voided,
        _ => PaymentStatus::Pending,
    }
}

impl PaymentProvider for StripePayments {
    fn open(&self, request: &PaymentRequest<'_>) -> Result<OpenedPayment, PaymentError> {
        let form = [
            ("amount", request.amount.cents().to_string()),
            ("currency", CURRENCY.to_owned()),
            ("capture_method", "manual".to_owned()),
            ("payment_method_types[]", "card".to_owned()),
            ("metadata[checkout_token]", request.reference.to_owned()),
            (
                "metadata[order_type]",
                request.order_type.as_str().to_owned(),
            ),
            ("metadata[user_id]", request.user.as_str().to_owned()),
        ];
        let key = format!("open-{}", request.reference);
        let intent: Intent = self.call(
            reqwest::Method::POST,
            "/v1/payment_intents",
            &form,
            Some(&key),
        )?;
        let client_secret = intent
            .client_secret
            .ok_or_else(|| PaymentError::Other("stripe sent no client secret".to_owned()))?;
        Ok(OpenedPayment {
            url: crate::window_url(request.reference),
            client: Some(ClientPayment {
                provider: "stripe",
                client_secret,
                payment_id: intent.id.clone(),
                publishable_key: self.config.publishable_key.clone(),
            }),
            provider_ref: intent.id,
        })
    }

    fn status(&self, provider_ref: &str) -> Result<PaymentStatus, PaymentError> {
        Ok(status_of(&self.intent(provider_ref)?))
    }

    fn capture(&self, provider_ref: &str) -> Result<(), PaymentError> {
        let intent = self.intent(provider_ref)?;
        match intent.status.as_str() {
            "succeeded" => Ok(()),
            "requires_capture" => {
                let path = format!("/v1/payment_intents/{provider_ref}/capture");
                let key = format!("capture-{provider_ref}");
                self.call::<Intent>(reqwest::Method::POST, &path, &[], Some(&key))
                    .map(|_| ())
            }
            other => Err(PaymentError::Refused(format!(
                "cannot capture a payment that is {other}"
            ))),
        }
    }

    /// Stripe keeps an idempotency key for 24 hours: a refund asked for again later (a retry
    /// of a pending one) is first looked for among the intent's refunds by the shop's key in
    /// its metadata, so that it is never made twice.
    fn refund(&self, provider_ref: &str, amount: Money, key: &str) -> Result<String, PaymentError> {
        #[derive(Deserialize)]
        struct Created {
            id: String,
            #[serde(default)]
            metadata: std::collections::HashMap<String, String>,
        }
        #[derive(Deserialize)]
        struct Listed {
            data: Vec<Created>,
        }
        let listed: Listed = self.call(
            reqwest::Method::GET,
            &format!("/v1/refunds?payment_intent={provider_ref}&limit=100"),
            &[],
            None,
        )?;
        if let Some(made) = listed
            .data
            .into_iter()
            .find(|r| r.metadata.get("refund").map(String::as_str) == Some(key))
        {
            return Ok(made.id);
        }
        let form = [
            ("payment_intent", provider_ref.to_owned()),
            ("amount", amount.cents().to_string()),
            ("metadata[refund]", key.to_owned()),
        ];
        let key = format!("refund-{key}");
        let created: Created =
            self.call(reqwest::Method::POST, "/v1/refunds", &form, Some(&key))?;
        Ok(created.id)
    }

    /// Puts the card (a PaymentMethod `pm_...`, or a card `card_...`) to the intent and
    /// confirms it: with manual capture, the amount is then authorized, or the bank asks for
    /// 3-D Secure, which the window's Stripe.js does with the client secret.
    fn authorize_card(
        &self,
        provider_ref: &str,
        card_ref: &str,
    ) -> Result<CardAuthorization, PaymentError> {
        let intent = self.intent(provider_ref)?;
        if intent.status != "requires_payment_method" && intent.status != "requires_confirmation" {
            return authorization_of(intent);
        }
        let declined = |e: PaymentError| match e {
            PaymentError::Refused(message) => Ok(CardAuthorization::Declined { message }),
            other => Err(other),
        };
        let path = format!("/v1/payment_intents/{provider_ref}");
        let key = format!("card-{provider_ref}-{card_ref}");
        if let Err(e) = self.call::<Intent>(
            reqwest::Method::POST,
            &path,
            &[("payment_method", card_ref.to_owned())],
            Some(&key),
        ) {
            return declined(e);
        }
        let key = format!("confirm-{provider_ref}-{card_ref}");
        match self.call::<Intent>(
            reqwest::Method::POST,
            &format!("{path}/confirm"),
            &[],
            Some(&key),
        ) {
            Ok(intent) => authorization_of(intent),
            Err(e) => declined(e),
        }
    }

    fn void(&self, provider_ref: &str) -> Result<(), PaymentError> {
        let intent = self.intent(provider_ref)?;
        match intent.status.as_str() {
            "canceled" => Ok(()),
            "succeeded" | "processing" => Err(PaymentError::Refused(format!(
                "cannot cancel a payment that is {}",
                intent.status
            ))),
            _ => {
                let path = format!("/v1/payment_intents/{provider_ref}/cancel");
                let key = format!("cancel-{provider_ref}");
                self.call::<Intent>(reqwest::Method::POST, &path, &[], Some(&key))
                    .map(|_| ())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn intent(status: &str, currency: &str) -> Intent {
        Intent {
            id: "pi_1".into(),
            status: status.into(),
            amount: 1234,
            amount_capturable: None,
            amount_received: None,
            currency: currency.into(),
            client_secret: None,
            metadata: Default::default(),
            last_payment_error: None,
        }
    }

    #[test]
    fn a_card_put_to_an_intent_is_authorized_needs_the_bank_or_is_declined() {
        assert_eq!(
            authorization_of(intent("requires_capture", "usd")),
            Ok(CardAuthorization::Authorized)
        );
        let mut asking = intent("requires_action", "usd");
        asking.client_secret = Some("pi_1_secret_x".into());
        assert_eq!(
            authorization_of(asking),
            Ok(CardAuthorization::ActionRequired {
                client_secret: "pi_1_secret_x".into()
            })
        );
        assert!(authorization_of(intent("requires_action", "usd")).is_err());
        let mut declined = intent("requires_payment_method", "usd");
        assert_eq!(
            authorization_of(declined.clone()),
            Ok(CardAuthorization::Declined {
                message: DECLINED.into()
            })
        );
        declined.last_payment_error = Some(ErrorDetail {
            message: Some("Your card has insufficient funds.".into()),
            code: Some("card_declined".into()),
        });
        assert_eq!(
            authorization_of(declined),
            Ok(CardAuthorization::Declined {
                message: "Your card has insufficient funds.".into()
            })
        );
        assert!(authorization_of(intent("canceled", "usd")).is_err());
    }

    #[test]
    fn only_a_usd_intent_awaiting_capture_is_authorized() {
        let cents = Money::from_cents(1234);
        assert_eq!(
            status_of(&intent("requires_capture", "usd")),
            PaymentStatus::Authorized { amount: cents }
        );
        assert_eq!(
            status_of(&intent("requires_capture", "eur")),
            PaymentStatus::Pending
        );
        assert_eq!(
            status_of(&intent("succeeded", "usd")),
            PaymentStatus::Captured { amount: cents }
        );
        assert_eq!(status_of(&intent("canceled", "usd")), PaymentStatus::Voided);
        for pending in ["requires_payment_method", "requires_action", "processing"] {
            assert_eq!(status_of(&intent(pending, "usd")), PaymentStatus::Pending);
        }
    }

    #[test]
    fn the_form_is_percent_encoded() {
        let form = [("metadata[a]", "x y&z".to_owned()), ("n", "5".to_owned())];
        assert_eq!(encode_form(&form), "metadata%5Ba%5D=x%20y%26z&n=5");
    }
}
