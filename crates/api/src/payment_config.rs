//! Which payment provider takes the cards (`SHOP_PAYMENTS`), with its settings, and the
//! provider built from them.

use std::sync::Arc;

use domain::payments::PaymentProvider;
use payments::stripe_config::{origin, StripeConfig, STRIPE_API_URL, STRIPE_JS_URL};
use payments::SandboxPayments;

/// `SHOP_PAYMENTS`: who takes the cards.
#[derive(Debug, Clone, Default)]
pub enum PaymentSettings {
    /// `sandbox` (the default): the shop's own test window, no account needed.
    #[default]
    Sandbox,
    /// `stripe`: Stripe, with the account's keys (`STRIPE_SECRET_KEY`,
    /// `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`) and where its API and Stripe.js are
    /// (`SHOP_STRIPE_API_URL`, `SHOP_STRIPE_JS_URL`; README "Going live with Stripe").
    Stripe(StripeConfig),
}

/// A payment setting that is missing or wrong: the setting's name and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid setting {name}: {reason}")]
pub struct PaymentSettingError {
    /// The setting.
    pub name: &'static str,
    /// Why.
    pub reason: String,
}

impl PaymentSettings {
    /// Reads `SHOP_PAYMENTS` and, for `stripe`, the account's settings through `var` (the
    /// environment, or a test's map).
    ///
    /// # Errors
    /// [`PaymentSettingError`] for another provider name or a missing Stripe key.
    pub fn read(var: impl Fn(&str) -> Option<String>) -> Result<Self, PaymentSettingError> {
        let value = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        match value("SHOP_PAYMENTS").as_deref() {
            None | Some("sandbox") => Ok(Self::Sandbox),
            Some("stripe") => {
                let required = |name: &'static str| {
                    value(name).ok_or_else(|| PaymentSettingError {
                        name,
                        reason: "required with SHOP_PAYMENTS=stripe".to_owned(),
                    })
                };
                let address = |name: &'static str, default: &str| {
                    let url = value(name).unwrap_or_else(|| default.to_owned());
                    match origin(&url) {
                        Some(_) => Ok(url),
                        None => Err(PaymentSettingError {
                            name,
                            reason: format!("{url:?} is not an http(s) address"),
                        }),
                    }
                };
                Ok(Self::Stripe(StripeConfig {
                    secret_key: required("STRIPE_SECRET_KEY")?,
                    publishable_key: required("STRIPE_PUBLISHABLE_KEY")?,
                    webhook_secret: required("STRIPE_WEBHOOK_SECRET")?,
                    api_url: address("SHOP_STRIPE_API_URL", STRIPE_API_URL)?,
                    js_url: address("SHOP_STRIPE_JS_URL", STRIPE_JS_URL)?,
                }))
            }
            Some(other) => Err(PaymentSettingError {
                name: "SHOP_PAYMENTS",
                reason: format!("{other:?} is neither sandbox nor stripe"),
            }),
        }
    }

    /// The account's settings, when Stripe takes the cards: its webhook's signing secret, and
    /// what the payment window's Stripe.js needs.
    #[must_use]
    pub fn stripe(&self) -> Option<Arc<StripeConfig>> {
        match self {
            Self::Sandbox => None,
            Self::Stripe(stripe) => Some(Arc::new(stripe.clone())),
        }
    }

    /// The provider these settings choose; the sandbox also serves its window either way.
    ///
    /// # Errors
    /// [`PaymentSettingError`] when Stripe is chosen but this build has no Stripe (built
    /// without the `stripe` feature, as a first `make run` is).
    pub fn provider(
        &self,
        sandbox: &SandboxPayments,
    ) -> Result<Arc<dyn PaymentProvider>, PaymentSettingError> {
        match self {
            Self::Sandbox => Ok(Arc::new(sandbox.clone())),
            Self::Stripe(stripe) => stripe_provider(stripe),
        }
    }
}

#[cfg(feature = "stripe")]
fn stripe_provider(config: &StripeConfig) -> Result<Arc<dyn PaymentProvider>, PaymentSettingError> {
    Ok(Arc::new(payments::stripe::StripePayments::new(
        config.clone(),
    )))
}

#[cfg(not(feature = "stripe"))]
fn stripe_provider(_: &StripeConfig) -> Result<Arc<dyn PaymentProvider>, PaymentSettingError> {
    Err(PaymentSettingError {
        name: "SHOP_PAYMENTS",
        reason: "this build has no Stripe: build with the default features (make release)"
            .to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> Result<PaymentSettings, PaymentSettingError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        PaymentSettings::read(|name| map.get(name).cloned())
    }

    #[test]
    fn the_sandbox_is_the_default() {
        assert!(matches!(read(&[]), Ok(PaymentSettings::Sandbox)));
        assert!(matches!(
            read(&[("SHOP_PAYMENTS", "sandbox")]),
            Ok(PaymentSettings::Sandbox)
        ));
    }

    #[test]
    fn stripe_without_a_key_names_the_missing_setting() {
        let full = [
            ("SHOP_PAYMENTS", "stripe"),
            ("STRIPE_SECRET_KEY", "sk_test_1"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_test_1"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_1"),
        ];
        let Ok(PaymentSettings::Stripe(s)) = read(&full) else {
            panic!("stripe settings expected");
        };
        assert_eq!(
            (s.api_url.as_str(), s.js_url.as_str()),
            (STRIPE_API_URL, STRIPE_JS_URL)
        );
        assert!(
            !format!("{s:?}").contains("sk_test_1"),
            "the secret key is never printed"
        );
        for missing in 1..full.len() {
            let mut some = full.to_vec();
            let (name, _) = some.remove(missing);
            assert_eq!(read(&some).map(|_| ()).expect_err("refused").name, name);
        }
        assert_eq!(
            read(&[("SHOP_PAYMENTS", "paypal")])
                .map(|_| ())
                .expect_err("refused")
                .name,
            "SHOP_PAYMENTS"
        );
        let mut odd = full.to_vec();
        odd.push(("SHOP_STRIPE_JS_URL", "js.stripe.com/v3/"));
        assert_eq!(
            read(&odd).map(|_| ()).expect_err("refused").name,
            "SHOP_STRIPE_JS_URL"
        );
    }
}
