//! The limits counted in the database (PostgreSQL), so that they hold across every node: the
//! same limits, rates and keys as in memory, each check one write of the domain's
//! [`domain::limits`] use cases. Blocking: call these only on the blocking pool
//! ([`crate::state::AppState::limit`] does).
//!
//! Keys are 16 bytes of SHA-256 over a pepper derived from the token secret (which every node
//! shares), the limit's name and the network or account key, so the table holds no address
//! and no e-mail, and its hashes cannot be reversed by trying every IPv4 address without the
//! secret. A counter is removed once it says nothing more (every [`SWEEP_EVERY`], by the node
//! whose check comes due).
//!
//! When the database cannot count: sign-in attempts, registrations and reset asks are refused
//! (fail closed: a broken database must not lift the limits that guard accounts and mail),
//! a failed sign-in is answered after the longest delay, and browser error reports are let
//! through (fail open: they only reach the log, which has its own bounds).

use std::net::IpAddr;
use std::time::Duration;

use chrono::Utc;
use domain::limits::{self, CounterKey, LimitName, Rate};
use persistence::Db;
use sha2::{Digest, Sha256};

use super::{network_of, AccountKey, FailureDelays, LimitSettings, Sweeper, HOUR, MINUTE};
use super::{MAX_FAILURE_DELAY, SWEEP_EVERY};

/// The limits of one node, counted in the shared database.
pub(super) struct SharedLimits {
    store: Db,
    pepper: [u8; 32],
    sign_in: Rate,
    register: Rate,
    register_total: Rate,
    client_errors: Rate,
    resets: Rate,
    /// The delays after failed sign-ins (their arithmetic; the counts are in the database).
    failures: FailureDelays,
    sweeper: Sweeper,
}

impl std::fmt::Debug for SharedLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedLimits")
            .field("store", &self.store)
            .finish_non_exhaustive()
    }
}

/// What to answer when the database cannot count.
#[derive(Clone, Copy)]
enum OnError {
    Refuse,
    Allow,
}

impl SharedLimits {
    pub(super) fn new(settings: LimitSettings, store: Db, secret: &[u8]) -> Self {
        let mut pepper = Sha256::new();
        pepper.update(b"shop rate limit keys\0");
        pepper.update(secret);
        SharedLimits {
            store,
            pepper: pepper.finalize().into(),
            sign_in: Rate::new(settings.sign_in_per_minute, MINUTE),
            register: Rate::new(settings.register_per_hour, HOUR),
            register_total: Rate::new(settings.register_total_per_hour, HOUR),
            client_errors: Rate::new(settings.client_errors_per_minute, MINUTE),
            resets: Rate::new(settings.resets_per_hour, HOUR),
            failures: FailureDelays::new(settings.sign_in_per_account_per_hour, HOUR),
            sweeper: Sweeper::new(SWEEP_EVERY),
        }
    }

    /// The counter of `limit` for the bytes `what`.
    fn key(&self, limit: LimitName, what: &[u8]) -> CounterKey {
        let digest = Sha256::new()
            .chain_update(self.pepper)
            .chain_update(limit.as_str().as_bytes())
            .chain_update([0])
            .chain_update(what)
            .finalize();
        let mut hash = [0; 16];
        hash.copy_from_slice(&digest[..16]);
        CounterKey { limit, hash }
    }

    /// The counter of `limit` for the network of `client`.
    fn network_key(&self, limit: LimitName, client: IpAddr) -> CounterKey {
        match network_of(client) {
            IpAddr::V4(v4) => self.key(limit, &v4.octets()),
            IpAddr::V6(v6) => self.key(limit, &v6.octets()),
        }
    }

    /// Takes a hit from each counter in turn (see [`limits::take_hits`]).
    fn take(&self, counters: &[(CounterKey, Rate)], on_error: OnError) -> bool {
        let now = Utc::now().naive_utc();
        let taken = limits::take_hits(&self.store, counters, now);
        self.sweep_if_due(now);
        taken.unwrap_or_else(|error| {
            let limit = counters.first().map_or("", |(key, _)| key.limit.as_str());
            tracing::error!(%error, limit, "a limit could not count in the database");
            matches!(on_error, OnError::Allow)
        })
    }

    /// Removes the spent counters, at most every [`SWEEP_EVERY`] on this node.
    fn sweep_if_due(&self, now: chrono::NaiveDateTime) {
        if !self.sweeper.due() {
            return;
        }
        match limits::forget_spent(&self.store, now) {
            Ok(gone) => tracing::debug!(gone, "spent limit counters removed"),
            Err(error) => tracing::warn!(%error, "spent limit counters not removed"),
        }
    }

    pub(super) fn sign_in(&self, client: IpAddr) -> bool {
        let key = self.network_key(LimitName::SignIn, client);
        self.take(&[(key, self.sign_in)], OnError::Refuse)
    }

    pub(super) fn sign_in_failed(&self, account: AccountKey) -> Duration {
        let key = self.key(LimitName::SignInFailures, &account.0);
        let now = Utc::now().naive_utc();
        let count = limits::add_hit(&self.store, &key, self.failures.window, now);
        self.sweep_if_due(now);
        match count {
            Ok(count) => self.failures.delay_after(count),
            Err(error) => {
                tracing::error!(%error, "failed sign-ins could not count in the database");
                MAX_FAILURE_DELAY
            }
        }
    }

    pub(super) fn register(&self, client: IpAddr) -> bool {
        let network = self.network_key(LimitName::Register, client);
        let total = self.key(LimitName::RegisterTotal, &[]);
        self.take(
            &[(network, self.register), (total, self.register_total)],
            OnError::Refuse,
        )
    }

    pub(super) fn reset(&self, client: IpAddr) -> bool {
        let key = self.network_key(LimitName::Resets, client);
        self.take(&[(key, self.resets)], OnError::Refuse)
    }

    pub(super) fn client_error(&self, client: IpAddr) -> bool {
        let key = self.network_key(LimitName::ClientErrors, client);
        self.take(&[(key, self.client_errors)], OnError::Allow)
    }
}
