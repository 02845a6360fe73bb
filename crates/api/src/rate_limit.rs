//! Request limits, with `governor` (GCRA: a burst, then a steady refill, so no window edge
//! lets twice the limit through). Built once at start-up and shared by every worker, so a
//! limit holds for the whole server.
//!
//! - sign-in attempts per client address (`SHOP_LOGIN_RATE_LIMIT` per minute), every attempt
//!   counted: one address cannot try many passwords, on one account or on many;
//! - failed sign-ins per account (`SHOP_ACCOUNT_LOGIN_RATE_LIMIT` per hour, from any address):
//!   past that many, each further failure is answered after a growing delay (1 s, doubling, at
//!   most [`MAX_FAILURE_DELAY`]), so guessing one account's password from many addresses is
//!   slowed down. Only failures count and nothing is refused for the account as a whole: a
//!   stranger's wrong passwords can slow the stranger, never lock the owner out, whose correct
//!   password signs in from any address that is not itself over its limit;
//! - registrations per client address (`SHOP_REGISTER_RATE_LIMIT` per hour) and in all
//!   (`SHOP_REGISTER_RATE_LIMIT_TOTAL` per hour);
//! - browser error reports (`POST /api/client-errors`) per client address
//!   (`SHOP_CLIENT_ERROR_RATE_LIMIT` per minute): a page in a crash loop, or anyone with curl,
//!   cannot flood the logs.
//!
//! Client addresses are keyed by network: an IPv4 address as is, an IPv6 address by its /64
//! (one subscriber gets a whole /64, so per-address counters would be free to evade). Accounts
//! are keyed by a fixed-size hash of the normalised e-mail, never by the text a client sent.
//! The maps forget by time: every [`SWEEP_EVERY`] (and whenever they pass [`FORGET_ABOVE`]
//! keys) the keys back at a full burst, or whose failures are older than their window, are
//! dropped, so memory follows the clients of the last minutes, not every key ever seen.
//!
//! On PostgreSQL the same limits count in the database instead ([`shared`]), so that several
//! nodes behind one load balancer grant an attacker the limit once, not once per node.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};
use persistence::Db;
use sha2::{Digest, Sha256};

mod shared;

use shared::SharedLimits;

/// Keys a limiter remembers before the ones back at a full burst are forgotten at once.
pub const FORGET_ABOVE: usize = 100_000;

/// How often a limiter drops the keys it no longer needs.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// The longest delay before a failed sign-in is answered.
pub const MAX_FAILURE_DELAY: Duration = Duration::from_secs(8);

/// `limit` per `per` as a GCRA quota: a burst of `limit`, refilled evenly over `per`.
fn quota(limit: u32, per: Duration) -> Quota {
    let burst = NonZeroU32::new(limit).unwrap_or(NonZeroU32::MIN);
    let period = (per / burst.get()).max(Duration::from_nanos(1));
    Quota::with_period(period)
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
        .allow_burst(burst)
}

/// When a map was last swept, as milliseconds since its creation; one caller sweeps.
#[derive(Debug)]
struct Sweeper {
    born: Instant,
    every: Duration,
    last_ms: AtomicU64,
}

impl Sweeper {
    fn new(every: Duration) -> Self {
        Sweeper {
            born: Instant::now(),
            every,
            last_ms: AtomicU64::new(0),
        }
    }

    /// Whether it is time to sweep; true for exactly one caller per period.
    fn due(&self) -> bool {
        let now = u64::try_from(self.born.elapsed().as_millis()).unwrap_or(u64::MAX);
        let last = self.last_ms.load(Ordering::Relaxed);
        let every = u64::try_from(self.every.as_millis()).unwrap_or(u64::MAX);
        now.saturating_sub(last) >= every
            && self
                .last_ms
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}

/// A limit per key (an address network, an account).
#[derive(Debug)]
pub struct RateLimiter<K: Hash + Eq + Clone = IpAddr> {
    limiter: DefaultKeyedRateLimiter<K>,
    sweeper: Sweeper,
}

impl<K: Hash + Eq + Clone> RateLimiter<K> {
    /// `limit` hits per `window` for each key (at least one).
    #[must_use]
    pub fn new(limit: u32, window: Duration) -> Self {
        Self::sweeping_every(limit, window, SWEEP_EVERY)
    }

    /// The same, forgetting idle keys every `every`.
    #[must_use]
    pub fn sweeping_every(limit: u32, window: Duration, every: Duration) -> Self {
        RateLimiter {
            limiter: DefaultKeyedRateLimiter::keyed(quota(limit, window)),
            sweeper: Sweeper::new(every),
        }
    }

    /// Counts one hit for `key`; false when the key is over its limit.
    pub fn check(&self, key: &K) -> bool {
        if self.sweeper.due() || self.limiter.len() > FORGET_ABOVE {
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
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

/// An account as the limits know it: 16 bytes of SHA-256 over the e-mail normalised as
/// accounts are stored (so a full-width spelling is the same account), whatever its length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AccountKey([u8; 16]);

impl AccountKey {
    /// The key of `email`. Callers refuse an e-mail over
    /// [`domain::users::EMAIL_MAX_LEN`] bytes first, so normalising it is cheap.
    #[must_use]
    pub fn of(email: &str) -> Self {
        let digest = Sha256::digest(domain::users::normalize_email(email).as_bytes());
        let mut key = [0; 16];
        key.copy_from_slice(&digest[..16]);
        AccountKey(key)
    }
}

/// An account's recent failed sign-ins.
#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last: Instant,
}

/// Failed sign-ins per account: `free` per `window`, then a growing delay before each further
/// failure is answered. A failure is forgotten `window` after the account's last one.
#[derive(Debug)]
pub struct FailureDelays {
    failures: Mutex<HashMap<AccountKey, Failures>>,
    free: u32,
    window: Duration,
    sweeper: Sweeper,
}

impl FailureDelays {
    /// `free` failures per `window` before the delays start.
    #[must_use]
    pub fn new(free: u32, window: Duration) -> Self {
        FailureDelays {
            failures: Mutex::new(HashMap::new()),
            free,
            window,
            sweeper: Sweeper::new(SWEEP_EVERY.min(window)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<AccountKey, Failures>> {
        // A panic while counting leaves a usable map.
        self.failures.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The delay after `count` failures: none up to `free`, then 1 s doubling, at most
    /// [`MAX_FAILURE_DELAY`].
    #[must_use]
    pub fn delay_after(&self, count: u32) -> Duration {
        match count.checked_sub(self.free) {
            None | Some(0) => Duration::ZERO,
            Some(over) => Duration::from_secs(1)
                .checked_mul(1 << (over - 1).min(16))
                .map_or(MAX_FAILURE_DELAY, |d| d.min(MAX_FAILURE_DELAY)),
        }
    }

    /// Records a failed sign-in on `account`; answers how long to wait before saying so.
    pub fn failed(&self, account: AccountKey) -> Duration {
        let now = Instant::now();
        let mut failures = self.lock();
        if self.sweeper.due() || failures.len() > FORGET_ABOVE {
            let window = self.window;
            failures.retain(|_, f| now.duration_since(f.last) < window);
            failures.shrink_to_fit();
        }
        let entry = failures.entry(account).or_insert(Failures {
            count: 0,
            last: now,
        });
        if now.duration_since(entry.last) >= self.window {
            entry.count = 0;
        }
        entry.count = entry.count.saturating_add(1);
        entry.last = now;
        let count = entry.count;
        drop(failures);
        self.delay_after(count)
    }

    /// Accounts remembered (tests).
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no account is remembered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Every limit of the server: counted in memory (one node, on SQLite), or in the database (on
/// PostgreSQL, where every node counts in the same place: see [`shared`]). The checks of the
/// second kind wait for the database: call them through [`crate::state::AppState::limit`],
/// which runs them on the blocking pool ([`Self::counts_in_store`]).
#[derive(Debug)]
pub struct Limits {
    counts: Counts,
}

#[derive(Debug)]
enum Counts {
    Memory(Box<MemoryLimits>),
    Shared(Box<SharedLimits>),
}

/// The limits of one node, in its memory.
#[derive(Debug)]
struct MemoryLimits {
    sign_in_per_address: RateLimiter,
    sign_in_failures: FailureDelays,
    register_per_address: RateLimiter,
    register_total: DefaultDirectRateLimiter,
    client_errors_per_address: RateLimiter,
    resets_per_address: RateLimiter,
}

/// How many of each per window (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitSettings {
    /// Sign-in attempts per client network per minute.
    pub sign_in_per_minute: u32,
    /// Failed sign-ins per account per hour before each further failure is delayed.
    pub sign_in_per_account_per_hour: u32,
    /// Registrations per client network per hour.
    pub register_per_hour: u32,
    /// Registrations per hour in all.
    pub register_total_per_hour: u32,
    /// Browser error reports per client network per minute.
    pub client_errors_per_minute: u32,
    /// "Forgot password" asks per client network per hour.
    pub resets_per_hour: u32,
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

impl Limits {
    /// The limits of `settings`, counted in this process's memory.
    #[must_use]
    pub fn new(settings: LimitSettings) -> Self {
        Limits {
            counts: Counts::Memory(Box::new(MemoryLimits {
                sign_in_per_address: RateLimiter::new(settings.sign_in_per_minute, MINUTE),
                sign_in_failures: FailureDelays::new(settings.sign_in_per_account_per_hour, HOUR),
                register_per_address: RateLimiter::new(settings.register_per_hour, HOUR),
                register_total: DefaultDirectRateLimiter::direct(quota(
                    settings.register_total_per_hour,
                    HOUR,
                )),
                client_errors_per_address: RateLimiter::new(
                    settings.client_errors_per_minute,
                    MINUTE,
                ),
                resets_per_address: RateLimiter::new(settings.resets_per_hour, HOUR),
            })),
        }
    }

    /// The limits of `settings`, counted in `store` so that they hold across every node on
    /// it; `secret` (the token secret every node shares) keys the counters' hashes.
    #[must_use]
    pub fn shared(settings: LimitSettings, store: Db, secret: &[u8]) -> Self {
        Limits {
            counts: Counts::Shared(Box::new(SharedLimits::new(settings, store, secret))),
        }
    }

    /// Whether the checks count in the database (and so block: run them off the async
    /// workers).
    #[must_use]
    pub fn counts_in_store(&self) -> bool {
        matches!(self.counts, Counts::Shared(_))
    }

    /// Counts a sign-in attempt from `client`; false when its network is over its limit.
    pub fn sign_in(&self, client: IpAddr) -> bool {
        match &self.counts {
            Counts::Memory(m) => m.sign_in_per_address.check(&network_of(client)),
            Counts::Shared(s) => s.sign_in(client),
        }
    }

    /// Records a failed sign-in on `account`; answers how long to wait before answering it.
    pub fn sign_in_failed(&self, account: AccountKey) -> Duration {
        match &self.counts {
            Counts::Memory(m) => m.sign_in_failures.failed(account),
            Counts::Shared(s) => s.sign_in_failed(account),
        }
    }

    /// Counts a registration from `client`; false when its network or the server is over its
    /// limit.
    pub fn register(&self, client: IpAddr) -> bool {
        match &self.counts {
            Counts::Memory(m) => {
                m.register_per_address.check(&network_of(client))
                    && m.register_total.check().is_ok()
            }
            Counts::Shared(s) => s.register(client),
        }
    }

    /// Counts a "forgot password" ask from `client`; false when its network is over its limit.
    pub fn reset(&self, client: IpAddr) -> bool {
        match &self.counts {
            Counts::Memory(m) => m.resets_per_address.check(&network_of(client)),
            Counts::Shared(s) => s.reset(client),
        }
    }

    /// Counts a browser error report from `client`; false when its network is over its limit.
    pub fn client_error(&self, client: IpAddr) -> bool {
        match &self.counts {
            Counts::Memory(m) => m.client_errors_per_address.check(&network_of(client)),
            Counts::Shared(s) => s.client_error(client),
        }
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
            resets_per_hour: 100,
        });
        // Fresh addresses inside one /64 share one counter.
        assert!(limits.sign_in(one));
        assert!(limits.sign_in(same));
        assert!(!limits.sign_in("2001:db8:1:2::9".parse().expect("ip")));
        assert!(limits.sign_in(other));
    }

    #[test]
    fn failures_on_one_account_are_slowed_whatever_the_address_and_never_refused() {
        let delays = FailureDelays::new(3, Duration::from_secs(3600));
        let victim = AccountKey::of("Victim@Example.com");
        let waits: Vec<_> = (0..9).map(|_| delays.failed(victim)).collect();
        let secs = |s: u64| Duration::from_secs(s);
        assert_eq!(
            waits,
            [
                Duration::ZERO,
                Duration::ZERO,
                Duration::ZERO,
                secs(1),
                secs(2),
                secs(4),
                secs(8),
                MAX_FAILURE_DELAY,
                MAX_FAILURE_DELAY
            ]
        );
        // The same account however it is spelt; another account is not slowed.
        assert_eq!(
            delays.failed(AccountKey::of("victim@example.com ")),
            MAX_FAILURE_DELAY
        );
        assert_eq!(
            delays.failed(AccountKey::of("ｖｉｃｔｉｍ@example.com")),
            MAX_FAILURE_DELAY
        );
        assert_eq!(
            delays.failed(AccountKey::of("someone@example.com")),
            Duration::ZERO
        );
        assert_eq!(delays.delay_after(u32::MAX), MAX_FAILURE_DELAY);
    }

    #[test]
    fn failures_are_forgotten_after_their_window() {
        let delays = FailureDelays::new(1, Duration::from_millis(30));
        let account = AccountKey::of("a@example.com");
        delays.failed(account);
        assert_eq!(delays.failed(account), Duration::from_secs(1));
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(delays.failed(account), Duration::ZERO, "a fresh window");
        // A sweep (due at once with this short window) drops the accounts gone quiet.
        for i in 0..500 {
            delays.failed(AccountKey::of(&format!("u{i}@example.com")));
        }
        std::thread::sleep(Duration::from_millis(40));
        delays.failed(account);
        assert_eq!(delays.len(), 1);
    }

    #[test]
    fn an_account_key_has_one_size_whatever_the_email() {
        let huge = "\u{FDFA}".repeat(80_000);
        assert_eq!(std::mem::size_of_val(&AccountKey::of(&huge)), 16);
        assert_ne!(
            AccountKey::of("a@example.com"),
            AccountKey::of("b@example.com")
        );
    }

    #[test]
    fn registrations_are_limited_per_address_and_in_all() {
        let limits = Limits::new(LimitSettings {
            sign_in_per_minute: 100,
            sign_in_per_account_per_hour: 100,
            register_per_hour: 2,
            register_total_per_hour: 3,
            client_errors_per_minute: 100,
            resets_per_hour: 100,
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
            resets_per_hour: 100,
        });
        let a = IpAddr::from([10, 0, 0, 1]);
        assert!(limits.client_error(a) && limits.client_error(a));
        assert!(!limits.client_error(a));
        assert!(limits.client_error(IpAddr::from([10, 0, 0, 2])));
        // Reports do not spend the sign-in budget of the same address.
        assert!(limits.sign_in(a));
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

    #[test]
    fn idle_keys_are_forgotten_by_time_not_only_by_count() {
        let l = RateLimiter::sweeping_every(5, Duration::from_millis(1), Duration::from_millis(20));
        for i in 0..1_000u32 {
            l.check(&IpAddr::from(i.to_be_bytes()));
        }
        assert!(l.len() >= 1_000);
        std::thread::sleep(Duration::from_millis(30));
        l.check(&IpAddr::from([1, 2, 3, 4]));
        assert!(l.len() <= 1, "{} keys", l.len());
    }
}
