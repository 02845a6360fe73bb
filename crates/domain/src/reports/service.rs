//! The back office's five reports (back-office.md §3 "Report" and its parameters by type, §4;
//! issue 12): an admin asks for one (`request_report`), a background job on one API node
//! claims it (`run_next_report`), computes it from the database and stores the result, or why
//! it failed. Every figure is computed here, never by a client.
//!
//! A result is a few summary figures, tables and charts drawn from those tables, so that one
//! screen and one CSV writer serve every report type.

use super::compute::compute;
use super::model::*;
use chrono::NaiveDateTime;
use serde_json::{Map, Value};

use crate::audit::{Audit, AuditEntry};
use crate::ids::{ReportId, UserId};
use crate::orders::DateRange;
use crate::paging::{Page, PageRequest};
use crate::profile::FieldErrors;
use crate::reports::Reports;
use crate::status::{ReportStatus, ReportType};
use crate::store::{Store, StoreError};

/// Why a report call was refused.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The request failed validation.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No report has this id.
    #[error("Report not found")]
    NotFound,
    /// The report has no result yet (or failed).
    #[error("The report is {0}: it has no result yet")]
    NotReady(ReportStatus),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A checked report request: type, name, description and parameters (defaults filled in).
pub type NewReportFields = (ReportType, String, Option<String>, Map<String, Value>);

/// The §3 parameters of a type, with their defaults: (name, default). Dates default to none
/// (start) and today (end).
fn defaults(t: ReportType) -> &'static [(&'static str, Value)] {
    use std::sync::OnceLock;
    static SALES: OnceLock<Vec<(&str, Value)>> = OnceLock::new();
    static INVENTORY: OnceLock<Vec<(&str, Value)>> = OnceLock::new();
    static USERS: OnceLock<Vec<(&str, Value)>> = OnceLock::new();
    static FINANCIAL: OnceLock<Vec<(&str, Value)>> = OnceLock::new();
    static PERFORMANCE: OnceLock<Vec<(&str, Value)>> = OnceLock::new();
    let t_ = Value::Bool(true);
    match t {
        ReportType::Sales => SALES.get_or_init(|| {
            vec![
                ("includeShowDetails", t_.clone()),
                ("includeProductBreakdown", t_.clone()),
                ("interval", Value::from("day")),
            ]
        }),
        ReportType::Inventory => INVENTORY.get_or_init(|| {
            vec![
                ("includeZeroStock", t_.clone()),
                ("includeNotes", t_.clone()),
            ]
        }),
        ReportType::UserActivity => {
            USERS.get_or_init(|| vec![("includeAdminActivity", t_.clone())])
        }
        ReportType::Financial => FINANCIAL.get_or_init(|| {
            vec![
                ("includeBreakdownByProduct", t_.clone()),
                ("includeBreakdownByCategory", t_.clone()),
            ]
        }),
        ReportType::ProductPerformance => PERFORMANCE.get_or_init(|| {
            vec![
                ("topPerformersCount", Value::from(10)),
                ("includeCategoryAnalysis", t_.clone()),
            ]
        }),
        ReportType::CaseBreak => return &[],
    }
    .as_slice()
}

/// Checks a request and fills in the defaults of §3. Dates (`startDate`, `endDate`: every type
/// but INVENTORY) are kept as given and checked; booleans must be booleans;
/// `topPerformersCount` is 1..=100; `interval` is day, week or month.
///
/// # Errors
/// Field errors (`type`, `name`, `description`, `parameters.{name}`).
pub fn validate_request(
    request: &ReportRequest,
    now: NaiveDateTime,
) -> Result<NewReportFields, FieldErrors> {
    let mut errors = FieldErrors::new();
    let report_type = request
        .report_type
        .as_deref()
        .map(str::trim)
        .and_then(|t| t.parse::<ReportType>().ok())
        .filter(|t| REQUESTABLE.contains(t));
    if report_type.is_none() {
        errors.add_message(
            "type",
            "Type must be SALES, INVENTORY, USER_ACTIVITY, FINANCIAL or PRODUCT_PERFORMANCE",
        );
    }
    let name = request
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    match name {
        None => errors.add_message("name", "Name is required"),
        Some(n) if n.chars().count() > MAX_NAME_LEN => errors.add_message(
            "name",
            format!("Name must be at most {MAX_NAME_LEN} characters"),
        ),
        Some(_) => {}
    }
    let description = request
        .description
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty());
    if description.is_some_and(|d| d.chars().count() > MAX_DESCRIPTION_LEN) {
        errors.add_message(
            "description",
            format!("Description must be at most {MAX_DESCRIPTION_LEN} characters"),
        );
    }
    let Some(report_type) = report_type else {
        return Err(errors);
    };
    let mut parameters = Map::new();
    let known: Vec<&str> = defaults(report_type).iter().map(|(k, _)| *k).collect();
    let dated = report_type != ReportType::Inventory;
    for (key, value) in &request.parameters {
        let field = format!("parameters.{key}");
        let is_date = dated && (key == "startDate" || key == "endDate");
        if !is_date && !known.contains(&key.as_str()) {
            errors.add_message(
                field,
                format!("{key} is not a parameter of {report_type} reports"),
            );
            continue;
        }
        let ok = match (key.as_str(), value) {
            (_, Value::Null) => true,
            ("startDate" | "endDate", Value::String(_)) => true,
            ("topPerformersCount", Value::Number(n)) => n
                .as_u64()
                .is_some_and(|n| (1..=u64::from(MAX_TOP)).contains(&n)),
            ("interval", Value::String(s)) => ["day", "week", "month"].contains(&s.as_str()),
            ("startDate" | "endDate" | "topPerformersCount" | "interval", _) => false,
            (_, Value::Bool(_)) => true,
            _ => false,
        };
        if ok {
            if !value.is_null() {
                parameters.insert(key.clone(), value.clone());
            }
        } else {
            let message = match key.as_str() {
                "topPerformersCount" => {
                    format!("topPerformersCount must be a whole number from 1 to {MAX_TOP}")
                }
                "interval" => "interval must be day, week or month".to_owned(),
                "startDate" | "endDate" => format!("{key} must be a date"),
                _ => format!("{key} must be true or false"),
            };
            errors.add_message(field, message);
        }
    }
    if dated {
        let text = |k: &str| parameters.get(k).and_then(Value::as_str);
        if let Err(e) = DateRange::parse(text("startDate"), text("endDate"), now) {
            for (field, messages) in e.as_map() {
                for m in messages {
                    errors.add_message(format!("parameters.{field}"), m.clone());
                }
            }
        }
    }
    for (key, default) in defaults(report_type) {
        parameters
            .entry((*key).to_owned())
            .or_insert_with(|| default.clone());
    }
    match name {
        Some(name) if errors.is_empty() => Ok((
            report_type,
            name.to_owned(),
            description.map(str::to_owned),
            parameters,
        )),
        _ => Err(errors),
    }
}

/// Stores a PENDING report for the background job; answers it.
///
/// # Errors
/// [`ReportError::Invalid`]; store failures.
pub fn request_report(
    store: &impl Store,
    actor: &UserId,
    request: &ReportRequest,
    now: NaiveDateTime,
) -> Result<Report, ReportError> {
    let (report_type, name, description, parameters) =
        validate_request(request, now).map_err(ReportError::Invalid)?;
    let new = NewReport {
        report_type,
        name,
        description,
        parameters,
        created_by: actor.clone(),
        created_at: now,
    };
    store.write(|tx| {
        let id = tx.insert_report(&new)?;
        tx.record_audit(&AuditEntry::new(
            actor,
            "request",
            "report",
            id.as_str(),
            None::<&()>,
            None,
            now,
        ))?;
        tx.find_report(&id, false)?.ok_or(ReportError::NotFound)
    })
}

/// One page of reports, newest first (without results).
///
/// # Errors
/// Store failures.
pub fn list_reports(store: &impl Store, page: PageRequest) -> Result<Page<Report>, ReportError> {
    Ok(store.read(|tx| tx.list_reports(page))?)
}

/// One report with its result.
///
/// # Errors
/// [`ReportError::NotFound`]; store failures.
pub fn get_report(store: &impl Store, id: &ReportId) -> Result<Report, ReportError> {
    store
        .read(|tx| tx.find_report(id, true))?
        .ok_or(ReportError::NotFound)
}

/// What a run of the job did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobOutcome {
    /// Nothing was waiting.
    Idle,
    /// This report was computed.
    Completed(ReportId),
    /// This report failed, for this reason.
    Failed(ReportId, String),
}

/// The background job's step: claims the oldest PENDING report (or one whose node went silent
/// for [`STALE_AFTER_SECONDS`]) so that no other node computes it, computes it from the
/// database and stores the result, or why it failed. A report claimed [`MAX_ATTEMPTS`] times
/// without finishing is failed.
///
/// # Errors
/// Store failures while claiming or storing.
pub fn run_next_report(
    store: &impl Store,
    clock: impl Fn() -> NaiveDateTime,
) -> Result<JobOutcome, StoreError> {
    let now = clock();
    let stale_before = now - chrono::Duration::seconds(STALE_AFTER_SECONDS);
    if !store.read(|tx| tx.report_waiting(stale_before))? {
        return Ok(JobOutcome::Idle);
    }
    let Some(report) = store.write(|tx| tx.claim_report(now, stale_before))? else {
        return Ok(JobOutcome::Idle);
    };
    if report.attempts > MAX_ATTEMPTS {
        let why = format!("Gave up after {MAX_ATTEMPTS} attempts");
        store.write(|tx| tx.fail_report(&report.id, &why, now))?;
        return Ok(JobOutcome::Failed(report.id, why));
    }
    let outcome = store.read(|tx| compute(tx, &report, now));
    let finished = clock();
    match outcome {
        Ok(result) => {
            store.write(|tx| tx.complete_report(&report.id, &result, finished))?;
            Ok(JobOutcome::Completed(report.id))
        }
        Err(e) => {
            let why = match e {
                StoreError::Unavailable => "The database was unavailable".to_owned(),
                StoreError::Other(_) | StoreError::Conflict(_) | StoreError::Duplicate(_) => {
                    "The report could not be computed".to_owned()
                }
                StoreError::NotFound => "Data the report needs is missing".to_owned(),
            };
            store.write(|tx| tx.fail_report(&report.id, &why, finished))?;
            Ok(JobOutcome::Failed(report.id, why))
        }
    }
}

/// The CSV rows of a result: each table's title, header and rows, tables separated by an
/// empty row.
#[must_use]
pub fn csv_rows(result: &Value) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let tables = result["tables"].as_array().cloned().unwrap_or_default();
    for (i, table) in tables.iter().enumerate() {
        if i > 0 {
            out.push(Vec::new());
        }
        out.push(vec![table["title"].as_str().unwrap_or_default().to_owned()]);
        let columns = table["columns"].as_array().cloned().unwrap_or_default();
        out.push(
            columns
                .iter()
                .map(|c| c["label"].as_str().unwrap_or_default().to_owned())
                .collect(),
        );
        for row in table["rows"].as_array().cloned().unwrap_or_default() {
            out.push(
                row.as_array()
                    .cloned()
                    .unwrap_or_default()
                    .iter()
                    .map(|v| match v {
                        Value::String(s) => s.clone(),
                        Value::Null => String::new(),
                        other => other.to_string(),
                    })
                    .collect(),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
            .and_then(|d| d.and_hms_opt(12, 0, 0))
            .expect("now")
    }

    fn request(t: &str, parameters: Value) -> ReportRequest {
        ReportRequest {
            report_type: Some(t.into()),
            name: Some(" November ".into()),
            description: None,
            parameters: parameters.as_object().cloned().unwrap_or_default(),
        }
    }

    #[test]
    fn each_type_gets_the_defaults_of_the_specification() {
        let (t, name, _, p) = validate_request(&request("SALES", json!({})), now()).expect("ok");
        assert_eq!((t, name.as_str()), (ReportType::Sales, "November"));
        assert_eq!(p["includeShowDetails"], true);
        assert_eq!(p["includeProductBreakdown"], true);
        let (_, _, _, p) =
            validate_request(&request("PRODUCT_PERFORMANCE", json!({})), now()).expect("ok");
        assert_eq!(
            (
                p["topPerformersCount"].clone(),
                p["includeCategoryAnalysis"].clone()
            ),
            (json!(10), json!(true))
        );
        let (_, _, _, p) = validate_request(
            &request("INVENTORY", json!({"includeZeroStock": false})),
            now(),
        )
        .expect("ok");
        assert_eq!(
            (p["includeZeroStock"].clone(), p["includeNotes"].clone()),
            (json!(false), json!(true))
        );
    }

    #[test]
    fn bad_requests_say_which_field() {
        let e = validate_request(&request("CASE_BREAK", json!({})), now()).expect_err("type");
        assert_eq!(e.get("type").len(), 1);
        let mut r = request(
            "SALES",
            json!({"startDate": "soon", "includeShowDetails": "yes", "colour": 1}),
        );
        r.name = None;
        let e = validate_request(&r, now()).expect_err("bad");
        for field in [
            "name",
            "parameters.startDate",
            "parameters.includeShowDetails",
            "parameters.colour",
        ] {
            assert_eq!(e.get(field).len(), 1, "{field}: {e:?}");
        }
        let e = validate_request(
            &request("INVENTORY", json!({"startDate": "2026-01-01"})),
            now(),
        )
        .expect_err("inventory has no dates");
        assert_eq!(e.get("parameters.startDate").len(), 1);
        let e = validate_request(
            &request("PRODUCT_PERFORMANCE", json!({"topPerformersCount": 0})),
            now(),
        )
        .expect_err("top");
        assert_eq!(e.get("parameters.topPerformersCount").len(), 1);
    }

    #[test]
    fn a_result_becomes_csv_rows_table_by_table() {
        let result = json!({"tables": [
            {"title": "A", "columns": [{"label": "Day"}, {"label": "Revenue"}], "rows": [["2026-11-01", 12.5]]},
            {"title": "B", "columns": [{"label": "State"}], "rows": [["ND"]]}
        ]});
        assert_eq!(
            csv_rows(&result),
            vec![
                vec!["A".to_owned()],
                vec!["Day".to_owned(), "Revenue".to_owned()],
                vec!["2026-11-01".to_owned(), "12.5".to_owned()],
                vec![],
                vec!["B".to_owned()],
                vec!["State".to_owned()],
                vec!["ND".to_owned()],
            ]
        );
    }
}
