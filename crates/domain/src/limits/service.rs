//! The limits' use cases: each one write on the store.

use std::time::Duration;

use chrono::NaiveDateTime;

use crate::limits::{CounterKey, Rate, RateCounts};
use crate::store::{Store, StoreError};

/// Takes one hit from each counter in turn, stopping at the first without one: true when every
/// counter had one. The hits taken before a refusal stay taken (a registration refused for the
/// shop's total still spends its network's allowance, as the in-memory limits do).
///
/// # Errors
/// Only the store's failures.
pub fn take_hits(
    store: &impl Store,
    counters: &[(CounterKey, Rate)],
    now: NaiveDateTime,
) -> Result<bool, StoreError> {
    store.write(|tx| {
        for (key, rate) in counters {
            if !tx.take_hit(key, *rate, now)? {
                return Ok(false);
            }
        }
        Ok(true)
    })
}

/// Adds one hit to `key`'s count (one that starts again after a quiet `window`); answers the
/// count with it.
///
/// # Errors
/// Only the store's failures.
pub fn add_hit(
    store: &impl Store,
    key: &CounterKey,
    window: Duration,
    now: NaiveDateTime,
) -> Result<u32, StoreError> {
    store.write(|tx| tx.add_hit(key, window, now))
}

/// Removes the counters that say nothing at `now` any more; answers how many.
///
/// # Errors
/// Only the store's failures.
pub fn forget_spent(store: &impl Store, now: NaiveDateTime) -> Result<u64, StoreError> {
    store.write(|tx| tx.forget_spent(now))
}
