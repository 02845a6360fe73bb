//! Reading the index's facts from the database: every product (a full build), some products
//! (catching up with the change log), the vocabularies, and the change log itself.

use std::collections::HashMap;

use diesel::prelude::*;

use super::data::{Entry, Term, Terms, Vocab};
use crate::in_json::in_json;
use crate::models::{ApparelVariant, IndexedProduct, ShownProduct, UnitProduct};
use crate::schema::{
    apparel_types, apparel_variants, brands, catalogue_changes, categories, colors, effects,
    product_colors, product_effects, products, show_types, unit_products,
};
use crate::{DbConnection, DbError};

/// A product's columns: what the filters read, what a page shows, and its unit product.
type ProductRow = (IndexedProduct, ShownProduct, Option<UnitProduct>);

/// The products' columns, unit products, links and available variants, selected by `$which`
/// (a predicate over a product id column). A macro because each predicate is its own query
/// type.
macro_rules! load_entries {
    ($conn:expr, |$id:ident| $which:expr) => {{
        let products: Vec<ProductRow> = {
            let $id = products::id;
            products::table
                .left_join(unit_products::table)
                .filter($which)
                .select((
                    IndexedProduct::as_select(),
                    ShownProduct::as_select(),
                    unit_products::all_columns.nullable(),
                ))
                .load($conn)?
        };
        let colours: Vec<(String, String)> = {
            let $id = product_colors::product_id;
            product_colors::table
                .filter($which)
                .select((product_colors::product_id, product_colors::color_id))
                .load($conn)?
        };
        let effect_links: Vec<(String, String)> = {
            let $id = product_effects::product_id;
            product_effects::table
                .filter($which)
                .select((product_effects::product_id, product_effects::effect_id))
                .load($conn)?
        };
        let variants: Vec<ApparelVariant> = {
            let $id = apparel_variants::product_id;
            apparel_variants::table
                .filter($which)
                .filter(apparel_variants::available.eq(true))
                .select(ApparelVariant::as_select())
                .load($conn)?
        };
        entries(products, colours, effect_links, variants)
    }};
}

/// Assembles the entries of `products` with their links and variants.
fn entries(
    products: Vec<ProductRow>,
    colours: Vec<(String, String)>,
    effect_links: Vec<(String, String)>,
    variants: Vec<ApparelVariant>,
) -> Vec<Entry> {
    let mut colours_of: HashMap<String, Vec<String>> = HashMap::new();
    for (product, colour) in colours {
        colours_of.entry(product).or_default().push(colour);
    }
    let mut effects_of: HashMap<String, Vec<String>> = HashMap::new();
    for (product, effect) in effect_links {
        effects_of.entry(product).or_default().push(effect);
    }
    let mut variants_of: HashMap<String, Vec<ApparelVariant>> = HashMap::new();
    for variant in variants {
        variants_of
            .entry(variant.product_id.clone())
            .or_default()
            .push(variant);
    }
    products
        .into_iter()
        .map(|(product, shown, unit)| Entry {
            colors: colours_of.remove(&product.id).unwrap_or_default(),
            effects: effects_of.remove(&product.id).unwrap_or_default(),
            variants: variants_of.remove(&product.id).unwrap_or_default(),
            product,
            shown,
            unit,
        })
        .collect()
}

/// Products read per statement while building: the build never holds more than this many
/// products' rows besides the index.
/// (Tiny under test, so the property tests cross many batch boundaries.)
const BATCH: i64 = if cfg!(test) { 7 } else { 5_000 };

/// Hands every product's entry to `each`, reading them in batches of consecutive ids.
///
/// # Errors
/// Database failures.
pub(crate) fn each_entry(
    conn: &mut DbConnection,
    mut each: impl FnMut(Entry),
) -> Result<(), DbError> {
    let mut after = String::new();
    loop {
        // The batch is the ids after `after` up to `last`: one range for every table.
        let last: Option<String> = products::table
            .filter(products::id.gt(&after))
            .order(products::id)
            .select(products::id)
            .offset(BATCH - 1)
            .first(conn)
            .optional()?;
        let done = last.is_none();
        let entries = match &last {
            Some(last) => load_entries!(conn, |id| id.gt(&after).and(id.le(last))),
            None => load_entries!(conn, |id| id.gt(&after)),
        };
        for entry in entries {
            each(entry);
        }
        match last {
            Some(last) if !done => after = last,
            _ => return Ok(()),
        }
    }
}

/// The entries of those of `ids` that exist.
///
/// # Errors
/// Database failures.
pub(crate) fn some_entries(conn: &mut DbConnection, ids: &[String]) -> Result<Vec<Entry>, DbError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(load_entries!(conn, |id| in_json(id, ids)))
}

/// The vocabularies (what filters name, and the names pages show).
///
/// # Errors
/// Database failures.
pub(crate) fn terms(conn: &mut DbConnection) -> Result<Terms, DbError> {
    let named = |rows: Vec<(String, String)>| {
        Vocab::new(
            rows.into_iter()
                .map(|(id, name)| term(id, name, None))
                .collect(),
        )
    };
    let described = |rows: Vec<(String, String, Option<String>)>| {
        Vocab::new(
            rows.into_iter()
                .map(|(id, name, description)| term(id, name, description))
                .collect(),
        )
    };
    Ok(Terms {
        brands: named(
            brands::table
                .select((brands::id, brands::name))
                .load(conn)?,
        ),
        categories: named(
            categories::table
                .select((categories::id, categories::name))
                .load(conn)?,
        ),
        colors: named(
            colors::table
                .select((colors::id, colors::name))
                .load(conn)?,
        ),
        effects: named(
            effects::table
                .select((effects::id, effects::name))
                .load(conn)?,
        ),
        apparel_types: described(
            apparel_types::table
                .select((
                    apparel_types::id,
                    apparel_types::name,
                    apparel_types::description,
                ))
                .load(conn)?,
        ),
        show_types: described(
            show_types::table
                .select((show_types::id, show_types::name, show_types::description))
                .load(conn)?,
        ),
    })
}

fn term(id: String, name: String, description: Option<String>) -> Term {
    Term {
        name_lower: name.to_lowercase(),
        id,
        name,
        description,
    }
}

/// The change log's rows of the versions after `after` up to `upto`: `(version, product id)`.
///
/// # Errors
/// Database failures.
pub(crate) fn changes(
    conn: &mut DbConnection,
    after: i64,
    upto: i64,
) -> Result<Vec<(i64, String)>, DbError> {
    Ok(catalogue_changes::table
        .filter(catalogue_changes::version.gt(after))
        .filter(catalogue_changes::version.le(upto))
        .select((catalogue_changes::version, catalogue_changes::product_id))
        .load(conn)?)
}
