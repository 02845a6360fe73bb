//! The reports' store ports: the report rows, and the data a report is computed from.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::ids::ReportId;
use crate::orders::DateRange;
use crate::paging::{Page, PageRequest};
use crate::reports::{ActivityUser, NewReport, Report, StockRow};
use crate::store::StoreError;

/// Stored reports and the background job's claims on them.
pub trait Reports {
    /// Stores a PENDING report; answers its id.
    ///
    /// # Errors
    /// Store failures.
    fn insert_report(&mut self, report: &NewReport) -> Result<ReportId, StoreError>;

    /// One report, with its result when `with_result`.
    ///
    /// # Errors
    /// Store failures.
    fn find_report(
        &mut self,
        id: &ReportId,
        with_result: bool,
    ) -> Result<Option<Report>, StoreError>;

    /// One page of reports, newest first, without results.
    ///
    /// # Errors
    /// Store failures.
    fn list_reports(&mut self, page: PageRequest) -> Result<Page<Report>, StoreError>;

    /// Whether a report waits to be claimed (a read, so that idle nodes never take the write
    /// lock just to look).
    ///
    /// # Errors
    /// Store failures.
    fn report_waiting(&mut self, stale_before: NaiveDateTime) -> Result<bool, StoreError>;

    /// Claims the oldest PENDING report, or a PROCESSING one claimed before `stale_before`
    /// (its node went silent): marks it PROCESSING, claimed now, one more attempt. The claim is
    /// a conditional update, so that of several nodes exactly one gets a report.
    ///
    /// # Errors
    /// Store failures.
    fn claim_report(
        &mut self,
        now: NaiveDateTime,
        stale_before: NaiveDateTime,
    ) -> Result<Option<Report>, StoreError>;

    /// Stores a claimed report's result: COMPLETED.
    ///
    /// # Errors
    /// Store failures.
    fn complete_report(
        &mut self,
        id: &ReportId,
        result: &serde_json::Value,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Marks a report FAILED with the reason.
    ///
    /// # Errors
    /// Store failures.
    fn fail_report(
        &mut self,
        id: &ReportId,
        reason: &str,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;
}

/// The rows the reports compute from, beyond orders ([`crate::orders::Sales`]).
pub trait ReportData {
    /// Every available unit product and variant with its price, stock and category.
    ///
    /// # Errors
    /// Store failures.
    fn stock_rows(&mut self) -> Result<Vec<StockRow>, StoreError>;

    /// Users who signed up or last signed in within the range, by e-mail.
    ///
    /// # Errors
    /// Store failures.
    fn activity_users(&mut self, range: &DateRange) -> Result<Vec<ActivityUser>, StoreError>;

    /// The audit trail within the range, counted per admin e-mail, action and entity.
    ///
    /// # Errors
    /// Store failures.
    fn audit_summary(
        &mut self,
        range: &DateRange,
    ) -> Result<Vec<(String, String, String, i64)>, StoreError>;

    /// The category name of each of these products.
    ///
    /// # Errors
    /// Store failures.
    fn product_categories(&mut self, ids: &[String])
        -> Result<HashMap<String, String>, StoreError>;
}
