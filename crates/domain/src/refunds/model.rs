//! What a refund is, and the admin's form for one.

use chrono::NaiveDateTime;

use crate::checkout::OrderItem;
use crate::ids::{OrderId, UserId};
use crate::money::Money;
use crate::profile::FieldErrors;

/// The longest reason, in characters.
pub const MAX_REASON_LEN: usize = 500;

/// A refund of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    /// Id (also the idempotency key of the provider's refund).
    pub id: String,
    /// The order.
    pub order_id: OrderId,
    /// How much goes back.
    pub amount: Money,
    /// Why (the admin's words).
    pub reason: String,
    /// Whether the order's counted stock was returned with it.
    pub restocked: bool,
    /// The provider's id of the refund; `None` while the provider has not confirmed it.
    pub provider_refund_id: Option<String>,
    /// The admin who gave it.
    pub created_by: UserId,
    /// When.
    pub created_on: NaiveDateTime,
}

impl Refund {
    /// Whether the provider has not confirmed it yet (it still counts against what is left).
    #[must_use]
    pub fn pending(&self) -> bool {
        self.provider_refund_id.is_none()
    }
}

/// The admin's form, as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RefundInput {
    /// The amount, as text (`"12.50"`).
    pub amount: Option<String>,
    /// Why.
    pub reason: Option<String>,
    /// Return the order's stock (only for a refund of the whole order).
    pub restock: bool,
}

/// A form that passed its checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidRefund {
    /// Above zero, in cents.
    pub amount: Money,
    /// Trimmed, 1 to [`MAX_REASON_LEN`] characters.
    pub reason: String,
    /// Return the order's stock.
    pub restock: bool,
}

impl RefundInput {
    /// Checks the form.
    ///
    /// # Errors
    /// The failures by field (`amount`, `reason`).
    pub fn validate(&self) -> Result<ValidRefund, FieldErrors> {
        let mut errors = FieldErrors::new();
        let amount = self
            .amount
            .as_deref()
            .map(str::trim)
            .and_then(|t| t.parse::<Money>().ok())
            .filter(|m| !m.is_zero() && !m.is_negative());
        if amount.is_none() {
            errors.add_message("amount", "Amount must be a number above 0");
        }
        let reason = self.reason.as_deref().map(str::trim).unwrap_or_default();
        if reason.is_empty() {
            errors.add_message("reason", "Reason is required");
        } else if reason.chars().count() > MAX_REASON_LEN {
            errors.add_message(
                "reason",
                format!("Reason must be at most {MAX_REASON_LEN} characters"),
            );
        }
        match amount {
            Some(amount) if errors.is_empty() => Ok(ValidRefund {
                amount,
                reason: reason.to_owned(),
                restock: self.restock,
            }),
            _ => Err(errors),
        }
    }
}

/// An order as a refund needs it: what was paid, what went back already, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundableOrder {
    /// What the buyer paid.
    pub grand_total: Money,
    /// What its refunds give back, pending ones included.
    pub refunded: Money,
    /// The provider's reference of its payment.
    pub provider_ref: String,
    /// Its items (to return their stock).
    pub items: Vec<OrderItem>,
}

/// A refund to store, pending until the provider confirms it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRefund<'a> {
    /// The order.
    pub order_id: &'a OrderId,
    /// The amount.
    pub amount: Money,
    /// Why.
    pub reason: &'a str,
    /// Whether the stock is returned.
    pub restock: bool,
    /// Who.
    pub created_by: &'a UserId,
    /// When.
    pub created_on: NaiveDateTime,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_above_zero_and_a_reason_are_required() {
        let form = |amount: &str, reason: &str| RefundInput {
            amount: Some(amount.into()),
            reason: Some(reason.into()),
            restock: false,
        };
        let valid = form(" 12.50 ", " damaged ").validate().expect("valid");
        assert_eq!(
            (valid.amount.cents(), valid.reason.as_str()),
            (1250, "damaged")
        );
        for bad in ["0", "-1", "abc", ""] {
            let errors = form(bad, "x").validate().expect_err("refused");
            assert!(errors.as_map().contains_key("amount"), "{bad}");
        }
        let errors = form("1", " ").validate().expect_err("refused");
        assert_eq!(errors.to_string(), "Reason is required");
        let long = "x".repeat(MAX_REASON_LEN + 1);
        assert!(form("1", &long).validate().is_err());
    }
}
