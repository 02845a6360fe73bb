//! Queries run on the connection's own backend instead of through the `MultiConnection`.
//!
//! The derived `MultiConnection` runs a query by wrapping it in a `SerializedQuery` whose every
//! walk of the query renders its whole SQL text into a new string: once to ask whether the
//! statement may be cached, once more to collect its binds, even when the prepared statement is
//! cached and no text is needed. That was 5.5 % of a purchase's server CPU, most of it inside the
//! SQLite writer's turn. A query written against [`crate::schema`] compiles for both backends, so
//! these methods match the connection and run it on the `SqliteConnection` or `PgConnection`
//! itself (inside any transaction open on the enum, which delegates to it): the same SQL, the
//! same cached statement, without the text.

use std::cell::Cell;

use diesel::dsl::Limit;
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::methods::{ExecuteDsl, LimitDsl};
use diesel::query_dsl::LoadQuery;
use diesel::sqlite::Sqlite;
use diesel::{PgConnection, QueryResult, RunQueryDsl, SqliteConnection};

use crate::connection::{DbConnection, MultiBackend};

/// `execute`, `load`, `get_result` and `first` on the connection's own backend (see the module
/// documentation). In scope beside `RunQueryDsl`, for the queries of the hot paths.
pub(crate) trait Native: Sized {
    /// [`RunQueryDsl::execute`].
    fn execute_native(self, conn: &mut DbConnection) -> QueryResult<usize>
    where
        Self: ExecuteDsl<SqliteConnection> + ExecuteDsl<PgConnection>,
    {
        match conn {
            DbConnection::Sqlite(c) => ExecuteDsl::execute(self, c),
            DbConnection::Postgresql(c) => ExecuteDsl::execute(self, c),
        }
    }

    /// [`RunQueryDsl::load`].
    fn load_native<'q, U>(self, conn: &mut DbConnection) -> QueryResult<Vec<U>>
    where
        Self: RunQueryDsl<SqliteConnection>
            + RunQueryDsl<PgConnection>
            + LoadQuery<'q, SqliteConnection, U>
            + LoadQuery<'q, PgConnection, U>,
    {
        match conn {
            DbConnection::Sqlite(c) => RunQueryDsl::<SqliteConnection>::load(self, c),
            DbConnection::Postgresql(c) => RunQueryDsl::<PgConnection>::load(self, c),
        }
    }

    /// [`RunQueryDsl::get_result`]: the first row, [`diesel::result::Error::NotFound`] when
    /// there is none (its queries answer one row: a count, a `RETURNING`, a `LIMIT 1`).
    fn get_result_native<'q, U>(self, conn: &mut DbConnection) -> QueryResult<U>
    where
        Self: RunQueryDsl<SqliteConnection>
            + RunQueryDsl<PgConnection>
            + LoadQuery<'q, SqliteConnection, U>
            + LoadQuery<'q, PgConnection, U>,
    {
        self.load_native(conn)?
            .into_iter()
            .next()
            .ok_or(diesel::result::Error::NotFound)
    }

    /// [`RunQueryDsl::first`].
    fn first_native<'q, U>(self, conn: &mut DbConnection) -> QueryResult<U>
    where
        Self: LimitDsl,
        Limit<Self>: RunQueryDsl<SqliteConnection>
            + RunQueryDsl<PgConnection>
            + LoadQuery<'q, SqliteConnection, U>
            + LoadQuery<'q, PgConnection, U>,
    {
        self.limit(1).get_result_native(conn)
    }
}

impl<T> Native for T {}

/// A statement whose prepared form is cached by its SQL text, whatever its parts say.
///
/// Diesel never caches an `UPDATE` (it cannot tell from the type whether the changeset skips
/// a `None` field, which changes the text), so each one was prepared again on every call: a
/// purchase's updates (its session, the sandbox ledger, the outbox) were most of the 2.5 % of
/// its CPU spent in `sqlite3_prepare`. Keyed by the text and the bind types (as diesel keys any
/// statement without a static id), a changeset that renders other text is another statement.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cached<Q>(Q);

/// [`Cached`] for any statement.
pub(crate) trait CacheDsl: Sized {
    /// This statement, prepared once per connection and text.
    fn cached(self) -> Cached<Self> {
        Cached(self)
    }
}

impl<Q> CacheDsl for Q {}

/// `Cached<Q>` for a backend: `Q` itself, except when diesel asks whether the statement may be
/// cached (the answer is yes) or whether it is empty (no). No public API tells the passes over a
/// query apart; the one `MultiConnection` uses does: casting a pass to its own backend calls
/// the query builder's converter only when rendering text and the bind collector's only when
/// collecting binds.
macro_rules! cached_on {
    ($($backend:ty),+) => {$(
        impl<Q: QueryFragment<$backend>> QueryFragment<$backend> for Cached<Q> {
            fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, $backend>) -> QueryResult<()> {
                use diesel::internal::derives::multiconnection::AstPassHelper as _;
                let renders = Cell::new(false);
                let mut pass = pass.cast_database::<$backend>(
                    |collector| {
                        renders.set(true);
                        collector
                    },
                    |builder| {
                        renders.set(true);
                        builder
                    },
                    |backend| backend,
                    |lookup| lookup,
                );
                if renders.get() || pass.debug_binds().is_some() {
                    return self.0.walk_ast(pass);
                }
                // Not rendered: "may it be cached" stays yes, "is it empty" becomes no.
                pass.push_sql("");
                Ok(())
            }
        }
    )+};
}

cached_on!(Sqlite, Pg, MultiBackend);

impl<Q> QueryId for Cached<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for Cached<Q> {
    type SqlType = Q::SqlType;
}

impl<Q, Conn> RunQueryDsl<Conn> for Cached<Q> {}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use diesel::prelude::*;

    use super::*;
    use crate::schema::sandbox_payments as sp;
    use crate::test_support::{cached_statements, TestDatabase};

    fn payment(conn: &mut DbConnection, reference: &str) {
        let at = NaiveDate::from_ymd_opt(2026, 12, 4)
            .and_then(|d| d.and_hms_opt(12, 0, 0))
            .expect("time");
        diesel::insert_into(sp::table)
            .values((
                sp::reference.eq(reference),
                sp::amount_cents.eq(1_234_i64),
                sp::status.eq("PENDING"),
                sp::attempts.eq(0),
                sp::expires_at.eq(at),
                sp::created_on.eq(at),
                sp::updated_on.eq(at),
            ))
            .execute_native(conn)
            .expect("insert");
    }

    /// The same update each time (a function's `impl Trait` would hide its diesel traits).
    macro_rules! count_attempt {
        ($reference:expr) => {
            diesel::update(sp::table.find($reference)).set(sp::attempts.eq(sp::attempts + 1))
        };
    }

    #[test]
    fn a_cached_update_is_prepared_once_and_a_plain_one_every_time() {
        let test = TestDatabase::new();
        let mut conn = test.db().get().expect("connection");
        payment(&mut conn, "r1");
        let cached = cached_statements(&mut conn);
        for _ in 0..3 {
            assert_eq!(
                count_attempt!("r1").cached().execute_native(&mut conn),
                Ok(1)
            );
        }
        assert_eq!(
            cached.lock().expect("log").len(),
            1,
            "one statement, cached once"
        );
        for _ in 0..3 {
            assert_eq!(count_attempt!("r1").execute_native(&mut conn), Ok(1));
        }
        assert_eq!(
            cached.lock().expect("log").len(),
            1,
            "diesel caches no plain update"
        );
        for _ in 0..3 {
            let pending = diesel::update(sp::table.find("r1")).set(sp::status.eq("PENDING"));
            assert_eq!(pending.cached().execute(&mut *conn), Ok(1));
        }
        assert_eq!(
            cached.lock().expect("log").len(),
            2,
            "through the MultiConnection too: another statement, cached once"
        );
        let attempts: i32 = sp::table
            .find("r1")
            .select(sp::attempts)
            .first_native(&mut conn)
            .expect("read");
        assert_eq!(attempts, 6);
    }

    #[test]
    fn native_queries_answer_what_the_multi_connection_answers() {
        let test = TestDatabase::new();
        let mut conn = test.db().get().expect("connection");
        for reference in ["a", "b", "c"] {
            payment(&mut conn, reference);
        }
        let query = || sp::table.select(sp::reference).order(sp::reference.desc());
        let multi: Vec<String> = query().load(&mut *conn).expect("multi");
        let native: Vec<String> = query().load_native(&mut conn).expect("native");
        let with_macro: Vec<String> = native!(&mut *conn, |c| query().load(c)).expect("macro");
        assert_eq!(multi, ["c", "b", "a"]);
        assert_eq!(native, multi);
        assert_eq!(with_macro, multi);
        let first: String = query().first_native(&mut conn).expect("first");
        assert_eq!(first, "c");
        let none: Option<String> = query()
            .filter(sp::reference.eq("z"))
            .first_native(&mut conn)
            .optional()
            .expect("none");
        assert_eq!(none, None);
    }
}
