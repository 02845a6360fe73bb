//! `GET /api/products/facets`, `GET /api/apparel/facets` and `GET /api/shows/facets`: beside
//! each filter option of a list, how many items the list gives with that option and the other
//! active filters. Each takes its list's query parameters (paging is ignored) and answers one
//! count list per kind asked for (`facets`, default the kinds the list's page offers), through
//! the catalogue cache: one statement per kind on a miss, none on a hit.

use actix_web::{get, HttpResponse};
use domain::catalogue::{self, FacetCount, FacetKind, Facets, ListShowsError, ProductFilter};
use serde::Serialize;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::Array;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue_cache::{CachePolicy, CachedRead, Reads};
use crate::error::ApiError;
use crate::routes::params::{Params, ProductFilterQuery, MAX_FILTER_VALUES};

/// The kinds `GET /api/products/facets` counts unless told: the fireworks filters.
const PRODUCT_KINDS: [FacetKind; 4] = [
    FacetKind::Brands,
    FacetKind::Categories,
    FacetKind::Colors,
    FacetKind::Effects,
];

/// The kinds `GET /api/apparel/facets` counts unless told: the apparel filters.
const APPAREL_KINDS: [FacetKind; 5] = [
    FacetKind::Brands,
    FacetKind::Colors,
    FacetKind::ApparelTypes,
    FacetKind::Genders,
    FacetKind::Sizes,
];

/// The kinds `GET /api/shows/facets` counts unless told.
const SHOW_KINDS: [FacetKind; 2] = [FacetKind::ShowTypes, FacetKind::Brands];

/// The `facets` parameter, as the OpenAPI document lists it.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FacetKindsQuery {
    /// Which counts to answer (repeated or comma-separated; default: the filters the list's
    /// page offers)
    #[param(schema_with = kind_list)]
    pub facets: Option<Vec<String>>,
}

/// The facet kinds by name (a blank value is skipped).
fn kind_list() -> Array {
    ArrayBuilder::new()
        .items(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(
                    std::iter::once("").chain(FacetKind::ALL.map(FacetKind::as_str)),
                ))
                .build(),
        )
        .max_items(Some(MAX_FILTER_VALUES))
        .build()
}

/// One option and how many items it gives.
#[derive(Debug, Serialize, ToSchema)]
pub struct FacetCountJson {
    /// The value the list filters by: an id, or for genders and sizes the gender or size.
    pub id: String,
    /// Items the list gives with this option and the other active filters.
    #[schema(minimum = 1)]
    pub count: i64,
}

/// The counts of each kind asked for. Options that give nothing are left out; a kind not
/// asked for is absent.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacetsJson {
    /// By brand id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brands: Option<Vec<FacetCountJson>>,
    /// By category id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<FacetCountJson>>,
    /// By colour id (for apparel also a variant's colour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<FacetCountJson>>,
    /// By effect id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effects: Option<Vec<FacetCountJson>>,
    /// By apparel type id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub apparel_types: Option<Vec<FacetCountJson>>,
    /// By show type id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show_types: Option<Vec<FacetCountJson>>,
    /// By variant gender (with the sizes chosen, on the same variant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genders: Option<Vec<FacetCountJson>>,
    /// By variant size (with the genders chosen, on the same variant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sizes: Option<Vec<FacetCountJson>>,
}

impl FacetsJson {
    fn new(facets: Facets) -> Self {
        let mut json = FacetsJson::default();
        for (kind, counts) in facets {
            let counts = Some(
                counts
                    .into_iter()
                    .map(|FacetCount { value, count }| FacetCountJson { id: value, count })
                    .collect(),
            );
            match kind {
                FacetKind::Brands => json.brands = counts,
                FacetKind::Categories => json.categories = counts,
                FacetKind::Colors => json.colors = counts,
                FacetKind::Effects => json.effects = counts,
                FacetKind::ApparelTypes => json.apparel_types = counts,
                FacetKind::ShowTypes => json.show_types = counts,
                FacetKind::Genders => json.genders = counts,
                FacetKind::Sizes => json.sizes = counts,
            }
        }
        json
    }
}

/// The kinds named by `facets` (sorted, without repeats), or `default` when none is.
fn kinds(params: &Params, default: &[FacetKind]) -> Result<Vec<FacetKind>, ApiError> {
    let mut kinds = params
        .list("facets")?
        .iter()
        .map(|name| {
            FacetKind::parse(name).ok_or_else(|| {
                ApiError::bad_field(
                    "facets",
                    format!(
                        "facets must be among {}",
                        FacetKind::ALL.map(FacetKind::as_str).join(", ")
                    ),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if kinds.is_empty() {
        kinds = default.to_vec();
    }
    kinds.sort();
    kinds.dedup();
    Ok(kinds)
}

/// Answers the counts of a product list's filter through the catalogue cache (keyed by the
/// catalogue version, the list, the filter without its order, and the kinds).
async fn respond(
    read: &CachedRead,
    scope: &str,
    filter: ProductFilter,
    kinds: Vec<FacetKind>,
) -> Result<HttpResponse, ApiError> {
    let filter = ProductFilter {
        sort: domain::catalogue::ProductSort::default(),
        ..filter
    };
    let key = read.cache().query_key(&(scope, "facets", &filter, &kinds));
    read.respond(key, Reads::INDEXED, move |tx, _| {
        Ok(FacetsJson::new(catalogue::facet_counts(
            tx, &filter, &kinds,
        )?))
    })
    .await
}

/// Counts beside the fireworks filters: for each brand, category, colour and effect (or the
/// kinds named in `facets`), how many products `GET /api/products` lists with it and the other
/// filters of the same query (a kind's own values are alternatives, so its counts ignore
/// them). Takes that list's parameters; paging is ignored.
#[utoipa::path(tag = "catalogue",
    params(
        ("isShow" = Option<bool>, Query, description = "Shows (default false)"),
        ("isApparel" = Option<bool>, Query, description = "Apparel (default false)"),
        ("inStock" = Option<bool>, Query, description = "true: only in stock; false: only out of stock"),
        ("showOutOfStock" = Option<bool>, Query, description = "true: in and out of stock"),
        ProductFilterQuery,
        FacetKindsQuery,
    ),
    responses((status = 200, body = FacetsJson), (status = 400, description = "invalid filter")))]
#[get("/products/facets")]
pub async fn products(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let filter = super::products::list_filter(&params)?;
    let kinds = kinds(&params, &PRODUCT_KINDS)?;
    respond(&read, "products", filter, kinds).await
}

/// Counts beside the apparel filters: for each brand, colour, apparel type, gender and size
/// (or the kinds named in `facets`), how many products `GET /api/apparel` lists with it and
/// the other filters of the same query. Takes that list's parameters; paging is ignored.
#[utoipa::path(tag = "catalogue",
    params(
        ("showOutOfStock" = Option<bool>, Query, description = "Include products without stock"),
        ("inStock" = Option<bool>, Query, description = "false: only products without stock"),
        ProductFilterQuery,
        FacetKindsQuery,
    ),
    responses((status = 200, body = FacetsJson), (status = 400, description = "invalid filter")))]
#[get("/apparel/facets")]
pub async fn apparel(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let filter = crate::routes::catalogue::apparel::list_filter(&params)?;
    let kinds = kinds(&params, &APPAREL_KINDS)?;
    respond(&read, "apparel", filter, kinds).await
}

/// Counts beside the show filters: for each show type and brand (or the kinds named in
/// `facets`), how many shows `GET /api/shows` lists with it and the other parameters of the
/// same query. An unknown brand counts nothing, as the list lists nothing.
#[utoipa::path(tag = "catalogue",
    params(
        ("brand" = Option<String>, Query, description = "Brand id or name"),
        ("typeId" = Option<String>, Query, description = "Show type id or name"),
        ("searchTitle" = Option<String>, Query, max_length = 200, description = "Text anywhere in the title, any case"),
        FacetKindsQuery,
    ),
    responses((status = 200, body = FacetsJson), (status = 400, description = "invalid filter")))]
#[get("/shows/facets")]
pub async fn shows(read: CachedRead, params: Params) -> Result<HttpResponse, ApiError> {
    let query = crate::routes::catalogue::shows::show_query(&params, None)?;
    let kinds = kinds(&params, &SHOW_KINDS)?;
    let key = read.cache().query_key(&("shows-facets", &query, &kinds));
    read.respond(key, CachePolicy::Revalidate, move |tx, _| {
        let facets = match catalogue::show_facet_counts(tx, &query, &kinds) {
            // As on the list: an unknown brand has no shows.
            Err(ListShowsError::BrandNotFound) => {
                kinds.iter().map(|&kind| (kind, Vec::new())).collect()
            }
            other => other?,
        };
        Ok(FacetsJson::new(facets))
    })
    .await
}
