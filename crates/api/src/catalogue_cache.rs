//! The catalogue read cache: serialized JSON answers of the catalogue calls, keyed by the
//! catalogue version and the normalized query.
//!
//! Invalidation works across API nodes sharing one database: every catalogue write bumps the
//! `catalogue_version` row in its own transaction (`persistence::catalogue::bump_version`).
//! Each cache reads that version at most every [`VERSION_TTL`] and on every miss (in the same
//! database call as the miss's query, before it), and drops all its entries when the version
//! moved. An answer is stored under the version read before its query, so it is never older
//! than that version. A write is therefore visible everywhere after at most [`VERSION_TTL`].
//!
//! Each HTTP worker holds its own cache (registered in `routes::configure`): no lock is shared
//! between workers and the memory used is bounded by [`DEFAULT_BUDGET_BYTES`] in all. When a
//! cache grows past its budget, the least recently used quarter of its entries is dropped.
//!
//! Lists also remember their row count per filter (without the page) under the same version,
//! so that paging through a list counts its rows once.
//!
//! Answers carry an `ETag` (a digest of the body) and the call's `Cache-Control`; a request
//! whose `If-None-Match` names the current `ETag` gets `304 Not Modified`.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use persistence::Conn;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::state::AppState;

/// How long a cache trusts the catalogue version it last read before reading it again.
pub const VERSION_TTL: Duration = Duration::from_millis(250);

/// Memory for cached bodies across all workers of one server.
pub const DEFAULT_BUDGET_BYTES: usize = 16 * 1024 * 1024;

/// Most entries one worker's cache holds, whatever their size.
const MAX_ENTRIES: usize = 20_000;

/// Cache misses one worker lets run against the database at once. Catalogue queries are
/// CPU-bound; more of them at once than the machine has cores only adds contention (and
/// per-thread allocator arenas), and the limit keeps pooled connections free for carts and
/// checkout when the catalogue is hammered.
const MISSES_PER_WORKER: usize = 2;

/// Most list counts one worker's cache holds (about 100 bytes each).
const MAX_COUNTS: usize = 10_000;

/// `Cache-Control` of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CachePolicy {
    /// Clients may reuse the answer for this many seconds.
    MaxAge(u32),
    /// Clients must revalidate (with `If-None-Match`) before reusing the answer.
    Revalidate,
}

impl CachePolicy {
    fn header(self) -> HeaderValue {
        match self {
            CachePolicy::MaxAge(seconds) => {
                HeaderValue::from_str(&format!("public, max-age={seconds}"))
                    .unwrap_or_else(|_| HeaderValue::from_static("no-cache"))
            }
            CachePolicy::Revalidate => HeaderValue::from_static("no-cache"),
        }
    }
}

/// A cached answer: the JSON body and its `ETag`. Cheap to clone.
#[derive(Debug, Clone)]
pub struct CachedBody {
    body: Bytes,
    etag: HeaderValue,
}

#[derive(Debug)]
struct Entry {
    cached: CachedBody,
    last_used: u64,
}

#[derive(Debug, Default)]
struct Inner {
    /// The catalogue version the entries belong to.
    version: i64,
    /// When `version` was last read from the database (`None`: never).
    checked_at: Option<Instant>,
    entries: HashMap<String, Entry>,
    bytes: usize,
    /// Row counts of list filters (without the page), so that paging through a list counts
    /// its rows once per version.
    counts: HashMap<String, i64>,
}

/// One worker's catalogue cache. See the module documentation.
#[derive(Debug)]
pub struct CatalogueCache {
    inner: Mutex<Inner>,
    clock: AtomicU64,
    budget_bytes: usize,
    gate: Arc<Gate>,
}

/// An async counting semaphore: at most `limit` passes out at once. Waiting happens on the
/// async worker, so no blocking thread (and no allocator arena) is taken by a queued miss.
#[derive(Debug)]
struct Gate {
    state: Mutex<GateState>,
    limit: usize,
}

#[derive(Debug, Default)]
struct GateState {
    busy: usize,
    waiters: Vec<Waker>,
}

/// A held place in a [`Gate`], given back on drop (it may move to a blocking thread).
struct GatePass(Arc<Gate>);

/// The future of [`Gate::enter`].
struct Enter(Arc<Gate>);

impl Gate {
    fn new(limit: usize) -> Self {
        Gate {
            state: Mutex::new(GateState::default()),
            limit: limit.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, GateState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Waits for a free place.
    fn enter(self: &Arc<Self>) -> Enter {
        Enter(self.clone())
    }
}

impl Future for Enter {
    type Output = GatePass;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<GatePass> {
        let mut state = self.0.lock();
        if state.busy < self.0.limit {
            state.busy += 1;
            Poll::Ready(GatePass(self.0.clone()))
        } else {
            state.waiters.push(cx.waker().clone());
            Poll::Pending
        }
    }
}

impl Drop for GatePass {
    fn drop(&mut self) {
        let waiters = {
            let mut state = self.0.lock();
            state.busy = state.busy.saturating_sub(1);
            std::mem::take(&mut state.waiters)
        };
        // Wake every waiter (a few at most): one gets the place, the others wait again. Waking
        // only one could lose the wake-up to a request that was cancelled meanwhile.
        for waker in waiters {
            waker.wake();
        }
    }
}

impl CatalogueCache {
    /// An empty cache holding at most `budget_bytes` of bodies.
    #[must_use]
    pub fn new(budget_bytes: usize) -> Self {
        CatalogueCache {
            inner: Mutex::new(Inner::default()),
            clock: AtomicU64::new(0),
            budget_bytes: budget_bytes.max(64 * 1024),
            gate: Arc::new(Gate::new(MISSES_PER_WORKER)),
        }
    }

    /// A cache for one of this machine's HTTP workers: [`DEFAULT_BUDGET_BYTES`] shared out
    /// over one worker per core.
    #[must_use]
    pub fn for_worker() -> Self {
        let workers = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self::new(DEFAULT_BUDGET_BYTES / workers)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the map inconsistent in a way that
        // matters (worst case a stale byte count), so keep serving.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Entries held (for tests and metrics).
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether the cache holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops every entry (for a write made through this node; other nodes follow the version).
    pub fn clear(&self) {
        let mut inner = self.lock();
        inner.entries.clear();
        inner.counts.clear();
        inner.bytes = 0;
        inner.checked_at = None;
    }

    /// Records `version` as read from the database; entries of an older version are dropped.
    fn observe(inner: &mut Inner, version: i64) {
        if version != inner.version {
            inner.entries.clear();
            inner.counts.clear();
            inner.bytes = 0;
            inner.version = version;
        }
        inner.checked_at = Some(Instant::now());
    }

    /// The remembered row count of the list filter `key`, with the catalogue version it
    /// belongs to. Use it only when the version matches the one the query runs at (see
    /// [`CatalogueCache::respond_versioned`]).
    #[must_use]
    pub fn count(&self, key: &str) -> (Option<i64>, i64) {
        let inner = self.lock();
        (inner.counts.get(key).copied(), inner.version)
    }

    /// Remembers the row count of the list filter `key`, counted at catalogue `version`.
    pub fn remember_count(&self, key: String, version: i64, total: i64) {
        let mut inner = self.lock();
        if version != inner.version {
            return;
        }
        if inner.counts.len() >= MAX_COUNTS {
            inner.counts.clear();
        }
        inner.counts.insert(key, total);
    }

    /// The cached answer for `key` when the version is known to be current, else `None`
    /// (and, when the version is due for a check, `needs_check` is set: the caller claims the
    /// check so that concurrent requests do not all read the version at once).
    fn lookup(&self, key: &str) -> Lookup {
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.lock();
        let fresh = inner
            .checked_at
            .is_some_and(|at| at.elapsed() < VERSION_TTL);
        if !fresh {
            // Claim the check; others keep serving the current entries meanwhile.
            if inner.checked_at.is_some() {
                inner.checked_at = Some(Instant::now());
            }
            return Lookup::CheckVersion;
        }
        match inner.entries.get_mut(key) {
            Some(entry) => {
                entry.last_used = tick;
                Lookup::Hit(entry.cached.clone())
            }
            None => Lookup::Miss,
        }
    }

    fn store(&self, key: String, version: i64, cached: CachedBody) {
        let tick = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut inner = self.lock();
        if version < inner.version {
            return; // Older than what another request already saw: do not keep it.
        }
        Self::observe(&mut inner, version);
        let size = cached.body.len() + key.len() + 64;
        if size > self.budget_bytes / 8 {
            return; // One answer may not push out most of the cache.
        }
        if let Some(old) = inner.entries.insert(
            key.clone(),
            Entry {
                cached,
                last_used: tick,
            },
        ) {
            inner.bytes = inner
                .bytes
                .saturating_sub(old.cached.body.len() + key.len() + 64);
        }
        inner.bytes += size;
        if inner.bytes > self.budget_bytes || inner.entries.len() > MAX_ENTRIES {
            Self::evict(&mut inner);
        }
    }

    /// Drops the least recently used quarter of the entries (amortized O(1) per insert).
    fn evict(inner: &mut Inner) {
        let mut ages: Vec<u64> = inner.entries.values().map(|e| e.last_used).collect();
        let cut = ages.len() / 4;
        if cut == 0 {
            inner.entries.clear();
            inner.bytes = 0;
            return;
        }
        let (_, threshold, _) = ages.select_nth_unstable(cut);
        let threshold = *threshold;
        let mut freed = 0;
        inner.entries.retain(|key, e| {
            let keep = e.last_used > threshold;
            if !keep {
                freed += e.cached.body.len() + key.len() + 64;
            }
            keep
        });
        inner.bytes = inner.bytes.saturating_sub(freed);
    }

    /// Answers a catalogue GET from the cache, or runs `load` on a pooled connection, caches
    /// its JSON and answers it. `key` must identify the answer completely (path and
    /// normalized query). Errors of `load` (404, ...) are answered, not cached.
    ///
    /// # Errors
    /// Whatever `load` returns; 503 when no connection can be had.
    pub async fn respond<T, F>(
        &self,
        req: &HttpRequest,
        state: &AppState,
        key: String,
        policy: CachePolicy,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce(&mut Conn) -> Result<T, ApiError> + Send + 'static,
        T: Serialize,
    {
        self.respond_versioned(req, state, key, policy, move |conn, _| load(conn))
            .await
    }

    /// [`CatalogueCache::respond`] whose `load` also gets the catalogue version its query runs
    /// at (read in the same database call, before `load`).
    ///
    /// # Errors
    /// Whatever `load` returns; 503 when no connection can be had.
    pub async fn respond_versioned<T, F>(
        &self,
        req: &HttpRequest,
        state: &AppState,
        key: String,
        policy: CachePolicy,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce(&mut Conn, i64) -> Result<T, ApiError> + Send + 'static,
        T: Serialize,
    {
        match self.lookup(&key) {
            Lookup::Hit(cached) => return Ok(answer(req, &cached, policy)),
            Lookup::Miss => {}
            Lookup::CheckVersion => {
                let version = state
                    .run(|conn| Ok(persistence::catalogue::current_version(conn)?))
                    .await?;
                let hit = {
                    let mut inner = self.lock();
                    Self::observe(&mut inner, version);
                    inner.entries.get(&key).map(|e| e.cached.clone())
                };
                if let Some(cached) = hit {
                    return Ok(answer(req, &cached, policy));
                }
            }
        }
        // Wait for a place on the async worker, before taking a thread or a connection.
        let pass = self.gate.enter().await;
        let db = state.db.clone();
        let (version, body) = crate::state::blocking(move || {
            let _pass = pass;
            let mut conn = db.get()?;
            // The version first: the answer is at least as new as the version it is stored
            // under.
            let version = persistence::catalogue::current_version(&mut conn)?;
            let value = load(&mut conn, version)?;
            let body = serde_json::to_vec(&value).map_err(ApiError::internal)?;
            Ok((version, body))
        })
        .await?;
        let cached = CachedBody::new(Bytes::from(body));
        self.store(key, version, cached.clone());
        Ok(answer(req, &cached, policy))
    }
}

enum Lookup {
    Hit(CachedBody),
    Miss,
    CheckVersion,
}

impl CachedBody {
    fn new(body: Bytes) -> Self {
        let digest = Sha256::digest(&body);
        let etag = format!("\"{}\"", hex::encode(&digest[..12]));
        CachedBody {
            etag: HeaderValue::from_str(&etag)
                .unwrap_or_else(|_| HeaderValue::from_static("\"0\"")),
            body,
        }
    }
}

/// 200 with the body, or 304 when the request's `If-None-Match` names its `ETag`.
fn answer(req: &HttpRequest, cached: &CachedBody, policy: CachePolicy) -> HttpResponse {
    let not_modified = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == "*" || tag.as_bytes() == cached.etag.as_bytes());
    let mut builder = if not_modified {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    builder
        .insert_header((header::ETAG, cached.etag.clone()))
        .insert_header((header::CACHE_CONTROL, policy.header()));
    if not_modified {
        builder.finish()
    } else {
        builder.content_type(mime_json()).body(cached.body.clone())
    }
}

fn mime_json() -> HeaderValue {
    HeaderValue::from_static("application/json")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(n: usize) -> CachedBody {
        CachedBody::new(Bytes::from(vec![b'x'; n]))
    }

    #[test]
    fn a_newer_version_drops_older_entries() {
        let cache = CatalogueCache::new(1 << 20);
        cache.store("a".into(), 1, body(10));
        assert_eq!(cache.len(), 1);
        cache.store("b".into(), 2, body(10));
        assert_eq!(cache.len(), 1);
        assert!(matches!(cache.lookup("b"), Lookup::Hit(_)));
        assert!(matches!(cache.lookup("a"), Lookup::Miss));
    }

    #[test]
    fn an_answer_older_than_the_cache_is_not_kept() {
        let cache = CatalogueCache::new(1 << 20);
        cache.store("a".into(), 3, body(10));
        cache.store("b".into(), 2, body(10));
        assert!(matches!(cache.lookup("b"), Lookup::Miss));
    }

    #[test]
    fn the_budget_bounds_memory_and_keeps_recent_entries() {
        let cache = CatalogueCache::new(64 * 1024);
        for i in 0..200 {
            cache.store(format!("k{i}"), 1, body(1000));
            // Keep touching k0 so that it stays among the recently used.
            let _ = cache.lookup("k0");
        }
        let inner = cache.lock();
        assert!(inner.bytes <= 64 * 1024, "{} bytes", inner.bytes);
        assert!(inner.entries.contains_key("k0"));
        assert!(inner.entries.contains_key("k199"));
        assert!(!inner.entries.contains_key("k1"));
    }

    #[actix_web::test]
    async fn the_gate_admits_at_most_its_limit() {
        let gate = Arc::new(Gate::new(2));
        let peak = Arc::new(Mutex::new((0usize, 0usize)));
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let (gate, peak) = (gate.clone(), peak.clone());
                actix_web::rt::spawn(async move {
                    let pass = gate.enter().await;
                    {
                        let mut p = peak.lock().expect("lock");
                        p.0 += 1;
                        p.1 = p.1.max(p.0);
                    }
                    actix_web::rt::time::sleep(Duration::from_millis(5)).await;
                    peak.lock().expect("lock").0 -= 1;
                    drop(pass);
                })
            })
            .collect();
        for t in tasks {
            t.await.expect("task");
        }
        assert_eq!(peak.lock().expect("lock").1, 2);
        assert_eq!(gate.lock().busy, 0);
    }

    #[test]
    fn counts_belong_to_one_version() {
        let cache = CatalogueCache::new(1 << 20);
        cache.store("a".into(), 4, body(1));
        cache.remember_count("f".into(), 3, 10);
        assert_eq!(cache.count("f"), (None, 4));
        cache.remember_count("f".into(), 4, 11);
        assert_eq!(cache.count("f"), (Some(11), 4));
        cache.store("b".into(), 5, body(1));
        assert_eq!(cache.count("f"), (None, 5));
    }

    #[test]
    fn the_version_is_rechecked_after_its_ttl() {
        let cache = CatalogueCache::new(1 << 20);
        assert!(matches!(cache.lookup("a"), Lookup::CheckVersion));
        cache.store("a".into(), 0, body(1));
        assert!(matches!(cache.lookup("a"), Lookup::Hit(_)));
        cache.lock().checked_at = Some(Instant::now() - VERSION_TTL * 2);
        assert!(matches!(cache.lookup("a"), Lookup::CheckVersion));
        // The first request claimed the check; the next one is served meanwhile.
        assert!(matches!(cache.lookup("a"), Lookup::Hit(_)));
    }
}
