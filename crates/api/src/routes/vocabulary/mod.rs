//! Back-office writes of the catalogue's vocabulary (back-office.md §7 "Metadata", "Apparel",
//! "Shows and show types"): brands, categories, colours and effects under
//! `/api/metadata/{kind}`, show types under `/api/shows/types`, apparel types under
//! `/api/apparel/types`. ADMIN only; each write is audited and seen by the storefront at once.

pub mod dto;

use actix_web::{delete, post, put, web, HttpResponse};
use chrono::Utc;
use domain::catalogue::MetadataKind;
use domain::vocabulary::{create_term, delete_term, update_term, Term, TermInput, Vocabulary};

use self::dto::{TermBody, TermJson};
use crate::error::ApiError;
use crate::extractors::CatalogueWrite as Write;

fn json(term: Term, kind: Vocabulary, new: bool) -> TermJson {
    TermJson {
        id: term.id,
        name: term.name,
        description: term.description,
        product_count: (new && !kind.has_description()).then_some(0),
    }
}

fn metadata_kind(raw: &str) -> Result<Vocabulary, ApiError> {
    MetadataKind::parse(raw)
        .map(Vocabulary::from)
        .ok_or_else(|| {
            ApiError::NotFound(format!(
                "No metadata kind {raw}: use brands, categories, colors or effects"
            ))
        })
}

async fn create(write: Write, kind: Vocabulary, body: TermBody) -> Result<HttpResponse, ApiError> {
    let input = TermInput {
        name: body.name,
        description: body.description,
    };
    let term = write
        .run(move |s, actor| create_term(&s.store, actor, kind, &input, Utc::now().naive_utc()))
        .await?;
    Ok(HttpResponse::Created().json(json(term, kind, true)))
}

async fn update(
    write: Write,
    kind: Vocabulary,
    id: String,
    body: TermBody,
) -> Result<HttpResponse, ApiError> {
    let input = TermInput {
        name: body.name,
        description: body.description,
    };
    let term = write
        .run(move |s, actor| {
            update_term(&s.store, actor, kind, &id, &input, Utc::now().naive_utc())
        })
        .await?;
    Ok(HttpResponse::Ok().json(json(term, kind, false)))
}

async fn remove(write: Write, kind: Vocabulary, id: String) -> Result<HttpResponse, ApiError> {
    write
        .run(move |s, actor| delete_term(&s.store, actor, kind, &id, Utc::now().naive_utc()))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Creates a brand, category, colour or effect.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("kind" = String, Path, description = "brands, categories, colors or effects")), request_body = TermBody,
    responses((status = 201, body = TermJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 409, description = "the name is taken"), (status = 422, description = "Name is required")))]
#[post("/metadata/{kind}")]
pub async fn create_metadata(
    write: Write,
    path: web::Path<String>,
    body: web::Json<TermBody>,
) -> Result<HttpResponse, ApiError> {
    let kind = metadata_kind(&path)?;
    create(write, kind, body.into_inner()).await
}

/// Renames a brand, category, colour or effect.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("kind" = String, Path, description = "brands, categories, colors or effects"), ("id" = String, Path, description = "Id")),
    request_body = TermBody,
    responses((status = 200, body = TermJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "no such item"), (status = 409, description = "the name is taken"), (status = 422, description = "Name is required")))]
#[put("/metadata/{kind}/{id}")]
pub async fn update_metadata(
    write: Write,
    path: web::Path<(String, String)>,
    body: web::Json<TermBody>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = path.into_inner();
    let kind = metadata_kind(&kind)?;
    update(write, kind, id, body.into_inner()).await
}

/// Deletes a brand, category, colour or effect nothing uses.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("kind" = String, Path, description = "brands, categories, colors or effects"), ("id" = String, Path, description = "Id")),
    responses((status = 204, description = "deleted"), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "no such item"), (status = 409, description = "still used: the message says by what")))]
#[delete("/metadata/{kind}/{id}")]
pub async fn delete_metadata(
    write: Write,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (kind, id) = path.into_inner();
    let kind = metadata_kind(&kind)?;
    remove(write, kind, id).await
}

/// The create, update and delete routes of a vocabulary with its own path (show types, apparel
/// types): each handler's route attribute (`#[post("...")]`, spelled out at the call so that
/// the route scan of the authorization test reads it), doc lines and name.
macro_rules! term_routes {
    ($kind:expr, $no_such:literal, $used:literal,
        #[$create_route:meta] $(#[doc = $create_doc:literal])* $create:ident,
        #[$update_route:meta] $(#[doc = $update_doc:literal])* $update:ident,
        #[$delete_route:meta] $(#[doc = $delete_doc:literal])* $delete:ident $(,)?) => {
        $(#[doc = $create_doc])*
        #[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = TermBody,
            responses((status = 201, body = TermJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
            (status = 409, description = "the name is taken"), (status = 422, description = "Name is required")))]
        #[$create_route]
        pub async fn $create(write: Write, body: web::Json<TermBody>) -> Result<HttpResponse, ApiError> {
            create(write, $kind, body.into_inner()).await
        }

        $(#[doc = $update_doc])*
        #[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
            params(("id" = String, Path, description = "Id")), request_body = TermBody,
            responses((status = 200, body = TermJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
            (status = 404, description = $no_such), (status = 409, description = "the name is taken"), (status = 422, description = "Name is required")))]
        #[$update_route]
        pub async fn $update(
            write: Write,
            path: web::Path<String>,
            body: web::Json<TermBody>,
        ) -> Result<HttpResponse, ApiError> {
            update(write, $kind, path.into_inner(), body.into_inner()).await
        }

        $(#[doc = $delete_doc])*
        #[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
            params(("id" = String, Path, description = "Id")),
            responses((status = 204, description = "deleted"), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
            (status = 404, description = $no_such), (status = 409, description = $used)))]
        #[$delete_route]
        pub async fn $delete(write: Write, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
            remove(write, $kind, path.into_inner()).await
        }
    };
}

term_routes! {
    Vocabulary::ShowType, "no such show type", "still used by shows",
    #[post("/shows/types")]
    /// Creates a show type.
    create_show_type,
    #[put("/shows/types/{id}")]
    /// Changes a show type.
    update_show_type,
    #[delete("/shows/types/{id}")]
    /// Deletes a show type no show uses.
    delete_show_type,
}

term_routes! {
    Vocabulary::ApparelType, "no such apparel type", "still used by apparel products",
    #[post("/apparel/types")]
    /// Creates an apparel type.
    create_apparel_type,
    #[put("/apparel/types/{id}")]
    /// Changes an apparel type.
    update_apparel_type,
    #[delete("/apparel/types/{id}")]
    /// Deletes an apparel type no apparel product uses.
    delete_apparel_type,
}
