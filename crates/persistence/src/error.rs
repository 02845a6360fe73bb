//! The one error type of the persistence layer. No diesel or r2d2 type leaves the crate through
//! it: the API maps each variant to a status code.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// A failed database operation.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The row asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A unique constraint refused the write; the text is the database's message, which names
    /// the constraint or the column (e.g. `UNIQUE constraint failed: users.email` on SQLite,
    /// `duplicate key value violates unique constraint "users_email_key"` on PostgreSQL).
    #[error("duplicate: {0}")]
    Duplicate(String),
    /// The write conflicts with other rows or current state: a foreign key (the row is still
    /// referenced, or references a missing row), a CHECK constraint (e.g. stock below zero) or
    /// a serialization failure.
    #[error("conflict: {0}")]
    Conflict(String),
    /// No connection could be had in time (pool timeout, server down, database locked).
    #[error("database unavailable")]
    Unavailable,
    /// Anything else (a bug, a broken migration, a bad URL).
    #[error("database error: {0}")]
    Other(String),
}

impl DbError {
    /// Wraps anything displayable as [`DbError::Other`].
    pub fn other(error: impl std::fmt::Display) -> Self {
        Self::Other(error.to_string())
    }
}

impl From<DieselError> for DbError {
    fn from(error: DieselError) -> Self {
        match error {
            DieselError::NotFound => Self::NotFound,
            DieselError::DatabaseError(kind, info) => {
                let message = info.message().to_owned();
                match kind {
                    DatabaseErrorKind::UniqueViolation => Self::Duplicate(message),
                    DatabaseErrorKind::ForeignKeyViolation
                    | DatabaseErrorKind::CheckViolation
                    | DatabaseErrorKind::SerializationFailure => Self::Conflict(message),
                    // SQLite reports SQLITE_BUSY this way once busy_timeout has run out.
                    _ if message.contains("database is locked") => Self::Unavailable,
                    _ => Self::Other(message),
                }
            }
            other => Self::Other(other.to_string()),
        }
    }
}

impl From<diesel::ConnectionError> for DbError {
    fn from(error: diesel::ConnectionError) -> Self {
        Self::Other(error.to_string())
    }
}

impl From<diesel::r2d2::PoolError> for DbError {
    fn from(error: diesel::r2d2::PoolError) -> Self {
        tracing::warn!(%error, "database pool: no connection");
        Self::Unavailable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_maps_to_not_found() {
        assert!(matches!(
            DbError::from(DieselError::NotFound),
            DbError::NotFound
        ));
    }

    #[test]
    fn rollback_maps_to_other() {
        assert!(matches!(
            DbError::from(DieselError::RollbackTransaction),
            DbError::Other(_)
        ));
    }
}
