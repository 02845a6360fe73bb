//! The Stripe account's settings: always built (the api reads them from the environment and
//! checks them whether or not this build has the `stripe` feature's client).

/// Stripe's own API, the default of [`StripeConfig::api_url`].
pub const STRIPE_API_URL: &str = "https://api.stripe.com";
/// Stripe.js v3, the default of [`StripeConfig::js_url`].
pub const STRIPE_JS_URL: &str = "https://js.stripe.com/v3/";

/// The shop's Stripe account and where its API and Stripe.js are.
#[derive(Clone)]
pub struct StripeConfig {
    /// The secret API key (`sk_...`): the server's calls.
    pub secret_key: String,
    /// The publishable key (`pk_...`): what Stripe.js in the browser uses.
    pub publishable_key: String,
    /// The signing secret of the webhook endpoint (`whsec_...`).
    pub webhook_secret: String,
    /// The API's base address, without a trailing slash ([`STRIPE_API_URL`]; tests point it at
    /// an emulator).
    pub api_url: String,
    /// Where the browser loads Stripe.js from ([`STRIPE_JS_URL`]).
    pub js_url: String,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig")
            .field("publishable_key", &self.publishable_key)
            .field("api_url", &self.api_url)
            .field("js_url", &self.js_url)
            .finish_non_exhaustive()
    }
}

/// Where Stripe's 3-D Secure pages are framed from when Stripe.js is Stripe's own.
pub const STRIPE_HOOKS_ORIGIN: &str = "https://hooks.stripe.com";

impl StripeConfig {
    /// The Content-Security-Policy of the payment window: this origin and Stripe.js's only.
    /// Scripts and frames may come from Stripe.js's origin, and the page may call it and the
    /// API's origin (Stripe.js talks to Stripe's API). With Stripe's own Stripe.js, frames may
    /// also come from [`STRIPE_HOOKS_ORIGIN`], where Stripe shows a bank's 3-D Secure page.
    /// `None` when either address has no `http(s)://host` origin.
    #[must_use]
    pub fn window_policy(&self) -> Option<String> {
        let js = origin(&self.js_url)?;
        let api = origin(&self.api_url)?;
        let frames = if js == origin(STRIPE_JS_URL)? {
            format!("{js} {STRIPE_HOOKS_ORIGIN}")
        } else {
            js.clone()
        };
        let connect = if api == js {
            js.clone()
        } else {
            format!("{js} {api}")
        };
        Some(format!(
            "default-src 'self'; script-src 'self' {js}; frame-src {frames}; \
connect-src 'self' {connect}; style-src 'self' 'unsafe-inline'; img-src 'self' data: {js}; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
        ))
    }
}

/// `scheme://host[:port]` of an `http` or `https` address, lower-cased; `None` for anything
/// else (no scheme, another scheme, no host, or characters a policy could be broken with).
#[must_use]
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest.split(['/', '?', '#']).next()?;
    let clean = !host.is_empty()
        && !host.contains('@')
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    clean.then(|| format!("{scheme}://{}", host.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(api_url: &str, js_url: &str) -> StripeConfig {
        StripeConfig {
            secret_key: "sk_test".into(),
            publishable_key: "pk_test".into(),
            webhook_secret: "whsec".into(),
            api_url: api_url.into(),
            js_url: js_url.into(),
        }
    }

    #[test]
    fn an_origin_is_scheme_and_host_of_a_web_address_only() {
        assert_eq!(
            origin("https://js.stripe.com/v3/").as_deref(),
            Some("https://js.stripe.com")
        );
        assert_eq!(
            origin("http://127.0.0.1:8420/js.stripe.com/v3/").as_deref(),
            Some("http://127.0.0.1:8420")
        );
        assert_eq!(
            origin("HTTPS://API.Stripe.com").as_deref(),
            Some("https://api.stripe.com")
        );
        assert_eq!(origin("javascript:alert(1)"), None);
        assert_eq!(origin("ftp://js.stripe.com/"), None);
        assert_eq!(origin("https://"), None);
        assert_eq!(origin("https://a.com;script-src *"), None);
        assert_eq!(origin("https://user@evil.com/"), None);
    }

    #[test]
    fn the_window_may_load_scripts_and_frames_from_stripe_js_alone() {
        let stripe = config(STRIPE_API_URL, STRIPE_JS_URL)
            .window_policy()
            .expect("a policy");
        assert!(stripe.contains("script-src 'self' https://js.stripe.com;"));
        assert!(stripe.contains("frame-src https://js.stripe.com https://hooks.stripe.com;"));
        assert!(stripe.contains("connect-src 'self' https://js.stripe.com https://api.stripe.com;"));
        let emulator = config("http://127.0.0.1:9", "http://127.0.0.1:9/js.stripe.com/v3/")
            .window_policy()
            .expect("a policy");
        assert!(emulator.contains("script-src 'self' http://127.0.0.1:9;"));
        assert!(emulator.contains("frame-src http://127.0.0.1:9;"));
        assert!(emulator.contains("connect-src 'self' http://127.0.0.1:9;"));
        assert!(!emulator.contains('*'));
        assert_eq!(
            config(STRIPE_API_URL, "js.stripe.com").window_policy(),
            None
        );
    }
}
