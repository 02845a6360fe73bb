//! What a limit counter is: its name and key, and the rate it allows.

use std::time::Duration;

/// The limits whose counters the store keeps, each under a name of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LimitName {
    /// Sign-in attempts per client network.
    SignIn,
    /// Failed sign-ins per account.
    SignInFailures,
    /// Registrations per client network.
    Register,
    /// Registrations in all.
    RegisterTotal,
    /// Browser error reports per client network.
    ClientErrors,
    /// "Forgot password" asks per client network.
    Resets,
}

impl LimitName {
    /// The name stored with each counter.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "signIn",
            Self::SignInFailures => "signInFailures",
            Self::Register => "register",
            Self::RegisterTotal => "registerTotal",
            Self::ClientErrors => "clientErrors",
            Self::Resets => "resets",
        }
    }
}

/// One counter: a limit and what it counts, as a fixed-size hash chosen by the caller (never
/// a client's address or e-mail as such, whatever their length).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CounterKey {
    /// The limit.
    pub limit: LimitName,
    /// The hash of what the limit counts (a network, an account; zeros for a limit in all).
    pub hash: [u8; 16],
}

/// A rate as the generic cell rate algorithm counts it: a burst of `burst` hits, refilled
/// evenly over `per` (one hit back every `per / burst`), so no window edge lets twice the
/// burst through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    burst: u32,
    per: Duration,
}

impl Rate {
    /// `limit` hits per `per` (at least one).
    #[must_use]
    pub fn new(limit: u32, per: Duration) -> Self {
        Rate {
            burst: limit.max(1),
            per,
        }
    }

    /// The burst: how many hits a fresh counter allows at once.
    #[must_use]
    pub fn burst(self) -> u32 {
        self.burst
    }

    /// Microseconds between two refills (at least one).
    #[must_use]
    pub fn interval_us(self) -> i64 {
        let us = self.per.as_micros() / u128::from(self.burst);
        i64::try_from(us).unwrap_or(i64::MAX).max(1)
    }

    /// How far ahead of the present a counter's theoretical arrival time may run: `burst`
    /// intervals. A hit is allowed when its arrival time, one interval later than the
    /// counter's (or the present's, whichever is later), stays within it.
    #[must_use]
    pub fn tolerance_us(self) -> i64 {
        self.interval_us().saturating_mul(i64::from(self.burst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_spreads_its_window_over_its_burst() {
        let rate = Rate::new(10, Duration::from_secs(60));
        assert_eq!(rate.interval_us(), 6_000_000);
        assert_eq!(rate.tolerance_us(), 60_000_000);
        // No limit is below one, and no interval is zero.
        let none = Rate::new(0, Duration::from_nanos(10));
        assert_eq!((none.burst(), none.interval_us()), (1, 1));
        let huge = Rate::new(1, Duration::MAX);
        assert_eq!(huge.tolerance_us(), i64::MAX);
    }

    #[test]
    fn limit_names_are_distinct() {
        let names = [
            LimitName::SignIn,
            LimitName::SignInFailures,
            LimitName::Register,
            LimitName::RegisterTotal,
            LimitName::ClientErrors,
            LimitName::Resets,
        ];
        let mut stored: Vec<_> = names.iter().map(|n| n.as_str()).collect();
        stored.sort_unstable();
        stored.dedup();
        assert_eq!(stored.len(), names.len());
    }
}
