//! `GET /api/metadata`: every brand, category, colour, effect, apparel type and show type
//! (cached 5 minutes), or with `page`, `pageSize`, `type` or `searchTitle` the paged back-office
//! form with product counts (cached 1 minute).

use actix_web::{get, HttpResponse};
use domain::catalogue::CatalogueReads as _;
use domain::catalogue::{self, MetadataItem, MetadataKind};
use domain::paging::{Page, PageRequest};
use serde::Serialize;
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue_cache::{CachePolicy, CachedRead};
use crate::error::ApiError;
use crate::routes::catalogue::dto::{JsonList, MetadataItemJson, NamedJson, TypeJson};
use crate::routes::params::{blank_or, Params};

/// Every metadata list, each sorted by name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MetadataJson {
    /// Brands.
    pub brands: Vec<NamedJson>,
    /// Categories.
    pub categories: Vec<NamedJson>,
    /// Colours.
    pub colors: Vec<NamedJson>,
    /// Effects.
    pub effects: Vec<NamedJson>,
    /// Apparel types.
    pub apparel_types: Vec<TypeJson>,
    /// Show types.
    pub show_types: Vec<TypeJson>,
}

/// The paged form (back-office.md §7: "Response: brands, categories, colors, effects"): each
/// kind as an array of its page's items, the paging facts of each kind beside them. A kind
/// that `type` leaves out answers an empty array and has no paging facts.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct MetadataPagesJson {
    /// The brands of the page.
    pub brands: Vec<MetadataItemJson>,
    /// The categories of the page.
    pub categories: Vec<MetadataItemJson>,
    /// The colours of the page.
    pub colors: Vec<MetadataItemJson>,
    /// The effects of the page.
    pub effects: Vec<MetadataItemJson>,
    /// The paging facts of each kind asked for.
    pub pagination: MetadataPaginationJson,
}

/// The paging facts of each kind asked for (a kind left out by `type` is absent).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct MetadataPaginationJson {
    /// Brands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brands: Option<KindPagingJson>,
    /// Categories.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<KindPagingJson>,
    /// Colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<KindPagingJson>,
    /// Effects.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effects: Option<KindPagingJson>,
}

/// The paging facts of one kind's page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindPagingJson {
    /// Page served, from 1.
    pub page: i64,
    /// Items per page.
    pub page_size: i64,
    /// Items of the kind matching, on every page.
    pub total_items: i64,
    /// Pages in all (0 when nothing matches).
    pub total_pages: i64,
    /// Whether a later page has items.
    pub has_more: bool,
}

/// The paged answer of the metadata kinds asked for.
fn pages_json(
    page: PageRequest,
    found: Vec<(MetadataKind, Page<MetadataItem>)>,
) -> MetadataPagesJson {
    let mut pages = MetadataPagesJson::default();
    for (kind, found) in found {
        let (items, paging) = match kind {
            MetadataKind::Brands => (&mut pages.brands, &mut pages.pagination.brands),
            MetadataKind::Categories => (&mut pages.categories, &mut pages.pagination.categories),
            MetadataKind::Colors => (&mut pages.colors, &mut pages.pagination.colors),
            MetadataKind::Effects => (&mut pages.effects, &mut pages.pagination.effects),
        };
        *paging = Some(KindPagingJson {
            page: page.page,
            page_size: page.page_size,
            total_items: found.total,
            total_pages: page.total_pages(found.total),
            has_more: page.has_more(found.total),
        });
        *items = MetadataItemJson::list(found.items);
    }
    pages
}

/// The paged form's query, as the OpenAPI document lists it (each doc line is the
/// parameter's description; the handler reads the text with `Params`).
#[derive(IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MetadataQuery {
    /// Page, from 1 (paged form)
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 25)
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// brands, categories, colors or effects (blank: every kind)
    #[param(rename = "type", schema_with = metadata_type)]
    pub kind: Option<String>,
    /// Text anywhere in the name, any case
    #[param(max_length = 200)]
    pub search_title: Option<String>,
}

fn metadata_type() -> Object {
    blank_or(["brands", "categories", "colors", "effects"])
}

/// The two forms of the metadata answer (the document's: each handler branch serializes its
/// own).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum MetadataAnswer {
    /// Every list.
    All(MetadataJson),
    /// Pages per kind.
    Pages(MetadataPagesJson),
}

/// Catalogue metadata. Without query values: every list (`MetadataJson`), cached 5 minutes.
/// With `page`, `pageSize`, `type` (brands, categories, colors or effects) or `searchTitle`:
/// each kind as an array of the page's `{id, name, productCount}`, with each kind's paging
/// facts under `pagination` (`MetadataPagesJson`), cached 1 minute.
#[utoipa::path(tag = "catalogue",
    params(MetadataQuery),
    responses((status = 200, body = MetadataAnswer, description = "every list, or pages in the paged form"),
        (status = 304, description = "not modified (If-None-Match)"),
        (status = 400, description = "invalid paging or type")))]
#[get("/metadata")]
pub async fn get(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    if !params.has_any(&["page", "pageSize", "type", "searchTitle"]) {
        return read
            .respond("metadata", CachePolicy::MaxAge(300), |tx, _| {
                let m = tx.metadata()?;
                Ok(MetadataJson {
                    brands: NamedJson::list(m.brands),
                    categories: NamedJson::list(m.categories),
                    colors: NamedJson::list(m.colors),
                    effects: NamedJson::list(m.effects),
                    apparel_types: TypeJson::list(m.apparel_types),
                    show_types: TypeJson::list(m.show_types),
                })
            })
            .await;
    }
    let page = params.page()?;
    let search = params.search("searchTitle")?;
    let kinds: Vec<MetadataKind> = match params.one("type") {
        None => MetadataKind::ALL.to_vec(),
        Some(text) => vec![MetadataKind::parse(text).ok_or_else(|| {
            ApiError::bad_field("type", "type must be brands, categories, colors or effects")
        })?],
    };
    let key = read
        .cache()
        .query_key(&("metadata-page", page, &kinds, &search));
    read.respond(key, CachePolicy::MaxAge(60), move |tx, _| {
        let found = catalogue::metadata_pages(tx, &kinds, search.as_deref(), page)?;
        Ok(pages_json(page, found))
    })
    .await
}
