//! The ports of notifications.

use super::Envelope;

/// Why a mail was not delivered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MailError {
    /// Worth trying again later (no connection, a 4xx SMTP reply, a timeout).
    #[error("mail not delivered, will retry: {0}")]
    Transient(String),
    /// Never deliverable as it is (a 5xx SMTP reply such as an unknown mailbox, a malformed
    /// address).
    #[error("mail not deliverable: {0}")]
    Permanent(String),
}

/// Delivers one mail: renders the notification (plain text and HTML, with the shop's name) and
/// sends it. Runs outside any database transaction; the same envelope twice is the same
/// message (its `Message-ID`).
pub trait Mailer: Send + Sync {
    /// Sends `mail`.
    ///
    /// # Errors
    /// [`MailError::Transient`] or [`MailError::Permanent`].
    fn deliver(&self, mail: &Envelope) -> Result<(), MailError>;
}
