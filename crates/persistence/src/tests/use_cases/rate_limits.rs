//! Limit counters in the store: a GCRA allowance that refills, a count of failures that starts
//! again after a quiet window, the cleanup of spent counters, and several threads (as several
//! nodes would) hitting one counter at once, on both backends.

use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::limits::{self, CounterKey, LimitName, Rate};

use super::{break_table, now};
use crate::schema::rate_limits;
use crate::test_support::TestDatabase;
use crate::Db;

fn key(limit: LimitName, n: u8) -> CounterKey {
    CounterKey {
        limit,
        hash: [n; 16],
    }
}

fn take(db: &Db, key: CounterKey, rate: Rate, at: NaiveDateTime) -> bool {
    limits::take_hits(db, &[(key, rate)], at).expect("counted")
}

fn rows(db: &Db) -> i64 {
    let mut conn = db.get().expect("connection");
    rate_limits::table
        .count()
        .get_result(&mut *conn)
        .expect("count")
}

fn ms(n: i64) -> chrono::Duration {
    chrono::Duration::milliseconds(n)
}

#[test]
fn an_allowance_is_a_burst_then_one_hit_back_per_interval_per_key_and_limit() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let t0 = now();
    // 3 a minute: a burst of 3, then one more every 20 s.
    let rate = Rate::new(3, Duration::from_secs(60));
    let a = key(LimitName::SignIn, 1);
    let taken: Vec<_> = (0..5).map(|_| take(db, a, rate, t0)).collect();
    assert_eq!(taken, [true, true, true, false, false]);
    // Another key, and the same key under another limit, have their own allowance.
    assert!(take(db, key(LimitName::SignIn, 2), rate, t0));
    assert!(take(db, key(LimitName::Register, 1), rate, t0));
    // A refusal spent nothing: 20 s later exactly one hit is back, not less.
    let t20 = t0 + ms(20_000);
    assert!(take(db, a, rate, t20));
    assert!(!take(db, a, rate, t20));
    assert!(!take(db, a, rate, t20 + ms(19_000)));
    // A whole window later the whole burst is back, and no more (no window edge doubles it).
    let later = t20 + ms(60_000);
    let taken: Vec<_> = (0..4).map(|_| take(db, a, rate, later)).collect();
    assert_eq!(taken, [true, true, true, false]);
}

#[test]
fn several_counters_stop_at_the_first_without_a_hit_and_keep_the_ones_taken() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let at = now();
    let per_network = Rate::new(2, Duration::from_secs(3600));
    let in_all = Rate::new(3, Duration::from_secs(3600));
    let total = key(LimitName::RegisterTotal, 0);
    let both = |n: u8| {
        limits::take_hits(
            db,
            &[(key(LimitName::Register, n), per_network), (total, in_all)],
            at,
        )
        .expect("counted")
    };
    assert!(both(1) && both(1));
    assert!(!both(1), "per network");
    assert!(both(2));
    assert!(!both(3), "in all");
    // Network 3's hit was taken before the total refused it.
    assert!(take(db, key(LimitName::Register, 3), per_network, at));
    assert!(!take(db, key(LimitName::Register, 3), per_network, at));
}

#[test]
fn a_failure_count_grows_and_starts_again_after_a_quiet_window() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let t0 = now();
    let window = Duration::from_secs(3600);
    let victim = key(LimitName::SignInFailures, 7);
    let counts: Vec<_> = (0..4)
        .map(|i| limits::add_hit(db, &victim, window, t0 + ms(i * 1000)).expect("counted"))
        .collect();
    assert_eq!(counts, [1, 2, 3, 4]);
    // The window runs from the last failure: just under an hour after it, still counting.
    let last = t0 + ms(3000);
    let count = |at| limits::add_hit(db, &victim, window, at).expect("counted");
    assert_eq!(count(last + ms(3_599_999)), 5);
    // A full hour after the last one, a fresh count.
    assert_eq!(count(last + ms(3_599_999) + ms(3_600_000)), 1);
    assert_eq!(
        limits::add_hit(db, &key(LimitName::SignInFailures, 8), window, t0).expect("counted"),
        1
    );
}

#[test]
fn spent_counters_are_removed_and_live_ones_kept() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let t0 = now();
    let minute = Rate::new(10, Duration::from_secs(60));
    // One hit: back at a full burst 6 s later. Ten hits: a minute later.
    assert!(take(db, key(LimitName::ClientErrors, 1), minute, t0));
    for _ in 0..10 {
        assert!(take(db, key(LimitName::ClientErrors, 2), minute, t0));
    }
    limits::add_hit(
        db,
        &key(LimitName::SignInFailures, 3),
        Duration::from_secs(30),
        t0,
    )
    .expect("counted");
    assert_eq!(rows(db), 3);

    assert_eq!(limits::forget_spent(db, t0 + ms(5_999)).expect("swept"), 0);
    assert_eq!(limits::forget_spent(db, t0 + ms(6_000)).expect("swept"), 1);
    assert_eq!(rows(db), 2);
    assert_eq!(limits::forget_spent(db, t0 + ms(30_000)).expect("swept"), 1);
    // Network 2 spent its burst: its counter lives until the burst is back.
    assert_eq!(rows(db), 1);
    assert_eq!(limits::forget_spent(db, t0 + ms(60_000)).expect("swept"), 1);
    assert_eq!(rows(db), 0);
}

#[test]
fn threads_hitting_one_counter_at_once_take_exactly_its_burst() {
    let test_db = TestDatabase::new();
    let db = test_db.db().clone();
    let at = now();
    let rate = Rate::new(25, Duration::from_secs(3600));
    let one = key(LimitName::Resets, 9);
    let taken: usize = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                let db = db.clone();
                s.spawn(move || (0..20).filter(|_| take(&db, one, rate, at)).count())
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("worker")).sum()
    });
    assert_eq!(taken, 25);
}

#[test]
fn a_failing_store_is_an_error_not_an_answer() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    break_table(db, "rate_limits");
    let rate = Rate::new(1, Duration::from_secs(60));
    assert!(limits::take_hits(db, &[(key(LimitName::SignIn, 1), rate)], now()).is_err());
    assert!(limits::add_hit(
        db,
        &key(LimitName::SignInFailures, 1),
        Duration::from_secs(1),
        now()
    )
    .is_err());
    assert!(limits::forget_spent(db, now()).is_err());
}
