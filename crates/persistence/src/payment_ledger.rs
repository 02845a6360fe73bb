//! The sandbox payment provider's ledger (the domain's [`SandboxLedger`] port) over the shop's
//! database, table `sandbox_payments`, so that any API node can answer for any payment. Only a
//! card's last four digits are stored.
//!
//! Each method is one unit of work of its own (a single statement, or a conditional change and
//! the read that says why it did not apply), taking SQLite's writer turn for its writes like
//! the store does; on PostgreSQL each statement commits on its own.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::money::Money;
use domain::payments::{
    LedgerChange, NewSandboxPayment, SandboxEntry, SandboxLedger, SandboxStatus,
};
use domain::store::StoreError;

use crate::connection::{Db, DbConnection};
use crate::models::SandboxPayment;
use crate::native::CacheDsl as _;
use crate::native::Native as _;
use crate::schema::sandbox_payments as sp;
use crate::DbError;

/// The sandbox ledger over a [`Db`].
#[derive(Clone, Debug)]
pub struct SandboxLedgerDb {
    db: Db,
}

impl SandboxLedgerDb {
    /// The ledger in `db`.
    #[must_use]
    pub fn new(db: Db) -> SandboxLedgerDb {
        SandboxLedgerDb { db }
    }

    /// Runs a conditional update (`changed` rows); when it changed none, reads why.
    fn change(
        &self,
        reference: &str,
        update: impl FnOnce(&mut DbConnection) -> QueryResult<usize>,
    ) -> Result<LedgerChange, StoreError> {
        let change = |conn: &mut DbConnection| -> Result<LedgerChange, DbError> {
            if update(conn)? == 1 {
                return Ok(LedgerChange::Done);
            }
            let current: Option<String> = sp::table
                .find(reference)
                .select(sp::status)
                .first_native(conn)
                .optional()?;
            current.map_or(Ok(LedgerChange::Unknown), |s| {
                Ok(LedgerChange::Refused(status(&s)?))
            })
        };
        let changed: Result<LedgerChange, DbError> = match self.db.writer() {
            // SQLite: through this process's writer, in its batch's transaction.
            Some(writer) => writer.write(change).and_then(|r| r),
            // PostgreSQL: each statement its own transaction. Under READ COMMITTED a
            // transaction around both would give the read no other snapshot than its own
            // (the state after the update that did not apply), and would cost a BEGIN and a
            // COMMIT, two round trips, on the two changes of every purchase (card, capture).
            None => change(&mut *self.db.get()?),
        };
        changed.map_err(Into::into)
    }
}

fn status(stored: &str) -> Result<SandboxStatus, DbError> {
    SandboxStatus::parse(stored)
        .ok_or_else(|| DbError::other(format!("unknown sandbox payment status {stored:?}")))
}

fn names(statuses: &[SandboxStatus]) -> Vec<&'static str> {
    statuses.iter().map(|s| s.as_str()).collect()
}

impl SandboxLedger for SandboxLedgerDb {
    fn insert(
        &self,
        payment: &NewSandboxPayment<'_>,
        now: NaiveDateTime,
    ) -> Result<(), StoreError> {
        let insert = |conn: &mut DbConnection| {
            diesel::insert_into(sp::table)
                .values(&SandboxPayment {
                    reference: payment.reference.to_owned(),
                    amount_cents: payment.amount.cents(),
                    status: SandboxStatus::Pending.as_str().to_owned(),
                    card_last4: None,
                    attempts: 0,
                    expires_at: payment.expires_at,
                    created_on: now,
                    updated_on: now,
                })
                .execute_native(conn)
                .map_err(DbError::from)
        };
        match self.db.writer() {
            // SQLite: through this process's writer, in its batch's transaction.
            Some(writer) => writer.write(insert)??,
            // PostgreSQL: one statement, its own transaction.
            None => insert(&mut *self.db.get()?)?,
        };
        Ok(())
    }

    fn find(&self, reference: &str) -> Result<Option<SandboxEntry>, StoreError> {
        let mut conn = self.db.get()?;
        let row = native!(&mut *conn, |c| sp::table
            .find(reference)
            .select(SandboxPayment::as_select())
            .first(c)
            .optional())
        .map_err(DbError::from)?;
        Ok(row
            .map(|r| {
                Ok::<_, DbError>(SandboxEntry {
                    amount: Money::from_cents(r.amount_cents),
                    status: status(&r.status)?,
                    expires_at: r.expires_at,
                })
            })
            .transpose()?)
    }

    fn record_card(
        &self,
        reference: &str,
        outcome: SandboxStatus,
        card_last4: &str,
        now: NaiveDateTime,
    ) -> Result<LedgerChange, StoreError> {
        let open = SandboxStatus::ALL.into_iter().filter(|s| s.takes_a_card());
        let open: Vec<&str> = open.map(SandboxStatus::as_str).collect();
        self.change(reference, |conn| {
            diesel::update(
                sp::table
                    .find(reference)
                    .filter(sp::status.eq_any(open))
                    .filter(sp::expires_at.gt(now)),
            )
            .set((
                sp::status.eq(outcome.as_str()),
                sp::card_last4.eq(card_last4),
                sp::attempts.eq(sp::attempts + 1),
                sp::updated_on.eq(now),
            ))
            .cached()
            .execute_native(conn)
        })
    }

    fn transition(
        &self,
        reference: &str,
        from: &[SandboxStatus],
        to: SandboxStatus,
        now: NaiveDateTime,
    ) -> Result<LedgerChange, StoreError> {
        let from = names(from);
        self.change(reference, |conn| {
            diesel::update(sp::table.find(reference).filter(sp::status.eq_any(from)))
                .set((sp::status.eq(to.as_str()), sp::updated_on.eq(now)))
                .cached()
                .execute_native(conn)
        })
    }
}

#[cfg(test)]
mod tests {
    //! The ledger's queries on a fresh database (SQLite, or PostgreSQL with
    //! `TEST_DATABASE_URL`).

    use chrono::{Duration, NaiveDate};

    use super::*;
    use crate::test_support::TestDatabase;

    fn at(minute: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 7, 1)
            .and_then(|d| d.and_hms_opt(12, minute, 0))
            .expect("a time")
    }

    fn opened(ledger: &SandboxLedgerDb, reference: &str) {
        let payment = NewSandboxPayment {
            reference,
            amount: Money::from_cents(12_34),
            expires_at: at(30),
        };
        ledger.insert(&payment, at(0)).expect("insert");
    }

    fn stored(db: &TestDatabase, reference: &str) -> (String, Option<String>) {
        db.sandbox_payment(reference).expect("read").expect("row")
    }

    #[test]
    fn an_inserted_payment_is_found_pending_with_its_amount_and_expiry() {
        let db = TestDatabase::new();
        let ledger = SandboxLedgerDb::new(db.db().clone());
        assert_eq!(ledger.find("nope").expect("find"), None);
        opened(&ledger, "ref-1");
        assert_eq!(
            ledger.find("ref-1").expect("find"),
            Some(SandboxEntry {
                amount: Money::from_cents(12_34),
                status: SandboxStatus::Pending,
                expires_at: at(30),
            })
        );
        let again = NewSandboxPayment {
            reference: "ref-1",
            amount: Money::from_cents(1),
            expires_at: at(30),
        };
        assert!(matches!(
            ledger.insert(&again, at(1)),
            Err(StoreError::Duplicate(_))
        ));
    }

    #[test]
    fn a_card_moves_an_open_payment_before_it_expires_and_keeps_four_digits() {
        let db = TestDatabase::new();
        let ledger = SandboxLedgerDb::new(db.db().clone());
        opened(&ledger, "ref-1");
        let declined = ledger.record_card("ref-1", SandboxStatus::Declined, "0002", at(1));
        assert_eq!(declined.expect("card"), LedgerChange::Done);
        assert_eq!(
            stored(&db, "ref-1"),
            ("DECLINED".into(), Some("0002".into()))
        );
        let paid = ledger.record_card("ref-1", SandboxStatus::Authorized, "4242", at(2));
        assert_eq!(paid.expect("card"), LedgerChange::Done);
        assert_eq!(
            stored(&db, "ref-1"),
            ("AUTHORIZED".into(), Some("4242".into()))
        );
        // Authorized: no more cards.
        let again = ledger.record_card("ref-1", SandboxStatus::Authorized, "4242", at(3));
        assert_eq!(
            again.expect("card"),
            LedgerChange::Refused(SandboxStatus::Authorized)
        );
        let unknown = ledger.record_card("nope", SandboxStatus::Authorized, "4242", at(3));
        assert_eq!(unknown.expect("card"), LedgerChange::Unknown);
    }

    #[test]
    fn an_expired_payment_takes_no_card() {
        let db = TestDatabase::new();
        let ledger = SandboxLedgerDb::new(db.db().clone());
        opened(&ledger, "ref-1");
        for now in [at(30), at(30) + Duration::minutes(1)] {
            let late = ledger.record_card("ref-1", SandboxStatus::Authorized, "4242", now);
            assert_eq!(
                late.expect("card"),
                LedgerChange::Refused(SandboxStatus::Pending)
            );
        }
        assert_eq!(stored(&db, "ref-1"), ("PENDING".into(), None));
    }

    #[test]
    fn a_transition_applies_only_from_the_given_statuses() {
        let db = TestDatabase::new();
        let ledger = SandboxLedgerDb::new(db.db().clone());
        opened(&ledger, "ref-1");
        let capture = |reference| {
            ledger.transition(
                reference,
                &[SandboxStatus::Authorized],
                SandboxStatus::Captured,
                at(5),
            )
        };
        assert_eq!(
            capture("ref-1").expect("capture"),
            LedgerChange::Refused(SandboxStatus::Pending)
        );
        assert_eq!(capture("nope").expect("capture"), LedgerChange::Unknown);
        let void = ledger.transition(
            "ref-1",
            &[SandboxStatus::Pending, SandboxStatus::Declined],
            SandboxStatus::Voided,
            at(6),
        );
        assert_eq!(void.expect("void"), LedgerChange::Done);
        let found = ledger.find("ref-1").expect("find").expect("row");
        assert_eq!(found.status, SandboxStatus::Voided);
    }
}
