//! The outgoing mail of the back office (issue 35): `GET /api/admin/mail` lists the outbox,
//! newest first (recipient, subject, state, tries, last error; never a body), and
//! `POST /api/admin/mail/{id}/resend` puts a mail back in line. ADMIN only.

use actix_web::{get, post, web, HttpResponse};
use chrono::{NaiveDateTime, SecondsFormat, Utc};
use domain::notifications::{self, MailRecord};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::{no_store, AdminUser};
use crate::routes::catalogue::dto::PageJson;
use crate::routes::params::Params;
use crate::routes::users::dto::MessageResponse;
use crate::state::AppState;

/// An outgoing mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailJson {
    /// Id.
    #[schema(format = Uuid)]
    pub id: String,
    /// The recipient.
    pub to: String,
    /// The subject.
    pub subject: String,
    /// passwordReset, orderPlaced, orderStatusChanged, refundIssued, shopNewOrder or
    /// shopCaseBreak.
    pub kind: String,
    /// PENDING, SENT or FAILED.
    pub state: &'static str,
    /// Tries so far.
    pub attempts: u32,
    /// The last try's error.
    pub last_error: Option<String>,
    /// When it was written (UTC, ISO 8601).
    pub created_at: String,
    /// When it was delivered.
    pub sent_at: Option<String>,
    /// When it is tried next, while pending.
    pub next_attempt_at: Option<String>,
}

fn iso(at: NaiveDateTime) -> String {
    at.and_utc().to_rfc3339_opts(SecondsFormat::Millis, true)
}

impl From<MailRecord> for MailJson {
    fn from(m: MailRecord) -> Self {
        let pending = m.state == notifications::MailState::Pending;
        MailJson {
            id: m.id,
            to: m.to,
            subject: m.subject,
            kind: m.kind,
            state: m.state.as_str(),
            attempts: m.attempts,
            last_error: m.last_error,
            created_at: iso(m.created_at),
            sent_at: m.sent_at.map(iso),
            next_attempt_at: pending.then(|| iso(m.next_attempt_at)),
        }
    }
}

/// The outbox, newest first.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(crate::routes::params::PageQuery),
    responses((status = 200, body = PageJson<MailJson>), (status = 400, description = "bad paging"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/admin/mail")]
pub async fn list(
    state: web::Data<AppState>,
    _admin: AdminUser,
    params: Params,
) -> Result<HttpResponse, ApiError> {
    let page = params.page()?;
    let found = state
        .call(move |s| notifications::outgoing_mail(&s.store, page))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(PageJson::<MailJson>::new(page, found)))
}

/// Puts a mail back in line to send now (a failed or sent one too, but not a sent password
/// reset: its link is not kept once sent).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Mail id")),
    responses((status = 200, body = MessageResponse), (status = 401, description = "not signed in"),
    (status = 403, description = "not an admin"), (status = 404, description = "Mail not found")))]
#[post("/admin/mail/{id}/resend")]
pub async fn resend(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let found = state
        .call(move |s| notifications::resend_mail(&s.store, &id, Utc::now().naive_utc()))
        .await?;
    if !found {
        return Err(ApiError::NotFound(
            "Mail not found (a sent reset link is not kept: send a new one)".to_owned(),
        ));
    }
    Ok(HttpResponse::Ok().json(MessageResponse {
        message: "The mail is back in line to send.".to_owned(),
    }))
}
