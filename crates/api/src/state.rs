//! Shared application state handed to every handler.

use std::sync::Arc;

use auth::{Passwords, Tokens};
use persistence::{Conn, Db};

use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::rate_limit::RateLimiter;

/// What handlers share. Cheap to clone (everything is behind `Arc` or a pool).
#[derive(Clone)]
pub struct AppState {
    /// The database pool.
    pub db: Db,
    /// Token issuing and verification.
    pub tokens: Arc<Tokens>,
    /// Password hashing.
    pub passwords: Arc<Passwords>,
    /// Sign-in attempts per client address.
    pub login_limiter: Arc<RateLimiter>,
    /// Request counters for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Take client addresses from `X-Forwarded-For`.
    pub trust_proxy: bool,
}

impl AppState {
    /// Runs blocking database work on the blocking thread pool, inside the current tracing
    /// span, with one pooled connection. One use case is one call.
    ///
    /// # Errors
    /// Whatever `work` returns; 503 when no connection can be had; 500 if the task panics.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&mut Conn) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let db = self.db.clone();
        blocking(move || {
            let mut conn = db.get()?;
            work(&mut conn)
        })
        .await
    }
}

/// Runs CPU-heavy or blocking work (argon2, diesel) off the async workers, keeping the span.
///
/// # Errors
/// Whatever `work` returns, or 500 if the task could not run.
pub async fn blocking<T, F>(work: F) -> Result<T, ApiError>
where
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    T: Send + 'static,
{
    let span = tracing::Span::current();
    actix_web::web::block(move || span.in_scope(work))
        .await
        .map_err(ApiError::internal)?
}
