//! Delivering the outbox: a round takes the due mails, sends each outside any transaction and
//! records the outcome; a failed try is retried with growing delays until the mail is a day
//! old (then it is given up, as a permanent refusal is at once).

use chrono::{Duration, NaiveDateTime};

use super::{MailError, MailRecord, Mailer, Outbox, QueuedMail};
use crate::paging::{Page, PageRequest};
use crate::store::{Store, StoreError};

/// When failed mails are tried again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The delay after the first failed try; each next one doubles it.
    pub first_delay: Duration,
    /// The longest delay between tries.
    pub max_delay: Duration,
    /// A mail still failing this long after it was written is given up.
    pub give_up_after: Duration,
    /// How long a sender holds the mails it took (another sender takes them after).
    pub lease: Duration,
}

impl Default for RetryPolicy {
    /// 1 minute, doubling up to 2 hours, for 24 hours; a 10-minute lease, longer than a round
    /// of 50 mails that each time out after 10 s, so that no other node takes a mail while it
    /// is being sent.
    fn default() -> Self {
        RetryPolicy {
            first_delay: Duration::minutes(1),
            max_delay: Duration::hours(2),
            give_up_after: Duration::hours(24),
            lease: Duration::minutes(10),
        }
    }
}

impl RetryPolicy {
    /// When a mail written at `created` is tried again after its `attempts`-th failed try at
    /// `now`, or `None` when it is given up.
    #[must_use]
    pub fn retry_at(
        &self,
        attempts: u32,
        created: NaiveDateTime,
        now: NaiveDateTime,
    ) -> Option<NaiveDateTime> {
        if now - created >= self.give_up_after {
            return None;
        }
        let doublings = attempts.saturating_sub(1).min(20);
        let delay = self
            .first_delay
            .checked_mul(1 << doublings)
            .map_or(self.max_delay, |d| d.min(self.max_delay));
        Some(now + delay)
    }
}

/// What one delivery round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Delivered {
    /// Mails delivered.
    pub sent: usize,
    /// Mails that failed this time (to retry, or given up).
    pub failed: usize,
}

/// One round: takes up to `batch` due mails (held for the policy's lease, so no other sender
/// takes them meanwhile), sends each through `mailer`, then records the outcomes in one write.
///
/// # Errors
/// Store failures (a mail whose outcome could not be recorded is tried again after the
/// lease: the same `Message-ID`, so a well-behaved server keeps one copy).
pub fn deliver_due(
    store: &impl Store,
    mailer: &dyn Mailer,
    policy: &RetryPolicy,
    batch: u32,
    now: NaiveDateTime,
) -> Result<Delivered, StoreError> {
    let due: Vec<QueuedMail> =
        store.write(|tx| tx.claim_due_mails(now, now + policy.lease, batch))?;
    let mut done = Delivered::default();
    let mut outcomes = Vec::with_capacity(due.len());
    for mail in &due {
        let outcome = mailer.deliver(&mail.envelope);
        match &outcome {
            Ok(()) => done.sent += 1,
            Err(_) => done.failed += 1,
        }
        outcomes.push(outcome);
    }
    if due.is_empty() {
        return Ok(done);
    }
    // One write for the round's outcomes: on SQLite every write takes the single writer's
    // turn, which the purchases need.
    let at = chrono::Utc::now().naive_utc().max(now);
    store.write(|tx| {
        for (mail, outcome) in due.iter().zip(&outcomes) {
            match outcome {
                Ok(()) => {
                    tx.mail_sent(&mail.id, &mail.envelope.notification.without_secrets(), at)?;
                }
                Err(error) => {
                    let retry = match error {
                        MailError::Transient(_) => {
                            policy.retry_at(mail.attempts + 1, mail.created_at, at)
                        }
                        MailError::Permanent(_) => None,
                    };
                    tx.mail_failed(&mail.id, &error.to_string(), retry, at)?;
                }
            }
        }
        Ok::<_, StoreError>(())
    })?;
    Ok(done)
}

/// A page of the outbox for the back office, newest first.
///
/// # Errors
/// Store failures.
pub fn outgoing_mail(
    store: &impl Store,
    page: PageRequest,
) -> Result<Page<MailRecord>, StoreError> {
    store.read(|tx| tx.mail_page(page))
}

/// Puts a mail back in line to send now; `false` for an unknown id.
///
/// # Errors
/// Store failures.
pub fn resend_mail(store: &impl Store, id: &str, now: NaiveDateTime) -> Result<bool, StoreError> {
    store.write(|tx| tx.resend_mail(id, now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(h: u32, m: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, 27)
            .and_then(|d| d.and_hms_opt(h, m, 0))
            .expect("a time")
    }

    #[test]
    fn failed_mails_are_retried_with_doubling_delays_for_a_day_then_given_up() {
        let policy = RetryPolicy::default();
        let created = at(0, 0);
        let delays: Vec<i64> = (1..=9)
            .map(|n| {
                let now = at(1, 0);
                (policy.retry_at(n, created, now).expect("retried") - now).num_minutes()
            })
            .collect();
        assert_eq!(delays, [1, 2, 4, 8, 16, 32, 64, 120, 120]);
        assert!(policy.retry_at(40, created, at(23, 59)).is_some());
        let next_day = created + Duration::hours(24);
        assert_eq!(policy.retry_at(3, created, next_day), None);
    }
}
