//! The ports of notifications.

use chrono::NaiveDateTime;

use super::{Envelope, MailRecord, NewMail, Notification, QueuedMail};
use crate::paging::{Page, PageRequest};
use crate::store::StoreError;

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

/// The outbox, in the store's transaction: mails written with the change that causes them,
/// then taken by senders one lease at a time.
pub trait Outbox {
    /// Writes a mail to send, its `Message-ID` fixed now.
    fn enqueue_mail(&mut self, mail: &NewMail) -> Result<(), StoreError>;

    /// Takes up to `limit` pending mails due at `now` that no sender holds, and holds them
    /// until `lease_until` (on PostgreSQL rows another node is taking are skipped, `FOR
    /// UPDATE SKIP LOCKED`); oldest due first.
    fn claim_due_mails(
        &mut self,
        now: NaiveDateTime,
        lease_until: NaiveDateTime,
        limit: u32,
    ) -> Result<Vec<QueuedMail>, StoreError>;

    /// Records a delivery: the mail is sent, and only `kept` (its notification without
    /// secrets) stays of what it said.
    fn mail_sent(
        &mut self,
        id: &str,
        kept: &Notification,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Records a failed try: pending again at `retry_at`, or failed for good with `None`.
    fn mail_failed(
        &mut self,
        id: &str,
        error: &str,
        retry_at: Option<NaiveDateTime>,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// A page of the outbox, newest first.
    fn mail_page(&mut self, page: PageRequest) -> Result<Page<MailRecord>, StoreError>;

    /// Puts a mail back to send at `at` (a failed or sent one too); `false` for an unknown id
    /// or a sent password reset (its link is not kept).
    fn resend_mail(&mut self, id: &str, at: NaiveDateTime) -> Result<bool, StoreError>;
}
