//! Catalogue writes. Each one runs in a transaction that also bumps the catalogue version
//! ([`super::bump_version`]), so that every API node drops its cached answers.

use chrono::Utc;
use diesel::prelude::*;

use super::bump_version;
use crate::schema::products;
use crate::{DbConnection, DbError};

/// Sets a product's `in_stock` flag (the admin's case availability switch) and bumps the
/// catalogue version, in one transaction. Returns whether the product exists.
///
/// # Errors
/// Database failures.
pub fn set_product_in_stock(
    conn: &mut DbConnection,
    id: &str,
    in_stock: bool,
) -> Result<bool, DbError> {
    conn.transaction(|conn| {
        let changed = diesel::update(products::table.filter(products::id.eq(id.to_owned())))
            .set((
                products::in_stock.eq(in_stock),
                products::updated_on.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)?;
        if changed > 0 {
            bump_version(conn)?;
        }
        Ok(changed > 0)
    })
}
