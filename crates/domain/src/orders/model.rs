//! What the back office sees of the shop's sales: orders with their buyers and status history,
//! case break requests, and the date range every list is read in.

use crate::checkout::Order;
use crate::ids::{CaseBreakId, OrderId, ProductId, UserId};
use crate::money::Money;
use crate::profile::FieldErrors;
use crate::status::{CaseBreakStatus, OrderStatus};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use std::collections::BTreeMap;

/// The message of a case break quantity that is not a positive whole number (§5).
pub const QUANTITY_MESSAGE: &str = "Please enter a valid positive number";
/// The most units one case break may add.
pub const MAX_QUANTITY_ADDED: i64 = 1_000_000;

/// A range of instants, both ends included (§5: start of the start day, end of the end day,
/// UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    /// From (none: from the beginning).
    pub start: Option<NaiveDateTime>,
    /// Until.
    pub end: NaiveDateTime,
}

fn end_of(day: NaiveDate) -> NaiveDateTime {
    day.and_time(NaiveTime::from_hms_milli_opt(23, 59, 59, 999).unwrap_or(NaiveTime::MIN))
}

/// One bound: `YYYY-MM-DD` (the day's start, or its end for an end date) or an RFC 3339
/// instant.
fn bound(text: &str, end: bool) -> Option<NaiveDateTime> {
    let text = text.trim();
    if let Ok(day) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(if end {
            end_of(day)
        } else {
            day.and_time(NaiveTime::MIN)
        });
    }
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc).naive_utc())
}

/// The message of a range whose start is after its end.
pub const START_AFTER_END: &str = "startDate must be on or before endDate";

/// Why `startDate`/`endDate` make no range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DateRangeError {
    /// A date that is neither `YYYY-MM-DD` nor RFC 3339 (the request is malformed).
    Malformed(FieldErrors),
    /// Two well-formed dates, the start after the end (a rule of the range).
    Reversed(FieldErrors),
}

impl DateRangeError {
    /// The field messages, whichever the reason.
    #[must_use]
    pub fn into_errors(self) -> FieldErrors {
        match self {
            DateRangeError::Malformed(errors) | DateRangeError::Reversed(errors) => errors,
        }
    }
}

impl DateRange {
    /// Reads `startDate` and `endDate`; the end defaults to the end of today (UTC).
    ///
    /// # Errors
    /// Field errors for a date that is neither `YYYY-MM-DD` nor RFC 3339, and for a start
    /// after the end.
    pub fn parse(
        start: Option<&str>,
        end: Option<&str>,
        now: NaiveDateTime,
    ) -> Result<DateRange, FieldErrors> {
        Self::read(start, end, now).map_err(DateRangeError::into_errors)
    }

    /// [`Self::parse`], saying why a range is refused: [`DateRangeError::Reversed`] when
    /// both dates are well formed and the start is after the end, else
    /// [`DateRangeError::Malformed`] (with every field's message, as `parse` gives them).
    ///
    /// # Errors
    /// As [`Self::parse`], by reason.
    pub fn read(
        start: Option<&str>,
        end: Option<&str>,
        now: NaiveDateTime,
    ) -> Result<DateRange, DateRangeError> {
        let mut errors = FieldErrors::new();
        let mut malformed = false;
        let mut read = |field: &str, text: Option<&str>, is_end: bool| {
            let text = text.map(str::trim).filter(|t| !t.is_empty())?;
            let parsed = bound(text, is_end);
            if parsed.is_none() {
                malformed = true;
                errors.add_message(
                    field,
                    format!("{field} must be a date (YYYY-MM-DD) or an ISO 8601 instant"),
                );
            }
            parsed
        };
        let start = read("startDate", start, false);
        let end = read("endDate", end, true).unwrap_or_else(|| end_of(now.date()));
        if start.is_some_and(|s| s > end) {
            errors.add_message("startDate", START_AFTER_END);
        }
        errors
            .into_result(DateRange { start, end })
            .map_err(|errors| {
                if malformed {
                    DateRangeError::Malformed(errors)
                } else {
                    DateRangeError::Reversed(errors)
                }
            })
    }
}

/// Who bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buyer {
    /// Id.
    pub id: UserId,
    /// E-mail.
    pub email: String,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Phone.
    pub phone_number: Option<String>,
}

/// What an order line was, as the report shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldProduct {
    /// The product's current title (the line keeps the title it was sold under).
    pub title: String,
    /// The product's SKU.
    pub sku: String,
    /// A show.
    pub is_show: bool,
    /// Apparel.
    pub is_apparel: bool,
}

/// The variant an apparel line sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldVariant {
    /// SKU.
    pub sku: String,
    /// Size.
    pub size: String,
    /// Colour name.
    pub color: Option<String>,
}

/// One change of an order's status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    /// The status before (none for the order's first).
    pub from: Option<OrderStatus>,
    /// The status after.
    pub to: OrderStatus,
    /// Who (none: the shop itself, at the purchase).
    pub by: Option<String>,
    /// When.
    pub at: NaiveDateTime,
}

/// An order as the back office reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sale {
    /// The order with its lines and amounts.
    pub order: Order,
    /// The buyer.
    pub buyer: Buyer,
    /// Per line (same order as `order.items`): the product and the variant.
    pub lines: Vec<(Option<SoldProduct>, Option<SoldVariant>)>,
    /// Every status change, oldest first.
    pub history: Vec<StatusChange>,
    /// What its confirmed refunds gave back.
    pub refunded: Money,
    /// What may still be refunded: the grand total less every refund, pending ones included.
    pub refundable: Money,
}

/// Orders in a range with their totals (computed here, never by a client).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalesReport {
    /// The orders, newest first.
    pub orders: Vec<Sale>,
    /// Their grand totals, summed.
    pub total_sales: Money,
}

/// A case break request as the report shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseBreak {
    /// Id.
    pub id: CaseBreakId,
    /// The case-breakable product.
    pub product_id: ProductId,
    /// Its SKU.
    pub sku: String,
    /// Its title.
    pub title: String,
    /// The order that ran short.
    pub order_id: Option<OrderId>,
    /// Units asked for.
    pub quantity: u32,
    /// Units added when processed.
    pub quantity_added: Option<u32>,
    /// Where it stands.
    pub status: CaseBreakStatus,
    /// The product's package (the first number is items per box).
    pub box_size: Vec<u32>,
    /// When it was made.
    pub created_on: NaiveDateTime,
}

impl CaseBreak {
    /// Units sold to the waiting order and not shipped yet: the request's quantity while it
    /// is open (PENDING or PROCESSING), none once it is COMPLETED or FAILED.
    #[must_use]
    pub fn owed_units(&self) -> u32 {
        if self.status.can_be_processed() {
            self.quantity
        } else {
            0
        }
    }
}

/// Case break requests in a range, with counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseBreakReport {
    /// The requests, newest first.
    pub data: Vec<CaseBreak>,
    /// Their quantities, summed.
    pub total_quantity: u64,
    /// Requests per status in the range (every status, zero included), whatever the filter.
    pub status_counts: BTreeMap<&'static str, i64>,
}
