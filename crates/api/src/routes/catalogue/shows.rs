//! `GET /api/shows`, `GET /api/shows/brand/{brand}`, `GET /api/shows/{id}` and
//! `GET /api/shows/types/all`.

use actix_web::{get, web, HttpResponse};
use domain::catalogue::CatalogueReads as _;
use domain::catalogue::{self, get_show, ListShowsError, Show, ShowQuery};
use domain::ids::ProductId;
use domain::paging::{Page, PageRequest};

use crate::catalogue_cache::{CachePolicy, CachedRead};
use crate::error::ApiError;
use crate::routes::catalogue::dto::{
    JsonList, ShowJson, ShowPageJson, ShowPaginationJson, TypeJson,
};
use crate::routes::params::{PageQuery, Params, SortQuery};

/// A show list request once parsed: the page and the question (brand and type are ids or
/// names, resolved by the use case).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct ShowRequest {
    page: PageRequest,
    query: ShowQuery,
}

/// The question of a show list: `brand` (from the path, else the query), `typeId` (or
/// `showType`) and `searchTitle`.
///
/// # Errors
/// 400 for a search text that is too long.
pub fn show_query(params: &Params, brand: Option<String>) -> Result<ShowQuery, ApiError> {
    Ok(ShowQuery {
        brand: brand.or_else(|| params.one("brand").map(str::to_owned)),
        show_type: params
            .one("typeId")
            .or_else(|| params.one("showType"))
            .map(str::to_owned),
        search: params.search("searchTitle")?,
        sort: params.sort()?,
    })
}

impl ShowRequest {
    fn parse(params: &Params, brand: Option<String>) -> Result<Self, ApiError> {
        Ok(ShowRequest {
            page: params.page()?,
            query: show_query(params, brand)?,
        })
    }
}

fn show_page(page: PageRequest, found: Page<Show>) -> ShowPageJson {
    ShowPageJson {
        pagination: ShowPaginationJson {
            page: page.page,
            page_size: page.page_size,
            total: found.total,
            total_pages: page.total_pages(found.total),
            has_more: page.has_more(found.total),
        },
        shows: ShowJson::list(found.items),
    }
}

/// Lists shows with their contents, sorted by title then id. `brand` is a brand id, name or
/// key (`CODY_B`; an unknown brand lists nothing); `typeId` a show type id or name (e.g.
/// `FOURTH_JULY`).
#[utoipa::path(tag = "catalogue",
    params(
        PageQuery,
        ("brand" = Option<String>, Query, description = "Brand id, name or key (CODY_B)"),
        ("typeId" = Option<String>, Query, description = "Show type id or name"),
        ("searchTitle" = Option<String>, Query, max_length = 200, description = "Text anywhere in the title, any case"),
        SortQuery,
    ),
    responses((status = 200, body = ShowPageJson), (status = 400, description = "invalid paging or sort")))]
#[get("/shows")]
pub async fn list(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let q = ShowRequest::parse(&params, None)?;
    let key = read.cache().query_key(&("shows", &q));
    read.respond(key, CachePolicy::Revalidate, move |tx, _| {
        let found = match catalogue::list_shows(tx, &q.query, q.page) {
            // On the plain list, an unknown brand has no shows.
            Err(ListShowsError::BrandNotFound) => Page {
                items: Vec::new(),
                total: 0,
            },
            other => other?,
        };
        Ok(show_page(q.page, found))
    })
    .await
}

/// Lists the shows of one brand (by id, by name in any letter case, e.g. `Cody B`, or by its
/// key as the storefront's client writes it, `CODY_B`: upper case, underscores for spaces), as
/// `GET /api/shows` does. 404 when no such brand exists.
#[utoipa::path(tag = "catalogue",
    params(
        ("brand" = String, Path, description = "Brand id, name or key (CODY_B)"),
        PageQuery,
        ("typeId" = Option<String>, Query, description = "Show type id or name"),
        ("searchTitle" = Option<String>, Query, max_length = 200, description = "Text anywhere in the title, any case"),
    ),
    responses((status = 200, body = ShowPageJson), (status = 400, description = "invalid paging"),
        (status = 404, description = "Brand not found")))]
#[get("/shows/brand/{brand}")]
pub async fn by_brand(
    read: CachedRead,
    brand: web::Path<String>,
    params: Params,
) -> Result<HttpResponse, ApiError> {
    let q = ShowRequest::parse(&params, Some(brand.into_inner()))?;
    let key = read.cache().query_key(&("shows-brand", &q));
    read.respond(key, CachePolicy::Revalidate, move |tx, _| {
        let found = catalogue::list_shows(tx, &q.query, q.page)?;
        Ok(show_page(q.page, found))
    })
    .await
}

/// Every show type, by name.
#[utoipa::path(tag = "catalogue",
    responses((status = 200, body = Vec<TypeJson>)))]
#[get("/shows/types/all")]
pub async fn types(read: CachedRead) -> Result<HttpResponse, ApiError> {
    read.respond("show-types".to_owned(), CachePolicy::Revalidate, |tx, _| {
        Ok(TypeJson::list(tx.show_types()?))
    })
    .await
}

/// One show with its contents.
#[utoipa::path(tag = "catalogue",
    params(("id" = String, Path, description = "Show id")),
    responses((status = 200, body = ShowJson), (status = 404, description = "Show not found")))]
#[get("/shows/{id}")]
pub async fn get(read: CachedRead, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    // Text that cannot be an id names no show: the answer an unknown id gets.
    let id: ProductId = id.parse().map_err(|_| catalogue::GetShowError::NotFound)?;
    read.respond_item(CachePolicy::Revalidate, move |tx| {
        get_show(tx, &id).map(ShowJson::from)
    })
    .await
}
