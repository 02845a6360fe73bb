//! `GET /api/shows`, `GET /api/shows/brand/{brand}`, `GET /api/shows/{id}` and
//! `GET /api/shows/types/all`.

use actix_web::{get, web, HttpRequest, HttpResponse};
use persistence::catalogue::{self, Page, PageRequest, ShowFilter, ShowRecord};
use persistence::Conn;

use super::products::dto::{ShowJson, ShowPageJson, ShowPaginationJson, TypeJson};
use super::products::params::Params;
use crate::catalogue_cache::{CachePolicy, CatalogueCache};
use crate::error::ApiError;
use crate::state::AppState;

/// Answer for an unknown show id.
pub const SHOW_NOT_FOUND: &str = "Show not found";
/// Answer for an unknown brand in `/shows/brand/{brand}`.
pub const BRAND_NOT_FOUND: &str = "Brand not found";

/// A show list query once parsed: the brand and type are ids or names, resolved with the
/// query.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct ShowQuery {
    page: PageRequest,
    brand: Option<String>,
    show_type: Option<String>,
    search: Option<String>,
}

impl ShowQuery {
    fn parse(params: &Params, brand: Option<String>) -> Result<Self, ApiError> {
        Ok(ShowQuery {
            page: params.page()?,
            brand: brand.or_else(|| params.one("brand").map(str::to_owned)),
            show_type: params
                .one("typeId")
                .or_else(|| params.one("showType"))
                .map(str::to_owned),
            search: params.search("searchTitle")?,
        })
    }

    fn key(&self, scope: &str) -> String {
        format!("{scope}|{self:?}")
    }

    /// Runs the query. `Ok(None)` when the brand asked for does not exist.
    fn load(&self, conn: &mut Conn) -> Result<Option<ShowPageJson>, ApiError> {
        let mut filter = ShowFilter {
            search: self.search.clone(),
            ..ShowFilter::default()
        };
        if let Some(brand) = &self.brand {
            match catalogue::find_brand(conn, brand)? {
                Some(found) => filter.brands.push(found.id),
                None => return Ok(None),
            }
        }
        let found = match &self.show_type {
            None => catalogue::list_shows(conn, &filter, self.page)?,
            Some(key) => match catalogue::find_show_type(conn, key)? {
                Some(id) => {
                    filter.show_types.push(id);
                    catalogue::list_shows(conn, &filter, self.page)?
                }
                // An unknown show type has no shows.
                None => Page {
                    items: Vec::new(),
                    total: 0,
                },
            },
        };
        Ok(Some(show_page(self.page, found)))
    }
}

fn show_page(page: PageRequest, found: Page<ShowRecord>) -> ShowPageJson {
    ShowPageJson {
        pagination: ShowPaginationJson {
            page: page.page,
            page_size: page.page_size,
            total: found.total,
            total_pages: page.total_pages(found.total),
            has_more: page.has_more(found.total),
        },
        shows: found.items.into_iter().map(ShowJson::from).collect(),
    }
}

/// Lists shows with their contents, sorted by title then id. `brand` is a brand id or name
/// (an unknown brand lists nothing); `typeId` a show type id or name (e.g. `FOURTH_JULY`).
#[utoipa::path(get, path = "/api/shows", tag = "catalogue",
    params(
        ("page" = Option<i64>, Query, description = "Page, from 1 (default 1)"),
        ("pageSize" = Option<i64>, Query, description = "Shows per page, 1 to 100 (default 25)"),
        ("brand" = Option<String>, Query, description = "Brand id or name"),
        ("typeId" = Option<String>, Query, description = "Show type id or name"),
        ("searchTitle" = Option<String>, Query, description = "Text anywhere in the title, any case"),
    ),
    responses((status = 200, body = ShowPageJson), (status = 400, description = "invalid paging")))]
#[get("/shows")]
pub async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    cache: web::Data<CatalogueCache>,
    query: web::Query<Vec<(String, String)>>,
) -> Result<HttpResponse, ApiError> {
    let params = Params::from(query.into_inner());
    let q = ShowQuery::parse(&params, None)?;
    let page = q.page;
    cache
        .respond(
            &req,
            &state,
            q.key("shows"),
            CachePolicy::Revalidate,
            move |conn| {
                Ok(q.load(conn)?.unwrap_or_else(|| {
                    show_page(
                        page,
                        Page {
                            items: Vec::new(),
                            total: 0,
                        },
                    )
                }))
            },
        )
        .await
}

/// Lists the shows of one brand (by id or by name in any letter case, e.g. `Cody B`), as
/// `GET /api/shows` does. 404 when no such brand exists.
#[utoipa::path(get, path = "/api/shows/brand/{brand}", tag = "catalogue",
    params(
        ("brand" = String, Path, description = "Brand id or name"),
        ("page" = Option<i64>, Query, description = "Page, from 1 (default 1)"),
        ("pageSize" = Option<i64>, Query, description = "Shows per page, 1 to 100 (default 25)"),
        ("typeId" = Option<String>, Query, description = "Show type id or name"),
        ("searchTitle" = Option<String>, Query, description = "Text anywhere in the title, any case"),
    ),
    responses((status = 200, body = ShowPageJson), (status = 400, description = "invalid paging"),
        (status = 404, description = "Brand not found")))]
#[get("/shows/brand/{brand}")]
pub async fn by_brand(
    req: HttpRequest,
    state: web::Data<AppState>,
    cache: web::Data<CatalogueCache>,
    brand: web::Path<String>,
    query: web::Query<Vec<(String, String)>>,
) -> Result<HttpResponse, ApiError> {
    let params = Params::from(query.into_inner());
    let q = ShowQuery::parse(&params, Some(brand.into_inner()))?;
    cache
        .respond(
            &req,
            &state,
            q.key("shows-brand"),
            CachePolicy::Revalidate,
            move |conn| {
                q.load(conn)?
                    .ok_or_else(|| ApiError::not_found(BRAND_NOT_FOUND))
            },
        )
        .await
}

/// Every show type, by name.
#[utoipa::path(get, path = "/api/shows/types/all", tag = "catalogue",
    responses((status = 200, body = Vec<TypeJson>)))]
#[get("/shows/types/all")]
pub async fn types(
    req: HttpRequest,
    state: web::Data<AppState>,
    cache: web::Data<CatalogueCache>,
) -> Result<HttpResponse, ApiError> {
    cache
        .respond(
            &req,
            &state,
            "show-types".to_owned(),
            CachePolicy::Revalidate,
            |conn| {
                Ok(catalogue::show_types(conn)?
                    .into_iter()
                    .map(TypeJson::from)
                    .collect::<Vec<_>>())
            },
        )
        .await
}

/// One show with its contents.
#[utoipa::path(get, path = "/api/shows/{id}", tag = "catalogue",
    params(("id" = String, Path, description = "Show id")),
    responses((status = 200, body = ShowJson), (status = 404, description = "Show not found")))]
#[get("/shows/{id}")]
pub async fn get(
    req: HttpRequest,
    state: web::Data<AppState>,
    cache: web::Data<CatalogueCache>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let key = format!("show|{id}");
    cache
        .respond(&req, &state, key, CachePolicy::Revalidate, move |conn| {
            catalogue::find_show(conn, &id)?
                .map(ShowJson::from)
                .ok_or_else(|| ApiError::not_found(SHOW_NOT_FOUND))
        })
        .await
}
