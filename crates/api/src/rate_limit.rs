//! A fixed-window rate limiter keyed by client address (sign-in attempts).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Allows `limit` hits per `window` for each key. One instance is shared by all workers.
#[derive(Debug)]
pub struct RateLimiter {
    limit: u32,
    window: Duration,
    hits: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl RateLimiter {
    /// `limit` hits per `window` per address.
    #[must_use]
    pub fn new(limit: u32, window: Duration) -> Self {
        RateLimiter {
            limit,
            window,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one hit for `key`; false when the key is over its limit in this window.
    pub fn check(&self, key: IpAddr) -> bool {
        let now = Instant::now();
        let mut hits = self
            .hits
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if hits.len() > 100_000 {
            // Bound memory under an address-spraying attack: forget finished windows.
            let window = self.window;
            hits.retain(|_, (start, _)| now.duration_since(*start) < window);
        }
        let entry = hits.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
        entry.1 <= self.limit
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
