//! Bulk products for load tests (`shop seed --products N`).

use chrono::Utc;
use diesel::connection::SimpleConnection;
use diesel::dsl::max;
use diesel::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use uuid::Uuid;

use super::catalogue::{
    case_price_cents, description, pick, profiles, sample, title, video_url, CategoryProfile,
};
use super::reference::{BRANDS, COLORS};
use super::{
    insert_bundles, seed_reference_data, unit_package, unit_price_cents, ProductBundle, Refs,
};
use crate::catalogue::bump_version;
use crate::connection::DbConnection;
use crate::error::DbError;
use crate::models::{Product, UnitProduct};
use crate::schema::products;
use domain::demo_pictures::{demo_image, Motif};

/// A category profile with its category id and its effects' (name, id) pairs.
type ResolvedProfile = (
    &'static CategoryProfile,
    String,
    Vec<(&'static str, String)>,
);

/// Bulk SKUs are `BLK-` and eight digits, numbered on from the highest one present.
const SKU_PREFIX: &str = "BLK-";
/// Products per transaction (inserted 500 rows per statement by `insert_bundles`). Larger
/// transactions write each touched index page once per commit instead of once per 500 rows.
const BATCH: u64 = 5_000;

/// Adds `n` generated fireworks products (with colours, effects and, for about a quarter, unit
/// products) in batches of 5,000 (multi-row INSERTs of 500), one transaction per batch, and
/// returns how many it added. Ids are uuid v7; the data is otherwise deterministic.
/// `progress(done, total)` is called after every batch (and once at the start). SKUs are
/// `BLK-00000001` onwards, continuing after earlier bulk runs, so they never collide with
/// demo SKUs or each other. The reference data is seeded first if missing.
///
/// # Errors
/// Any [`DbError`]; batches committed before the error stay.
pub fn seed_bulk_products(
    conn: &mut DbConnection,
    n: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<u64, DbError> {
    // Random uuid and title keys touch index pages all over the file: with SQLite's default
    // 2 MB page cache the inserts slow down several times past ~20k products. A large cache
    // on this connection for the duration keeps the seed linear; the default comes back after.
    let sqlite = matches!(conn, DbConnection::Sqlite(_));
    if sqlite {
        conn.batch_execute("PRAGMA cache_size = -262144")?;
    }
    let result = bulk(conn, n, progress);
    if sqlite {
        conn.batch_execute("PRAGMA cache_size = -2000")?;
    }
    result
}

fn bulk(
    conn: &mut DbConnection,
    n: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<u64, DbError> {
    seed_reference_data(conn)?;
    let refs = Refs::load(conn)?;
    let brand_ids = Refs::existing(&refs.brands, &BRANDS);
    let profiles: Vec<ResolvedProfile> = profiles()
        .iter()
        .filter_map(|p| {
            let category = refs.categories.get(p.name)?.clone();
            let effects = p
                .effects
                .iter()
                .filter_map(|e| refs.effects.get(*e).map(|id| (*e, id.clone())))
                .collect();
            Some((p, category, effects))
        })
        .collect();
    if brand_ids.is_empty() || profiles.is_empty() {
        return Err(DbError::other(
            "bulk seed needs brands and categories".to_owned(),
        ));
    }
    let first = next_bulk_number(conn)?;
    let mut rng = StdRng::seed_from_u64(0xB011_C0DE ^ first);
    let now = Utc::now().naive_utc();
    let mut done = 0;
    progress(0, n);
    while done < n {
        let size = BATCH.min(n - done);
        let mut bundles = Vec::with_capacity(size as usize);
        for k in 0..size {
            let number = first + done + k;
            let sku = format!("{SKU_PREFIX}{number:08}");
            let (profile, category_id, effects) = &profiles[rng.gen_range(0..profiles.len())];
            let package = pick(&mut rng, &profile.packages);
            let qty: u32 = package
                .split(',')
                .next()
                .and_then(|q| q.parse().ok())
                .unwrap_or(1);
            let case_price = case_price_cents(&mut rng, profile, i64::from(qty));
            let color_count = rng.gen_range(1..=3);
            let color_names = sample(&mut rng, &COLORS, color_count);
            let effect_count = rng.gen_range(1..=3).min(effects.len());
            let chosen: Vec<&(&str, String)> =
                rand::seq::index::sample(&mut rng, effects.len(), effect_count)
                    .into_iter()
                    .filter_map(|i| effects.get(i))
                    .collect();
            let effect_names: Vec<&str> = chosen.iter().map(|(name, _)| *name).collect();
            let title = title(&mut rng, profile);
            let description = description(&mut rng, profile, package, &color_names, &effect_names);
            // Time-ordered v7 ids (rows made at run time): the primary-key and link indexes
            // grow at their end instead of at random places.
            let id = Uuid::now_v7().to_string();
            let case_breakable = rng.gen_bool(0.25);
            let unit = if case_breakable {
                Some(UnitProduct {
                    id: Uuid::now_v7().to_string(),
                    product_id: id.clone(),
                    sku: domain::pricing::unit_sku(&sku),
                    unit_price_cents: unit_price_cents(case_price, qty)?,
                    price_overridden: false,
                    package: unit_package(package),
                    available_stock: rng.gen_range(0..=60),
                    available: true,
                })
            } else {
                None
            };
            let video = rng.gen_bool(0.1).then(|| video_url(&mut rng));
            bundles.push(ProductBundle {
                product: Product {
                    id,
                    title_lower: title.to_lowercase(),
                    title,
                    description: Some(description),
                    case_price_cents: case_price,
                    is_show: false,
                    is_apparel: false,
                    in_stock: rng.gen_bool(0.97),
                    is_case_breakable: case_breakable,
                    brand_id: brand_ids[rng.gen_range(0..brand_ids.len())].clone(),
                    category_id: category_id.clone(),
                    apparel_type_id: None,
                    show_type_id: None,
                    image: demo_image(
                        Motif::of_category(profile.name),
                        color_names.first().copied(),
                        &sku,
                    ),
                    video_url: video,
                    package: package.to_owned(),
                    created_on: now,
                    updated_on: now,
                    sku,
                },
                color_ids: Refs::existing(&refs.colors, &color_names),
                effect_ids: chosen.iter().map(|(_, id)| id.clone()).collect(),
                unit,
            });
        }
        conn.transaction(|conn| {
            insert_bundles(conn, &bundles)?;
            // Servers running meanwhile drop their cached catalogue answers.
            bump_version(conn).map(|_| ())
        })?;
        done += size;
        progress(done, n);
    }
    tracing::info!(added = done, first_sku = %format!("{SKU_PREFIX}{first:08}"), "bulk products seeded");
    Ok(done)
}

/// The number after the highest `BLK-nnnnnnnn` SKU present (1 when there is none).
fn next_bulk_number(conn: &mut DbConnection) -> Result<u64, DbError> {
    let highest: Option<String> = products::table
        .filter(products::sku.like(format!("{SKU_PREFIX}________")))
        .select(max(products::sku))
        .first(conn)?;
    let number = highest
        .as_deref()
        .and_then(|sku| sku.strip_prefix(SKU_PREFIX))
        .and_then(|digits| digits.parse::<u64>().ok())
        .unwrap_or(0);
    Ok(number + 1)
}
