//! Calls to the shop: one request, its answer or a [`CallError`], retries of busy sign-ins and
//! fields read from a JSON answer.

use std::time::Duration;

use reqwest::Method;
use serde_json::Value;

/// A call that did not answer 2xx.
#[derive(Debug, Clone)]
pub enum CallError {
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

pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
    /// With Stripe as the shop's provider: the emulator (localstripe) whose Stripe.js the
    /// buyer's payment window would use, and the publishable key it uses.
    pub stripe: Option<(String, String)>,
}

impl Api {
    pub async fn call(
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

    pub async fn json(
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

pub fn message_of(body: &[u8]) -> String {
    let text = serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("message").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_else(|| String::from_utf8_lossy(body).into_owned());
    text.chars().take(200).collect()
}

/// Retries a sign-up or sign-in call the server turned away for being busy (503: the password
/// hashing pool is full) or rate limited (429).
pub async fn with_retries<T, F, Fut>(mut f: F) -> Result<T, CallError>
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

pub fn field<'a>(v: &'a Value, path: &[&str]) -> Result<&'a Value, String> {
    path.iter()
        .try_fold(v, |v, k| v.get(*k))
        .filter(|v| !v.is_null())
        .ok_or_else(|| format!("answer without {}: {v}", path.join(".")))
}

pub fn string_at(v: &Value, path: &[&str]) -> Result<String, String> {
    field(v, path)?
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("{} is not a string", path.join(".")))
}
