//! The sandbox payment provider: the built-in adapter of the domain's
//! [`PaymentProvider`] port (decisions.md "Checkout and payment"). It behaves like a hosted
//! card payment window: the shop serves its page at [`SandboxPayments::window_url`], the page
//! posts a card to [`SandboxPayments::pay`], test card 4242 4242 4242 4242 authorizes and
//! 4000 0000 0000 0002 is declined (the buyer may try again until the payment expires).
//!
//! It keeps its ledger in the shop's own database (the domain's [`SandboxLedger`] port, which
//! `persistence` implements over table `sandbox_payments`), so that any API node can answer
//! for any payment. A real provider keeps that state on its side and is one more
//! implementation of the port. Only a card's last four digits are stored; the number is never
//! logged ([`Card`]'s `Debug` hides it).

use std::sync::Arc;

use chrono::NaiveDateTime;
use domain::money::Money;
use domain::payments::{
    CardAuthorization, LedgerChange, NewSandboxPayment, OpenedPayment, PaymentError,
    PaymentProvider, PaymentRequest, PaymentStatus, SandboxLedger, SandboxStatus,
};
use domain::store::StoreError;

use SandboxStatus::{Authorized, Captured, Declined, Pending, Voided};

/// The test card that is authorized.
pub const SUCCESS_CARD: &str = "4242424242424242";
/// The test card that is declined.
pub const DECLINED_CARD: &str = "4000000000000002";

/// The sandbox provider over its ledger. Cheap to clone (the ledger is shared).
#[derive(Clone)]
pub struct SandboxPayments {
    ledger: Arc<dyn SandboxLedger>,
}

impl std::fmt::Debug for SandboxPayments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SandboxPayments").finish_non_exhaustive()
    }
}

/// A card as typed into the sandbox window.
#[derive(Clone, PartialEq, Eq)]
pub struct Card {
    /// The number (spaces and dashes allowed).
    pub number: String,
    /// Expiry month, 1 to 12.
    pub exp_month: u32,
    /// Expiry year, two or four digits.
    pub exp_year: u32,
    /// Security code, 3 or 4 digits.
    pub cvc: String,
    /// Name on the card.
    pub name: String,
}

impl std::fmt::Debug for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Card")
            .field("last4", &last4(&digits(&self.number)))
            .finish_non_exhaustive()
    }
}

/// What the window tells the buyer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Authorized.
    Success,
    /// Declined; the buyer may try another card.
    Declined,
}

/// Why the sandbox refused a card or a payment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SandboxError {
    /// A field of the card is malformed (the field and why).
    #[error("{1}")]
    InvalidCard(&'static str, &'static str),
    /// No payment has this reference.
    #[error("Payment not found")]
    NotFound,
    /// The payment was authorized already.
    #[error("This payment is already complete")]
    AlreadyPaid,
    /// The payment was voided or expired.
    #[error("This payment session has ended. Please check out again.")]
    Closed,
    /// The database failed.
    #[error("payment ledger unavailable: {0}")]
    Ledger(String),
}

impl From<StoreError> for SandboxError {
    fn from(e: StoreError) -> Self {
        SandboxError::Ledger(e.to_string())
    }
}

/// What the window shows of a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowInfo {
    /// The amount to authorize.
    pub amount: Money,
    /// Whether a card may still be typed (pending or declined, and not expired).
    pub open: bool,
}

fn digits(number: &str) -> String {
    number.chars().filter(char::is_ascii_digit).collect()
}

fn last4(digits: &str) -> String {
    digits
        .get(digits.len().saturating_sub(4)..)
        .unwrap_or_default()
        .to_owned()
}

fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let twice = d * 2;
                if twice > 9 {
                    twice - 9
                } else {
                    twice
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

impl Card {
    /// Checks the card's shape; answers its digits.
    ///
    /// # Errors
    /// [`SandboxError::InvalidCard`] naming the field.
    pub fn check(&self, now: NaiveDateTime) -> Result<String, SandboxError> {
        use chrono::Datelike as _;
        let number = digits(&self.number);
        let only_digits = self
            .number
            .chars()
            .all(|c| c.is_ascii_digit() || c == ' ' || c == '-');
        if !only_digits || !(12..=19).contains(&number.len()) || !luhn(&number) {
            return Err(SandboxError::InvalidCard(
                "cardNumber",
                "Card number is invalid",
            ));
        }
        if !(1..=12).contains(&self.exp_month) {
            return Err(SandboxError::InvalidCard(
                "expMonth",
                "Expiry month must be from 1 to 12",
            ));
        }
        let year = if self.exp_year < 100 {
            self.exp_year + 2000
        } else {
            self.exp_year
        };
        let this_month = (now.year(), now.month());
        let expiry = (i32::try_from(year).unwrap_or(i32::MAX), self.exp_month);
        if expiry < this_month || year > 2100 {
            return Err(SandboxError::InvalidCard("expYear", "The card has expired"));
        }
        let cvc_ok =
            (3..=4).contains(&self.cvc.len()) && self.cvc.bytes().all(|b| b.is_ascii_digit());
        if !cvc_ok {
            return Err(SandboxError::InvalidCard(
                "cvc",
                "Security code must be 3 or 4 digits",
            ));
        }
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(SandboxError::InvalidCard(
                "name",
                "Name on card is required",
            ));
        }
        Ok(number)
    }
}

impl SandboxPayments {
    /// The sandbox over `ledger`.
    #[must_use]
    pub fn new(ledger: Arc<dyn SandboxLedger>) -> SandboxPayments {
        SandboxPayments { ledger }
    }

    /// The address of a payment's window (served by the shop, outside the single-page app).
    #[must_use]
    pub fn window_url(reference: &str) -> String {
        crate::window_url(reference)
    }

    /// What the window shows of a payment, or `None` for an unknown reference.
    ///
    /// # Errors
    /// [`SandboxError::Ledger`] when the database fails.
    pub fn window(
        &self,
        reference: &str,
        now: NaiveDateTime,
    ) -> Result<Option<WindowInfo>, SandboxError> {
        Ok(self.ledger.find(reference)?.map(|p| WindowInfo {
            amount: p.amount,
            open: p.status.takes_a_card() && now < p.expires_at,
        }))
    }

    /// Takes a card for a payment: the success card authorizes it, any other valid card is
    /// declined (and the buyer may try again while the payment is open).
    ///
    /// # Errors
    /// [`SandboxError::InvalidCard`], [`SandboxError::NotFound`], [`SandboxError::AlreadyPaid`],
    /// [`SandboxError::Closed`], [`SandboxError::Ledger`].
    pub fn pay(
        &self,
        reference: &str,
        card: &Card,
        now: NaiveDateTime,
    ) -> Result<Outcome, SandboxError> {
        let number = card.check(now)?;
        let (outcome, status) = if number == SUCCESS_CARD {
            (Outcome::Success, Authorized)
        } else {
            (Outcome::Declined, Declined)
        };
        match self
            .ledger
            .record_card(reference, status, &last4(&number), now)?
        {
            LedgerChange::Done => Ok(outcome),
            LedgerChange::Unknown => Err(SandboxError::NotFound),
            LedgerChange::Refused(Authorized | Captured) => Err(SandboxError::AlreadyPaid),
            LedgerChange::Refused(_) => Err(SandboxError::Closed),
        }
    }

    /// Moves a payment from one of `from` to `to`; succeeds too when it already was `to`.
    fn transition(
        &self,
        reference: &str,
        from: &[SandboxStatus],
        to: SandboxStatus,
    ) -> Result<(), PaymentError> {
        let now = chrono::Utc::now().naive_utc();
        match self
            .ledger
            .transition(reference, from, to, now)
            .map_err(unavailable)?
        {
            LedgerChange::Done => Ok(()),
            LedgerChange::Unknown => Err(PaymentError::Unknown),
            LedgerChange::Refused(s) if s == to => Ok(()),
            LedgerChange::Refused(s) => Err(PaymentError::Refused(format!("payment is {s}"))),
        }
    }
}

fn unavailable(e: StoreError) -> PaymentError {
    match e {
        StoreError::Unavailable => PaymentError::Unavailable,
        other => PaymentError::Other(other.to_string()),
    }
}

impl PaymentProvider for SandboxPayments {
    fn open(&self, request: &PaymentRequest<'_>) -> Result<OpenedPayment, PaymentError> {
        let now = chrono::Utc::now().naive_utc();
        let payment = NewSandboxPayment {
            reference: request.reference,
            amount: request.amount,
            expires_at: request.expires_at,
        };
        self.ledger.insert(&payment, now).map_err(unavailable)?;
        Ok(OpenedPayment {
            provider_ref: request.reference.to_owned(),
            url: Self::window_url(request.reference),
            client: None,
        })
    }

    fn status(&self, provider_ref: &str) -> Result<PaymentStatus, PaymentError> {
        let payment = self
            .ledger
            .find(provider_ref)
            .map_err(unavailable)?
            .ok_or(PaymentError::Unknown)?;
        let amount = payment.amount;
        Ok(match payment.status {
            Authorized => PaymentStatus::Authorized { amount },
            Captured => PaymentStatus::Captured { amount },
            Voided => PaymentStatus::Voided,
            Pending | Declined => PaymentStatus::Pending,
        })
    }

    fn capture(&self, provider_ref: &str) -> Result<(), PaymentError> {
        self.transition(provider_ref, &[Authorized], Captured)
    }

    fn void(&self, provider_ref: &str) -> Result<(), PaymentError> {
        self.transition(provider_ref, &[Pending, Declined, Authorized], Voided)
    }

    /// The sandbox moves no money: a refund of a captured payment, up to its amount, is
    /// accepted and named after its key (the shop's refund records what was given back).
    fn refund(&self, provider_ref: &str, amount: Money, key: &str) -> Result<String, PaymentError> {
        let payment = self
            .ledger
            .find(provider_ref)
            .map_err(unavailable)?
            .ok_or(PaymentError::Unknown)?;
        if payment.status != Captured {
            return Err(PaymentError::Refused(
                "the payment has not been captured".to_owned(),
            ));
        }
        if amount > payment.amount {
            return Err(PaymentError::Refused(
                "the refund is more than the payment".to_owned(),
            ));
        }
        Ok(format!("sandbox_re_{key}"))
    }

    /// The sandbox's window takes the card itself ([`SandboxPayments::pay`]).
    fn authorize_card(&self, _: &str, _: &str) -> Result<CardAuthorization, PaymentError> {
        Err(PaymentError::Refused(
            "the sandbox takes cards in its own window".to_owned(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_luhn_valid_numbers_pass() {
        assert!(luhn(SUCCESS_CARD));
        assert!(luhn(DECLINED_CARD));
        assert!(!luhn("4242424242424241"));
    }

    #[test]
    fn a_cards_debug_shows_only_its_last_four_digits() {
        let card = Card {
            number: "4242 4242 4242 4242".into(),
            exp_month: 12,
            exp_year: 2030,
            cvc: "123".into(),
            name: "Ann Buyer".into(),
        };
        let shown = format!("{card:?}");
        assert!(shown.contains("4242"));
        assert!(!shown.contains("4242424242424242") && !shown.contains("4242 4242"));
        assert!(!shown.contains("123"));
    }
}
