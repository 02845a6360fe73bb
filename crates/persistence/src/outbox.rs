//! The adapter of the domain's [`Outbox`](domain::notifications::Outbox) port: table
//! `mail_outbox`. A sender takes due rows under a lease (`locked_until`); on PostgreSQL the
//! rows another node is taking at that moment are skipped (`FOR UPDATE SKIP LOCKED`), on
//! SQLite the single writer takes them one sender at a time.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::notifications::{Envelope, MailRecord, MailState, NewMail, Notification, QueuedMail};
use domain::paging::{Page, PageRequest};
use uuid::Uuid;

use crate::in_json::in_json;
use crate::native::CacheDsl as _;
use crate::native::Native as _;
use crate::schema::mail_outbox;
use crate::{DbConnection, DbError};

const PENDING: &str = "PENDING";

fn payload_of(notification: &Notification) -> Result<String, DbError> {
    serde_json::to_string(notification).map_err(|e| DbError::other(format!("mail payload: {e}")))
}

/// Writes a mail to send; its `Message-ID` is `<id@host>`.
///
/// # Errors
/// Database failures.
pub fn enqueue(conn: &mut DbConnection, mail: &NewMail) -> Result<(), DbError> {
    let id = Uuid::now_v7().to_string();
    let host = if mail.message_host.is_empty() {
        "localhost"
    } else {
        mail.message_host.as_str()
    };
    diesel::insert_into(mail_outbox::table)
        .values((
            mail_outbox::id.eq(&id),
            mail_outbox::message_id.eq(format!("<{id}@{host}>")),
            mail_outbox::recipient.eq(&mail.to),
            mail_outbox::kind.eq(mail.notification.kind()),
            mail_outbox::subject.eq(&mail.subject),
            mail_outbox::payload.eq(payload_of(&mail.notification)?),
            mail_outbox::state.eq(PENDING),
            mail_outbox::attempts.eq(0),
            mail_outbox::next_attempt_at.eq(mail.at),
            mail_outbox::created_at.eq(mail.at),
        ))
        .execute_native(conn)?;
    Ok(())
}

type QueuedRow = (String, String, String, String, i32, NaiveDateTime);

/// Takes up to `limit` due mails no sender holds and holds them until `lease_until`.
///
/// # Errors
/// Database failures; a stored payload that does not read.
pub fn claim_due(
    conn: &mut DbConnection,
    now: NaiveDateTime,
    lease_until: NaiveDateTime,
    limit: u32,
) -> Result<Vec<QueuedMail>, DbError> {
    let query = mail_outbox::table
        .filter(mail_outbox::state.eq(PENDING))
        .filter(mail_outbox::next_attempt_at.le(now))
        .filter(
            mail_outbox::locked_until
                .is_null()
                .or(mail_outbox::locked_until.le(now)),
        )
        .order(mail_outbox::next_attempt_at.asc())
        .limit(i64::from(limit))
        .select((
            mail_outbox::id,
            mail_outbox::message_id,
            mail_outbox::recipient,
            mail_outbox::payload,
            mail_outbox::attempts,
            mail_outbox::created_at,
        ));
    let rows: Vec<QueuedRow> = match conn {
        DbConnection::Postgresql(c) => query.for_update().skip_locked().load(c)?,
        DbConnection::Sqlite(_) => query.load_native(conn)?,
    };
    let ids: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    if !ids.is_empty() {
        diesel::update(mail_outbox::table.filter(in_json(mail_outbox::id, &ids)))
            .set(mail_outbox::locked_until.eq(lease_until))
            .cached()
            .execute_native(conn)?;
    }
    rows.into_iter()
        .map(|(id, message_id, to, payload, attempts, created_at)| {
            let notification = serde_json::from_str(&payload)
                .map_err(|e| DbError::other(format!("mail {id}: payload: {e}")))?;
            Ok(QueuedMail {
                id,
                envelope: Envelope {
                    message_id,
                    to,
                    notification,
                },
                attempts: u32::try_from(attempts).unwrap_or(0),
                created_at,
            })
        })
        .collect()
}

/// Records a delivery, keeping only `kept` of what the mail said.
///
/// # Errors
/// Database failures.
pub fn sent(
    conn: &mut DbConnection,
    id: &str,
    kept: &Notification,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    diesel::update(mail_outbox::table.find(id))
        .set((
            mail_outbox::state.eq(MailState::Sent.as_str()),
            mail_outbox::attempts.eq(mail_outbox::attempts + 1),
            mail_outbox::payload.eq(payload_of(kept)?),
            mail_outbox::last_error.eq(None::<String>),
            mail_outbox::locked_until.eq(None::<NaiveDateTime>),
            mail_outbox::sent_at.eq(at),
        ))
        .cached()
        .execute_native(conn)?;
    Ok(())
}

/// Records a failed try: pending again at `retry_at`, or failed for good.
///
/// # Errors
/// Database failures.
pub fn failed(
    conn: &mut DbConnection,
    id: &str,
    error: &str,
    retry_at: Option<NaiveDateTime>,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let state = if retry_at.is_some() {
        MailState::Pending
    } else {
        MailState::Failed
    };
    let error: String = error.chars().take(1000).collect();
    diesel::update(mail_outbox::table.find(id))
        .set((
            mail_outbox::state.eq(state.as_str()),
            mail_outbox::attempts.eq(mail_outbox::attempts + 1),
            mail_outbox::last_error.eq(error),
            mail_outbox::locked_until.eq(None::<NaiveDateTime>),
            mail_outbox::next_attempt_at.eq(retry_at.unwrap_or(at)),
        ))
        .cached()
        .execute_native(conn)?;
    Ok(())
}

type RecordRow = (
    String,
    String,
    String,
    String,
    String,
    i32,
    Option<String>,
    NaiveDateTime,
    Option<NaiveDateTime>,
    NaiveDateTime,
);

/// A page of the outbox, newest first.
///
/// # Errors
/// Database failures.
pub fn page(conn: &mut DbConnection, page: PageRequest) -> Result<Page<MailRecord>, DbError> {
    let total: i64 = mail_outbox::table.count().get_result_native(conn)?;
    let rows: Vec<RecordRow> = mail_outbox::table
        .order((mail_outbox::created_at.desc(), mail_outbox::id.desc()))
        .offset(page.offset())
        .limit(page.page_size)
        .select((
            mail_outbox::id,
            mail_outbox::recipient,
            mail_outbox::subject,
            mail_outbox::kind,
            mail_outbox::state,
            mail_outbox::attempts,
            mail_outbox::last_error,
            mail_outbox::created_at,
            mail_outbox::sent_at,
            mail_outbox::next_attempt_at,
        ))
        .load_native(conn)?;
    let items = rows
        .into_iter()
        .map(
            |(id, to, subject, kind, state, attempts, last_error, created_at, sent_at, next)| {
                MailRecord {
                    id,
                    to,
                    subject,
                    kind,
                    state: MailState::parse(&state).unwrap_or(MailState::Failed),
                    attempts: u32::try_from(attempts).unwrap_or(0),
                    last_error,
                    created_at,
                    sent_at,
                    next_attempt_at: next,
                }
            },
        )
        .collect();
    Ok(Page { items, total })
}

/// Puts a mail back to send at `at`; `false` for an unknown id, or a sent password reset
/// (its link was dropped once sent: the admin sends a new one).
///
/// # Errors
/// Database failures.
pub fn resend(conn: &mut DbConnection, id: &str, at: NaiveDateTime) -> Result<bool, DbError> {
    let spent = mail_outbox::kind
        .eq("passwordReset")
        .and(mail_outbox::state.eq(MailState::Sent.as_str()));
    let changed = diesel::update(mail_outbox::table.find(id).filter(diesel::dsl::not(spent)))
        .set((
            mail_outbox::state.eq(PENDING),
            mail_outbox::next_attempt_at.eq(at),
            mail_outbox::locked_until.eq(None::<NaiveDateTime>),
        ))
        .cached()
        .execute_native(conn)?;
    Ok(changed == 1)
}

/// The domain's port over the queries above.
mod port {
    use crate::outbox;
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::notifications::{MailRecord, NewMail, Notification, Outbox, QueuedMail};
    use domain::paging::{Page, PageRequest};
    use domain::store::StoreError;

    impl Outbox for Tx<'_> {
        fn enqueue_mail(&mut self, mail: &NewMail) -> Result<(), StoreError> {
            q(outbox::enqueue(self.conn, mail))
        }

        fn claim_due_mails(
            &mut self,
            now: NaiveDateTime,
            lease_until: NaiveDateTime,
            limit: u32,
        ) -> Result<Vec<QueuedMail>, StoreError> {
            q(outbox::claim_due(self.conn, now, lease_until, limit))
        }

        fn mail_sent(
            &mut self,
            id: &str,
            kept: &Notification,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(outbox::sent(self.conn, id, kept, at))
        }

        fn mail_failed(
            &mut self,
            id: &str,
            error: &str,
            retry_at: Option<NaiveDateTime>,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(outbox::failed(self.conn, id, error, retry_at, at))
        }

        fn mail_page(&mut self, page: PageRequest) -> Result<Page<MailRecord>, StoreError> {
            q(outbox::page(self.conn, page))
        }

        fn resend_mail(&mut self, id: &str, at: NaiveDateTime) -> Result<bool, StoreError> {
            q(outbox::resend(self.conn, id, at))
        }
    }
}
