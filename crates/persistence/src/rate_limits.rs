//! The adapter of the domain's [`RateCounts`](domain::limits::RateCounts) port: request limit
//! counters in table `rate_limits`, one statement per hit (an upsert that decides and counts
//! at once, so two nodes hitting one counter together each see the other's hit).
//!
//! Instants are microseconds since the Unix epoch, computed here from the caller's `now`, so
//! the arithmetic is the same integer arithmetic on both backends.

use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Integer, Text};

use domain::limits::{CounterKey, Rate};

use crate::native::Native as _;
use crate::schema::rate_limits;
use crate::{DbConnection, DbError};

/// `at` as microseconds since the Unix epoch.
fn micros(at: NaiveDateTime) -> i64 {
    at.and_utc().timestamp_micros()
}

/// Microseconds of `d`, at most `i64::MAX`.
fn micros_of(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}

/// Runs one of the counters' upserts on the connection's backend: `$pg` or `$sqlite`, bound
/// with the key's limit name and hash, then each microsecond figure in order, its rows read
/// with `$read` (`load` or `get_result`).
macro_rules! upsert {
    ($conn:expr, $pg:expr, $sqlite:expr, $key:expr, [$($n:expr),*], $read:ident::<$row:ty>) => {{
        let name = $key.limit.as_str();
        let hash = &$key.hash[..];
        match $conn {
            DbConnection::Postgresql(c) => diesel::sql_query($pg)
                .bind::<Text, _>(name)
                .bind::<Binary, _>(hash)
                $(.bind::<BigInt, _>($n))*
                .$read::<$row>(c)?,
            DbConnection::Sqlite(c) => diesel::sql_query($sqlite)
                .bind::<Text, _>(name)
                .bind::<Binary, _>(hash)
                $(.bind::<BigInt, _>($n))*
                .$read::<$row>(c)?,
        }
    }};
}

#[derive(QueryableByName)]
struct Arrival {
    #[diesel(sql_type = BigInt)]
    #[expect(dead_code, reason = "only whether a row comes back matters")]
    expires_us: i64,
}

#[derive(QueryableByName)]
struct Hits {
    #[diesel(sql_type = Integer)]
    hits: i32,
}

// The upserts differ only in their placeholders (`$n`, `?n`) and in the names of the
// two-argument maximum and minimum (GREATEST/LEAST, MAX/MIN); diesel's DSL has no `WHERE` on
// `DO UPDATE` nor `RETURNING` on the combined backend, so each is written out per backend.

/// GCRA in one statement: a fresh counter is inserted with its first hit (arrival one interval
/// from now); an existing one moves its arrival one interval past max(arrival, now) only when
/// that stays within the tolerance, i.e. max(arrival, now) <= the ceiling (now + tolerance -
/// interval). `RETURNING` answers a row exactly when the hit was taken. PostgreSQL evaluates
/// the `WHERE` before the `SET`, so the addition never runs past the ceiling.
/// Binds: name, key, now, interval, ceiling, first arrival.
const TAKE_PG: &str = "INSERT INTO rate_limits AS r (limit_name, key_hash, hits, expires_us) \
     VALUES ($1, $2, 0, $6) \
     ON CONFLICT (limit_name, key_hash) DO UPDATE \
     SET expires_us = GREATEST(r.expires_us, $3) + $4 \
     WHERE GREATEST(r.expires_us, $3) <= $5 \
     RETURNING r.expires_us";
const TAKE_SQLITE: &str = "INSERT INTO rate_limits AS r (limit_name, key_hash, hits, expires_us) \
     VALUES (?1, ?2, 0, ?6) \
     ON CONFLICT (limit_name, key_hash) DO UPDATE \
     SET expires_us = MAX(r.expires_us, ?3) + ?4 \
     WHERE MAX(r.expires_us, ?3) <= ?5 \
     RETURNING expires_us";

/// A count that starts again after a quiet window: past its expiry (last hit + window) the
/// count is 1, else one more (bounded below `i32::MAX`); the expiry moves to now + window.
/// Binds: name, key, now, new expiry.
const ADD_PG: &str = "INSERT INTO rate_limits AS r (limit_name, key_hash, hits, expires_us) \
     VALUES ($1, $2, 1, $4) \
     ON CONFLICT (limit_name, key_hash) DO UPDATE \
     SET hits = CASE WHEN r.expires_us <= $3 THEN 1 ELSE LEAST(r.hits, 2147483646) + 1 END, \
         expires_us = $4 \
     RETURNING r.hits";
const ADD_SQLITE: &str = "INSERT INTO rate_limits AS r (limit_name, key_hash, hits, expires_us) \
     VALUES (?1, ?2, 1, ?4) \
     ON CONFLICT (limit_name, key_hash) DO UPDATE \
     SET hits = CASE WHEN r.expires_us <= ?3 THEN 1 ELSE MIN(r.hits, 2147483646) + 1 END, \
         expires_us = ?4 \
     RETURNING hits";

/// Takes one hit from `key`'s allowance under `rate` at `now`; false (nothing changed) when
/// there was none.
///
/// # Errors
/// Database failures.
pub fn take_hit(
    conn: &mut DbConnection,
    key: &CounterKey,
    rate: Rate,
    now: NaiveDateTime,
) -> Result<bool, DbError> {
    let now = micros(now);
    let interval = rate.interval_us();
    let ceiling = now
        .saturating_add(rate.tolerance_us())
        .saturating_sub(interval);
    let first = now.saturating_add(interval);
    let rows = upsert!(
        conn,
        TAKE_PG,
        TAKE_SQLITE,
        key,
        [now, interval, ceiling, first],
        load::<Arrival>
    );
    Ok(!rows.is_empty())
}

/// Adds one hit to `key`'s count (started again after a quiet `window`); answers the count.
///
/// # Errors
/// Database failures.
pub fn add_hit(
    conn: &mut DbConnection,
    key: &CounterKey,
    window: Duration,
    now: NaiveDateTime,
) -> Result<u32, DbError> {
    let now = micros(now);
    let expires = now.saturating_add(micros_of(window));
    let row = upsert!(
        conn,
        ADD_PG,
        ADD_SQLITE,
        key,
        [now, expires],
        get_result::<Hits>
    );
    Ok(u32::try_from(row.hits).unwrap_or(1))
}

/// Deletes the counters that say nothing at `now` any more; answers how many.
///
/// # Errors
/// Database failures.
pub fn forget_spent(conn: &mut DbConnection, now: NaiveDateTime) -> Result<u64, DbError> {
    let gone = diesel::delete(rate_limits::table)
        .filter(rate_limits::expires_us.le(micros(now)))
        .execute_native(conn)?;
    Ok(u64::try_from(gone).unwrap_or(u64::MAX))
}

/// The domain's port over the queries above.
mod port {
    use std::time::Duration;

    use chrono::NaiveDateTime;
    use domain::limits::{CounterKey, Rate, RateCounts};
    use domain::store::StoreError;

    use crate::rate_limits::{add_hit, forget_spent, take_hit};
    use crate::store::{q, Tx};

    impl RateCounts for Tx<'_> {
        fn take_hit(
            &mut self,
            key: &CounterKey,
            rate: Rate,
            now: NaiveDateTime,
        ) -> Result<bool, StoreError> {
            q(take_hit(self.conn, key, rate, now))
        }

        fn add_hit(
            &mut self,
            key: &CounterKey,
            window: Duration,
            now: NaiveDateTime,
        ) -> Result<u32, StoreError> {
            q(add_hit(self.conn, key, window, now))
        }

        fn forget_spent(&mut self, now: NaiveDateTime) -> Result<u64, StoreError> {
            q(forget_spent(self.conn, now))
        }
    }
}
