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
