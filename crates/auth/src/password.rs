//! Password hashing with argon2id (PHC strings, random salt per hash).

use std::sync::Arc;
use std::time::Duration;

use std::cell::RefCell;

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

use crate::pool::{HashPool, PoolError};

/// How long a hash waits for a free hashing thread before it is refused as busy.
pub const DEFAULT_QUEUE_WAIT: Duration = Duration::from_secs(2);

/// How expensive hashing is. `Standard` is OWASP's argon2id recommendation (19 MiB, 2 passes)
/// and is what the shop runs with; `Fast` exists only for test suites that sign in many times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordCost {
    /// m = 19456 KiB, t = 2, p = 1.
    Standard,
    /// m = 256 KiB, t = 1, p = 1: for tests only, never for real accounts.
    Fast,
}

/// Hashing or verification failed for a reason other than a wrong password.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// The stored hash is not a valid PHC string.
    #[error("stored password hash is malformed")]
    MalformedHash,
    /// The hasher itself failed (parameters, randomness).
    #[error("password hashing failed: {0}")]
    Hashing(String),
    /// Every hashing thread stayed busy for the whole wait (a burst of sign-ins or
    /// registrations): try again in a moment.
    #[error("password hashing is busy")]
    Busy,
}

impl From<PoolError> for PasswordError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::Busy => PasswordError::Busy,
            PoolError::Stopped => PasswordError::Hashing(e.to_string()),
        }
    }
}

/// Hashes and verifies passwords on a few dedicated threads (one per core by default: see
/// [`crate::pool`]). Cheap to clone; clones share the threads.
#[derive(Clone)]
pub struct Passwords {
    hasher: Argon2<'static>,
    params: Params,
    pool: Arc<HashPool>,
    /// A hash of a random password, verified against when the e-mail is unknown so that an
    /// unknown address costs the same time as a wrong password.
    dummy_hash: String,
}

impl std::fmt::Debug for Passwords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Passwords").finish_non_exhaustive()
    }
}

impl Passwords {
    /// A hasher of the given cost.
    ///
    /// # Errors
    /// [`PasswordError::Hashing`] if the parameters are rejected (they are constants, so only
    /// on a broken build).
    pub fn new(cost: PasswordCost) -> Result<Self, PasswordError> {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self::with_pool(cost, cores, DEFAULT_QUEUE_WAIT)
    }

    /// A hasher of the given cost running at most `threads` hashes at once; a hash waits at
    /// most `queue_wait` for a free thread.
    ///
    /// # Errors
    /// As [`Passwords::new`].
    pub fn with_pool(
        cost: PasswordCost,
        threads: usize,
        queue_wait: Duration,
    ) -> Result<Self, PasswordError> {
        let params = match cost {
            PasswordCost::Standard => Params::new(19_456, 2, 1, None),
            PasswordCost::Fast => Params::new(256, 1, 1, None),
        }
        .map_err(|e| PasswordError::Hashing(e.to_string()))?;
        let hasher = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let mut passwords = Passwords {
            hasher,
            params,
            pool: HashPool::new(threads, queue_wait),
            dummy_hash: String::new(),
        };
        let random: [u8; 16] = rand::random();
        passwords.dummy_hash = passwords.hash(&format!("{random:?}"))?;
        Ok(passwords)
    }

    /// Hashes a password into a PHC string (`$argon2id$v=19$...`) with a fresh random salt.
    ///
    /// # Errors
    /// [`PasswordError::Hashing`] if the hasher fails, [`PasswordError::Busy`] when no hashing
    /// thread comes free in time.
    pub fn hash(&self, password: &str) -> Result<String, PasswordError> {
        let (hasher, params) = (self.hasher.clone(), self.params.clone());
        let password = password.to_owned();
        self.pool.run(move || {
            let salt: [u8; 16] = rand::random();
            let mut out = [0u8; 32];
            raw_hash(&hasher, &params, password.as_bytes(), &salt, &mut out)?;
            let phc = PasswordHash {
                algorithm: Algorithm::Argon2id.ident(),
                version: Some(Version::V0x13.into()),
                params: ParamsString::try_from(&params).map_err(hashing)?,
                salt: Some(Salt::new(&salt).map_err(hashing)?),
                hash: Some(Output::new(&out).map_err(hashing)?),
            };
            Ok(phc.to_string())
        })?
    }

    /// Whether `password` matches `stored` (the parameters come from the stored hash).
    ///
    /// # Errors
    /// [`PasswordError::MalformedHash`] when `stored` is not an argon2 PHC string,
    /// [`PasswordError::Busy`] when no hashing thread comes free in time.
    pub fn verify(&self, password: &str, stored: &str) -> Result<bool, PasswordError> {
        let parsed = PasswordHash::new(stored).map_err(|_| PasswordError::MalformedHash)?;
        let algorithm = Algorithm::try_from(parsed.algorithm.as_str())
            .map_err(|_| PasswordError::MalformedHash)?;
        let version = match parsed.version {
            Some(v) => Version::try_from(v).map_err(|_| PasswordError::MalformedHash)?,
            None => Version::default(),
        };
        let params = Params::try_from(&parsed).map_err(|_| PasswordError::MalformedHash)?;
        let salt = parsed.salt.ok_or(PasswordError::MalformedHash)?;
        let expected = parsed.hash.ok_or(PasswordError::MalformedHash)?;
        let hasher = Argon2::new(algorithm, version, params.clone());
        let password = password.to_owned();
        self.pool.run(move || {
            let mut out = vec![0u8; expected.len()];
            raw_hash(&hasher, &params, password.as_bytes(), &salt, &mut out)?;
            Ok(constant_time_eq(&out, expected.as_bytes()))
        })?
    }

    /// Spends the time of one verification without an account, so that an unknown e-mail is
    /// not told apart from a wrong password by timing (nor by being refused as busy).
    ///
    /// # Errors
    /// [`PasswordError::Busy`] exactly when a real verification would be.
    pub fn verify_nothing(&self, password: &str) -> Result<(), PasswordError> {
        self.verify(password, &self.dummy_hash).map(|_| ())
    }
}

fn hashing(e: impl std::fmt::Display) -> PasswordError {
    PasswordError::Hashing(e.to_string())
}

thread_local! {
    /// The argon2 working memory of this hashing thread, kept between hashes. argon2id takes
    /// 19 MiB per hash; freshly allocated each time, the allocator kept the freed blocks (about
    /// 19 MiB more resident memory per hash until it levels off); reused, a thread holds one.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// argon2 of `password` and `salt` into `out`, on this thread's reused working memory.
fn raw_hash(
    hasher: &Argon2<'_>,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), PasswordError> {
    MEMORY.with(|memory| {
        let mut memory = memory.borrow_mut();
        let blocks = params.block_count();
        if memory.len() < blocks {
            memory.resize(blocks, Block::default());
        }
        hasher
            .hash_password_into_with_memory(password, salt, out, &mut memory[..blocks])
            .map_err(hashing)
    })
}

/// Equal bytes, in a time that does not depend on where they differ.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_and_nothing_else() {
        let p = Passwords::new(PasswordCost::Fast).expect("hasher");
        let h = p.hash("Secret#123").expect("hash");
        assert!(h.starts_with("$argon2id$v=19$"));
        assert!(p.verify("Secret#123", &h).expect("verify"));
        assert!(!p.verify("Secret#124", &h).expect("verify"));
        assert_ne!(h, p.hash("Secret#123").expect("hash"), "salts differ");
    }

    #[test]
    fn standard_cost_uses_owasp_parameters_and_verifies_fast_hashes() {
        let standard = Passwords::new(PasswordCost::Standard).expect("hasher");
        let h = standard.hash("Secret#123").expect("hash");
        assert!(h.contains("m=19456,t=2,p=1"), "{h}");
        let fast = Passwords::new(PasswordCost::Fast).expect("hasher");
        assert!(standard
            .verify("Secret#123", &fast.hash("Secret#123").expect("hash"))
            .expect("verify"));
    }

    #[test]
    fn a_malformed_hash_is_an_error_not_a_match() {
        let p = Passwords::new(PasswordCost::Fast).expect("hasher");
        assert!(matches!(
            p.verify("x", "not-a-hash"),
            Err(PasswordError::MalformedHash)
        ));
        p.verify_nothing("anything")
            .expect("spends one verification");
    }
}

#[cfg(test)]
mod compatibility {
    use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
    use argon2::{Algorithm, Argon2, Params, Version};

    use super::{PasswordCost, Passwords};

    /// Hashes made by the argon2 crate's own API (every stored hash so far) still verify, and
    /// ours verify with it: the PHC strings are the same format.
    #[test]
    fn hashes_round_trip_with_the_argon2_crate() {
        let params = Params::new(256, 1, 1, None).expect("params");
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let stored = theirs
            .hash_password(b"Secret#123")
            .expect("hash")
            .to_string();
        let ours = Passwords::new(PasswordCost::Fast).expect("hasher");
        assert!(ours.verify("Secret#123", &stored).expect("verify"));
        assert!(!ours.verify("Secret#124", &stored).expect("verify"));
        let mine = ours.hash("Secret#123").expect("hash");
        assert!(theirs.verify_password(b"Secret#123", mine.as_str()).is_ok());
        assert!(theirs
            .verify_password(b"Secret#124", mine.as_str())
            .is_err());
    }
}
