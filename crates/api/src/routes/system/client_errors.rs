//! `POST /api/client-errors`: the browser's error reports (issue 13). The crash screen and
//! uncaught errors of the pages are sent here, logged with the request id and counted in
//! `/metrics` (`shop_client_errors_total`, `shop_client_errors_dropped_total`).
//!
//! Public, since a crash can happen before or without a sign-in; a valid token only adds the
//! user id to the log line. Bounded three ways: the body (8 KiB, 413), each field (400 naming
//! it) and the reports per client address (`SHOP_CLIENT_ERROR_RATE_LIMIT`, 429).

use actix_web::error::JsonPayloadError;
use actix_web::http::header::USER_AGENT;
use actix_web::web::JsonBody;
use actix_web::{post, web, HttpRequest, HttpResponse};
use domain::users::TokenService;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extractors::{bearer, client_ip};
use crate::metrics::{ClientErrorKind, DroppedReport};
use crate::state::AppState;

/// The largest report body, in bytes (413 beyond).
pub const MAX_BODY_BYTES: usize = 8 * 1024;
/// The longest `message`, in characters.
pub const MAX_MESSAGE: usize = 1_000;
/// The longest `stack`, in characters.
pub const MAX_STACK: usize = 4_000;
/// The longest `url`, in characters.
pub const MAX_URL: usize = 1_000;
/// The longest `userAgent`, in characters.
pub const MAX_USER_AGENT: usize = 500;
/// The longest `release`, in characters.
pub const MAX_RELEASE: usize = 100;

/// Answer past `SHOP_CLIENT_ERROR_RATE_LIMIT`.
pub const TOO_MANY_REPORTS: &str = "Too many error reports. Please try again later.";

/// One error seen by a page. Unknown fields are ignored, so an older server takes a newer
/// page's reports.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientErrorReport {
    /// What was caught: the crash screen, an uncaught exception or an unhandled rejection.
    pub kind: ClientErrorKind,
    /// The error's message.
    #[schema(max_length = 1000)]
    pub message: String,
    /// The error's stack, as the browser printed it.
    #[schema(max_length = 4000)]
    pub stack: Option<String>,
    /// The page (path) the error happened on.
    #[schema(max_length = 1000)]
    pub url: Option<String>,
    /// The browser (the `User-Agent` header when absent).
    #[schema(max_length = 500)]
    pub user_agent: Option<String>,
    /// The frontend build that reported it.
    #[schema(max_length = 100)]
    pub release: Option<String>,
}

impl ClientErrorReport {
    /// The report, when every field is within its bound.
    fn checked(self) -> Result<Self, ApiError> {
        let fields = [
            ("message", Some(&self.message), MAX_MESSAGE),
            ("stack", self.stack.as_ref(), MAX_STACK),
            ("url", self.url.as_ref(), MAX_URL),
            ("userAgent", self.user_agent.as_ref(), MAX_USER_AGENT),
            ("release", self.release.as_ref(), MAX_RELEASE),
        ];
        for (field, value, max) in fields {
            if value.is_some_and(|v| v.chars().count() > max) {
                return Err(ApiError::bad_field(
                    field,
                    format!("{field} may be at most {max} characters long"),
                ));
            }
        }
        Ok(self)
    }
}

/// Reads the body as JSON, up to [`MAX_BODY_BYTES`] (well below the server's
/// `SHOP_MAX_BODY_BYTES`), with the answers of every other JSON body.
async fn read(req: &HttpRequest, payload: web::Payload) -> Result<ClientErrorReport, ApiError> {
    let mut payload = payload.into_inner();
    JsonBody::<ClientErrorReport>::new(req, &mut payload, None, true)
        .limit(MAX_BODY_BYTES)
        .await
        .map_err(|e: JsonPayloadError| crate::startup::json_error(e))?
        .checked()
}

/// Logs a page's error (with the request id of this call, the client's user id when it sent a
/// valid token) and counts it.
#[utoipa::path(tag = "system", request_body = ClientErrorReport,
    description = "Public: no token needed; a valid bearer token only adds the user id to the log line.",
    responses(
    (status = 204, description = "logged and counted"),
    (status = 400, description = "malformed body, or a field longer than its bound"),
    (status = 413, description = "body larger than 8 KiB"),
    (status = 429, description = "rate limited (SHOP_CLIENT_ERROR_RATE_LIMIT per client address per minute)")))]
#[post("/client-errors")]
pub async fn report(
    req: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let client = client_ip(&req, &state);
    // Reports fail open: a check that could not run lets the report through.
    if !state
        .limit(move |l| l.client_error(client))
        .await
        .unwrap_or(true)
    {
        state.metrics.dropped_report(DroppedReport::RateLimited);
        return Err(ApiError::TooManyRequests(TOO_MANY_REPORTS.into()));
    }
    let report = match read(&req, payload).await {
        Ok(report) => report,
        Err(e) => {
            state.metrics.dropped_report(DroppedReport::Invalid);
            return Err(e);
        }
    };
    // A signature check only (no database trip): the id is for the log, it grants nothing.
    let user = bearer(&req)
        .and_then(|token| TokenService::verify(&*state.tokens, &token).ok())
        .map(|claims| claims.user.into_string());
    let header_agent = req
        .headers()
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.chars().take(MAX_USER_AGENT).collect::<String>());
    // `?` (Debug) quotes and escapes the text: a newline or an escape sequence in a report
    // cannot forge or colour a log line.
    tracing::warn!(
        kind = report.kind.label(),
        error = ?report.message,
        stack = ?report.stack.unwrap_or_default(),
        url = ?report.url.unwrap_or_default(),
        user_agent = ?report.user_agent.or(header_agent).unwrap_or_default(),
        release = ?report.release.unwrap_or_default(),
        user_id = user.as_deref().unwrap_or("-"),
        "client error"
    );
    state.metrics.client_error(report.kind);
    Ok(HttpResponse::NoContent().finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(message: &str) -> ClientErrorReport {
        ClientErrorReport {
            kind: ClientErrorKind::Error,
            message: message.to_owned(),
            stack: None,
            url: Some("/products".into()),
            user_agent: None,
            release: None,
        }
    }

    #[test]
    fn each_field_is_bounded_in_characters() {
        assert!(report(&"é".repeat(MAX_MESSAGE)).checked().is_ok());
        let err = report(&"x".repeat(MAX_MESSAGE + 1))
            .checked()
            .expect_err("too long");
        assert!(err.to_string().contains("message"), "{err}");
        let mut long_stack = report("boom");
        long_stack.stack = Some("x".repeat(MAX_STACK + 1));
        assert!(long_stack.checked().is_err());
    }

    #[test]
    fn the_wire_names_are_camel_case_and_the_kinds_lowercase() {
        let r: ClientErrorReport = serde_json::from_str(
            r#"{"kind": "unhandledrejection", "message": "m", "userAgent": "ua", "extra": 1}"#,
        )
        .expect("report");
        assert_eq!(r.kind, ClientErrorKind::UnhandledRejection);
        assert_eq!(r.user_agent.as_deref(), Some("ua"));
        assert!(
            serde_json::from_str::<ClientErrorReport>(r#"{"kind": "other", "message": "m"}"#)
                .is_err()
        );
    }
}
