//! The report jobs' request body, query and answers.

use crate::routes::users::list::rfc3339;
use domain::reports::Report;
use domain::status::ReportStatus;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};

/// A report request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportBody {
    /// SALES, INVENTORY, USER_ACTIVITY, FINANCIAL or PRODUCT_PERFORMANCE.
    #[serde(rename = "type", default)]
    pub report_type: Option<String>,
    /// Name.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub name: Option<String>,
    /// Description.
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub description: Option<String>,
    /// Parameters by type (back-office.md §3); defaults filled in by the server.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub parameters: Map<String, Value>,
}

/// A report (back-office.md §3 "Report").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportJson {
    /// Id.
    pub id: String,
    /// Type.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub report_type: domain::status::ReportType,
    /// Name.
    pub name: String,
    /// Description.
    pub description: Option<String>,
    /// PENDING, PROCESSING, COMPLETED or FAILED.
    #[schema(value_type = String)]
    pub status: ReportStatus,
    /// When it was asked for.
    pub created_at: String,
    /// When it completed or failed.
    pub completed_at: Option<String>,
    /// The parameters, with the defaults filled in.
    #[schema(value_type = Object)]
    pub parameters: Map<String, Value>,
    /// Who asked (e-mail, or the user id when the account is gone).
    pub created_by: String,
    /// The CSV's address (once COMPLETED).
    pub file_url: Option<String>,
    /// Why it failed.
    pub error_message: Option<String>,
    /// The result: summary figures, tables and charts (one report, once COMPLETED).
    #[schema(value_type = Option<Object>)]
    pub result: Option<Value>,
}

impl From<Report> for ReportJson {
    fn from(r: Report) -> Self {
        ReportJson {
            file_url: (r.status == ReportStatus::Completed)
                .then(|| format!("/api/reports/{}/csv", r.id)),
            id: r.id.into(),
            report_type: r.report_type,
            name: r.name,
            description: r.description,
            status: r.status,
            created_at: rfc3339(r.created_at),
            completed_at: r.completed_at.map(rfc3339),
            parameters: r.parameters,
            created_by: r
                .created_by_email
                .unwrap_or_else(|| r.created_by.to_string()),
            error_message: r.error_message,
            result: r.result,
        }
    }
}

/// Paging of the report list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    /// Page, from 1.
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Reports per page, 1..100 (default 25).
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

/// A page of reports.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportListJson {
    /// The reports, newest first (without results).
    pub contents: Vec<ReportJson>,
    /// How many in all.
    pub total_items: i64,
    /// Whether a later page exists.
    pub has_more: bool,
}
