//! Counted stock for the back office: the dashboard's totals and the inventory list of unit
//! products and apparel variants.

use diesel::dsl::{count_star, sum};
use diesel::prelude::*;
use std::cmp::Ordering;

use domain::catalogue::Package;
use domain::ids::ProductId;
use domain::inventory::{
    InventoryColumn, InventoryFilter, InventoryItem, InventorySort, StockKind,
};
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

/// Orders a boxed query of `$table` (unit products or apparel variants, joined with products)
/// by the inventory's sort: the column, then SKU and id, all ascending or all descending.
macro_rules! inventory_order {
    ($query:expr, $sort:expr, $table:ident, $price:ident) => {{
        use InventoryColumn as C;
        match ($sort.column, $sort.descending) {
            (C::Sku, false) => $query.order(($table::sku.asc(), $table::id.asc())),
            (C::Sku, true) => $query.order(($table::sku.desc(), $table::id.desc())),
            (C::Title, false) => $query.order((
                products::title_lower.asc(),
                $table::sku.asc(),
                $table::id.asc(),
            )),
            (C::Title, true) => $query.order((
                products::title_lower.desc(),
                $table::sku.desc(),
                $table::id.desc(),
            )),
            (C::UnitPrice, false) => {
                $query.order(($table::$price.asc(), $table::sku.asc(), $table::id.asc()))
            }
            (C::UnitPrice, true) => {
                $query.order(($table::$price.desc(), $table::sku.desc(), $table::id.desc()))
            }
            (C::AvailableStock, false) => $query.order((
                $table::available_stock.asc(),
                $table::sku.asc(),
                $table::id.asc(),
            )),
            (C::AvailableStock, true) => $query.order((
                $table::available_stock.desc(),
                $table::sku.desc(),
                $table::id.desc(),
            )),
        }
    }};
}

/// The order of two inventory rows: what [`inventory_order!`] gives in SQL (titles compared as
/// the lowercased `title_lower` column stores them).
fn compare_rows(sort: InventorySort, a: &Row, b: &Row) -> Ordering {
    let by_column = match sort.column {
        InventoryColumn::Sku => Ordering::Equal,
        InventoryColumn::Title => a.3.to_lowercase().cmp(&b.3.to_lowercase()),
        InventoryColumn::UnitPrice => a.4.cmp(&b.4),
        InventoryColumn::AvailableStock => a.6.cmp(&b.6),
    };
    let order = by_column.then_with(|| (&a.1, &a.0).cmp(&(&b.1, &b.0)));
    if sort.descending {
        order.reverse()
    } else {
        order
    }
}

/// One page of unit products and apparel variants in the filter's order (by SKU unless asked
/// otherwise): each kind is counted and read up to the end of the page in that order, and the
/// two are merged.
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
    let sort = filter.sort;
    let unit_rows: Vec<Row> = inventory_order!(units(), sort, unit_products, unit_price_cents)
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
    let variant_rows: Vec<Row> =
        inventory_order!(variants(), sort, apparel_variants, unit_price_cents)
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
    merged.sort_by(|a, b| compare_rows(sort, &a.1, &b.1));
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

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::ids::ProductId;
    use domain::inventory::Inventory;
    use domain::inventory::{InventoryFilter, InventoryItem};
    use domain::paging::{Page, PageRequest};
    use domain::store::StoreError;

    impl Inventory for Tx<'_> {
        fn set_product_in_stock(
            &mut self,
            id: &ProductId,
            in_stock: bool,
        ) -> Result<bool, StoreError> {
            self.changes.product(id.as_str());
            q(catalogue::set_product_in_stock(
                self.conn,
                id.as_str(),
                in_stock,
            ))
        }

        fn product_counts(&mut self) -> Result<(i64, i64), StoreError> {
            q(catalogue::product_counts(self.conn))
        }

        fn stock_total(&mut self) -> Result<i64, StoreError> {
            q(catalogue::stock_total(self.conn))
        }

        fn inventory_page(
            &mut self,
            filter: &InventoryFilter,
            page: PageRequest,
        ) -> Result<Page<InventoryItem>, StoreError> {
            q(catalogue::inventory_page(self.conn, filter, page))
        }
    }
}
