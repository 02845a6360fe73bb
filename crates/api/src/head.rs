//! `HEAD` wherever `GET` is (RFC 9110 §9.3.2): monitors and link checkers ask with `HEAD`.
//! The request is routed and answered as its `GET` (same status and headers, `Content-Length`
//! of the body it would have had); the HTTP/1 connection then sends no body, because it
//! remembers the method it read (actix-http's codec writes a `HEAD` answer's headers only).
//! Logging and metrics, outside this middleware, still see `HEAD`.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;

/// Routes a `HEAD` request as its `GET`.
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}
