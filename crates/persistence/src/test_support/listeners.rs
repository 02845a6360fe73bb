//! The catalogue listeners' connections, for the tests of notifications across nodes.

use diesel::prelude::*;

use super::TestDatabase;
use crate::catalogue::LISTENER_NAME;
use crate::connection::Backend;
use crate::error::DbError;

#[derive(QueryableByName)]
struct ListenerPid {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pid: i32,
}

impl TestDatabase {
    /// The server processes of the connections that listen for catalogue versions on this
    /// database, in order (none on SQLite).
    ///
    /// # Errors
    /// Database failures.
    pub fn catalogue_listeners(&self) -> Result<Vec<i32>, DbError> {
        if self.backend() != Backend::Postgres {
            return Ok(Vec::new());
        }
        let mut conn = self.db().get()?;
        let rows: Vec<ListenerPid> = diesel::sql_query(
            "SELECT pid FROM pg_stat_activity \
             WHERE datname = current_database() AND application_name = $1 ORDER BY pid",
        )
        .bind::<diesel::sql_types::Text, _>(LISTENER_NAME)
        .load(&mut *conn)?;
        Ok(rows.into_iter().map(|r| r.pid).collect())
    }

    /// Ends every listener's connection to this database, as a database restart would;
    /// answers how many were ended (0 on SQLite).
    ///
    /// # Errors
    /// Database failures.
    pub fn kill_catalogue_listeners(&self) -> Result<usize, DbError> {
        if self.backend() != Backend::Postgres {
            return Ok(0);
        }
        let mut conn = self.db().get()?;
        Ok(diesel::sql_query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = current_database() AND application_name = $1",
        )
        .bind::<diesel::sql_types::Text, _>(LISTENER_NAME)
        .execute(&mut *conn)?)
    }
}
