//! Sign-in attempts per client address, limited with `governor` (GCRA: a burst of `limit`
//! attempts, then one more each `window / limit`). One instance is built at start-up and
//! shared by every worker, so the limit holds for the whole server.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota};

/// Addresses remembered before the ones that are back at a full burst are forgotten.
const FORGET_ABOVE: usize = 100_000;

/// Allows `limit` hits per `window` for each address.
#[derive(Debug)]
pub struct RateLimiter {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl RateLimiter {
    /// `limit` hits per `window` per address (at least one).
    #[must_use]
    pub fn new(limit: u32, window: Duration) -> Self {
        let burst = NonZeroU32::new(limit).unwrap_or(NonZeroU32::MIN);
        let period = (window / burst.get()).max(Duration::from_nanos(1));
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        RateLimiter {
            limiter: DefaultKeyedRateLimiter::keyed(quota),
        }
    }

    /// Counts one hit for `key`; false when the key is over its limit.
    pub fn check(&self, key: IpAddr) -> bool {
        if self.limiter.len() > FORGET_ABOVE {
            // Bound memory under an address-spraying attack.
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&key).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_per_address_and_per_window() {
        let l = RateLimiter::new(2, Duration::from_millis(50));
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        assert!(l.check(a) && l.check(a));
        assert!(!l.check(a));
        assert!(l.check(b));
        std::thread::sleep(Duration::from_millis(60));
        assert!(l.check(a));
    }
}
