//! The five reports (issue 12), ADMIN only: `POST /api/reports` (202: a background job computes
//! it), `GET /api/reports`, `GET /api/reports/{id}` (with its result), and
//! `GET /api/reports/{id}/csv` (the report's `fileUrl`).

use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::paging::PageRequest;
use domain::reports::{self, Report, ReportError, ReportRequest};
use domain::status::ReportStatus;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};

use super::user::list::rfc3339;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::report_jobs::ReportJobs;
use crate::state::AppState;

impl From<ReportError> for ApiError {
    fn from(e: ReportError) -> Self {
        match e {
            ReportError::Invalid(errors) => errors.into(),
            ReportError::NotFound => ApiError::NotFound(e.to_string()),
            ReportError::NotReady(_) => ApiError::Conflict(e.to_string()),
            ReportError::Store(e) => e.into(),
        }
    }
}

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
            id: r.id,
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

/// Asks for a report; a background job computes it (poll `GET /api/reports/{id}`).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = ReportBody,
    responses((status = 202, body = ReportJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 422, description = "validation failures by field")))]
#[post("/reports")]
pub async fn create(
    state: web::Data<AppState>,
    jobs: web::Data<ReportJobs>,
    admin: AdminUser,
    body: web::Json<ReportBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let request = ReportRequest {
        report_type: b.report_type,
        name: b.name,
        description: b.description,
        parameters: b.parameters,
    };
    let actor = admin.0.id;
    let report = state
        .call(move |s| reports::request_report(&s.store, &actor, &request, Utc::now().naive_utc()))
        .await?;
    jobs.wake();
    Ok(HttpResponse::Accepted().json(ReportJson::from(report)))
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

/// Reports, newest first.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), params(ListQuery),
    responses((status = 200, body = ReportListJson), (status = 400, description = "bad paging"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/reports")]
pub async fn list(
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page.unwrap_or(1);
    let page_size = query.page_size.unwrap_or(25);
    if page < 1 {
        return Err(ApiError::bad_field("page", "page must be 1 or more"));
    }
    if !(1..=100).contains(&page_size) {
        return Err(ApiError::bad_field(
            "pageSize",
            "pageSize must be between 1 and 100",
        ));
    }
    let paging = PageRequest { page, page_size };
    let found = state
        .call(move |s| reports::list_reports(&s.store, paging))
        .await?;
    Ok(HttpResponse::Ok().json(ReportListJson {
        has_more: paging.offset() + i64::try_from(found.items.len()).unwrap_or(0) < found.total,
        total_items: found.total,
        contents: found.items.into_iter().map(ReportJson::from).collect(),
    }))
}

/// One report with its result.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Report id")),
    responses((status = 200, body = ReportJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Report not found")))]
#[get("/reports/{id}")]
pub async fn get(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let report = state
        .call(move |s| reports::get_report(&s.store, &id))
        .await?;
    Ok(HttpResponse::Ok().json(ReportJson::from(report)))
}

/// A completed report's tables as CSV ({type}-report-{date}.csv).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Report id")),
    responses((status = 200, description = "text/csv", content_type = "text/csv"), (status = 401, description = "not signed in"),
    (status = 403, description = "not an admin"), (status = 404, description = "Report not found"),
    (status = 409, description = "not completed yet")))]
#[get("/reports/{id}/csv")]
pub async fn csv(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let report = state
        .call(move |s| reports::get_report(&s.store, &id))
        .await?;
    let Some(result) = report
        .result
        .as_ref()
        .filter(|_| report.status == ReportStatus::Completed)
    else {
        return Err(ReportError::NotReady(report.status).into());
    };
    let body: String = reports::csv_rows(result)
        .iter()
        .map(|row| crate::csv::record(row))
        .collect();
    let name = format!(
        "{}-report-{}.csv",
        report.report_type.as_str().to_lowercase().replace('_', "-"),
        Utc::now().format("%Y-%m-%d")
    );
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(name)],
        })
        .body(body))
}
