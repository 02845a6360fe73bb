//! Crate-internal helper macros.

/// Multi-row `INSERT ... VALUES (..), (..)` of `$rows` (a slice, `Vec` or `&Vec` of models)
/// into `$table`, returning `QueryResult<usize>`.
///
/// Callers skip empty batches themselves: for an empty batch SQLite reports the row count of
/// the connection's previous statement.
///
/// Why a `match`: diesel's batch insert for SQLite is implemented on `SqliteConnection` itself,
/// not on the `MultiConnection` backend, so each variant runs the same statement on its own
/// connection type (inside any transaction open on the enum, which delegates to it).
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr) => {{
        use diesel::RunQueryDsl as _;
        match $conn {
            $crate::connection::DbConnection::Postgresql(conn) => {
                diesel::insert_into($table).values($rows).execute(conn)
            }
            $crate::connection::DbConnection::Sqlite(conn) => {
                diesel::insert_into($table).values($rows).execute(conn)
            }
        }
    }};
}
