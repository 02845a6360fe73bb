//! Refuses the NUL character in a request's text (JSON bodies, the query string, the path)
//! with 400 before any handler runs, and a JSON body that is an array (every body of the API
//! is an object, and serde would read a struct from an array of its fields in order).
//!
//! PostgreSQL cannot store U+0000 in text: a name or a search holding `\u0000` failed there
//! with a 500 (found by `tests/api/surface.rs`), while SQLite stored it. Refusing it at the
//! edge gives both databases one answer, with a message, for every field at once.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::mime;
use actix_web::web::{self, Bytes, BytesMut};
use actix_web::{HttpMessage, ResponseError};
use futures_util::StreamExt;

use crate::error::ApiError;

/// The answer to text with a NUL character.
pub const NUL_MESSAGE: &str = "Text may not contain the NUL character (U+0000)";

/// The answer to a JSON body that is an array.
pub const ARRAY_MESSAGE: &str = "The body must be a JSON object";

/// The longest JSON string the server reads, in bytes as sent (escapes included): four times
/// the longest text any field takes (a product's description, 10,000 characters), so no valid
/// field is refused, and no field's text is unbounded before its own check.
pub const MAX_JSON_STRING_BYTES: usize = 64 * 1024;

/// The answer to a JSON string past [`MAX_JSON_STRING_BYTES`].
pub const LONG_STRING_MESSAGE: &str = "A text field is too long (at most 65536 bytes)";

/// Whether JSON text `body` holds a string (a key or a value) longer than `max` bytes between
/// its quotes.
#[must_use]
pub fn json_has_string_over(body: &[u8], max: usize) -> bool {
    let mut start = None;
    let mut escaped = false;
    for (i, &b) in body.iter().enumerate() {
        match start {
            None if b == b'"' => start = Some(i + 1),
            None => {}
            Some(from) => {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    if i - from > max {
                        return true;
                    }
                    start = None;
                }
                if start.is_some_and(|from| i + 1 - from > max) {
                    return true;
                }
            }
        }
    }
    false
}

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

/// Whether the JSON reader would read this request's body: the test of actix-web's `Json`
/// extractor (`application/json`, and any `*/json` or `*/*+json`, so `text/json` and
/// `application/merge-patch+json` too). The guard must see every body the handlers can read.
fn read_as_json(req: &ServiceRequest) -> bool {
    matches!(req.mime_type(), Ok(Some(mime))
        if mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON))
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
    if read_as_json(&req) {
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
        } else if json_has_string_over(&body, MAX_JSON_STRING_BYTES) {
            Some(LONG_STRING_MESSAGE)
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
    fn long_strings_are_found_keys_and_values_alike() {
        assert!(!json_has_string_over(br#"{"email": "abc"}"#, 5));
        assert!(json_has_string_over(br#"{"email": "abcdef"}"#, 5));
        assert!(json_has_string_over(br#"{"abcdef": 1}"#, 5));
        // Escaped quotes stay inside the string; the count is of bytes as sent.
        assert!(json_has_string_over(br#"{"e": "a\"b\"c"}"#, 5));
        assert!(!json_has_string_over(br#"{"e": "a\"b"}"#, 5));
        // An unterminated string is counted as it goes.
        assert!(json_has_string_over(br#"{"e": "abcdefgh"#, 5));
        let body = format!(r#"{{"description": "{}"}}"#, "é".repeat(10_000));
        assert!(!json_has_string_over(
            body.as_bytes(),
            MAX_JSON_STRING_BYTES
        ));
    }

    #[test]
    fn percent_encoded_nul_is_found_in_urls() {
        assert!(url_has_nul("searchTitle=a%00b"));
        assert!(!url_has_nul("searchTitle=a%20b&page=100"));
    }
}
