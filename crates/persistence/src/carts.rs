//! Carts and their lines.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::cart::StoredLine;
use domain::ids::{CartId, ProductId, UserId, VariantId};
use uuid::Uuid;

use crate::models::CartLine;
use crate::native::CacheDsl as _;
use crate::native::Native as _;
use crate::schema::{cart_lines, carts};
use crate::{DbConnection, DbError};
/// The owner of a cart; with `lock`, the cart row stays locked until the transaction ends.
///
/// # Errors
/// Database failures.
pub fn owner(
    conn: &mut DbConnection,
    cart: &CartId,
    lock: bool,
) -> Result<Option<UserId>, DbError> {
    let query = carts::table.find(cart.as_str()).select(carts::user_id);
    // PostgreSQL: changes of one cart take turns (SQLite's write lock does it).
    let owner = match conn {
        DbConnection::Postgresql(c) if lock => {
            query.for_no_key_update().first::<String>(c).optional()?
        }
        _ => query.first_native::<String>(conn).optional()?,
    };
    Ok(owner.map(UserId::from))
}

fn quantity(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

fn count(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The lines of a cart, oldest first.
///
/// # Errors
/// Database failures.
pub fn lines(conn: &mut DbConnection, cart: &CartId) -> Result<Vec<StoredLine>, DbError> {
    let rows: Vec<CartLine> = native!(conn, |c| cart_lines::table
        .filter(cart_lines::cart_id.eq(cart.as_str()))
        .order((cart_lines::created_on.asc(), cart_lines::id.asc()))
        .select(CartLine::as_select())
        .load(c))?;
    Ok(rows.into_iter().map(stored_line).collect())
}

/// The domain's line of a `cart_lines` row.
pub(crate) fn stored_line(r: CartLine) -> StoredLine {
    StoredLine {
        id: r.id.into(),
        product_id: r.product_id.into(),
        variant_id: r.variant_id.map(VariantId::from),
        case_quantity: quantity(r.case_quantity),
        unit_quantity: quantity(r.unit_quantity),
    }
}

/// Creates the line of `product` and `variant` (the cart has none: see the port).
///
/// # Errors
/// [`StoreError::Conflict`] when the product or variant no longer exists; [`StoreError::Duplicate`]
/// when the line exists.
pub fn add_line(
    conn: &mut DbConnection,
    cart: &CartId,
    product: &ProductId,
    variant: Option<&VariantId>,
    cases: u32,
    units: u32,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let key = variant.map_or("", VariantId::as_str);
    diesel::insert_into(cart_lines::table)
        .values(&CartLine {
            id: Uuid::now_v7().to_string(),
            cart_id: cart.as_str().to_owned(),
            product_id: product.as_str().to_owned(),
            variant_id: variant.map(|v| v.as_str().to_owned()),
            variant_key: key.to_owned(),
            case_quantity: count(cases),
            unit_quantity: count(units),
            created_on: at,
        })
        .execute_native(conn)?;
    Ok(())
}

/// Sets the quantities of the line `line` of `cart`.
///
/// # Errors
/// Database failures.
pub fn set_line(
    conn: &mut DbConnection,
    cart: &CartId,
    line: &str,
    cases: u32,
    units: u32,
) -> Result<(), DbError> {
    diesel::update(
        cart_lines::table
            .filter(cart_lines::id.eq(line))
            .filter(cart_lines::cart_id.eq(cart.as_str())),
    )
    .set((
        cart_lines::case_quantity.eq(count(cases)),
        cart_lines::unit_quantity.eq(count(units)),
    ))
    .cached()
    .execute_native(conn)?;
    Ok(())
}

/// Deletes the line of `product` and `variant`; answers whether there was one.
///
/// # Errors
/// Database failures.
pub fn delete_line(
    conn: &mut DbConnection,
    cart: &CartId,
    product: &ProductId,
    variant: Option<&VariantId>,
) -> Result<bool, DbError> {
    let key = variant.map_or("", VariantId::as_str);
    let n = diesel::delete(
        cart_lines::table
            .filter(cart_lines::cart_id.eq(cart.as_str()))
            .filter(cart_lines::product_id.eq(product.as_str()))
            .filter(cart_lines::variant_key.eq(key)),
    )
    .execute_native(conn)?;
    Ok(n > 0)
}

/// Deletes every line of a cart.
///
/// # Errors
/// Database failures.
pub fn clear(conn: &mut DbConnection, cart: &CartId) -> Result<(), DbError> {
    diesel::delete(cart_lines::table.filter(cart_lines::cart_id.eq(cart.as_str())))
        .execute_native(conn)?;
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use crate::{carts, users};
    use chrono::NaiveDateTime;
    use domain::cart::Carts;
    use domain::cart::StoredLine;
    use domain::catalogue::{PricedProduct, PricedVariant, Product};
    use domain::ids::{CartId, CartLineId, ProductId, UserId, VariantId};
    use domain::store::StoreError;
    use std::collections::HashMap;

    impl Carts for Tx<'_> {
        fn insert_empty_cart(
            &mut self,
            user: &UserId,
            at: NaiveDateTime,
        ) -> Result<CartId, StoreError> {
            q(users::insert_empty_cart(self.conn, user, at))
        }

        fn cart_of(&mut self, user: &UserId) -> Result<Option<CartId>, StoreError> {
            q(users::cart_id_of(self.conn, user))
        }

        fn cart_owner(&mut self, cart: &CartId) -> Result<Option<UserId>, StoreError> {
            q(carts::owner(self.conn, cart, self.writing))
        }

        fn cart_lines(&mut self, cart: &CartId) -> Result<Vec<StoredLine>, StoreError> {
            q(carts::lines(self.conn, cart))
        }

        fn cart_products(
            &mut self,
            cart: &CartId,
            ids: &[ProductId],
        ) -> Result<Vec<Product>, StoreError> {
            if !self.writing {
                let indexed = catalogue::products_by_index(self.conn, self.db, self.version, ids);
                if let Some(found) = q(indexed)? {
                    return Ok(found);
                }
            }
            q(catalogue::cart_products(self.conn, cart.as_str()))
        }

        fn cart_priced_lines(
            &mut self,
            cart: &CartId,
        ) -> Result<(Vec<StoredLine>, HashMap<ProductId, PricedProduct>), StoreError> {
            q(catalogue::cart_priced_lines(self.conn, cart.as_str()))
        }

        fn cart_priced_variants(
            &mut self,
            cart: &CartId,
        ) -> Result<HashMap<VariantId, PricedVariant>, StoreError> {
            q(catalogue::cart_priced_variants(self.conn, cart.as_str()))
        }

        fn add_cart_line(
            &mut self,
            cart: &CartId,
            product: &ProductId,
            variant: Option<&VariantId>,
            cases: u32,
            units: u32,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(carts::add_line(
                self.conn, cart, product, variant, cases, units, at,
            ))
        }

        fn set_cart_line(
            &mut self,
            cart: &CartId,
            line: &CartLineId,
            cases: u32,
            units: u32,
        ) -> Result<(), StoreError> {
            q(carts::set_line(
                self.conn,
                cart,
                line.as_str(),
                cases,
                units,
            ))
        }

        fn delete_cart_line(
            &mut self,
            cart: &CartId,
            product: &ProductId,
            variant: Option<&VariantId>,
        ) -> Result<bool, StoreError> {
            q(carts::delete_line(self.conn, cart, product, variant))
        }

        fn clear_cart(&mut self, cart: &CartId) -> Result<(), StoreError> {
            q(carts::clear(self.conn, cart))
        }
    }
}
