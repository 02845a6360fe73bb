//! `column IN (ids)` with the ids bound as one JSON array, so that the statement's text does
//! not depend on how many ids there are and its prepared statement is cached. Diesel renders
//! `eq_any(list)` as `IN (?, ?, ...)` and prepares it again on every call on SQLite: for the
//! page of a list (25 ids) that was a sixth of a request's CPU.
//!
//! SQLite reads the array with `json_each`, PostgreSQL with `json_array_elements_text`: one
//! expression type, rendered per backend.

use std::marker::PhantomData;

use diesel::expression::{AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Bool, Text};
use diesel::sqlite::Sqlite;
use diesel::QueryResult;

use crate::connection::MultiBackend;

/// `column IN (the ids)` (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct InJson<C> {
    column: C,
    ids: String,
}

/// `column IN (ids)` as one bound JSON array.
pub(crate) fn in_json<C, S: AsRef<str>>(column: C, ids: &[S]) -> InJson<C> {
    let ids: Vec<&str> = ids.iter().map(AsRef::as_ref).collect();
    InJson {
        column,
        ids: serde_json::to_string(&ids).unwrap_or_else(|_| "[]".to_owned()),
    }
}

impl<C> Expression for InJson<C> {
    type SqlType = Bool;
}

impl<C: AppearsOnTable<QS>, QS> AppearsOnTable<QS> for InJson<C> {}

impl<C: SelectableExpression<QS>, QS> SelectableExpression<QS> for InJson<C> {}

impl<C: ValidGrouping<GB>, GB> ValidGrouping<GB> for InJson<C> {
    type IsAggregate = C::IsAggregate;
}

/// The statement cache key of [`InJson`]: a connection is one backend, so its cached
/// statements can be keyed by type even though the text differs by backend.
#[derive(Debug)]
pub(crate) struct InJsonId<C>(PhantomData<C>);

impl<C: QueryId> QueryId for InJson<C> {
    type QueryId = InJsonId<C::QueryId>;
    const HAS_STATIC_QUERY_ID: bool = C::HAS_STATIC_QUERY_ID;
}

impl<C: QueryFragment<Sqlite>> QueryFragment<Sqlite> for InJson<C> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" IN (SELECT value FROM json_each(");
        out.push_bind_param::<Text, _>(&self.ids)?;
        out.push_sql("))");
        Ok(())
    }
}

impl<C: QueryFragment<Pg>> QueryFragment<Pg> for InJson<C> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        // `= ANY(ARRAY(...))`, not `IN (SELECT ...)`: the array is computed once and the ids
        // are looked up in the column's index; with the subquery PostgreSQL estimated 100
        // rows and, on a small table, hash-joined a scan of all of it (1-3 ms a page at
        // 10,000 products).
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" = ANY(ARRAY(SELECT json_array_elements_text(");
        out.push_bind_param::<Text, _>(&self.ids)?;
        out.push_sql("::json)))");
        Ok(())
    }
}

impl<C> QueryFragment<MultiBackend> for InJson<C>
where
    C: QueryFragment<Sqlite> + QueryFragment<Pg>,
{
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, MultiBackend>) -> QueryResult<()> {
        MultiBackend::walk_variant_ast(self, pass)
    }
}
