//! The refunds' request and answer bodies.

use domain::money::Money;
use domain::refunds::Refund;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The admin's refund form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RefundBody {
    /// The amount to give back (a number above 0, at most what is left of the payment).
    #[serde(default)]
    #[schema(value_type = f64)]
    pub amount: Value,
    /// Why (1 to 500 characters).
    #[serde(default)]
    pub reason: Option<String>,
    /// Return the order's counted stock (only with a refund of the whole order).
    #[serde(default)]
    pub restock: bool,
}

/// A refund.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// The order.
    pub order_id: String,
    /// The amount given back.
    #[schema(value_type = f64)]
    pub amount: Money,
    /// Why.
    pub reason: String,
    /// Whether the order's stock was returned.
    pub restocked: bool,
    /// `PENDING` until the provider confirms it, then `DONE`.
    pub status: &'static str,
    /// The provider's id of the refund (to find it at the provider), once confirmed.
    pub provider_refund_id: Option<String>,
    /// The admin who gave it.
    pub created_by: String,
    /// When (RFC 3339).
    pub created_on: String,
}

impl From<Refund> for RefundJson {
    fn from(r: Refund) -> Self {
        RefundJson {
            status: if r.pending() { "PENDING" } else { "DONE" },
            provider_refund_id: r.provider_refund_id.clone(),
            id: r.id,
            order_id: r.order_id.into(),
            amount: r.amount,
            reason: r.reason,
            restocked: r.restocked,
            created_by: r.created_by.into(),
            created_on: r.created_on.and_utc().to_rfc3339(),
        }
    }
}
