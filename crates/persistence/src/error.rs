//! The one error type of the persistence layer, the domain's [`StoreError`] in a carrier. No
//! diesel or r2d2 type leaves the crate through it.

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use domain::store::StoreError;

/// A failed database operation: the domain's [`StoreError`], made from diesel's and r2d2's
/// errors. It is a carrier, not a second list of failures: the orphan rule forbids
/// `From<diesel::result::Error> for StoreError` outside the domain, and diesel's transactions
/// and `?` need that conversion, so the queries return this type and the store's ports unwrap it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(transparent)]
pub struct DbError(pub StoreError);

impl DbError {
    /// The row asked for does not exist.
    pub const NOT_FOUND: Self = Self(StoreError::NotFound);
    /// No connection could be had in time (pool timeout, server down, database locked).
    pub const UNAVAILABLE: Self = Self(StoreError::Unavailable);

    /// Anything else (a bug, a broken migration, a bad URL), with its text.
    pub fn other(error: impl std::fmt::Display) -> Self {
        Self(StoreError::Other(error.to_string()))
    }

    /// A unique rule refused the write; the text names the rule or column.
    pub fn duplicate(message: impl Into<String>) -> Self {
        Self(StoreError::Duplicate(message.into()))
    }

    /// The write conflicts with other rows or the current state.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self(StoreError::Conflict(message.into()))
    }
}

impl From<StoreError> for DbError {
    fn from(error: StoreError) -> Self {
        Self(error)
    }
}

impl From<DbError> for StoreError {
    fn from(error: DbError) -> Self {
        error.0
    }
}

impl From<DieselError> for DbError {
    fn from(error: DieselError) -> Self {
        match error {
            DieselError::NotFound => Self::NOT_FOUND,
            DieselError::DatabaseError(kind, info) => {
                let message = info.message().to_owned();
                match kind {
                    DatabaseErrorKind::UniqueViolation => Self::duplicate(message),
                    DatabaseErrorKind::ForeignKeyViolation
                    | DatabaseErrorKind::CheckViolation
                    | DatabaseErrorKind::SerializationFailure => Self::conflict(message),
                    // SQLite reports SQLITE_BUSY this way once busy_timeout has run out.
                    _ if message.contains("database is locked") => Self::UNAVAILABLE,
                    _ => Self::other(message),
                }
            }
            other => Self::other(other),
        }
    }
}

impl From<diesel::ConnectionError> for DbError {
    fn from(error: diesel::ConnectionError) -> Self {
        Self::other(error)
    }
}

impl From<diesel::r2d2::PoolError> for DbError {
    fn from(error: diesel::r2d2::PoolError) -> Self {
        tracing::warn!(%error, "database pool: no connection");
        Self::UNAVAILABLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_maps_to_not_found() {
        assert!(matches!(
            DbError::from(DieselError::NotFound),
            DbError(StoreError::NotFound)
        ));
    }

    #[test]
    fn rollback_maps_to_other() {
        assert!(matches!(
            DbError::from(DieselError::RollbackTransaction),
            DbError(StoreError::Other(_))
        ));
    }
}
