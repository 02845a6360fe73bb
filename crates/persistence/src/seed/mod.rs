//! Seed data: the reference enumerations, a deterministic demo shop and bulk products for
//! load tests. Everything here is idempotent or guarded, and deterministic: ids are uuid v5 of
//! a fixed namespace, random choices come from seeded generators.

mod bulk;
mod catalogue;
mod demo;
mod reference;
mod terminals;

use std::collections::HashMap;

use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::DbConnection;
use crate::error::DbError;
use crate::models::{Product, ProductColor, ProductEffect, UnitProduct};
use crate::schema::{self, product_colors, product_effects, products, unit_products};

pub use bulk::seed_bulk_products;
pub use demo::seed_demo_shop;
pub use reference::{
    seed_reference_data, APPAREL_CATEGORY, BRANDS, CATEGORIES, COLORS, EFFECTS, SHOW_TYPES,
};
#[cfg(test)]
pub use terminals::shippable_states;

/// The namespace of every seeded id (uuid v5 of kind and key).
const SEED_NAMESPACE: Uuid = Uuid::from_u128(0x6f1c_2a8e_4b7d_4e21_9c3a_5d8f_0b6e_7a19);

/// The stable id of a seeded row: uuid v5 of `"{kind}:{key}"` in the seed namespace, so that
/// every fresh database gets the same ids (e.g. `seed_id("brand", "Cody B")`).
pub fn seed_id(kind: &str, key: &str) -> String {
    Uuid::new_v5(&SEED_NAMESPACE, format!("{kind}:{key}").as_bytes()).to_string()
}

/// The price helper of the specification (`domain::pricing::price_helper`) in cents: the cost
/// is the case price, `qty` the first package number.
///
/// # Errors
/// [`StoreError::Other`] naming the helper's refusal (a case price that is not positive, a zero
/// quantity): a seed never stores a made-up price.
pub fn unit_price_cents(case_price_cents: i64, qty: u32) -> Result<i64, DbError> {
    domain::pricing::price_helper(domain::money::Money::from_cents(case_price_cents), qty)
        .map(|price| price.cents())
        .map_err(|e| {
            DbError::other(format!(
                "unit price of {case_price_cents} cents / {qty}: {e}"
            ))
        })
}

/// The unit package of a case package (`domain::pricing::unit_package`): `[1, rest of the case
/// package]` ("12,6" -> "1,6"); "1" for a package that does not parse.
pub fn unit_package(case_package: &str) -> String {
    domain::catalogue::Package::parse(case_package).map_or_else(
        |_| "1".to_owned(),
        |p| domain::pricing::unit_package(&p).to_db_string(),
    )
}

/// Whether the catalogue has no products yet (the demo shop is only seeded then).
///
/// # Errors
/// Any [`DbError`] of the query.
pub fn is_catalogue_empty(conn: &mut DbConnection) -> Result<bool, DbError> {
    let any: Option<String> = products::table
        .select(products::id)
        .first(conn)
        .optional()?;
    Ok(any.is_none())
}

/// Row counts of every table of the schema (read from the database's own catalogue, so a new
/// table is counted without being listed here), by table name in name order. Not the
/// bookkeeping of diesel's migrations nor the request limits' counters (`rate_limits`), which
/// count requests, refused ones too, as the in-memory limits do: they hold no shop data.
///
/// # Errors
/// Any [`DbError`] of the queries.
pub fn table_counts(conn: &mut DbConnection) -> Result<Vec<(String, i64)>, DbError> {
    #[derive(QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    // The two catalogues differ: one explicit match (STYLE.md, "Database").
    let tables = match conn {
        DbConnection::Sqlite(_) => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             AND name NOT IN ('__diesel_schema_migrations', 'rate_limits') ORDER BY name"
        }
        DbConnection::Postgresql(_) => {
            "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() \
             AND tablename NOT IN ('__diesel_schema_migrations', 'rate_limits') \
             ORDER BY tablename"
        }
    };
    let names: Vec<Name> = diesel::sql_query(tables).load(conn)?;
    names
        .into_iter()
        .map(|Name { name }| {
            // The names come from the catalogue itself, never from a caller.
            let count: Count = diesel::sql_query(format!("SELECT COUNT(*) AS n FROM \"{name}\""))
                .get_result(conn)?;
            Ok((name, count.n))
        })
        .collect()
}

/// Name -> id maps of the reference tables, read back from the database (an admin may have
/// added or removed entries since they were seeded).
#[derive(Debug, Default)]
struct Refs {
    brands: HashMap<String, String>,
    categories: HashMap<String, String>,
    colors: HashMap<String, String>,
    effects: HashMap<String, String>,
    show_types: HashMap<String, String>,
    apparel_types: HashMap<String, String>,
}

impl Refs {
    fn load(conn: &mut DbConnection) -> Result<Self, DbError> {
        macro_rules! names {
            ($table:ident) => {
                schema::$table::table
                    .select((schema::$table::name, schema::$table::id))
                    .load::<(String, String)>(conn)?
                    .into_iter()
                    .collect::<HashMap<String, String>>()
            };
        }
        Ok(Self {
            brands: names!(brands),
            categories: names!(categories),
            colors: names!(colors),
            effects: names!(effects),
            show_types: names!(show_types),
            apparel_types: names!(apparel_types),
        })
    }

    /// The id of `name` in `map`, or an error naming the missing entry.
    fn require(map: &HashMap<String, String>, kind: &str, name: &str) -> Result<String, DbError> {
        map.get(name)
            .cloned()
            .ok_or_else(|| DbError::other(format!("seed needs the {kind} \"{name}\"")))
    }

    /// Ids of those of `names` that exist, in order.
    fn existing(map: &HashMap<String, String>, names: &[&str]) -> Vec<String> {
        names.iter().filter_map(|n| map.get(*n).cloned()).collect()
    }
}

/// A product with the rows that hang off it, ready for a batch insert.
#[derive(Debug, Clone)]
struct ProductBundle {
    product: Product,
    color_ids: Vec<String>,
    effect_ids: Vec<String>,
    unit: Option<UnitProduct>,
}

/// Rows per multi-row INSERT, kept well under SQLite's 32766 host parameters
/// (products have 19 columns: 500 x 19 = 9500).
const PRODUCT_CHUNK: usize = 500;
const LINK_CHUNK: usize = 4_000;
const UNIT_CHUNK: usize = 1_000;

/// Inserts products with their colour and effect links and unit products, in multi-row
/// INSERTs. The caller owns the transaction.
fn insert_bundles(conn: &mut DbConnection, bundles: &[ProductBundle]) -> Result<(), DbError> {
    // chunks() yields no empty chunk, so no empty INSERT is ever sent.
    for chunk in bundles.chunks(PRODUCT_CHUNK) {
        let rows: Vec<&Product> = chunk.iter().map(|b| &b.product).collect();
        insert_rows!(conn, products::table, rows)?;
    }
    let colors = links(
        bundles,
        |b| &b.color_ids,
        |product_id, color_id| ProductColor {
            product_id,
            color_id,
        },
    );
    for chunk in colors.chunks(LINK_CHUNK) {
        insert_rows!(conn, product_colors::table, chunk)?;
    }
    let effects = links(
        bundles,
        |b| &b.effect_ids,
        |product_id, effect_id| ProductEffect {
            product_id,
            effect_id,
        },
    );
    for chunk in effects.chunks(LINK_CHUNK) {
        insert_rows!(conn, product_effects::table, chunk)?;
    }
    let units: Vec<&UnitProduct> = bundles.iter().filter_map(|b| b.unit.as_ref()).collect();
    for chunk in units.chunks(UNIT_CHUNK) {
        insert_rows!(conn, unit_products::table, chunk.to_vec())?;
    }
    Ok(())
}

/// One link row (`row(product id, linked id)`) per id that `ids` names on each bundle.
fn links<T>(
    bundles: &[ProductBundle],
    ids: impl Fn(&ProductBundle) -> &Vec<String>,
    row: impl Fn(String, String) -> T,
) -> Vec<T> {
    bundles
        .iter()
        .flat_map(|b| {
            ids(b)
                .iter()
                .map(|id| row(b.product.id.clone(), id.clone()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_price_helper_rounds_up_to_a_dollar_minus_a_cent() {
        // 300.00 / 2.016 / 12 * 2.65 = 32.86 -> 33 -> 32.99
        let unit_price_cents = |cents, qty| unit_price_cents(cents, qty).ok();
        assert_eq!(unit_price_cents(30_000, 12), Some(3_299));
        // 100.80 / 2.016 / 1 * 2.65 = 132.5 -> 133 -> 132.99
        assert_eq!(unit_price_cents(10_080, 1), Some(13_299));
        // 20.16 / 2.016 * 2.65 = 26.5 -> 27 -> 26.99
        assert_eq!(unit_price_cents(2_016, 1), Some(2_699));
        // 76.08 / 2.016 * 2.65 = 100.006 -> 101 -> 100.99
        assert_eq!(unit_price_cents(7_608, 1), Some(10_099));
        // 76.05 / 2.016 * 2.65 = 99.97 -> 100 -> 99.99
        assert_eq!(unit_price_cents(7_605, 1), Some(9_999));
        // 40.32 / 2.016 * 2.65 = 53 exactly: no rounding up -> 52.99
        assert_eq!(unit_price_cents(4_032, 1), Some(5_299));
        assert_eq!(unit_price_cents(0, 12), None);
    }

    #[test]
    fn unit_packages_keep_the_rest_of_the_case_package() {
        assert_eq!(unit_package("12,6"), "1,6");
        assert_eq!(unit_package("36,1"), "1,1");
        assert_eq!(unit_package("4,24,2"), "1,24,2");
        assert_eq!(unit_package("1"), "1");
    }

    #[test]
    fn seed_ids_are_stable_v5_uuids() {
        let id = seed_id("brand", "Cody B");
        assert_eq!(id, seed_id("brand", "Cody B"));
        assert_ne!(id, seed_id("brand", "Generic"));
        let parsed = Uuid::parse_str(&id).expect("uuid");
        assert_eq!(parsed.get_version_num(), 5);
    }
}
