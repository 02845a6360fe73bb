//! The adapter of the price lookups: products and variants priced for a cart or a checkout.

use super::convert::{self};
use crate::models::UnitProduct;
use crate::schema::{apparel_variants, cart_lines, products, unit_products};
use crate::{DbConnection, DbError};
use diesel::prelude::*;
use domain::catalogue::{PricedProduct, PricedVariant};
use domain::ids::{ProductId, VariantId};
use domain::money::Money;
use std::collections::HashMap;

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
struct PriceRow {
    id: String,
    sku: String,
    title: String,
    case_price_cents: i64,
    is_show: bool,
    is_apparel: bool,
    in_stock: bool,
}

/// `PricedProduct`s by id of the products that `|id| predicate` selects by their id column,
/// with their unit product, in one query. A macro so that each caller keeps a predicate whose
/// statement can be cached (one id, a cart's subquery) or, for a list, an `IN`.
macro_rules! priced_products_where {
    ($conn:expr, |$id:ident| $predicate:expr) => {{
        let $id = products::id;
        let rows: Vec<(PriceRow, Option<UnitProduct>)> = products::table
            .left_join(unit_products::table)
            .filter($predicate)
            .select((PriceRow::as_select(), unit_products::all_columns.nullable()))
            .load($conn)?;
        rows.into_iter()
            .map(|(r, unit)| {
                let id = ProductId::from(r.id);
                let product = PricedProduct {
                    id: id.clone(),
                    sku: r.sku,
                    title: r.title,
                    case_price: Money::from_cents(r.case_price_cents),
                    is_show: r.is_show,
                    is_apparel: r.is_apparel,
                    in_stock: r.in_stock,
                    unit: unit.map(convert::unit_product),
                };
                (id, product)
            })
            .collect::<HashMap<ProductId, PricedProduct>>()
    }};
}

/// `PricedVariant`s by id of the available variants that `|id| predicate` selects by their
/// id column, in one query (see [`priced_products_where`]).
macro_rules! priced_variants_where {
    ($conn:expr, |$id:ident| $predicate:expr) => {{
        let $id = apparel_variants::id;
        let rows: Vec<(String, String, String, i64, i32)> = apparel_variants::table
            .filter($predicate)
            .filter(apparel_variants::available.eq(true))
            .select((
                apparel_variants::id,
                apparel_variants::product_id,
                apparel_variants::sku,
                apparel_variants::unit_price_cents,
                apparel_variants::available_stock,
            ))
            .load($conn)?;
        rows.into_iter()
            .map(|(id, product_id, sku, cents, available_stock)| {
                let id = VariantId::from(id);
                let variant = PricedVariant {
                    id: id.clone(),
                    product_id: product_id.into(),
                    sku,
                    unit_price: Money::from_cents(cents),
                    available_stock,
                };
                (id, variant)
            })
            .collect::<HashMap<VariantId, PricedVariant>>()
    }};
}

/// The products with these ids (missing ids are simply absent), with their unit product. One
/// query.
///
/// # Errors
/// Database failures.
pub fn priced_products(
    conn: &mut DbConnection,
    ids: &[ProductId],
) -> Result<HashMap<ProductId, PricedProduct>, DbError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<&str> = ids.iter().map(ProductId::as_str).collect();
    Ok(priced_products_where!(conn, |id| id.eq_any(ids)))
}

/// The product with this id and its unit product, if there is one. One cached query.
///
/// # Errors
/// Database failures.
pub fn priced_product(
    conn: &mut DbConnection,
    id: &ProductId,
) -> Result<Option<PricedProduct>, DbError> {
    Ok(
        priced_products_where!(conn, |product| product.eq(id.as_str()))
            .into_values()
            .next(),
    )
}

/// The products a cart's lines name, with their unit products. One cached query.
///
/// # Errors
/// Database failures.
pub fn cart_priced_products(
    conn: &mut DbConnection,
    cart: &str,
) -> Result<HashMap<ProductId, PricedProduct>, DbError> {
    let in_cart = cart_lines::table
        .filter(cart_lines::cart_id.eq(cart))
        .select(cart_lines::product_id);
    Ok(priced_products_where!(conn, |id| id.eq_any(in_cart)))
}

/// The available variants with these ids. One query.
///
/// # Errors
/// Database failures.
pub fn priced_variants(
    conn: &mut DbConnection,
    ids: &[VariantId],
) -> Result<HashMap<VariantId, PricedVariant>, DbError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<&str> = ids.iter().map(VariantId::as_str).collect();
    Ok(priced_variants_where!(conn, |id| id.eq_any(ids)))
}

/// The variant with this id, if it is available. One cached query.
///
/// # Errors
/// Database failures.
pub fn priced_variant(
    conn: &mut DbConnection,
    id: &VariantId,
) -> Result<Option<PricedVariant>, DbError> {
    Ok(
        priced_variants_where!(conn, |variant| variant.eq(id.as_str()))
            .into_values()
            .next(),
    )
}

/// The available variants a cart's lines name. One cached query.
///
/// # Errors
/// Database failures.
pub fn cart_priced_variants(
    conn: &mut DbConnection,
    cart: &str,
) -> Result<HashMap<VariantId, PricedVariant>, DbError> {
    let in_cart = cart_lines::table
        .filter(cart_lines::cart_id.eq(cart))
        .filter(cart_lines::variant_id.is_not_null())
        .select(cart_lines::variant_id.assume_not_null());
    Ok(priced_variants_where!(conn, |id| id.eq_any(in_cart)))
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue::pricing::{
        priced_product, priced_products, priced_variant, priced_variants,
    };
    use crate::store::{q, Tx};
    use domain::catalogue::{PricedProduct, PricedVariant};
    use domain::ids::{ProductId, VariantId};
    use domain::pricing::PriceLookups;
    use domain::store::StoreError;
    use std::collections::HashMap;

    impl PriceLookups for Tx<'_> {
        fn priced_products(
            &mut self,
            ids: &[ProductId],
        ) -> Result<HashMap<ProductId, PricedProduct>, StoreError> {
            q(priced_products(self.conn, ids))
        }

        fn priced_variants(
            &mut self,
            ids: &[VariantId],
        ) -> Result<HashMap<VariantId, PricedVariant>, StoreError> {
            q(priced_variants(self.conn, ids))
        }

        fn priced_product(&mut self, id: &ProductId) -> Result<Option<PricedProduct>, StoreError> {
            q(priced_product(self.conn, id))
        }

        fn priced_variant(&mut self, id: &VariantId) -> Result<Option<PricedVariant>, StoreError> {
            q(priced_variant(self.conn, id))
        }
    }
}
