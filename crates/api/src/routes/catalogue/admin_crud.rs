//! The one shape of the back office's create, update and delete handlers of products, apparel
//! and shows: the body becomes the domain's input, the use case runs once off the async
//! workers (it writes and answers what it wrote, in one transaction), its error is mapped by
//! [`crate::error`], and the answer is 201 (created), 200 (changed) or the caller's (deleted).

use actix_web::{web, HttpResponse};
use chrono::{NaiveDateTime, Utc};
use domain::ids::{ProductId, UserId};
use serde::Serialize;

use crate::error::ApiError;
use crate::extractors::CatalogueWrite;
use crate::state::Store;

/// A create use case: the admin's form in, what it wrote out.
pub(super) type Create<I, V, E> = fn(&Store, &UserId, &I, NaiveDateTime) -> Result<V, E>;
/// An update use case: the id and the admin's form in, what it wrote out.
pub(super) type Update<I, V, E> =
    fn(&Store, &UserId, &ProductId, &I, NaiveDateTime) -> Result<V, E>;
/// What an update use case answers for an id that names nothing, given the form.
pub(super) type Unknown<I, E> = fn(&I) -> E;
/// A delete use case.
pub(super) type Delete<E> = fn(&Store, &UserId, &ProductId, NaiveDateTime) -> Result<(), E>;

/// `POST`: runs `use_case` on the body; answers 201 with `view` of what it created.
///
/// # Errors
/// The use case's error as an answer.
pub(super) async fn create<B, I, V, E, J>(
    write: CatalogueWrite,
    body: web::Json<B>,
    use_case: Create<I, V, E>,
    view: fn(V) -> J,
) -> Result<HttpResponse, ApiError>
where
    B: Into<I>,
    I: Send + 'static,
    V: Send + 'static,
    E: Into<ApiError> + 'static,
    J: Serialize,
{
    let input: I = body.into_inner().into();
    let done = write
        .run(move |s, actor| use_case(&s.store, actor, &input, Utc::now().naive_utc()))
        .await?;
    Ok(HttpResponse::Created().json(view(done)))
}

/// `PUT /{id}`: runs `use_case` on the id and the body; answers 200 with `view` of what it
/// wrote. A path that cannot be an id names nothing: it answers `unknown` of the form, what the
/// use case answers for an unknown id (the form's own refusal first).
///
/// # Errors
/// The use case's error as an answer.
pub(super) async fn update<B, I, V, E, J>(
    write: CatalogueWrite,
    path: web::Path<String>,
    body: web::Json<B>,
    use_case: Update<I, V, E>,
    unknown: Unknown<I, E>,
    view: fn(V) -> J,
) -> Result<HttpResponse, ApiError>
where
    B: Into<I>,
    I: Send + 'static,
    V: Send + 'static,
    E: Into<ApiError> + 'static,
    J: Serialize,
{
    let input: I = body.into_inner().into();
    let Ok(id) = path.parse::<ProductId>() else {
        return Err(unknown(&input).into());
    };
    let done = write
        .run(move |s, actor| use_case(&s.store, actor, &id, &input, Utc::now().naive_utc()))
        .await?;
    Ok(HttpResponse::Ok().json(view(done)))
}

/// `DELETE /{id}`: runs `use_case` on the id; answers `answer` (204, or 200 and a message).
/// A path that cannot be an id names nothing: it answers `not_found`, the use case's error
/// for an unknown id (its first check).
///
/// # Errors
/// The use case's error as an answer.
pub(super) async fn delete<E>(
    write: CatalogueWrite,
    path: web::Path<String>,
    use_case: Delete<E>,
    not_found: E,
    answer: HttpResponse,
) -> Result<HttpResponse, ApiError>
where
    E: Into<ApiError> + 'static,
{
    let Ok(id) = path.parse::<ProductId>() else {
        return Err(not_found.into());
    };
    write
        .run(move |s, actor| use_case(&s.store, actor, &id, Utc::now().naive_utc()))
        .await?;
    Ok(answer)
}
