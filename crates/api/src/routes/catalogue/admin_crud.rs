//! The one shape of the back office's create, update and delete handlers of products, apparel
//! and shows: the body becomes the domain's input, the use case runs once off the async
//! workers (it writes and answers what it wrote, in one transaction), its error is mapped by
//! [`crate::error`], and the answer is 201 (created), 200 (changed) or the caller's (deleted).
//! [`form_body!`] declares the kind's form and how it becomes the domain's input, and
//! [`handlers!`] the three handlers with their OpenAPI annotations.

use actix_web::{web, HttpResponse};
use chrono::{NaiveDateTime, Utc};
use domain::ids::{ProductId, UserId};
use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::extractors::CatalogueWrite;
use crate::state::Store;

/// Declares the JSON body of a back-office product form (fireworks, apparel, show) and its
/// conversion into the domain's input, from one list of fields: each is `name: Type` (taken as
/// it is) or `name: Type => convert` (`convert(value)`), with its documentation and attributes.
/// Every field may be left out (serde's default), unknown ones are refused, names are
/// camelCase; the fields keep the order written (serde's message for an unknown field lists
/// them in it).
macro_rules! form_body {
    (
        $(#[$meta:meta])*
        $body:ident => $input:ident {
            $($(#[$attr:meta])* $field:ident: $ty:ty $(=> $convert:path)?,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, ::serde::Deserialize, ::utoipa::ToSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $body {
            $(
                $(#[$attr])*
                #[serde(default)]
                pub $field: $ty,
            )+
        }

        impl From<$body> for $input {
            fn from(body: $body) -> Self {
                use $crate::routes::catalogue::admin_crud::form_body;
                $input {
                    $($field: form_body!(@take body.$field $(, $convert)?),)+
                }
            }
        }
    };
    (@take $value:expr) => { $value };
    (@take $value:expr, $convert:path) => { $convert($value) };
}
pub(super) use form_body;

/// A form's number or text field as the text the domain reads (`as_text`).
pub(super) fn text(value: Value) -> Option<String> {
    super::product_admin::as_text(&value)
}

/// A form's list of nested forms as the domain's inputs.
pub(super) fn each<B: Into<I>, I>(list: Vec<B>) -> Vec<I> {
    list.into_iter().map(Into::into).collect()
}

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

/// Declares the `create`, `update` and `remove` handlers of one kind of product (fireworks,
/// apparel, shows) over [`create`], [`update`] and [`delete`], each with its OpenAPI
/// annotation: tagged "back office", ADMIN only (401, 403), the id path parameter and the
/// body, 201 or 200 with the view, 404 with the kind's `not_found` words. Each kind gives its
/// types, use cases, summaries, routes (actix-web's attributes, written out as on any handler:
/// utoipa reads the path from the attribute's bare name, so the call site imports `post`, `put`
/// and `delete`) and the answers it adds. An update whose path cannot be an id answers what
/// the use case answers for an unknown id: the form's own refusal first, else `NotFound`.
macro_rules! handlers {
    (
        body: $body:ident, input: $input:ident, error: $error:ident, view: $view:ident,
        id: $id:tt, not_found: $not_found:tt,
        $(#[doc = $create_doc:tt])*
        #[post($list:tt)]
        create: $create:path, [$($create_answer:tt),+];
        $(#[doc = $update_doc:tt])*
        #[put($item:tt)]
        update: $update:path, [$($update_answer:tt),+];
        $(#[doc = $remove_doc:tt])*
        #[delete($same_item:tt)]
        remove: $remove:path, $deleted:expr, [$($remove_answer:tt),+];
    ) => {
        $(#[doc = $create_doc])*
        #[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = $body,
            responses((status = 201, body = $view), (status = 401, description = "not signed in"),
            (status = 403, description = "not an admin") $(, $create_answer)+))]
        #[post($list)]
        pub async fn create(
            write: $crate::extractors::CatalogueWrite,
            body: ::actix_web::web::Json<$body>,
        ) -> Result<::actix_web::HttpResponse, $crate::error::ApiError> {
            use $crate::routes::catalogue::admin_crud::create;
            create(write, body, $create, $view::from).await
        }

        $(#[doc = $update_doc])*
        #[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
            params(("id" = String, Path, description = $id)), request_body = $body,
            responses((status = 200, body = $view), (status = 401, description = "not signed in"),
            (status = 403, description = "not an admin"), (status = 404, description = $not_found)
            $(, $update_answer)+))]
        #[put($item)]
        pub async fn update(
            write: $crate::extractors::CatalogueWrite,
            path: ::actix_web::web::Path<String>,
            body: ::actix_web::web::Json<$body>,
        ) -> Result<::actix_web::HttpResponse, $crate::error::ApiError> {
            use $crate::routes::catalogue::admin_crud::update;
            let unknown =
                |input: &$input| input.validate().err().map_or($error::NotFound, $error::Invalid);
            update(write, path, body, $update, unknown, $view::from).await
        }

        $(#[doc = $remove_doc])*
        #[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
            params(("id" = String, Path, description = $id)),
            responses((status = 401, description = "not signed in"),
            (status = 403, description = "not an admin"), (status = 404, description = $not_found)
            $(, $remove_answer)+))]
        #[delete($same_item)]
        pub async fn remove(
            write: $crate::extractors::CatalogueWrite,
            path: ::actix_web::web::Path<String>,
        ) -> Result<::actix_web::HttpResponse, $crate::error::ApiError> {
            use $crate::routes::catalogue::admin_crud::delete;
            delete(write, path, $remove, $error::NotFound, $deleted).await
        }
    };
}
pub(super) use handlers;
