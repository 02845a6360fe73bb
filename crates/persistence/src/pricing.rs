//! Prices of products and variants as the server knows them, for quotes and checkout. A
//! client never supplies a price: every figure starts from these rows.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::schema::{addresses, apparel_variants, products, terminals, unit_products};
use crate::{DbConnection, DbError};

/// What pricing needs to know of a product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedProduct {
    /// Product id.
    pub id: String,
    /// Title, for messages.
    pub title: String,
    /// Case (or show) price in cents.
    pub case_price_cents: i64,
    /// A show.
    pub is_show: bool,
    /// Apparel.
    pub is_apparel: bool,
    /// Whether the case (or show) is in stock.
    pub in_stock: bool,
    /// The unit product's price in cents, when the product is sold by the unit.
    pub unit_price_cents: Option<i64>,
}

/// What pricing needs to know of an apparel variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedVariant {
    /// Variant id.
    pub id: String,
    /// The product it belongs to.
    pub product_id: String,
    /// Variant SKU, for messages.
    pub sku: String,
    /// Price of one item in cents.
    pub unit_price_cents: i64,
    /// Items available.
    pub available_stock: i32,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
struct ProductPriceRow {
    id: String,
    title: String,
    case_price_cents: i64,
    is_show: bool,
    is_apparel: bool,
    in_stock: bool,
    #[diesel(select_expression = unit_products::unit_price_cents.nullable())]
    unit_price_cents: Option<i64>,
    #[diesel(select_expression = unit_products::available.nullable())]
    unit_available: Option<bool>,
}

/// The products with these ids (missing ids are simply absent), with their unit price when an
/// available unit product exists. One query.
///
/// # Errors
/// Database failures.
pub fn products_by_id(
    conn: &mut DbConnection,
    ids: &[String],
) -> Result<HashMap<String, PricedProduct>, DbError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<ProductPriceRow> = products::table
        .left_join(unit_products::table)
        .filter(products::id.eq_any(ids))
        .select(ProductPriceRow::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let unit_price_cents = r
                .unit_price_cents
                .filter(|_| r.unit_available == Some(true));
            let product = PricedProduct {
                id: r.id.clone(),
                title: r.title,
                case_price_cents: r.case_price_cents,
                is_show: r.is_show,
                is_apparel: r.is_apparel,
                in_stock: r.in_stock,
                unit_price_cents,
            };
            (r.id, product)
        })
        .collect())
}

/// The variants with these ids. One query.
///
/// # Errors
/// Database failures.
pub fn variants_by_id(
    conn: &mut DbConnection,
    ids: &[String],
) -> Result<HashMap<String, PricedVariant>, DbError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, String, String, i64, i32)> = apparel_variants::table
        .filter(apparel_variants::id.eq_any(ids))
        .select((
            apparel_variants::id,
            apparel_variants::product_id,
            apparel_variants::sku,
            apparel_variants::unit_price_cents,
            apparel_variants::available_stock,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, product_id, sku, unit_price_cents, available_stock)| {
            (
                id.clone(),
                PricedVariant {
                    id,
                    product_id,
                    sku,
                    unit_price_cents,
                    available_stock,
                },
            )
        })
        .collect())
}

/// The two-letter state of a terminal's address, when the terminal exists.
///
/// # Errors
/// Database failures.
pub fn terminal_state(
    conn: &mut DbConnection,
    terminal_id: &str,
) -> Result<Option<String>, DbError> {
    Ok(terminals::table
        .inner_join(addresses::table)
        .filter(terminals::id.eq(terminal_id))
        .select(addresses::state)
        .first(conn)
        .optional()?)
}
