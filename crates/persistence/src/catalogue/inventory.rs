//! Counted stock for the back office: the dashboard's totals and the inventory list of unit
//! products and apparel variants.

use diesel::dsl::{count_star, sum};
use diesel::prelude::*;
use domain::catalogue::{InventoryFilter, InventoryItem, Package, StockKind};
use domain::ids::ProductId;
use domain::money::Money;

use super::{like_anywhere, lower, Page, PageRequest};
use crate::schema::{apparel_variants, products, unit_products};
use crate::{DbConnection, DbError};

/// Fireworks products and shows, counted.
///
/// # Errors
/// Database failures.
pub fn product_counts(conn: &mut DbConnection) -> Result<(i64, i64), DbError> {
    let fireworks = products::table
        .filter(products::is_show.eq(false))
        .filter(products::is_apparel.eq(false))
        .select(count_star())
        .first(conn)?;
    let shows = products::table
        .filter(products::is_show.eq(true))
        .select(count_star())
        .first(conn)?;
    Ok((fireworks, shows))
}

/// Units and variant items in stock, summed.
///
/// # Errors
/// Database failures.
pub fn stock_total(conn: &mut DbConnection) -> Result<i64, DbError> {
    let units: Option<i64> = unit_products::table
        .select(sum(unit_products::available_stock))
        .first(conn)?;
    let items: Option<i64> = apparel_variants::table
        .filter(apparel_variants::available.eq(true))
        .select(sum(apparel_variants::available_stock))
        .first(conn)?;
    Ok(units.unwrap_or(0) + items.unwrap_or(0))
}

type Row = (String, String, String, String, i64, String, i32);

fn package(text: &str) -> Vec<u32> {
    Package::parse(text).map_or_else(|_| vec![1], |p| p.parts().to_vec())
}

/// One page of unit products and apparel variants, by SKU: each kind is counted and read up to
/// the end of the page in SKU order, and the two are merged.
///
/// # Errors
/// Database failures.
pub fn inventory_page(
    conn: &mut DbConnection,
    filter: &InventoryFilter,
    page: PageRequest,
) -> Result<Page<InventoryItem>, DbError> {
    let (min, max) = filter.view.range();
    let pattern = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_anywhere);
    let end = page.offset().saturating_add(page.page_size);
    let units = || {
        let mut q = unit_products::table
            .inner_join(products::table)
            .filter(unit_products::available_stock.between(min, max))
            .into_boxed();
        if let Some(p) = &pattern {
            q = q.filter(
                lower(unit_products::sku)
                    .like(p.clone())
                    .escape('\\')
                    .or(products::title_lower.like(p.clone()).escape('\\')),
            );
        }
        q
    };
    let variants = || {
        let mut q = apparel_variants::table
            .inner_join(products::table)
            .filter(apparel_variants::available.eq(true))
            .filter(apparel_variants::available_stock.between(min, max))
            .into_boxed();
        if let Some(p) = &pattern {
            q = q.filter(
                lower(apparel_variants::sku)
                    .like(p.clone())
                    .escape('\\')
                    .or(products::title_lower.like(p.clone()).escape('\\')),
            );
        }
        q
    };
    let total_units: i64 = units().count().get_result(conn)?;
    let total_variants: i64 = variants().count().get_result(conn)?;
    let unit_rows: Vec<Row> = units()
        .order((unit_products::sku, unit_products::id))
        .limit(end)
        .select((
            unit_products::id,
            unit_products::sku,
            products::id,
            products::title,
            unit_products::unit_price_cents,
            unit_products::package,
            unit_products::available_stock,
        ))
        .load(conn)?;
    let variant_rows: Vec<Row> = variants()
        .order((apparel_variants::sku, apparel_variants::id))
        .limit(end)
        .select((
            apparel_variants::id,
            apparel_variants::sku,
            products::id,
            products::title,
            apparel_variants::unit_price_cents,
            products::package,
            apparel_variants::available_stock,
        ))
        .load(conn)?;
    let mut merged: Vec<(StockKind, Row)> = unit_rows
        .into_iter()
        .map(|r| (StockKind::Unit, r))
        .chain(variant_rows.into_iter().map(|r| (StockKind::Variant, r)))
        .collect();
    merged.sort_by(|a, b| (&a.1 .1, &a.1 .0).cmp(&(&b.1 .1, &b.1 .0)));
    let skip = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let take = usize::try_from(page.page_size).unwrap_or(0);
    let items = merged
        .into_iter()
        .skip(skip)
        .take(take)
        .map(
            |(kind, (id, sku, product, title, cents, pack, stock))| InventoryItem {
                id,
                kind,
                sku,
                product_id: ProductId::from(product),
                title,
                unit_price: Money::from_cents(cents),
                package: package(&pack),
                available_stock: stock,
            },
        )
        .collect();
    Ok(Page {
        items,
        total: total_units + total_variants,
    })
}
