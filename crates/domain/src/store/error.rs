//! Why a storage operation failed, in the domain's words.

/// Why a storage operation failed. Adapters map their own errors onto these variants; the
/// use cases turn the ones they expect (a duplicate e-mail, a missing row) into their own
/// error enums and pass the rest on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The row asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A unique rule refused the write; the text names the rule or column.
    #[error("duplicate: {0}")]
    Duplicate(String),
    /// The write conflicts with other rows or the current state (a reference, a check such as
    /// stock below zero, a serialization failure).
    #[error("conflict: {0}")]
    Conflict(String),
    /// The store could not be reached in time (no free connection, server down, locked).
    #[error("store unavailable")]
    Unavailable,
    /// Anything else: a bug or a broken store. Logged, never shown to a client.
    #[error("store error: {0}")]
    Other(String),
}
