//! Shared application state handed to every handler: the driven adapters, wired once.

use std::sync::Arc;

use auth::{Passwords, Tokens};
use domain::checkout::CheckoutLimits;
use domain::notifications::Mailing;
use domain::payments::PaymentProvider;
use payments::stripe_config::StripeConfig;
use payments::SandboxPayments;
use persistence::Db;

use crate::client::ProxyTrust;
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::rate_limit::Limits;

/// The store adapter the API runs on (implements `domain::store::Store`).
pub type Store = Db;

/// The transaction value of [`Store`], handed to catalogue reads: the domain's ports only.
pub type Tx<'a> = <Store as domain::store::Store>::Tx<'a>;

/// What handlers share. Cheap to clone (everything is behind `Arc` or a pool).
#[derive(Clone)]
pub struct AppState {
    /// The database (the domain's `Store` port).
    pub store: Store,
    /// Token issuing and verification (the domain's `TokenService` port).
    pub tokens: Arc<Tokens>,
    /// Password hashing (the domain's `PasswordHasher` port).
    pub passwords: Arc<Passwords>,
    /// The request limits (sign-in, registration, resets, error reports).
    pub limits: Arc<Limits>,
    /// Request counters for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Which peers' forwarding headers name the client.
    pub proxies: Arc<ProxyTrust>,
    /// The payment provider (the domain's `PaymentProvider` port).
    pub payments: Arc<dyn PaymentProvider>,
    /// The sandbox provider's window (`/pay/{token}`) and card form; the built-in provider.
    pub sandbox: SandboxPayments,
    /// With Stripe as the provider: its settings (the webhook's signing secret, the payment
    /// window's Stripe.js and publishable key).
    pub stripe: Option<Arc<StripeConfig>>,
    /// What mails say of the shop (its name, links, the shop's own address).
    pub mailing: Arc<Mailing>,
    /// Payment sessions per account per hour and items one account may hold of a variant.
    pub checkout_limits: CheckoutLimits,
}

impl AppState {
    /// Runs one use case (blocking: diesel, argon2) off the async workers, as part of the
    /// current request ([`crate::request_scope`]). The closure gets the state; its error is
    /// mapped to an answer.
    ///
    /// # Errors
    /// Whatever `work` returns (converted into [`ApiError`]); 500 if the task panics.
    pub async fn call<T, E, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&AppState) -> Result<T, E> + Send + 'static,
        E: Into<ApiError>,
        T: Send + 'static,
    {
        let state = self.clone();
        blocking(move || work(&state).map_err(Into::into)).await
    }
}

impl AppState {
    /// Runs one short read use case (a catalogue miss, a cart): right here on the async
    /// worker when the store can answer without waiting ([`Db::reads_without_waiting`]: SQLite
    /// with an idle connection), otherwise as [`Self::call`]. A SQLite read of a page or a
    /// cart is tens of microseconds of CPU, less than the two thread switches of handing it to
    /// the blocking pool, which were most of a cart read's cost and its tail latency.
    ///
    /// # Errors
    /// Whatever `work` returns (converted into [`ApiError`]); 500 if it panics.
    pub async fn read<T, E, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&AppState) -> Result<T, E> + Send + 'static,
        E: Into<ApiError>,
        T: Send + 'static,
    {
        self.read_here_if(self.store.reads_without_waiting(), work)
            .await
    }

    /// Runs a check of the request limits: right here when they count in memory (a map
    /// lookup), on the blocking pool when they count in the database (PostgreSQL: see
    /// [`Limits::counts_in_store`]), never a database call on an async worker.
    ///
    /// # Errors
    /// 500 if the check panics or the blocking pool cannot run it.
    pub async fn limit<T, F>(&self, check: F) -> Result<T, ApiError>
    where
        F: FnOnce(&Limits) -> T + Send + 'static,
        T: Send + 'static,
    {
        if !self.limits.counts_in_store() {
            return Ok(check(&self.limits));
        }
        let limits = Arc::clone(&self.limits);
        blocking(move || Ok(check(&limits))).await
    }

    /// Runs one short read use case right here on the async worker when `here` (the caller
    /// knows it will not wait: see [`Self::read`]), otherwise as [`Self::call`].
    ///
    /// # Errors
    /// Whatever `work` returns (converted into [`ApiError`]); 500 if it panics.
    pub async fn read_here_if<T, E, F>(&self, here: bool, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&AppState) -> Result<T, E> + Send + 'static,
        E: Into<ApiError>,
        T: Send + 'static,
    {
        if here {
            return std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(self)))
                .map_err(|_| ApiError::internal("a read panicked"))?
                .map_err(Into::into);
        }
        self.call(work).await
    }
}

/// Runs CPU-heavy or blocking work (argon2, diesel) off the async workers, as part of the
/// caller's request (its log lines name it);
/// when its writes moved the catalogue version, the request's answer says so
/// ([`crate::read_your_writes`]).
///
/// # Errors
/// Whatever `work` returns, or 500 if the task could not run.
pub async fn blocking<T, F>(work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let request = crate::request_scope::current();
    let (done, moved) = actix_web::web::block(move || {
        // A write on this thread before (outside any request) is none of this call's.
        let _earlier = persistence::take_moved_version();
        let done = crate::request_scope::within(request, work);
        (done, persistence::take_moved_version())
    })
    .await
    .map_err(ApiError::internal)?;
    if let Some(version) = moved {
        // The answer names the catalogue version this call's writes produced.
        crate::read_your_writes::produced(version);
    }
    done
}
