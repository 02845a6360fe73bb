//! The adapter of the price lookups: products and variants priced for a cart or a checkout.

use super::convert::{self};
use crate::carts;
use crate::models::{CartLine, UnitProduct};
use crate::native::Native as _;
use crate::schema::{apparel_variants, cart_lines, products, unit_products};
use crate::{DbConnection, DbError};
use diesel::prelude::*;
use domain::cart::StoredLine;
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
        let rows: Vec<(PriceRow, Option<UnitProduct>)> = native!($conn, |c| products::table
            .left_join(unit_products::table)
            .filter($predicate)
            .select((PriceRow::as_select(), unit_products::all_columns.nullable()))
            .load(c))?;
        rows.into_iter()
            .map(|(r, unit)| {
                let product = priced(r, unit);
                (product.id.clone(), product)
            })
            .collect::<HashMap<ProductId, PricedProduct>>()
    }};
}

/// What pricing needs of a product, from its row and its unit product's.
fn priced(r: PriceRow, unit: Option<UnitProduct>) -> PricedProduct {
    PricedProduct {
        id: ProductId::from(r.id),
        sku: r.sku,
        title: r.title,
        case_price: Money::from_cents(r.case_price_cents),
        is_show: r.is_show,
        is_apparel: r.is_apparel,
        in_stock: r.in_stock,
        unit: unit.map(convert::unit_product),
    }
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
            .load_native($conn)?;
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

/// The lookups of one priced kind over its `*_where!` query: those with these ids (missing ids
/// are simply absent; one query, an `IN`), the one with this id (one cached query) and, when
/// named, those a cart's lines name (one cached query; `|cart| subquery` selects the ids from
/// `cart_lines`; a cart's products come with its lines instead, [`cart_priced_lines`]).
macro_rules! priced_lookups {
    ($kind:ident by $id:ident, $where:ident: $many:ident, $one:ident
        $(, $in_cart:ident = |$cart:ident| $lines:expr)?) => {
        #[doc = concat!("The `", stringify!($kind), "`s with these ids, by id. One query.")]
        ///
        /// # Errors
        /// Database failures.
        pub fn $many(conn: &mut DbConnection, ids: &[$id]) -> Result<HashMap<$id, $kind>, DbError> {
            if ids.is_empty() {
                return Ok(HashMap::new());
            }
            let ids: Vec<&str> = ids.iter().map($id::as_str).collect();
            Ok($where!(conn, |column| column.eq_any(ids)))
        }

        #[doc = concat!("The `", stringify!($kind), "` with this id, if any. One cached query.")]
        ///
        /// # Errors
        /// Database failures.
        pub fn $one(conn: &mut DbConnection, id: &$id) -> Result<Option<$kind>, DbError> {
            Ok($where!(conn, |column| column.eq(id.as_str()))
                .into_values()
                .next())
        }

        $(
        #[doc = concat!("The `", stringify!($kind), "`s a cart's lines name. One cached query.")]
        ///
        /// # Errors
        /// Database failures.
        pub fn $in_cart(
            conn: &mut DbConnection,
            cart: &str,
        ) -> Result<HashMap<$id, $kind>, DbError> {
            let $cart = cart;
            let in_cart = $lines;
            Ok($where!(conn, |column| column.eq_any(in_cart)))
        }
        )?
    };
}

priced_lookups!(PricedProduct by ProductId, priced_products_where:
    priced_products, priced_product);

/// The lines of a cart, oldest first, with what pricing needs of the products they name (each
/// once): one cached query where the lines and their products took two. Every line has its
/// product (`cart_lines.product_id` references it, and deleting a product deletes its lines).
///
/// # Errors
/// Database failures.
pub fn cart_priced_lines(
    conn: &mut DbConnection,
    cart: &str,
) -> Result<(Vec<StoredLine>, HashMap<ProductId, PricedProduct>), DbError> {
    let rows: Vec<(CartLine, PriceRow, Option<UnitProduct>)> =
        native!(conn, |c| cart_lines::table
            .inner_join(products::table.left_join(unit_products::table))
            .filter(cart_lines::cart_id.eq(cart))
            .order((cart_lines::created_on.asc(), cart_lines::id.asc()))
            .select((
                CartLine::as_select(),
                PriceRow::as_select(),
                unit_products::all_columns.nullable(),
            ))
            .load(c))?;
    let mut lines = Vec::with_capacity(rows.len());
    let mut products = HashMap::with_capacity(rows.len());
    for (line, product, unit) in rows {
        lines.push(carts::stored_line(line));
        products
            .entry(ProductId::from(product.id.clone()))
            .or_insert_with(|| priced(product, unit));
    }
    Ok((lines, products))
}

priced_lookups!(PricedVariant by VariantId, priced_variants_where:
    priced_variants, priced_variant, cart_priced_variants = |cart| cart_lines::table
        .filter(cart_lines::cart_id.eq(cart))
        .filter(cart_lines::variant_id.is_not_null())
        .select(cart_lines::variant_id.assume_not_null()));

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
