//! Metadata: brands, categories, colours and effects (with product counts for the back
//! office), apparel and show types, and the next apparel base SKU.

use std::collections::HashMap;

use diesel::dsl::count_star;
use diesel::prelude::*;

use domain::catalogue::{MetadataItem, MetadataKind, MetadataLists};

use super::{like_anywhere, lower, NamedRef, Page, PageRequest, TypeRef};
use crate::schema::{
    apparel_types, brands, categories, colors, effects, product_colors, product_effects, products,
    show_types,
};
use crate::{DbConnection, DbError};

macro_rules! named_list {
    ($conn:expr, $table:ident) => {
        $table::table
            .select(($table::id, $table::name))
            .order(($table::name.asc(), $table::id.asc()))
            .load::<(String, String)>($conn)?
            .into_iter()
            .map(|(id, name)| NamedRef { id, name })
            .collect::<Vec<_>>()
    };
}

macro_rules! type_list {
    ($conn:expr, $table:ident) => {
        $table::table
            .select(($table::id, $table::name, $table::description))
            .order(($table::name.asc(), $table::id.asc()))
            .load::<(String, String, Option<String>)>($conn)?
            .into_iter()
            .map(|(id, name, description)| TypeRef {
                id,
                name,
                description,
            })
            .collect::<Vec<_>>()
    };
}

/// Every brand, category, colour, effect, apparel type and show type (one query each).
///
/// # Errors
/// Database failures.
pub fn metadata(conn: &mut DbConnection) -> Result<MetadataLists, DbError> {
    Ok(MetadataLists {
        brands: named_list!(conn, brands),
        categories: named_list!(conn, categories),
        colors: named_list!(conn, colors),
        effects: named_list!(conn, effects),
        apparel_types: type_list!(conn, apparel_types),
        show_types: type_list!(conn, show_types),
    })
}

/// Apparel types by name, each with the number of apparel products of that type.
///
/// # Errors
/// Database failures.
pub fn apparel_types(conn: &mut DbConnection) -> Result<Vec<(TypeRef, i64)>, DbError> {
    let types = type_list!(conn, apparel_types);
    let counts: HashMap<String, i64> = products::table
        .filter(products::apparel_type_id.is_not_null())
        .group_by(products::apparel_type_id)
        .select((products::apparel_type_id.assume_not_null(), count_star()))
        .load::<(String, i64)>(conn)?
        .into_iter()
        .collect();
    Ok(types
        .into_iter()
        .map(|t| {
            let n = counts.get(&t.id).copied().unwrap_or(0);
            (t, n)
        })
        .collect())
}

/// Show types by name.
///
/// # Errors
/// Database failures.
pub fn show_types(conn: &mut DbConnection) -> Result<Vec<TypeRef>, DbError> {
    Ok(type_list!(conn, show_types))
}

macro_rules! metadata_page_of {
    ($conn:expr, $table:ident, $pattern:expr, $page:expr) => {{
        let query = || {
            let mut q = $table::table.into_boxed();
            if let Some(p) = $pattern.clone() {
                q = q.filter(lower($table::name).like(p).escape('\\'));
            }
            q
        };
        let total: i64 = query().count().get_result($conn)?;
        let rows: Vec<(String, String)> = query()
            .select(($table::id, $table::name))
            .order(($table::name.asc(), $table::id.asc()))
            .limit($page.page_size)
            .offset($page.offset())
            .load($conn)?;
        (rows, total)
    }};
}

/// One page of one metadata kind (sorted by name, optionally filtered by text anywhere in the
/// name), each item with its product count: two queries plus one grouped count query.
///
/// # Errors
/// Database failures.
pub fn metadata_page(
    conn: &mut DbConnection,
    kind: MetadataKind,
    search: Option<&str>,
    page: PageRequest,
) -> Result<Page<MetadataItem>, DbError> {
    let pattern = search
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_anywhere);
    let (rows, total) = match kind {
        MetadataKind::Brands => metadata_page_of!(conn, brands, pattern, page),
        MetadataKind::Categories => metadata_page_of!(conn, categories, pattern, page),
        MetadataKind::Colors => metadata_page_of!(conn, colors, pattern, page),
        MetadataKind::Effects => metadata_page_of!(conn, effects, pattern, page),
    };
    let ids: Vec<String> = rows.iter().map(|(id, _)| id.clone()).collect();
    let counts: HashMap<String, i64> = if ids.is_empty() {
        HashMap::new()
    } else {
        match kind {
            MetadataKind::Brands => products::table
                .filter(products::brand_id.eq_any(ids))
                .group_by(products::brand_id)
                .select((products::brand_id, count_star()))
                .load::<(String, i64)>(conn)?,
            MetadataKind::Categories => products::table
                .filter(products::category_id.eq_any(ids))
                .group_by(products::category_id)
                .select((products::category_id, count_star()))
                .load::<(String, i64)>(conn)?,
            MetadataKind::Colors => product_colors::table
                .filter(product_colors::color_id.eq_any(ids))
                .group_by(product_colors::color_id)
                .select((product_colors::color_id, count_star()))
                .load::<(String, i64)>(conn)?,
            MetadataKind::Effects => product_effects::table
                .filter(product_effects::effect_id.eq_any(ids))
                .group_by(product_effects::effect_id)
                .select((product_effects::effect_id, count_star()))
                .load::<(String, i64)>(conn)?,
        }
        .into_iter()
        .collect()
    };
    Ok(Page {
        items: rows
            .into_iter()
            .map(|(id, name)| MetadataItem {
                product_count: counts.get(&id).copied().unwrap_or(0),
                id,
                name,
            })
            .collect(),
        total,
    })
}

/// The SKUs of the apparel products' `APP-n` form.
///
/// # Errors
/// Database failures.
pub fn apparel_skus(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    Ok(products::table
        .filter(products::sku.like("APP-%"))
        .select(products::sku)
        .load(conn)?)
}
