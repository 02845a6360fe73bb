//! Refuses the NUL character in a request's text (JSON bodies, the query string, the path)
//! with 400 before any handler runs, and a JSON body that is an array (every body of the API
//! is an object, and serde would read a struct from an array of its fields in order).
//!
//! PostgreSQL cannot store U+0000 in text: a name or a search holding `\u0000` failed there
//! with a 500 (found by `tests/api/surface.rs`), while SQLite stored it. Refusing it at the
//! edge gives both databases one answer, with a message, for every field at once.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::CONTENT_TYPE;
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes, BytesMut};
use actix_web::{HttpMessage, ResponseError};
use futures_util::StreamExt;

use crate::error::ApiError;

/// The answer to text with a NUL character.
pub const NUL_MESSAGE: &str = "Text may not contain the NUL character (U+0000)";

/// The answer to a JSON body that is an array.
pub const ARRAY_MESSAGE: &str = "The body must be a JSON object";

/// The largest JSON body the server reads (`SHOP_MAX_BODY_BYTES`), as app data.
#[derive(Debug, Clone, Copy)]
pub struct JsonLimit(pub usize);

/// Whether JSON text `body` holds a `\u0000` escape (an escape only when an odd number of
/// backslashes precede the `u`) or a raw NUL byte.
#[must_use]
pub fn json_has_nul(body: &[u8]) -> bool {
    if body.contains(&0) {
        return true;
    }
    body.windows(6).enumerate().any(|(i, w)| {
        w == b"\\u0000" && {
            let backslashes = body[..=i].iter().rev().take_while(|b| **b == b'\\').count();
            backslashes % 2 == 1
        }
    })
}

/// Whether a URL part holds a percent-encoded NUL.
fn url_has_nul(part: &str) -> bool {
    part.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1] == b'0' && w[2] == b'0')
}

/// The middleware: checks the path and query, then reads a JSON body (up to the limit, past
/// which it answers 413 as the JSON extractor would), checks it and hands it on unchanged.
///
/// # Errors
/// A broken request payload.
pub async fn refuse_nul(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if url_has_nul(req.path()) || url_has_nul(req.query_string()) {
        let answer = ApiError::bad_request(NUL_MESSAGE).error_response();
        return Ok(req.into_response(answer).map_into_right_body());
    }
    let json = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| {
            t.trim_start()
                .to_ascii_lowercase()
                .starts_with("application/json")
        });
    if json {
        let limit = req
            .app_data::<web::Data<JsonLimit>>()
            .map_or(usize::MAX, |l| l.0);
        let mut payload = req.take_payload();
        let mut body = BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk?;
            if body.len() + chunk.len() > limit {
                let answer =
                    ApiError::PayloadTooLarge("Request body is too large".into()).error_response();
                return Ok(req.into_response(answer).map_into_right_body());
            }
            body.extend_from_slice(&chunk);
        }
        let refusal = if json_has_nul(&body) {
            Some(NUL_MESSAGE)
        } else if body.trim_ascii_start().first() == Some(&b'[') {
            Some(ARRAY_MESSAGE)
        } else {
            None
        };
        if let Some(message) = refusal {
            let answer = ApiError::bad_request(message).error_response();
            return Ok(req.into_response(answer).map_into_right_body());
        }
        req.set_payload(Payload::from(Bytes::from(body)));
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_escapes_are_found_and_escaped_backslashes_are_not() {
        assert!(json_has_nul(br#"{"name": "a\u0000b"}"#));
        assert!(json_has_nul(br#"{"name": "\u0000"}"#));
        assert!(json_has_nul(br#"{"name": "a\\\u0000"}"#));
        assert!(json_has_nul(b"{\"name\": \"a\0b\"}"));
        // A backslash typed before the text "u0000" is no escape of NUL.
        assert!(!json_has_nul(br#"{"name": "a\\u0000"}"#));
        assert!(!json_has_nul(br#"{"name": "\u00e9 caf\u00E9"}"#));
        assert!(!json_has_nul(br#"{"n": 0}"#));
    }

    #[test]
    fn percent_encoded_nul_is_found_in_urls() {
        assert!(url_has_nul("searchTitle=a%00b"));
        assert!(!url_has_nul("searchTitle=a%20b&page=100"));
    }
}
