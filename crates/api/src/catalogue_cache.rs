//! The catalogue read cache: a caching adapter in front of the domain's `Catalogue` port that
//! keeps the serialized JSON answers of the catalogue calls, keyed by the catalogue version
//! and the normalized query. It is built on `moka` (a concurrent cache with a byte budget and
//! single-flight loading: concurrent misses of one key run one query) and a
//! `tokio::sync::Semaphore` that bounds how many misses reach the database at once.
//!
//! Invalidation works across API nodes sharing one database: every catalogue write moves the
//! catalogue version on in its own transaction (`Catalogue::bump_catalogue_version`). The
//! cache takes a newer version at once when the node learns of one without reading it (its
//! own writes, and on PostgreSQL every node's, pushed by `NOTIFY`: see
//! [`persistence::VersionSignal`]); a request that names a newer version than the cache knows
//! (read-your-writes: the `shop_catalogue_version` cookie or `X-Catalogue-Version` header that
//! answers to writes carry, see [`crate::read_your_writes`]) reads the version first; and a
//! product, show or terminal the cache's version does not know reads the version again before
//! answering 404. Besides, the cache reads the version at most every [`VERSION_TTL`] (or the
//! longer [`Freshness::listening_ttl`] while the node's listener is connected, a safety net
//! only: nothing depends on a notification arriving) (and a miss reads it again, in the
//! same database call as the miss's query, before it, unless the list index already holds the
//! version the cache checked: see [`Reads::INDEXED`]), and drops all its entries when the
//! version moved. An answer is stored under the version read before its query (or checked just
//! before it), so it is never older than that version. A write is therefore visible on other nodes after at most
//! [`VERSION_TTL`], and at once on the node that made it: its handler calls
//! [`CatalogueCache::note_write`], which every worker of the node sees on its next request
//! (one shared counter) and answers by reading the version again.
//!
//! One cache serves all HTTP workers of a node (built once in `startup`); its memory is
//! bounded by [`DEFAULT_BUDGET_BYTES`] of keys and bodies. Lists also remember their row
//! count per filter (without the page) under the same version, so that paging through a list
//! counts its rows once.
//!
//! Answers carry an `ETag` (a digest of the body) and the call's `Cache-Control`; a request
//! whose `If-None-Match` names the current `ETag` gets `304 Not Modified`.

use std::hash::{BuildHasher, Hash, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::http::header::{self, HeaderValue};
use actix_web::web::{self, Bytes};
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use domain::catalogue::CatalogueReads;
use domain::store::Store as _;
use persistence::VersionSignal;
use serde::Serialize;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::state::{AppState, Tx};

/// How long the cache trusts the catalogue version it last read before reading it again, by
/// default (`SHOP_CATALOGUE_VERSION_TTL_MS`), when no listener tells it of new versions.
pub const VERSION_TTL: Duration = Duration::from_millis(250);

/// How long the cache trusts the version it last read while the node's listener is connected
/// (`SHOP_CATALOGUE_LISTEN_TTL_MS`): every version then arrives as a notification within
/// milliseconds; the timed read is a safety net only.
pub const LISTENING_TTL: Duration = Duration::from_secs(2);

/// How a node's caches learn of new catalogue versions: its signal (own writes,
/// notifications) and how long they trust a version they read.
#[derive(Debug, Clone)]
pub struct Freshness {
    /// The versions this node knows committed, and whether its listener is connected.
    pub signal: Arc<VersionSignal>,
    /// How long a read version is trusted without a listener ([`VERSION_TTL`]).
    pub ttl: Duration,
    /// How long a read version is trusted while the listener is connected ([`LISTENING_TTL`]).
    pub listening_ttl: Duration,
}

impl Default for Freshness {
    fn default() -> Self {
        Freshness {
            signal: Arc::default(),
            ttl: VERSION_TTL,
            listening_ttl: LISTENING_TTL,
        }
    }
}

/// Memory for cached keys and bodies of one server.
pub const DEFAULT_BUDGET_BYTES: u64 = 16 * 1024 * 1024;

/// Bytes counted per entry besides its key and body (the entry's own bookkeeping).
const ENTRY_OVERHEAD: usize = 64;

/// Most list counts the cache holds (about 100 bytes each).
const MAX_COUNTS: u64 = 10_000;

/// Cache misses per core let run against the database at once. Catalogue queries are
/// CPU-bound; more of them at once than the machine has cores only adds contention (and
/// per-thread allocator arenas), and the bound keeps pooled connections free for carts and
/// checkout when the catalogue is hammered.
const MISSES_PER_CORE: usize = 2;

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

/// The catalogue version the entries belong to, and when it was last read.
#[derive(Debug, Default)]
struct VersionState {
    version: i64,
    /// `None`: never read.
    checked_at: Option<Instant>,
    /// The node's write counter when the version was last read.
    writes_seen: u64,
}

/// The catalogue cache of one server. See the module documentation.
pub struct CatalogueCache {
    keys: KeyHasher,
    bodies: moka::future::Cache<Key, CachedBody>,
    counts: moka::sync::Cache<Key, i64>,
    version: Mutex<VersionState>,
    misses: Arc<Semaphore>,
    /// Catalogue writes made through this node, shared by its workers' caches.
    writes: Arc<AtomicU64>,
    freshness: Freshness,
}

impl std::fmt::Debug for CatalogueCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CatalogueCache")
            .field("entries", &self.bodies.entry_count())
            .field("bytes", &self.bodies.weighted_size())
            .finish_non_exhaustive()
    }
}

/// An entry's key: 128 bits hashed from the catalogue version and the parsed query with two
/// independently, randomly keyed SipHash states, so a long filter (a query string can be
/// 20 KB) costs the cache 16 bytes whatever its text, and nobody can craft two queries that
/// share a key without knowing this process's random keys.
type Key = u128;

/// A parsed query hashed once ([`CatalogueCache::query_key`]): 128 bits that stand for it in
/// the keys of its answers and of its row count, without the query's text being formatted or
/// kept. Its `Hash` feeds the bits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QueryKey(u128);

/// The two keyed hashers of one cache.
#[derive(Debug, Default)]
struct KeyHasher(RandomState, RandomState);

impl KeyHasher {
    /// The key of `query` at catalogue `version`. A query is a value's `Hash` (a path, or a
    /// tuple of the route's name and its parsed parameters): derived hashes write each string
    /// with a terminator and each list with its length, so two different queries of one route
    /// never feed the hashers the same bytes.
    fn key<Q: Hash + ?Sized>(&self, version: i64, query: &Q) -> Key {
        self.both((version, query))
    }

    fn both(&self, value: impl Hash) -> u128 {
        let high = self.0.hash_one(&value);
        let low = self.1.hash_one(&value);
        (u128::from(high) << 64) | u128::from(low)
    }
}

/// What the cache knows of the version when a request comes in.
/// How a cached catalogue read is answered: its `Cache-Control`, and whether the list index
/// answers it (see [`CachedRead::respond`]).
#[derive(Debug, Clone, Copy)]
pub struct Reads {
    /// The answer's `Cache-Control`.
    pub policy: CachePolicy,
    /// Whether the load reads only what the list index answers (lists, filter counts, a
    /// product).
    pub indexed: bool,
}

impl Reads {
    /// A list, filter counts or a product: revalidated, answered by the list index when it
    /// can.
    pub const INDEXED: Reads = Reads {
        policy: CachePolicy::Revalidate,
        indexed: true,
    };
}

impl From<CachePolicy> for Reads {
    fn from(policy: CachePolicy) -> Self {
        Reads {
            policy,
            indexed: false,
        }
    }
}

enum Known {
    /// Read less than [`VERSION_TTL`] ago (or another request is reading it now), or known
    /// committed from the node's signal.
    Fresh(i64),
    /// Due for a read (this request claimed it), or a write through this node is not yet
    /// observed; carries the node's write counter as loaded before the read.
    Stale(u64),
}

impl CatalogueCache {
    /// An empty cache holding at most `budget_bytes` of keys and bodies, letting
    /// `concurrent_misses` queries run at once.
    #[must_use]
    pub fn new(budget_bytes: u64, concurrent_misses: usize) -> Self {
        Self::sharing(
            budget_bytes,
            Arc::new(Semaphore::new(concurrent_misses.max(1))),
            Arc::default(),
            Freshness::default(),
        )
    }

    /// The cache of one HTTP worker: its share of [`DEFAULT_BUDGET_BYTES`] among `workers`,
    /// with the server's one bound on concurrent misses, its one write counter
    /// ([`CatalogueCache::write_counter`]) and its version signal. A cache per worker keeps the
    /// hot path on one core (no cache line shared between workers on a hit but the write
    /// counter and the signal, read-mostly).
    #[must_use]
    pub fn for_worker(
        workers: usize,
        misses: Arc<Semaphore>,
        writes: Arc<AtomicU64>,
        freshness: Freshness,
    ) -> Self {
        let workers = u64::try_from(workers.max(1)).unwrap_or(1);
        Self::sharing(DEFAULT_BUDGET_BYTES / workers, misses, writes, freshness)
    }

    /// The counter of catalogue writes made through a server, shared by its workers' caches.
    #[must_use]
    pub fn write_counter() -> Arc<AtomicU64> {
        Arc::default()
    }

    /// Records a catalogue write made through this node (after it committed): every worker's
    /// cache reads the version again on its next request instead of trusting it for up to
    /// [`VERSION_TTL`].
    pub fn note_write(&self) {
        self.writes.fetch_add(1, Ordering::Release);
    }

    /// The server's bound on misses that run against the database at once: two per core.
    #[must_use]
    pub fn miss_bound() -> Arc<Semaphore> {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Arc::new(Semaphore::new(MISSES_PER_CORE * cores))
    }

    fn sharing(
        budget_bytes: u64,
        misses: Arc<Semaphore>,
        writes: Arc<AtomicU64>,
        freshness: Freshness,
    ) -> Self {
        let budget_bytes = budget_bytes.max(64 * 1024);
        let largest = budget_bytes / 8;
        CatalogueCache {
            bodies: moka::future::Cache::builder()
                .max_capacity(budget_bytes)
                .weigher(move |_key: &Key, value: &CachedBody| {
                    let size = (size_of::<Key>() + value.body.len() + ENTRY_OVERHEAD) as u64;
                    // One answer may not push out most of the cache: weigh it as the whole
                    // budget, so it is evicted at once.
                    u32::try_from(if size > largest { u64::MAX } else { size }).unwrap_or(u32::MAX)
                })
                .build(),
            counts: moka::sync::Cache::new(MAX_COUNTS),
            keys: KeyHasher::default(),
            version: Mutex::new(VersionState::default()),
            misses,
            writes,
            freshness,
        }
    }

    fn lock(&self) -> MutexGuard<'_, VersionState> {
        // Two plain values: a panic while holding the lock cannot leave them inconsistent.
        self.version
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Entries held (for tests and metrics; moka counts lazily, so run its pending work).
    pub async fn len(&self) -> u64 {
        self.bodies.run_pending_tasks().await;
        self.bodies.entry_count()
    }

    /// Whether the cache holds nothing.
    pub async fn is_empty(&self) -> bool {
        self.len().await == 0
    }

    /// Drops every entry (for a write made through this node; other nodes follow the version).
    pub fn clear(&self) {
        self.bodies.invalidate_all();
        self.counts.invalidate_all();
        self.lock().checked_at = None;
    }

    /// Records `version` as read from the database; entries of an older version are dropped.
    /// An older version than the one known (a slow reader) changes nothing.
    fn observe(&self, version: i64) {
        let moved = {
            let mut state = self.lock();
            if version < state.version {
                return;
            }
            state.checked_at = Some(Instant::now());
            let moved = version != state.version;
            state.version = version;
            moved
        };
        if moved {
            self.bodies.invalidate_all();
            self.counts.invalidate_all();
        }
    }

    /// The version to look entries up under, or `Stale` when it is due for a read (claimed by
    /// this request: concurrent requests go on with the current version meanwhile), or when
    /// the request names a newer version than the cache knows (`requested`, 0 when none: it
    /// reads, whatever other requests do).
    fn known_version(&self, requested: i64) -> Known {
        let writes = self.writes.load(Ordering::Acquire);
        let signalled = self.freshness.signal.latest();
        let mut state = self.lock();
        if writes != state.writes_seen {
            // A write through this node that no version read begun after it has observed yet:
            // every request reads the version (none is served the version from before the
            // write while another request's read is under way).
            return Known::Stale(writes);
        }
        if requested > state.version.max(signalled) {
            return Known::Stale(writes);
        }
        if signalled > state.version {
            // Committed (this node's write, or a notification): entries keyed by it need no
            // read of the version. The timed read still happens when due (a version signalled
            // a moment ago may already be old: a notification on its way).
            state.version = signalled;
            self.bodies.invalidate_all();
            self.counts.invalidate_all();
        }
        match state.checked_at {
            Some(at)
                if at.elapsed() < self.freshness.ttl
                    || (at.elapsed() < self.freshness.listening_ttl
                        && self.freshness.signal.listening()) =>
            {
                Known::Fresh(state.version)
            }
            Some(_) => {
                state.checked_at = Some(Instant::now());
                Known::Stale(writes)
            }
            None => Known::Stale(writes),
        }
    }

    /// The version the cache's entries belong to (no database read).
    fn current(&self) -> i64 {
        self.lock().version
    }

    /// Reads the catalogue version now and takes it when it moved on; answers it.
    async fn read_version(&self, state: &AppState) -> Result<i64, ApiError> {
        let version = state
            .read(|s| s.store.read(|tx| tx.catalogue_version()))
            .await?;
        self.observe(version);
        Ok(version)
    }

    /// `query` (a route's name and its parsed parameters) hashed once, to key its answers and
    /// its row count: no text is formatted for it.
    #[must_use]
    pub fn query_key(&self, query: &impl Hash) -> QueryKey {
        QueryKey(self.keys.both(query))
    }

    /// The remembered row count of the list filter `key` at catalogue `version`.
    #[must_use]
    pub fn count(&self, key: &(impl Hash + ?Sized), version: i64) -> Option<i64> {
        self.counts.get(&self.keys.key(version, key))
    }

    /// Remembers the row count of the list filter `key`, counted at catalogue `version`.
    pub fn remember_count(&self, key: &(impl Hash + ?Sized), version: i64, total: i64) {
        self.counts.insert(self.keys.key(version, key), total);
    }

    /// Answers a catalogue GET from the cache, or runs `load` on a store read (after reading
    /// the catalogue version in the same unit of work), caches its JSON and answers it. `key`
    /// must identify the answer completely (a path, or a [`QueryKey`] of the route's name and
    /// its parsed query). Errors of `load`
    /// (404, ...) are answered, not cached; concurrent misses of one key share one load.
    ///
    /// # Errors
    /// Whatever `load` returns; 503 when no connection can be had.
    pub async fn respond<T, F>(
        &self,
        req: &HttpRequest,
        state: &AppState,
        key: impl Hash,
        reads: Reads,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce(&mut Tx<'_>, i64) -> Result<T, ApiError> + Send + 'static,
        T: Serialize,
    {
        let policy = reads.policy;
        let requested = crate::read_your_writes::requested_version(req.headers());
        let version = match self.known_version(requested) {
            Known::Fresh(version) => version,
            Known::Stale(writes) => {
                let version = self.read_version(state).await?;
                // Read after those writes committed: it reflects them.
                let mut seen = self.lock();
                seen.writes_seen = seen.writes_seen.max(writes);
                drop(seen);
                version
            }
        };
        let versioned = self.keys.key(version, &key);
        if let Some(cached) = self.bodies.get(&versioned).await {
            return Ok(answer(req, &cached, policy));
        }
        // The miss's future lives on the heap, so a hit (most requests) moves a small future
        // through the middleware chain instead of one that holds the whole load.
        let loaded = Box::pin(self.bodies.try_get_with(versioned, async {
            // Wait for a place on the async worker, before taking a thread or a connection.
            let _permit = self.misses.acquire().await.map_err(ApiError::internal)?;
            let run = move |s: &AppState, known: Option<i64>| {
                s.store.read(|tx| {
                    // The version first: the answer is at least as new as the version
                    // it is stored under.
                    let read_at = match known {
                        Some(version) => {
                            tx.assume_catalogue_version(version);
                            version
                        }
                        None => tx.catalogue_version()?,
                    };
                    let value = load(tx, read_at)?;
                    let body = serde_json::to_vec(&value).map_err(ApiError::internal)?;
                    Ok::<_, ApiError>((read_at, body))
                })
            };
            // When the list index holds this version, the read runs no statement (not
            // even the version's, read a moment ago), so it runs here on either database,
            // and the answer is at least as new as `version`.
            let from_index = reads.indexed && state.store.index_answers_without_waiting(version);
            let here = from_index || state.store.reads_without_waiting();
            let (read_at, body) = state
                .read_here_if(here, move |s| run(s, from_index.then_some(version)))
                .await?;
            self.observe(read_at);
            Ok::<_, ApiError>(CachedBody::new(Bytes::from(body)))
        }))
        .await
        .map_err(Arc::unwrap_or_clone)?;
        Ok(answer(req, &loaded, policy))
    }
}

/// A catalogue read of one request: the request, the application state and the server's
/// cache, taken by a handler as one extractor.
pub struct CachedRead {
    req: HttpRequest,
    state: web::Data<AppState>,
    cache: web::Data<CatalogueCache>,
}

impl FromRequest for CachedRead {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let missing = || ApiError::internal("catalogue state missing");
        ready(
            match (
                req.app_data::<web::Data<AppState>>(),
                req.app_data::<web::Data<CatalogueCache>>(),
            ) {
                (Some(state), Some(cache)) => Ok(CachedRead {
                    req: req.clone(),
                    state: state.clone(),
                    cache: cache.clone(),
                }),
                _ => Err(missing()),
            },
        )
    }
}

impl CachedRead {
    /// The server's cache (for list counts).
    #[must_use]
    pub fn cache(&self) -> &web::Data<CatalogueCache> {
        &self.cache
    }

    /// [`CatalogueCache::respond`] for this request: `reads` is a [`CachePolicy`], or
    /// [`Reads::INDEXED`] for a read the catalogue's list index answers (a product list, filter
    /// counts), whose miss runs no statement at all when the index holds the version, on the
    /// async worker of either database.
    ///
    /// # Errors
    /// Whatever `load` returns; 503 when no connection can be had.
    pub async fn respond<T, F>(
        &self,
        key: impl Hash,
        reads: impl Into<Reads>,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce(&mut Tx<'_>, i64) -> Result<T, ApiError> + Send + 'static,
        T: Serialize,
    {
        self.cache
            .respond(&self.req, &self.state, key, reads.into(), load)
            .await
    }

    /// One catalogue item, revalidated on every request: its path (`/api/shows/{id}`) names
    /// it completely and keys the answer; `load` reads it (its error answers an unknown id).
    /// `reads`: [`Reads::INDEXED`] for a product, which the list index holds, else
    /// [`CachePolicy::Revalidate`]. Before answering 404 it reads the catalogue version, and
    /// loads again if the version moved on: an item created on another node a moment ago is
    /// never answered as unknown because this node had not heard of its version yet.
    ///
    /// # Errors
    /// Whatever `load` returns; 503 when no connection can be had.
    pub async fn respond_item<T, E, F>(
        &self,
        reads: impl Into<Reads>,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce(&mut Tx<'_>) -> Result<T, E> + Clone + Send + 'static,
        T: Serialize,
        ApiError: From<E>,
    {
        let reads = reads.into();
        let key = self.req.path();
        let before = self.cache.current();
        let again = load.clone();
        match self.respond(key, reads, |tx, _| Ok(load(tx)?)).await {
            Err(ApiError::NotFound(message)) => {
                if self.cache.read_version(&self.state).await? > before {
                    self.respond(key, reads, |tx, _| Ok(again(tx)?)).await
                } else {
                    Err(ApiError::NotFound(message))
                }
            }
            answer => answer,
        }
    }
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
        builder
            .content_type(HeaderValue::from_static("application/json"))
            .body(cached.body.clone())
    }
}

#[cfg(test)]
mod tests;
