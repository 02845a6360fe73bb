//! Crate-internal helper macros.

/// Runs `$body` with `$c` bound to the connection's own backend connection (`SqliteConnection`
/// or `PgConnection`), instead of through the `MultiConnection` (see `native.rs`). The body is
/// written once and compiled per backend, so a query selecting `Model::as_select()` (whose
/// type names its backend) runs on either. `?` in the body returns from the caller.
macro_rules! native {
    ($conn:expr, |$c:ident| $body:expr) => {{
        #[allow(unused_imports)]
        use diesel::RunQueryDsl as _;
        match $conn {
            $crate::connection::DbConnection::Postgresql($c) => $body,
            $crate::connection::DbConnection::Sqlite($c) => $body,
        }
    }};
}

/// Multi-row `INSERT ... VALUES (..), (..)` of `$rows` (a slice, `Vec` or `&Vec` of models)
/// into `$table`, returning `QueryResult<usize>`.
///
/// Callers skip empty batches themselves: for an empty batch SQLite reports the row count of
/// the connection's previous statement.
///
/// Why `native!`: diesel's batch insert for SQLite is implemented on `SqliteConnection`
/// itself, not on the `MultiConnection` backend, so each variant runs the same statement on its
/// own connection type (inside any transaction open on the enum, which delegates to it).
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr) => {
        native!($conn, |conn| diesel::insert_into($table)
            .values($rows)
            .execute(conn))
    };
}
