//! Query strings of the catalogue calls: repeated keys (`brands=a&brands=b`), comma-separated
//! values (`brands=a,b`), validated paging, booleans and ids, and a normalized cache key.

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use domain::catalogue::{Gender, Size};
use domain::catalogue::{ProductFilter, ProductSort, StockFilter};
use domain::paging::PageRequest;
use utoipa::openapi::schema::{Array, ArrayBuilder, Object, ObjectBuilder, Type};
use utoipa::IntoParams;

use crate::error::ApiError;

/// Default page size of the catalogue lists.
pub const DEFAULT_PAGE_SIZE: i64 = 25;
/// Largest page size of the catalogue lists.
pub const MAX_PAGE_SIZE: i64 = 100;
/// Longest search text accepted.
pub const MAX_SEARCH_LEN: usize = 200;
/// Longest name accepted in a metadata filter (the longest metadata name).
pub const MAX_REF_LEN: usize = 100;
/// Most values accepted in one list filter.
pub const MAX_FILTER_VALUES: usize = 100;

/// A parsed query string: every `(name, value)` pair in order.
#[derive(Debug, Clone, Default)]
pub struct Params(Vec<(String, String)>);

impl From<Vec<(String, String)>> for Params {
    fn from(pairs: Vec<(String, String)>) -> Self {
        Params(pairs)
    }
}

impl FromRequest for Params {
    type Error = actix_web::Error;
    type Future = Ready<Result<Self, Self::Error>>;

    /// The query string's pairs, read by `web::Query` (so a malformed query string is answered
    /// as the application's `QueryConfig` says).
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let pairs = web::Query::<Vec<(String, String)>>::from_request(req, payload).into_inner();
        ready(pairs.map(|query| Params(query.into_inner())))
    }
}

/// The paging [`Params::page`] reads, as the OpenAPI document lists it for the catalogue
/// lists (each doc line is the parameter's description).
#[derive(IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct PageQuery {
    /// Page, from 1 (default 1)
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Items per page, 1 to 100 (default 25)
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

/// The filters [`Params::product_filter`] reads, as the OpenAPI document lists them for the
/// product and apparel lists (each doc line is the parameter's description).
#[derive(IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ProductFilterQuery {
    /// Text anywhere in the title, any case
    #[param(max_length = 200)]
    pub search_title: Option<String>,
    /// Brand ids or names (repeated or comma-separated)
    #[param(schema_with = ref_list)]
    pub brands: Option<Vec<String>>,
    /// Category ids or names
    #[param(schema_with = ref_list)]
    pub categories: Option<Vec<String>>,
    /// Colour ids or names (for apparel also a variant's colour)
    #[param(schema_with = ref_list)]
    pub colors: Option<Vec<String>>,
    /// Effect ids or names
    #[param(schema_with = ref_list)]
    pub effects: Option<Vec<String>>,
    /// Apparel type ids or names
    #[param(schema_with = ref_list)]
    pub apparel_types: Option<Vec<String>>,
    /// MALE, FEMALE, UNISEX
    #[param(schema_with = gender_list)]
    pub genders: Option<Vec<String>>,
    /// XS ... 3XL or custom sizes
    #[param(schema_with = size_list)]
    pub sizes: Option<Vec<String>>,
    /// title (default: title, then id), newest, or a column of the back office's tables: sku,
    /// casePrice (each with `-` first for descending, as `-title`)
    #[param(schema_with = sort_schema)]
    pub sort: Option<String>,
}

/// The order of a list, as the OpenAPI document lists it (the show list's; the product lists
/// have it in [`ProductFilterQuery`]).
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SortQuery {
    /// title (default: title, then id), newest, or a column of the back office's tables: sku,
    /// casePrice (each with `-` first for descending, as `-title`)
    #[param(schema_with = sort_schema)]
    pub sort: Option<String>,
}

/// A list filter's schema: at most [`MAX_FILTER_VALUES`] values, each `item`.
fn list_of(item: Object) -> Array {
    ArrayBuilder::new()
        .items(item)
        .max_items(Some(MAX_FILTER_VALUES))
        .build()
}

/// Metadata references: ids or names of at most [`MAX_REF_LEN`] characters, without commas
/// (a comma separates values).
fn ref_list() -> Array {
    list_of(
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_REF_LEN))
            .pattern(Some("^[^,]*$"))
            .build(),
    )
}

/// Genders (a blank value is skipped).
fn gender_list() -> Array {
    list_of(
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(["", "MALE", "FEMALE", "UNISEX"]))
            .build(),
    )
}

/// Sizes: the standard ones or custom sizes of at most 10 characters.
fn size_list() -> Array {
    list_of(
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(10))
            .pattern(Some("^[^,]*$"))
            .build(),
    )
}

/// A text enum: blank (the default) or one of `values`.
#[must_use]
pub fn blank_or(values: impl IntoIterator<Item = &'static str>) -> Object {
    text_enum(std::iter::once("").chain(values))
}

/// A text enum of exactly `values`.
#[must_use]
pub fn text_enum<V: Into<serde_json::Value>>(values: impl IntoIterator<Item = V>) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values))
        .build()
}

/// The sort orders (blank: the default).
fn sort_schema() -> Object {
    blank_or(ProductSort::ALL.iter().map(|(value, _)| *value))
}

impl Params {
    /// The last value of `name` (or `name[]`), trimmed; `None` when absent or blank.
    #[must_use]
    pub fn one(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| key_is(k, name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }

    /// The last value of `name` (or `name[]`), trimmed, even when blank; `None` when absent.
    fn present(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| key_is(k, name))
            .map(|(_, v)| v.trim())
    }

    /// Whether any of `names` is present (even blank).
    #[must_use]
    pub fn has_any(&self, names: &[&str]) -> bool {
        self.0
            .iter()
            .any(|(k, _)| names.iter().any(|name| key_is(k, name)))
    }

    /// Every value of `name` (repeated keys, `name[]`, and commas inside a value split it),
    /// trimmed, without blanks.
    ///
    /// # Errors
    /// 400 naming the field when there are more than [`MAX_FILTER_VALUES`].
    pub fn list(&self, name: &str) -> Result<Vec<String>, ApiError> {
        let sent = self.0.iter().filter(|(k, _)| key_is(k, name)).count();
        let values: Vec<String> = self
            .0
            .iter()
            .filter(|(k, _)| key_is(k, name))
            .flat_map(|(_, v)| v.split(','))
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
            .collect();
        if values.len().max(sent) > MAX_FILTER_VALUES {
            return Err(ApiError::bad_field(
                name,
                format!("{name} accepts at most {MAX_FILTER_VALUES} values"),
            ));
        }
        Ok(values)
    }

    /// A list of metadata references, each an id (a UUID, normalized) or a name (lowercased,
    /// matched in any letter case), sorted and deduplicated: `brands=Cody B` and
    /// `brands=<id>` mean the same, so a shared address says what it means.
    ///
    /// # Errors
    /// 400 naming the field when a value is longer than [`MAX_REF_LEN`] characters.
    pub fn refs(&self, name: &str) -> Result<Vec<String>, ApiError> {
        let mut refs = self
            .list(name)?
            .into_iter()
            .map(|v| match uuid::Uuid::parse_str(&v) {
                Ok(u) => Ok(u.hyphenated().to_string()),
                Err(_) if v.chars().count() <= MAX_REF_LEN => Ok(v.to_lowercase()),
                Err(_) => Err(ApiError::bad_field(
                    name,
                    format!("{name} must be ids or names of at most {MAX_REF_LEN} characters"),
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        refs.sort();
        refs.dedup();
        Ok(refs)
    }

    /// A whole number of at least `min` (and at most `max`), `default` when absent.
    ///
    /// # Errors
    /// 400 naming the field when it is not a whole number in range (blank included: the
    /// document says an integer).
    pub fn int(&self, name: &str, default: i64, min: i64, max: i64) -> Result<i64, ApiError> {
        let Some(text) = self.present(name) else {
            return Ok(default);
        };
        match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(ApiError::bad_field(
                name,
                if max == i64::MAX {
                    format!("{name} must be a whole number of at least {min}")
                } else {
                    format!("{name} must be a whole number between {min} and {max}")
                },
            )),
        }
    }

    /// `true` or `false` (any case; also 1 and 0), `None` when absent.
    ///
    /// # Errors
    /// 400 naming the field for anything else, blank included.
    pub fn bool(&self, name: &str) -> Result<Option<bool>, ApiError> {
        match self.present(name).map(str::to_ascii_lowercase).as_deref() {
            None => Ok(None),
            Some("true" | "1") => Ok(Some(true)),
            Some("false" | "0") => Ok(Some(false)),
            Some(_) => Err(ApiError::bad_field(
                name,
                format!("{name} must be true or false"),
            )),
        }
    }

    /// The page and page size (`page` >= 1, `pageSize` 1..=100, defaults 1 and 25).
    ///
    /// # Errors
    /// 400 naming `page` or `pageSize`.
    pub fn page(&self) -> Result<PageRequest, ApiError> {
        Ok(PageRequest {
            page: self.int("page", 1, 1, i64::MAX)?,
            page_size: self.int("pageSize", DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE)?,
        })
    }

    /// The search text (`searchTitle`), trimmed, `None` when blank.
    ///
    /// # Errors
    /// 400 when longer than [`MAX_SEARCH_LEN`] characters.
    pub fn search(&self, name: &str) -> Result<Option<String>, ApiError> {
        match self.one(name) {
            None => Ok(None),
            Some(text) if text.chars().count() > MAX_SEARCH_LEN => Err(ApiError::bad_field(
                name,
                format!("{name} must be at most {MAX_SEARCH_LEN} characters"),
            )),
            Some(text) => Ok(Some(text.to_lowercase())),
        }
    }

    /// Genders (`MALE`, `FEMALE`, `UNISEX`, any case), sorted and deduplicated.
    ///
    /// # Errors
    /// 400 naming `genders` for another value.
    pub fn genders(&self) -> Result<Vec<String>, ApiError> {
        let mut genders = self
            .list("genders")?
            .into_iter()
            .map(|g| {
                g.to_ascii_uppercase()
                    .parse::<Gender>()
                    .map(|g| g.as_str().to_owned())
                    .map_err(|_| {
                        ApiError::bad_field("genders", "genders must be MALE, FEMALE or UNISEX")
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        genders.sort();
        genders.dedup();
        Ok(genders)
    }

    /// Sizes in their stored spelling (`xl` is `XL`), sorted and deduplicated.
    ///
    /// # Errors
    /// 400 naming `sizes` for a size longer than 10 characters.
    pub fn sizes(&self) -> Result<Vec<String>, ApiError> {
        let mut sizes = self
            .list("sizes")?
            .into_iter()
            .map(|s| {
                Size::parse(&s)
                    .map(|s| s.as_str().to_owned())
                    .map_err(|e| ApiError::bad_field("sizes", e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        sizes.sort();
        sizes.dedup();
        Ok(sizes)
    }

    /// The filters shared by the product and apparel lists.
    ///
    /// # Errors
    /// 400 naming the first invalid field.
    pub fn product_filter(&self) -> Result<ProductFilter, ApiError> {
        Ok(ProductFilter {
            is_show: None,
            is_apparel: None,
            brands: self.refs("brands")?,
            categories: self.refs("categories")?,
            colors: self.refs("colors")?,
            effects: self.refs("effects")?,
            apparel_types: self.refs("apparelTypes")?,
            show_types: Vec::new(),
            genders: self.genders()?,
            sizes: self.sizes()?,
            search: self.search("searchTitle")?,
            stock: StockFilter::Any,
            sort: self.sort()?,
        })
    }

    /// `sort`: `title` (the default: title, then id), `newest` (newest first), or a column
    /// of the back office's tables ([`ProductSort::ALL`]: `sku`, `casePrice`, `-` first for
    /// descending).
    ///
    /// # Errors
    /// 400 naming the field for any other value.
    pub fn sort(&self) -> Result<ProductSort, ApiError> {
        match self.one("sort") {
            None => Ok(ProductSort::Title),
            Some(value) => ProductSort::parse(value).ok_or_else(|| {
                ApiError::bad_field(
                    "sort",
                    "sort must be title, -title, newest, sku, -sku, casePrice or -casePrice",
                )
            }),
        }
    }
}

/// `name` or `name[]` (as some clients write repeated keys).
fn key_is(key: &str, name: &str) -> bool {
    key == name || key.strip_suffix("[]") == Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(q: &[(&str, &str)]) -> Params {
        Params(
            q.iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        )
    }

    #[test]
    fn lists_accept_repeated_keys_and_commas() {
        let p = params(&[("sizes", "S, m"), ("sizes[]", "XL"), ("sizes", "")]);
        assert_eq!(
            p.list("sizes").ok(),
            Some(vec!["S".into(), "m".into(), "XL".into()])
        );
        assert_eq!(
            p.sizes().ok(),
            Some(vec!["M".into(), "S".into(), "XL".into()])
        );
    }

    #[test]
    fn paging_is_validated() {
        assert!(params(&[("page", "0")]).page().is_err());
        assert!(params(&[("page", "")]).page().is_err());
        assert!(params(&[("pageSize", " ")]).page().is_err());
        assert!(params(&[("inStock", "")]).bool("inStock").is_err());
        assert!(params(&[("pageSize", "101")]).page().is_err());
        assert!(params(&[("pageSize", "ten")]).page().is_err());
        let page = params(&[("page", "2"), ("pageSize", "10")]).page().ok();
        assert_eq!(
            page,
            Some(PageRequest {
                page: 2,
                page_size: 10
            })
        );
    }

    #[test]
    fn references_are_normalized_ids_or_lowercased_names() {
        let id = "0b5c6f4e-2a59-4d51-9c3e-8f1f1c2b7a10";
        assert_eq!(
            params(&[("brands", &id.to_uppercase()), ("brands", "Cody B")])
                .refs("brands")
                .ok(),
            Some(vec![id.to_owned(), "cody b".to_owned()])
        );
        let long = "x".repeat(MAX_REF_LEN + 1);
        assert!(params(&[("brands", &long)]).refs("brands").is_err());
    }
}
