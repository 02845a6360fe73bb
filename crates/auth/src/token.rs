//! Signed session tokens: HS256 JWTs carrying the user id and role, valid for 24 hours.

use chrono::Utc;
use domain::users::Role;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// How long a session token lives (storefront.md §9: session 24 hours).
pub const SESSION_HOURS: i64 = 24;

/// What a token carries: the user id and role only (decisions.md "Accounts and roles").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The user's role when the token was issued.
    pub role: Role,
    /// Issued at, seconds since the epoch.
    pub iat: i64,
    /// Expires at, seconds since the epoch.
    pub exp: i64,
    /// The user's token version when the token was issued (a password reset moves it on).
    #[serde(default)]
    pub ver: i32,
}

/// A token that must not be trusted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Past its expiry.
    #[error("token expired")]
    Expired,
    /// Bad signature, wrong algorithm, malformed, or missing claims.
    #[error("token invalid")]
    Invalid,
    /// Signing failed.
    #[error("token could not be signed: {0}")]
    Signing(String),
}

/// Issues and verifies tokens with one HMAC secret.
#[derive(Clone)]
pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime_seconds: i64,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens")
            .field("lifetime_seconds", &self.lifetime_seconds)
            .finish_non_exhaustive()
    }
}

impl Tokens {
    /// Tokens signed with `secret` (at least 32 bytes is recommended), living 24 hours.
    #[must_use]
    pub fn new(secret: &[u8]) -> Self {
        Self::with_lifetime(secret, SESSION_HOURS * 3600)
    }

    /// Tokens with a custom lifetime in seconds (tests use a short or negative one).
    #[must_use]
    pub fn with_lifetime(secret: &[u8], lifetime_seconds: i64) -> Self {
        // Only HS256 is accepted, so `alg: none` and algorithm-confusion tokens fail.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Tokens {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime_seconds,
        }
    }

    /// Signs a token for `user_id` with `role`, valid from now for the configured lifetime.
    ///
    /// # Errors
    /// [`TokenError::Signing`] if the token cannot be encoded.
    pub fn issue(&self, user_id: &str, role: Role, version: i32) -> Result<String, TokenError> {
        let now = Utc::now().timestamp();
        let claims = Claims {
            sub: user_id.to_owned(),
            role,
            iat: now,
            exp: now + self.lifetime_seconds,
            ver: version,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| TokenError::Signing(e.to_string()))
    }

    /// Checks signature, algorithm and expiry, and returns the claims.
    ///
    /// # Errors
    /// [`TokenError::Expired`] past expiry, [`TokenError::Invalid`] for anything else wrong.
    pub fn verify(&self, token: &str) -> Result<Claims, TokenError> {
        decode::<Claims>(token, &self.decoding, &self.validation)
            .map(|data| data.claims)
            .map_err(|e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    const SECRET: &[u8] = b"a-test-secret-that-is-long-enough-1234";

    fn b64(v: &serde_json::Value) -> String {
        URL_SAFE_NO_PAD.encode(v.to_string())
    }

    #[test]
    fn an_issued_token_verifies_with_its_claims() {
        let t = Tokens::new(SECRET);
        let token = t.issue("user-1", Role::Admin, 0).expect("issue");
        let c = t.verify(&token).expect("verify");
        assert_eq!((c.sub.as_str(), c.role), ("user-1", Role::Admin));
        assert_eq!(c.exp - c.iat, 24 * 3600);
    }

    #[test]
    fn an_expired_token_is_refused() {
        let t = Tokens::with_lifetime(SECRET, -10);
        let token = t.issue("u", Role::User, 0).expect("issue");
        assert_eq!(t.verify(&token), Err(TokenError::Expired));
    }

    #[test]
    fn a_token_signed_with_another_secret_is_refused() {
        let token = Tokens::new(b"another-secret-another-secret-000")
            .issue("u", Role::Admin, 0)
            .expect("issue");
        assert_eq!(Tokens::new(SECRET).verify(&token), Err(TokenError::Invalid));
    }

    #[test]
    fn alg_none_and_tampered_payloads_are_refused() {
        let t = Tokens::new(SECRET);
        let exp = Utc::now().timestamp() + 3600;
        let payload = serde_json::json!({"sub": "u", "role": "ADMIN", "iat": 0, "exp": exp});
        let none = format!(
            "{}.{}.",
            b64(&serde_json::json!({"alg": "none", "typ": "JWT"})),
            b64(&payload)
        );
        assert_eq!(t.verify(&none), Err(TokenError::Invalid));

        let user_token = t.issue("u", Role::User, 0).expect("issue");
        let parts: Vec<&str> = user_token.split('.').collect();
        let forged = format!("{}.{}.{}", parts[0], b64(&payload), parts[2]);
        assert_eq!(t.verify(&forged), Err(TokenError::Invalid));
        assert_eq!(t.verify("garbage"), Err(TokenError::Invalid));
        assert_eq!(t.verify(""), Err(TokenError::Invalid));
    }
}
