//! The five reports (issue 12), ADMIN only: `POST /api/reports` (202: a background job computes
//! it), `GET /api/reports`, `GET /api/reports/{id}` (with its result), and
//! `GET /api/reports/{id}/csv` (the report's `fileUrl`).

pub mod dto;

use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::ids::ReportId;
use domain::paging::PageRequest;
use domain::reports::{self, ReportError, ReportRequest};
use domain::status::ReportStatus;

use self::dto::{ListQuery, ReportBody, ReportJson, ReportListJson};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::report_jobs::ReportJobs;
use crate::state::AppState;

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
    // A text that cannot be an id names no report: the answer an unknown id gets.
    let id: ReportId = path.parse().map_err(|_| ReportError::NotFound)?;
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
    // A text that cannot be an id names no report: the answer an unknown id gets.
    let id: ReportId = path.parse().map_err(|_| ReportError::NotFound)?;
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
