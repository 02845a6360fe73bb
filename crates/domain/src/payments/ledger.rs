//! The sandbox payment provider's ledger: the payments it opened, their amount, expiry and
//! where each stands. The sandbox (`payments::SandboxPayments`) decides; the ledger only keeps
//! and changes rows, each change conditional on the state it starts from, so that two nodes
//! (or two tabs of the window) cannot both move one payment. `persistence` keeps it in the
//! shop's database (table `sandbox_payments`).
//!
//! Every method is one unit of work of its own: the ledger is not a repository of the
//! store's transaction, and is never called inside `Store::write` (like the provider it
//! serves).

use std::fmt;

use chrono::NaiveDateTime;

use crate::money::Money;
use crate::store::StoreError;

/// Where a sandbox payment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SandboxStatus {
    /// Opened, no card accepted yet.
    Pending,
    /// The last card was declined; the buyer may try another while the payment is open.
    Declined,
    /// A card authorized the amount.
    Authorized,
    /// The authorized amount was taken.
    Captured,
    /// Closed without taking anything.
    Voided,
}

impl SandboxStatus {
    /// Every status, in the order of the enum.
    pub const ALL: [SandboxStatus; 5] = [
        SandboxStatus::Pending,
        SandboxStatus::Declined,
        SandboxStatus::Authorized,
        SandboxStatus::Captured,
        SandboxStatus::Voided,
    ];

    /// The stored name (`PENDING`, `DECLINED`, `AUTHORIZED`, `CAPTURED`, `VOIDED`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            SandboxStatus::Pending => "PENDING",
            SandboxStatus::Declined => "DECLINED",
            SandboxStatus::Authorized => "AUTHORIZED",
            SandboxStatus::Captured => "CAPTURED",
            SandboxStatus::Voided => "VOIDED",
        }
    }

    /// The status of a stored name.
    #[must_use]
    pub fn parse(s: &str) -> Option<SandboxStatus> {
        SandboxStatus::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// Whether a card may still be typed for a payment in this status (before it expires).
    #[must_use]
    pub const fn takes_a_card(self) -> bool {
        matches!(self, SandboxStatus::Pending | SandboxStatus::Declined)
    }
}

impl fmt::Display for SandboxStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A payment to record, pending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSandboxPayment<'a> {
    /// The shop's reference (the checkout token), the payment's key.
    pub reference: &'a str,
    /// The amount to authorize.
    pub amount: Money,
    /// When the payment stops taking a card.
    pub expires_at: NaiveDateTime,
}

/// A recorded payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxEntry {
    /// The amount to authorize.
    pub amount: Money,
    /// Where it stands.
    pub status: SandboxStatus,
    /// When it stops taking a card.
    pub expires_at: NaiveDateTime,
}

/// What a conditional change of a payment did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LedgerChange {
    /// The payment was changed.
    Done,
    /// The payment was left as it is: it stands at this status (which is not one the change
    /// starts from, or the payment has expired).
    Refused(SandboxStatus),
    /// No payment has this reference.
    Unknown,
}

/// Where the sandbox provider keeps its payments. Each method runs on its own (one
/// transaction each), outside any store transaction.
pub trait SandboxLedger: Send + Sync {
    /// Records a pending payment, opened at `now`.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the reference is taken; [`StoreError::Unavailable`] or
    /// [`StoreError::Other`] when the store fails.
    fn insert(&self, payment: &NewSandboxPayment<'_>, now: NaiveDateTime)
        -> Result<(), StoreError>;

    /// The payment with this reference.
    fn find(&self, reference: &str) -> Result<Option<SandboxEntry>, StoreError>;

    /// Records a card typed at `now`: a payment that takes a card
    /// ([`SandboxStatus::takes_a_card`]) and expires after `now` moves to `outcome`
    /// (authorized or declined), keeps the card's last four digits and counts the attempt.
    fn record_card(
        &self,
        reference: &str,
        outcome: SandboxStatus,
        card_last4: &str,
        now: NaiveDateTime,
    ) -> Result<LedgerChange, StoreError>;

    /// Moves a payment that stands at one of `from` to `to`, at `now`.
    fn transition(
        &self,
        reference: &str,
        from: &[SandboxStatus],
        to: SandboxStatus,
        now: NaiveDateTime,
    ) -> Result<LedgerChange, StoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_through_their_stored_names() {
        for status in SandboxStatus::ALL {
            assert_eq!(SandboxStatus::parse(status.as_str()), Some(status));
            assert_eq!(status.to_string(), status.as_str());
        }
        assert_eq!(SandboxStatus::parse("pending"), None);
    }

    #[test]
    fn only_pending_and_declined_payments_take_a_card() {
        let taking: Vec<_> = SandboxStatus::ALL
            .into_iter()
            .filter(|s| s.takes_a_card())
            .collect();
        assert_eq!(taking, [SandboxStatus::Pending, SandboxStatus::Declined]);
    }
}
