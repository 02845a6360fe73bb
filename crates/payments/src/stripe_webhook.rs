//! Stripe's webhook signatures (<https://docs.stripe.com/webhooks#verify-manually>): the
//! `Stripe-Signature` header carries a timestamp `t` and one or more `v1` signatures, each an
//! HMAC-SHA256 of `{t}.{body}` under the endpoint's signing secret. An event is believed only
//! when one signature matches (compared in constant time) and `t` is within five minutes of
//! now, so that a captured request cannot be replayed later.

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// How far the signature's timestamp may be from now, in seconds.
pub const TOLERANCE_SECONDS: i64 = 300;

/// A webhook event whose signature was checked: what the shop reads of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    /// `evt_...`.
    pub id: String,
    /// Its type (`payment_intent.succeeded`, ...), recorded, never trusted.
    pub kind: String,
    /// The PaymentIntent it is about, if any: the object itself, or the object's
    /// `payment_intent` (a charge, a refund).
    pub payment_intent: Option<String>,
}

/// Why a webhook request is not believed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    /// No `Stripe-Signature` header, or one without `t` and `v1`.
    #[error("missing or malformed Stripe-Signature header")]
    NoSignature,
    /// No signature matches the body under the secret.
    #[error("the signature does not match")]
    BadSignature,
    /// The timestamp is more than five minutes away from now.
    #[error("the signature's timestamp is outside the tolerance")]
    Stale,
    /// The body is not an event.
    #[error("the body is not a Stripe event")]
    NotAnEvent,
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    object: Option<String>,
    #[serde(default)]
    payment_intent: Option<String>,
}

/// Checks `header` (the `Stripe-Signature` value) against `body` under `secret` at `now`
/// (Unix seconds) and reads the event.
///
/// # Errors
/// [`WebhookError`] when the request is not believed or not an event.
pub fn verify(
    secret: &str,
    header: Option<&str>,
    body: &[u8],
    now: i64,
) -> Result<WebhookEvent, WebhookError> {
    let header = header.ok_or(WebhookError::NoSignature)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.extend(hex::decode(v).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(WebhookError::NoSignature)?;
    if signatures.is_empty() {
        return Err(WebhookError::NoSignature);
    }
    let matches = signatures.iter().any(|signature| {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
            return false;
        };
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        // Constant-time comparison.
        mac.verify_slice(signature).is_ok()
    });
    if !matches {
        return Err(WebhookError::BadSignature);
    }
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(WebhookError::Stale);
    }
    let event: Event = serde_json::from_slice(body).map_err(|_| WebhookError::NotAnEvent)?;
    let object = event.data.object;
    let payment_intent = match object.object.as_deref() {
        Some("payment_intent") => object.id,
        _ => object.payment_intent,
    };
    Ok(WebhookEvent {
        id: event.id,
        kind: event.kind,
        payment_intent,
    })
}

/// The `Stripe-Signature` header Stripe would send for `body` at `timestamp` (for tests and
/// tools that replay events).
#[must_use]
pub fn sign(secret: &str, body: &[u8], timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","object":"payment_intent"}}}"#;

    #[test]
    fn a_signed_fresh_event_is_read() {
        let header = sign(SECRET, BODY, 1_000);
        let event = verify(SECRET, Some(&header), BODY, 1_100).expect("believed");
        assert_eq!(event.id, "evt_1");
        assert_eq!(event.payment_intent.as_deref(), Some("pi_1"));
    }

    #[test]
    fn a_wrong_secret_a_changed_body_or_an_old_timestamp_is_refused() {
        let header = sign(SECRET, BODY, 1_000);
        assert_eq!(
            verify("whsec_other", Some(&header), BODY, 1_000),
            Err(WebhookError::BadSignature)
        );
        let changed = br#"{"id":"evt_2","type":"x","data":{"object":{}}}"#;
        assert_eq!(
            verify(SECRET, Some(&header), changed, 1_000),
            Err(WebhookError::BadSignature)
        );
        assert_eq!(
            verify(SECRET, Some(&header), BODY, 1_000 + TOLERANCE_SECONDS + 1),
            Err(WebhookError::Stale)
        );
        for bad in [
            None,
            Some(""),
            Some("t=1000"),
            Some("v1=00"),
            Some("t=x,v1=zz"),
        ] {
            assert_eq!(
                verify(SECRET, bad, BODY, 1_000),
                Err(WebhookError::NoSignature)
            );
        }
    }

    #[test]
    fn any_one_of_several_signatures_may_match() {
        let good = sign(SECRET, BODY, 1_000);
        let header = format!("t=1000,v1={},{}", "ab".repeat(32), &good[7..]);
        assert!(verify(SECRET, Some(&header), BODY, 1_000).is_ok());
    }
}
