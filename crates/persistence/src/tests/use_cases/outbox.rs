//! The outbox: mails written with the transaction that causes them (none from a rolled-back
//! one), delivered in rounds under a lease, retried with backoff, their secrets dropped once
//! sent, listed for the back office and put back in line.

use std::sync::Mutex;

use chrono::Duration;
use domain::notifications::{
    self, Envelope, MailError, MailState, Mailer, NewMail, Notification, Outbox, PasswordResetMail,
    RetryPolicy, StatusMail,
};
use domain::paging::PageRequest;
use domain::store::{Store, StoreError};

use super::now;
use crate::test_support::TestDatabase;

/// A mailer that answers `outcome` and keeps what it was given (the real SMTP and file
/// mailers are tested in the mail crate and the api's tests).
struct Recording {
    outcome: Result<(), MailError>,
    seen: Mutex<Vec<Envelope>>,
}

impl Recording {
    fn answering(outcome: Result<(), MailError>) -> Self {
        Recording {
            outcome,
            seen: Mutex::default(),
        }
    }
}

impl Mailer for Recording {
    fn deliver(&self, mail: &Envelope) -> Result<(), MailError> {
        self.seen.lock().expect("lock").push(mail.clone());
        self.outcome.clone()
    }
}

fn reset_mail(to: &str) -> NewMail {
    NewMail {
        to: to.into(),
        subject: "Shop: reset your password".into(),
        notification: Notification::PasswordReset(PasswordResetMail {
            name: "Ann".into(),
            link: "https://shop.example/reset-password?token=secret".into(),
            valid_hours: 1,
        }),
        message_host: "shop.example".into(),
        at: now(),
    }
}

fn status_mail(to: &str) -> NewMail {
    NewMail {
        to: to.into(),
        subject: "Shop: order 1 is now Shipped".into(),
        notification: Notification::OrderStatusChanged(StatusMail {
            name: "Bob".into(),
            number: "0000ABCD".into(),
            status: "Shipped".into(),
            link: "https://shop.example/orders/1".into(),
        }),
        message_host: "shop.example".into(),
        at: now(),
    }
}

const FIRST: PageRequest = PageRequest {
    page: 1,
    page_size: 10,
};

#[test]
fn mails_are_written_with_their_transaction_and_sent_after_failed_tries() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    db.write(|tx| {
        tx.enqueue_mail(&reset_mail("ann@example.com"))?;
        tx.enqueue_mail(&status_mail("bob@example.com"))
    })
    .expect("written");
    // A change that rolls back leaves no mail behind.
    let rolled_back: Result<(), StoreError> = db.write(|tx| {
        tx.enqueue_mail(&status_mail("carl@example.com"))?;
        Err(StoreError::Conflict("refused".into()))
    });
    assert!(rolled_back.is_err());
    let listed = notifications::outgoing_mail(db, FIRST).expect("page");
    assert_eq!(listed.total, 2);
    assert!(listed.items.iter().all(|m| m.state == MailState::Pending));

    let policy = RetryPolicy::default();
    let start = now();
    let down = Recording::answering(Err(MailError::Transient("connection refused".into())));
    let round = notifications::deliver_due(db, &down, &policy, 10, start).expect("round");
    assert_eq!((round.sent, round.failed), (0, 2));
    let ids: Vec<String> = down
        .seen
        .lock()
        .expect("lock")
        .iter()
        .map(|e| e.message_id.clone())
        .collect();
    assert!(ids
        .iter()
        .all(|id| id.starts_with('<') && id.ends_with("@shop.example>")));
    let listed = notifications::outgoing_mail(db, FIRST).expect("page");
    for mail in &listed.items {
        assert_eq!((mail.state, mail.attempts), (MailState::Pending, 1));
        assert_eq!(
            mail.last_error.as_deref(),
            Some("mail not delivered, will retry: connection refused")
        );
        assert!(mail.next_attempt_at >= start + Duration::minutes(1));
    }
    // Not due again before its delay.
    let early = notifications::deliver_due(db, &down, &policy, 10, start + Duration::seconds(30))
        .expect("round");
    assert_eq!((early.sent, early.failed), (0, 0));

    let up = Recording::answering(Ok(()));
    let later = start + Duration::minutes(2);
    let round = notifications::deliver_due(db, &up, &policy, 10, later).expect("round");
    assert_eq!((round.sent, round.failed), (2, 0));
    // The same messages (the same Message-IDs) the first try had.
    let mut again: Vec<String> = up
        .seen
        .lock()
        .expect("lock")
        .iter()
        .map(|e| e.message_id.clone())
        .collect();
    let mut first = ids.clone();
    again.sort();
    first.sort();
    assert_eq!(again, first);
    let reset = up
        .seen
        .lock()
        .expect("lock")
        .iter()
        .find(|e| e.to == "ann@example.com")
        .cloned()
        .expect("reset mail");
    assert!(
        matches!(&reset.notification, Notification::PasswordReset(r) if r.link.contains("token=secret"))
    );
    let listed = notifications::outgoing_mail(db, FIRST).expect("page");
    assert!(listed
        .items
        .iter()
        .all(|m| m.state == MailState::Sent && m.attempts == 2 && m.sent_at.is_some()));
    // Nothing is left to send, and the sent reset mail no longer holds its link.
    let idle = notifications::deliver_due(db, &up, &policy, 10, later + Duration::hours(3))
        .expect("round");
    assert_eq!((idle.sent, idle.failed), (0, 0));
    // A sent reset mail keeps no link, and is not put back in line (the admin sends a new
    // link); another sent mail is.
    let ann = listed
        .items
        .iter()
        .find(|m| m.to == "ann@example.com")
        .expect("ann");
    let bob = listed
        .items
        .iter()
        .find(|m| m.to == "bob@example.com")
        .expect("bob");
    let payload: String = {
        use crate::schema::mail_outbox;
        use diesel::prelude::*;
        let mut conn = db.get().expect("connection");
        mail_outbox::table
            .find(&ann.id)
            .select(mail_outbox::payload)
            .first(&mut *conn)
            .expect("payload")
    };
    assert!(!payload.contains("token="), "{payload}");
    assert!(!notifications::resend_mail(db, &ann.id, later).expect("answered"));
    assert!(notifications::resend_mail(db, &bob.id, later).expect("resent"));
    let again = db
        .write(|tx| tx.claim_due_mails(later, later + Duration::minutes(2), 10))
        .expect("claimed");
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].envelope.to, "bob@example.com");
}

#[test]
fn a_sender_holds_what_it_took_and_a_refusal_for_good_fails_at_once() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    db.write(|tx| tx.enqueue_mail(&status_mail("bob@example.com")))
        .expect("written");
    let at = now();
    let taken = db
        .write(|tx| tx.claim_due_mails(at, at + Duration::minutes(2), 10))
        .expect("claimed");
    assert_eq!(taken.len(), 1);
    // Another sender finds nothing while the lease runs, and takes it after.
    let other = db
        .write(|tx| tx.claim_due_mails(at, at + Duration::minutes(2), 10))
        .expect("claimed");
    assert!(other.is_empty());
    let after = db
        .write(|tx| tx.claim_due_mails(at + Duration::minutes(3), at + Duration::minutes(5), 10))
        .expect("claimed");
    assert_eq!(after.len(), 1);

    let refused = Recording::answering(Err(MailError::Permanent("550 no such user".into())));
    let later = at + Duration::minutes(6);
    let round = notifications::deliver_due(db, &refused, &RetryPolicy::default(), 10, later)
        .expect("round");
    assert_eq!(round.failed, 1);
    let listed = notifications::outgoing_mail(db, FIRST).expect("page");
    assert_eq!(listed.items[0].state, MailState::Failed);
    assert!(notifications::resend_mail(db, &listed.items[0].id, later).expect("resent"));
    assert!(!notifications::resend_mail(db, "no-such-mail", later).expect("answered"));
    let listed = notifications::outgoing_mail(db, FIRST).expect("page");
    assert_eq!(listed.items[0].state, MailState::Pending);
}
