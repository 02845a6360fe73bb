//! Catalogue writes. The domain's use cases run each one in a write transaction that also
//! moves the catalogue version on (`Catalogue::bump_catalogue_version`), so that every API
//! node drops its cached answers.

use chrono::Utc;
use diesel::prelude::*;

use crate::schema::products;
use crate::{DbConnection, DbError};

/// Sets a product's `in_stock` flag (the admin's case availability switch). Returns whether
/// the product exists.
///
/// # Errors
/// Database failures.
pub fn set_product_in_stock(
    conn: &mut DbConnection,
    id: &str,
    in_stock: bool,
) -> Result<bool, DbError> {
    let changed = diesel::update(products::table.filter(products::id.eq(id.to_owned())))
        .set((
            products::in_stock.eq(in_stock),
            products::updated_on.eq(Utc::now().naive_utc()),
        ))
        .execute(conn)?;
    Ok(changed > 0)
}
