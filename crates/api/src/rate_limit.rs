//! Request limits, with `governor` (GCRA: a burst, then a steady refill, so no window edge
//! lets twice the limit through). Built once at start-up and shared by every worker, so a
//! limit holds for the whole server.
//!
//! - sign-in attempts per client address (`SHOP_LOGIN_RATE_LIMIT` per minute) and per account
//!   (`SHOP_ACCOUNT_LOGIN_RATE_LIMIT` per hour: guessing one account's password from many
//!   addresses is slowed down too);
//! - registrations per client address (`SHOP_REGISTER_RATE_LIMIT` per hour) and in all
//!   (`SHOP_REGISTER_RATE_LIMIT_TOTAL` per hour);
//! - browser error reports (`POST /api/client-errors`) per client address
//!   (`SHOP_CLIENT_ERROR_RATE_LIMIT` per minute): a page in a crash loop, or anyone with curl,
//!   cannot flood the logs.
//!
//! Client addresses are keyed by network: an IPv4 address as is, an IPv6 address by its /64
//! (one subscriber gets a whole /64, so per-address counters would be free to evade). The
//! maps are bounded: past [`FORGET_ABOVE`] keys, those back at a full burst are dropped.

use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::time::Duration;

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};

/// Keys a limiter remembers before the ones back at a full burst are forgotten.
pub const FORGET_ABOVE: usize = 100_000;

/// `limit` per `per` as a GCRA quota: a burst of `limit`, refilled evenly over `per`.
fn quota(limit: u32, per: Duration) -> Quota {
    let burst = NonZeroU32::new(limit).unwrap_or(NonZeroU32::MIN);
    let period = (per / burst.get()).max(Duration::from_nanos(1));
    Quota::with_period(period)
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
        .allow_burst(burst)
}

/// A limit per key (an address network, an account).
#[derive(Debug)]
pub struct RateLimiter<K: Hash + Eq + Clone = IpAddr> {
    limiter: DefaultKeyedRateLimiter<K>,
}

impl<K: Hash + Eq + Clone> RateLimiter<K> {
    /// `limit` hits per `window` for each key (at least one).
    #[must_use]
    pub fn new(limit: u32, window: Duration) -> Self {
        RateLimiter {
            limiter: DefaultKeyedRateLimiter::keyed(quota(limit, window)),
        }
    }

    /// Counts one hit for `key`; false when the key is over its limit.
    pub fn check(&self, key: &K) -> bool {
        if self.limiter.len() > FORGET_ABOVE {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(key).is_ok()
    }

    /// Keys remembered (tests).
    #[must_use]
    pub fn len(&self) -> usize {
        self.limiter.len()
    }

    /// Whether no key is remembered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The key of a client address: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6
/// by its /64 network.
#[must_use]
pub fn network_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(bits))
            }
        },
    }
}

/// Every limit of the server.
#[derive(Debug)]
pub struct Limits {
    sign_in_per_address: RateLimiter,
    sign_in_per_account: RateLimiter<String>,
    register_per_address: RateLimiter,
    register_total: DefaultDirectRateLimiter,
    client_errors_per_address: RateLimiter,
}

/// How many of each per window (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitSettings {
    /// Sign-in attempts per client network per minute.
    pub sign_in_per_minute: u32,
    /// Sign-in attempts per account per hour.
    pub sign_in_per_account_per_hour: u32,
    /// Registrations per client network per hour.
    pub register_per_hour: u32,
    /// Registrations per hour in all.
    pub register_total_per_hour: u32,
    /// Browser error reports per client network per minute.
    pub client_errors_per_minute: u32,
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

impl Limits {
    /// The limits of `settings`.
    #[must_use]
    pub fn new(settings: LimitSettings) -> Self {
        Limits {
            sign_in_per_address: RateLimiter::new(settings.sign_in_per_minute, MINUTE),
            sign_in_per_account: RateLimiter::new(settings.sign_in_per_account_per_hour, HOUR),
            register_per_address: RateLimiter::new(settings.register_per_hour, HOUR),
            register_total: DefaultDirectRateLimiter::direct(quota(
                settings.register_total_per_hour,
                HOUR,
            )),
            client_errors_per_address: RateLimiter::new(settings.client_errors_per_minute, MINUTE),
        }
    }

    /// Counts a sign-in attempt from `client` for the account `email` (normalised as accounts
    /// are stored, so a full-width spelling is the same account); false
    /// when either is over its limit. The address is counted first, so a sprayer of accounts
    /// is stopped by its address before it touches every account's counter.
    pub fn sign_in(&self, client: IpAddr, email: &str) -> bool {
        self.sign_in_per_address.check(&network_of(client))
            && self
                .sign_in_per_account
                .check(&domain::account::normalize_email(email))
    }

    /// Counts a registration from `client`; false when its network or the server is over its
    /// limit.
    pub fn register(&self, client: IpAddr) -> bool {
        self.register_per_address.check(&network_of(client)) && self.register_total.check().is_ok()
    }

    /// Counts a browser error report from `client`; false when its network is over its limit.
    pub fn client_error(&self, client: IpAddr) -> bool {
        self.client_errors_per_address.check(&network_of(client))
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
        assert!(l.check(&a) && l.check(&a));
        assert!(!l.check(&a));
        assert!(l.check(&b));
        std::thread::sleep(Duration::from_millis(60));
        assert!(l.check(&a));
    }

    #[test]
    fn an_ipv6_slash_64_is_one_client() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
        let same: IpAddr = "2001:db8:1:2:ffff:ffff:ffff:ffff".parse().expect("ip");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(network_of(one), network_of(same));
        assert_ne!(network_of(one), network_of(other));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().expect("ip");
        assert_eq!(network_of(mapped), IpAddr::from([10, 0, 0, 1]));

        let limits = Limits::new(LimitSettings {
            sign_in_per_minute: 2,
            sign_in_per_account_per_hour: 100,
            register_per_hour: 100,
            register_total_per_hour: 100,
            client_errors_per_minute: 100,
        });
        // Fresh addresses inside one /64 share one counter.
        assert!(limits.sign_in(one, "a@example.com"));
        assert!(limits.sign_in(same, "b@example.com"));
        assert!(!limits.sign_in("2001:db8:1:2::9".parse().expect("ip"), "c@example.com"));
        assert!(limits.sign_in(other, "d@example.com"));
    }

    #[test]
    fn one_account_is_limited_whatever_the_address() {
        let limits = Limits::new(LimitSettings {
            sign_in_per_minute: 100,
            sign_in_per_account_per_hour: 3,
            register_per_hour: 100,
            register_total_per_hour: 100,
            client_errors_per_minute: 100,
        });
        for i in 0..3u8 {
            assert!(limits.sign_in(IpAddr::from([10, 0, 1, i]), "Victim@Example.com"));
        }
        assert!(!limits.sign_in(IpAddr::from([10, 0, 2, 1]), "victim@example.com "));
        assert!(!limits.sign_in(IpAddr::from([10, 0, 2, 2]), "ｖｉｃｔｉｍ@example.com"));
        assert!(limits.sign_in(IpAddr::from([10, 0, 2, 1]), "someone@example.com"));
    }

    #[test]
    fn registrations_are_limited_per_address_and_in_all() {
        let limits = Limits::new(LimitSettings {
            sign_in_per_minute: 100,
            sign_in_per_account_per_hour: 100,
            register_per_hour: 2,
            register_total_per_hour: 3,
            client_errors_per_minute: 100,
        });
        let a = IpAddr::from([10, 0, 0, 1]);
        assert!(limits.register(a) && limits.register(a));
        assert!(!limits.register(a), "per address");
        assert!(limits.register(IpAddr::from([10, 0, 0, 2])));
        assert!(!limits.register(IpAddr::from([10, 0, 0, 3])), "in all");
    }

    #[test]
    fn error_reports_are_limited_per_network() {
        let limits = Limits::new(LimitSettings {
            sign_in_per_minute: 100,
            sign_in_per_account_per_hour: 100,
            register_per_hour: 100,
            register_total_per_hour: 100,
            client_errors_per_minute: 2,
        });
        let a = IpAddr::from([10, 0, 0, 1]);
        assert!(limits.client_error(a) && limits.client_error(a));
        assert!(!limits.client_error(a));
        assert!(limits.client_error(IpAddr::from([10, 0, 0, 2])));
        // Reports do not spend the sign-in budget of the same address.
        assert!(limits.sign_in(a, "a@example.com"));
    }

    #[test]
    fn the_key_map_stays_bounded_under_address_spraying() {
        let l = RateLimiter::new(5, Duration::from_millis(1));
        for i in 0..(FORGET_ABOVE as u32 + 10) {
            l.check(&IpAddr::from(i.to_be_bytes()));
        }
        std::thread::sleep(Duration::from_millis(20));
        l.check(&IpAddr::from([1, 2, 3, 4]));
        assert!(l.len() <= FORGET_ABOVE, "{} keys", l.len());
    }
}
