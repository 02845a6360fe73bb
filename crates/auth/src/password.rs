//! Password hashing with argon2id (PHC strings, random salt per hash).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

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
    pool: Arc<HashPool>,
    memory: Arc<Memory>,
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
        Self::keeping_memory(cost, threads, queue_wait, KEEP_MEMORY)
    }

    /// As [`Passwords::with_pool`], keeping argon2's working memory for `keep` after the last
    /// hash.
    fn keeping_memory(
        cost: PasswordCost,
        threads: usize,
        queue_wait: Duration,
        keep: Duration,
    ) -> Result<Self, PasswordError> {
        let params = match cost {
            PasswordCost::Standard => Params::new(19_456, 2, 1, None),
            PasswordCost::Fast => Params::new(256, 1, 1, None),
        }
        .map_err(|e| PasswordError::Hashing(e.to_string()))?;
        let hasher = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let memory = Arc::new(Memory::default());
        let mut passwords = Passwords {
            hasher,
            pool: HashPool::with_idle(threads, queue_wait, keep, {
                let memory = Arc::clone(&memory);
                move || memory.release()
            }),
            memory,
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
        let hasher = self.hasher.clone();
        let (password, memory) = (password.to_owned(), Arc::clone(&self.memory));
        self.pool.run(move || {
            let salt: [u8; 16] = rand::random();
            let mut out = [0u8; 32];
            memory.hash(&hasher, password.as_bytes(), &salt, &mut out)?;
            let phc = PasswordHash {
                algorithm: Algorithm::Argon2id.ident(),
                version: Some(Version::V0x13.into()),
                params: ParamsString::try_from(hasher.params()).map_err(hashing)?,
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
        let hasher = Argon2::new(algorithm, version, params);
        let (password, memory) = (password.to_owned(), Arc::clone(&self.memory));
        self.pool.run(move || {
            let mut out = vec![0u8; expected.len()];
            memory.hash(&hasher, password.as_bytes(), &salt, &mut out)?;
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

/// Blocks reserved (not touched) beyond what a hash uses, so that its working memory is larger
/// than glibc's largest threshold for serving an allocation from a mapping of its own (32 MiB
/// on 64-bit): such an allocation is always mapped afresh and unmapped when it is freed. At 19
/// MiB it sits below that threshold once glibc has raised it, and freed memory stays in the
/// thread's heap. Reserved pages that are never touched cost nothing.
const MAPPED_BLOCKS: usize = 33 * 1024;

/// How long the working memory is kept after the last hash. Reused, a hash takes 22 ms here;
/// on fresh memory 32 ms (its pages are faulted in again). Kept for ever, each hashing thread
/// held 19 MiB for the life of the server: 39 MB of an idle server's 155-179 MB at 100,000
/// products (docs/performance.md, "Memory").
pub const KEEP_MEMORY: Duration = Duration::from_secs(10);

/// argon2's working memory, one per hash running or recently run, shared by the hashing
/// threads and emptied when they have been idle for [`KEEP_MEMORY`].
#[derive(Debug, Default)]
struct Memory(Mutex<Vec<Vec<Block>>>);

impl Memory {
    fn take(&self, blocks: usize) -> Vec<Block> {
        let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut memory = kept.unwrap_or_else(|| Vec::with_capacity(blocks.max(MAPPED_BLOCKS)));
        // argon2 fills every block before it reads one: what a former hash left is overwritten.
        memory.resize(blocks, Block::default());
        memory
    }

    fn give_back(&self, memory: Vec<Block>) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(memory);
    }

    /// argon2 of `password` and `salt` into `out` with `hasher`'s parameters, on working
    /// memory taken from here and given back.
    fn hash(
        &self,
        hasher: &Argon2<'_>,
        password: &[u8],
        salt: &[u8],
        out: &mut [u8],
    ) -> Result<(), PasswordError> {
        let mut blocks = self.take(hasher.params().block_count());
        let hashed = hasher
            .hash_password_into_with_memory(password, salt, out, &mut blocks)
            .map_err(hashing);
        self.give_back(blocks);
        hashed
    }

    fn release(&self) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
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

    /// This process's anonymous resident memory, in MiB.
    fn rss_anon_mib() -> f64 {
        let status = std::fs::read_to_string("/proc/self/status").expect("status");
        let kb: f64 = status
            .lines()
            .find_map(|l| l.strip_prefix("RssAnon:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("RssAnon");
        kb / 1024.0
    }

    #[test]
    fn the_working_memory_is_reused_while_hashing_and_given_back_when_idle() {
        let keep = Duration::from_millis(300);
        let p = Passwords::keeping_memory(PasswordCost::Standard, 2, DEFAULT_QUEUE_WAIT, keep)
            .expect("hasher");
        let h = p.hash("Secret#123").expect("hash");
        for _ in 0..3 {
            assert!(p.verify("Secret#123", &h).expect("verify"));
        }
        let kept = p.memory.0.lock().expect("lock").len();
        assert_eq!(kept, 1, "one hash at a time needs one block of memory");
        let busy = rss_anon_mib();
        std::thread::sleep(keep * 3);
        assert!(p.memory.0.lock().expect("lock").is_empty());
        let idle = rss_anon_mib();
        // 19 MiB given back to the system, not only to the allocator (other tests of this
        // binary may allocate meanwhile, a little).
        assert!(
            busy - idle > 15.0,
            "RssAnon {busy:.1} MiB busy, {idle:.1} MiB idle"
        );
        assert!(
            p.verify("Secret#123", &h).expect("verify"),
            "and hashes again"
        );
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
