//! Unit tests of the catalogue cache.

use super::*;

fn body(n: usize) -> CachedBody {
    CachedBody::new(Bytes::from(vec![b'x'; n]))
}

async fn put(cache: &CatalogueCache, version: i64, key: &str, n: usize) {
    cache.observe(version);
    cache
        .bodies
        .insert(cache.keys.key(version, key), body(n))
        .await;
}

async fn has(cache: &CatalogueCache, version: i64, key: &str) -> bool {
    cache
        .bodies
        .get(&cache.keys.key(version, key))
        .await
        .is_some()
}

#[actix_web::test]
async fn a_newer_version_drops_older_entries() {
    let cache = CatalogueCache::new(1 << 20, 2);
    put(&cache, 1, "a", 10).await;
    assert_eq!(cache.len().await, 1);
    put(&cache, 2, "b", 10).await;
    assert_eq!(cache.len().await, 1);
    assert!(has(&cache, 2, "b").await);
    assert!(!has(&cache, 1, "a").await);
}

#[actix_web::test]
async fn an_older_version_read_late_does_not_move_the_cache_back() {
    let cache = CatalogueCache::new(1 << 20, 2);
    put(&cache, 3, "a", 10).await;
    cache.observe(2);
    assert!(matches!(cache.known_version(0), Known::Fresh(3)));
    assert!(has(&cache, 3, "a").await);
}

#[actix_web::test]
async fn the_budget_bounds_memory_and_refuses_one_huge_answer() {
    let cache = CatalogueCache::new(64 * 1024, 2);
    for i in 0..200 {
        put(&cache, 1, &format!("k{i}"), 1000).await;
    }
    cache.bodies.run_pending_tasks().await;
    assert!(
        cache.bodies.weighted_size() <= 64 * 1024,
        "{} bytes",
        cache.bodies.weighted_size()
    );
    put(&cache, 1, "huge", 20 * 1024).await;
    cache.bodies.run_pending_tasks().await;
    assert!(!has(&cache, 1, "huge").await);
}

#[actix_web::test]
async fn the_miss_bound_admits_at_most_its_limit() {
    let cache = Arc::new(CatalogueCache::new(1 << 20, 2));
    let peak = Arc::new(Mutex::new((0usize, 0usize)));
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let (cache, peak) = (cache.clone(), peak.clone());
            actix_web::rt::spawn(async move {
                let permit = cache.misses.acquire().await.expect("permit");
                {
                    let mut p = peak.lock().expect("lock");
                    p.0 += 1;
                    p.1 = p.1.max(p.0);
                }
                actix_web::rt::time::sleep(Duration::from_millis(5)).await;
                peak.lock().expect("lock").0 -= 1;
                drop(permit);
            })
        })
        .collect();
    for t in tasks {
        t.await.expect("task");
    }
    assert_eq!(peak.lock().expect("lock").1, 2);
    assert_eq!(cache.misses.available_permits(), 2);
}

#[actix_web::test]
async fn a_long_filter_costs_a_fixed_size_key() {
    let cache = CatalogueCache::new(1 << 20, 2);
    let long = "brands=".repeat(3_000);
    put(&cache, 1, &long, 10).await;
    cache.bodies.run_pending_tasks().await;
    assert_eq!(
        cache.bodies.weighted_size(),
        (16 + 10 + ENTRY_OVERHEAD) as u64
    );
    assert!(has(&cache, 1, &long).await);
    assert!(!has(&cache, 2, &long).await);
    cache.remember_count(&long, 1, 5);
    assert_eq!(cache.count(&long, 1), Some(5));
}

#[test]
fn counts_belong_to_one_version() {
    let cache = CatalogueCache::new(1 << 20, 2);
    cache.remember_count("f", 3, 10);
    assert_eq!(cache.count("f", 4), None);
    cache.remember_count("f", 4, 11);
    assert_eq!(cache.count("f", 4), Some(11));
    cache.observe(5);
    cache.counts.run_pending_tasks();
    assert_eq!(cache.count("f", 4), None);
}

#[test]
fn the_version_is_rechecked_after_its_ttl() {
    let cache = CatalogueCache::new(1 << 20, 2);
    assert!(matches!(cache.known_version(0), Known::Stale(_)));
    cache.observe(0);
    assert!(matches!(cache.known_version(0), Known::Fresh(0)));
    cache.lock().checked_at = Some(Instant::now() - VERSION_TTL * 2);
    assert!(matches!(cache.known_version(0), Known::Stale(_)));
    // The first request claimed the check; the next one is served meanwhile.
    assert!(matches!(cache.known_version(0), Known::Fresh(0)));
    // After a write through this node, every request reads the version until one read
    // begun after the write is observed.
    cache.note_write();
    assert!(matches!(cache.known_version(0), Known::Stale(1)));
    assert!(matches!(cache.known_version(0), Known::Stale(1)));
}

#[actix_web::test]
async fn a_signalled_version_is_taken_without_a_read() {
    let cache = CatalogueCache::new(1 << 20, 2);
    put(&cache, 1, "a", 10).await;
    assert!(matches!(cache.known_version(0), Known::Fresh(1)));
    cache.freshness.signal.publish(4);
    assert!(matches!(cache.known_version(0), Known::Fresh(4)));
    assert!(!has(&cache, 1, "a").await);
    // An older signal (a late notification) changes nothing.
    cache.freshness.signal.publish(2);
    assert!(matches!(cache.known_version(0), Known::Fresh(4)));
}

#[test]
fn a_request_naming_a_newer_version_reads_it() {
    let cache = CatalogueCache::new(1 << 20, 2);
    cache.observe(3);
    assert!(matches!(cache.known_version(3), Known::Fresh(3)));
    // Every such request reads, even while another one's read is under way.
    assert!(matches!(cache.known_version(4), Known::Stale(_)));
    assert!(matches!(cache.known_version(4), Known::Stale(_)));
    // The signal already knows it: no read.
    cache.freshness.signal.publish(4);
    assert!(matches!(cache.known_version(4), Known::Fresh(4)));
    // A signalled version does not stand for a read never made.
    let fresh = CatalogueCache::new(1 << 20, 2);
    fresh.freshness.signal.publish(2);
    assert!(matches!(fresh.known_version(0), Known::Stale(_)));
}

#[test]
fn a_query_key_names_one_parsed_query_of_one_route() {
    use domain::catalogue::ProductFilter;
    use domain::paging::PageRequest;
    let cache = CatalogueCache::new(1 << 20, 2);
    let brand = |ids: &[&str]| ProductFilter {
        brands: ids.iter().map(|id| (*id).to_owned()).collect(),
        ..ProductFilter::default()
    };
    let page = PageRequest {
        page: 1,
        page_size: 25,
    };
    let key = |route: &str, filter: &ProductFilter| cache.query_key(&(route, filter, page));
    assert_eq!(
        key("products", &brand(&["a"])),
        key("products", &brand(&["a"]))
    );
    // Another route, value, split of the values or page is another answer.
    let one = key("products", &brand(&["ab"]));
    assert_ne!(one, key("apparel", &brand(&["ab"])));
    assert_ne!(one, key("products", &brand(&["a"])));
    assert_ne!(one, key("products", &brand(&["a", "b"])));
    assert_ne!(
        one,
        cache.query_key(&("products", &brand(&["ab"]), PageRequest { page: 2, ..page }))
    );
    // Keyed by this cache's random keys: another process cannot foresee them.
    let other = CatalogueCache::new(1 << 20, 2);
    assert_ne!(one, other.query_key(&("products", &brand(&["ab"]), page)));
    // The answer and the row count of one query, kept apart per version.
    cache.remember_count(&one, 1, 7);
    assert_eq!(cache.count(&one, 1), Some(7));
    assert_eq!(cache.count(&key("products", &brand(&["a"])), 1), None);
}
