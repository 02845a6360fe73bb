//! Shows: products with `is_show`, listed with their contents (the products they hold).

use std::collections::HashMap;

use diesel::prelude::*;

use domain::catalogue::{
    Packing, Product as ProductModel, Show, ShowFilter, ShowLine, ShowLineProduct,
};
use domain::money::Money;

use super::convert::{self, package};
use super::products::list_products_counted;
use super::{lower, NamedRef, Page, PageRequest};
use crate::models::{Product, ShowProduct, UnitProduct};
use crate::schema::{brands, products, show_products, show_types, unit_products};
use crate::{Db, DbConnection, DbError};
/// One page of shows sorted by title then id, with their contents: two queries plus one
/// batched query for the page's contents (and one per product relation).
///
/// # Errors
/// Database failures.
pub fn list_shows(
    conn: &mut DbConnection,
    db: &Db,
    version: Option<i64>,
    filter: &ShowFilter,
    page: PageRequest,
) -> Result<Page<Show>, DbError> {
    let shows = list_products_counted(conn, db, version, &filter.as_product_filter(), page, None)?;
    Ok(Page {
        items: with_lines(conn, shows.items)?,
        total: shows.total,
    })
}

/// The show with this id, or `None` (also for a product that is not a show).
///
/// # Errors
/// Database failures.
pub fn find_show(conn: &mut DbConnection, id: &str) -> Result<Option<Show>, DbError> {
    match super::products::find_product(conn, id)? {
        Some(record) if record.is_show => Ok(with_lines(conn, vec![record])?.pop()),
        _ => Ok(None),
    }
}

/// The brand named `key` (any letter case) or with id `key`.
///
/// # Errors
/// Database failures.
pub fn find_brand(conn: &mut DbConnection, key: &str) -> Result<Option<NamedRef>, DbError> {
    let key = key.trim();
    let found: Option<(String, String)> = brands::table
        .filter(
            brands::id
                .eq(key.to_owned())
                .or(lower(brands::name).eq(key.to_lowercase())),
        )
        .select((brands::id, brands::name))
        .order(brands::name.asc())
        .first(conn)
        .optional()?;
    Ok(found.map(|(id, name)| NamedRef { id, name }))
}

/// The id of the show type named `key` (any letter case, e.g. `FOURTH_JULY`) or with id `key`.
///
/// # Errors
/// Database failures.
pub fn find_show_type(conn: &mut DbConnection, key: &str) -> Result<Option<String>, DbError> {
    let key = key.trim();
    Ok(show_types::table
        .filter(
            show_types::id
                .eq(key.to_owned())
                .or(lower(show_types::name).eq(key.to_lowercase())),
        )
        .select(show_types::id)
        .order(show_types::name.asc())
        .first(conn)
        .optional()?)
}

/// Attaches the contents of `shows` in one query.
fn with_lines(conn: &mut DbConnection, shows: Vec<ProductModel>) -> Result<Vec<Show>, DbError> {
    if shows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<String> = shows.iter().map(|s| s.id.as_str().to_owned()).collect();
    let rows: Vec<(ShowProduct, Product, Option<UnitProduct>)> = show_products::table
        .inner_join(products::table.on(products::id.eq(show_products::product_id)))
        .left_join(unit_products::table.on(unit_products::product_id.eq(show_products::product_id)))
        .filter(show_products::show_id.eq_any(ids))
        .select((
            ShowProduct::as_select(),
            Product::as_select(),
            unit_products::all_columns.nullable(),
        ))
        .order((
            products::title_lower.asc(),
            products::id.asc(),
            show_products::is_unit.asc(),
        ))
        .load(conn)?;
    let mut by_show: HashMap<String, Vec<ShowLine>> = HashMap::new();
    for (line, product, unit) in rows {
        by_show
            .entry(line.show_id.clone())
            .or_default()
            .push(show_line(line, product, unit));
    }
    Ok(shows
        .into_iter()
        .map(|show| Show {
            lines: by_show.remove(show.id.as_str()).unwrap_or_default(),
            show,
        })
        .collect())
}

fn show_line(line: ShowProduct, p: Product, unit: Option<UnitProduct>) -> ShowLine {
    ShowLine {
        id: line.id,
        quantity: line.quantity,
        packing: Packing::from_is_unit(line.is_unit),
        notes: line.notes,
        product: ShowLineProduct {
            package: package(&p.package),
            id: p.id.into(),
            sku: p.sku,
            title: p.title,
            image: p.image,
            case_price: Money::from_cents(p.case_price_cents),
            in_stock: p.in_stock,
            is_case_breakable: p.is_case_breakable,
            unit: unit.map(convert::unit_product),
        },
    }
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::catalogue::ShowAdmin;
    use domain::store::StoreError;

    impl ShowAdmin for Tx<'_> {
        fn show_skus(&mut self) -> Result<Vec<String>, StoreError> {
            q(catalogue::show_skus(self.conn))
        }
    }
}
