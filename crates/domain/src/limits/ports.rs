//! The store port of the limits' counters.

use std::time::Duration;

use chrono::NaiveDateTime;

use crate::limits::{CounterKey, Rate};
use crate::store::StoreError;

/// Limit counters in the store: one row per counter, changed by one statement per hit, so that
/// every node sharing the store counts in the same place. A counter that says nothing more
/// than a missing one (an allowance back at its full burst, a count whose window has passed)
/// may be removed at any time.
pub trait RateCounts {
    /// Takes one hit from `key`'s allowance under `rate` at `now` (GCRA): true when there was
    /// one; false when there was none, and then nothing changes.
    ///
    /// # Errors
    /// Only the store's failures.
    fn take_hit(
        &mut self,
        key: &CounterKey,
        rate: Rate,
        now: NaiveDateTime,
    ) -> Result<bool, StoreError>;

    /// Adds one hit to `key`'s count and answers the count with it. A count starts again (at
    /// one) when `window` has passed since its last hit.
    ///
    /// # Errors
    /// Only the store's failures.
    fn add_hit(
        &mut self,
        key: &CounterKey,
        window: Duration,
        now: NaiveDateTime,
    ) -> Result<u32, StoreError>;

    /// Removes every counter that says nothing at `now` any more; answers how many.
    ///
    /// # Errors
    /// Only the store's failures.
    fn forget_spent(&mut self, now: NaiveDateTime) -> Result<u64, StoreError>;
}
