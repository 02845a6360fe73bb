//! Rows of the demo catalogue that tests outside this crate build requests from (they have no
//! diesel of their own: the schema is private to this crate).

use diesel::prelude::*;

use super::TestDatabase;
use crate::error::DbError;
use crate::schema::{addresses, apparel_variants, products, terminals, unit_products};

/// Products of the demo catalogue to build carts and quotes from, the first of each kind by
/// SKU.
#[derive(Debug, Clone)]
pub struct QuoteSamples {
    /// A case-breakable firework with an available unit product: (id, case cents, unit cents).
    pub breakable: (String, i64, i64),
    /// A firework sold by the case only: (id, case cents).
    pub case_only: (String, i64),
    /// A show: (id, cents).
    pub show: (String, i64),
    /// Every apparel variant by SKU: (product id, variant id, unit cents).
    pub variants: Vec<(String, String, i64)>,
    /// A terminal in North Dakota.
    pub nd_terminal: String,
}

impl TestDatabase {
    /// The [`QuoteSamples`] of a database seeded with the demo shop.
    ///
    /// # Errors
    /// [`StoreError::NotFound`](domain::store::StoreError::NotFound) when the demo shop is not there.
    pub fn quote_samples(&self) -> Result<QuoteSamples, DbError> {
        let mut conn = self.db().get()?;
        let conn = &mut *conn;
        let breakable = products::table
            .inner_join(unit_products::table)
            .filter(
                products::is_case_breakable
                    .eq(true)
                    .and(unit_products::available.eq(true)),
            )
            .order(products::sku)
            .select((
                products::id,
                products::case_price_cents,
                unit_products::unit_price_cents,
            ))
            .first(conn)?;
        let case_only = products::table
            .filter(
                products::is_case_breakable
                    .eq(false)
                    .and(products::is_show.eq(false))
                    .and(products::is_apparel.eq(false)),
            )
            .order(products::sku)
            .select((products::id, products::case_price_cents))
            .first(conn)?;
        let show = products::table
            .filter(products::is_show.eq(true))
            .order(products::sku)
            .select((products::id, products::case_price_cents))
            .first(conn)?;
        let variants = apparel_variants::table
            .order(apparel_variants::sku)
            .select((
                apparel_variants::product_id,
                apparel_variants::id,
                apparel_variants::unit_price_cents,
            ))
            .load(conn)?;
        let nd_terminal = terminals::table
            .inner_join(addresses::table)
            .filter(addresses::state.eq("ND"))
            .select(terminals::id)
            .first(conn)?;
        Ok(QuoteSamples {
            breakable,
            case_only,
            show,
            variants,
            nd_terminal,
        })
    }

    /// `ids` in the database's newest-first order (creation time, then id, both descending).
    ///
    /// # Errors
    /// Database failures.
    pub fn newest_first(&self, ids: &[String]) -> Result<Vec<String>, DbError> {
        let mut conn = self.db().get()?;
        Ok(products::table
            .filter(products::id.eq_any(ids))
            .order((products::created_on.desc(), products::id.desc()))
            .select(products::id)
            .load(&mut *conn)?)
    }
}
