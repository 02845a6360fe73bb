//! The deterministic demo shop: fireworks across every brand and category, case-breakable
//! products with unit products, shows of every show type, apparel with variants, and freight
//! terminals in every shippable state.

use std::collections::HashSet;

use chrono::{NaiveDate, NaiveDateTime, TimeDelta};
use diesel::prelude::*;
use domain::catalogue::{Gender, Size};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::catalogue::{
    case_price_cents, description, pick, profiles, sample, title, video_url, CategoryProfile,
};
use super::reference::{APPAREL_CATEGORY, BRANDS, COLORS, EFFECTS};
use super::terminals::seed_terminals;
use super::{
    insert_bundles, is_catalogue_empty, seed_id, seed_reference_data, unit_package,
    unit_price_cents, ProductBundle, Refs,
};
use crate::catalogue::bump_version;
use crate::connection::DbConnection;
use crate::error::DbError;
use crate::models::{ApparelVariant, Product, ShowProduct, UnitProduct};
use crate::schema::{apparel_variants, show_products};
use domain::demo_pictures::{demo_image, Motif};

/// Seed of the demo shop's random generator: same seed, same shop.
const DEMO_SEED: u64 = 0x00F1_2E00_0D3E_0507;
/// Fireworks products in the demo shop (shows and apparel come on top).
const DEMO_FIREWORKS: usize = 330;
/// Apparel products in the demo shop.
const DEMO_APPAREL: usize = 24;
/// The brand of the /codyb landing page.
const CODY_B: &str = "Cody B";

/// Seeds the reference data and, when the catalogue has no products, the demo shop: 330
/// fireworks products, 14 shows, 24 apparel products with variants, and the demo terminals.
/// Returns the number of products (including shows and apparel) it added: 0 when the
/// catalogue already had products. Runs in one transaction; deterministic.
///
/// # Errors
/// Any [`DbError`] of the queries; [`StoreError::Other`] when a needed reference entry (e.g. the
/// Apparel category) was removed.
pub fn seed_demo_shop(conn: &mut DbConnection) -> Result<u64, DbError> {
    seed_reference_data(conn)?;
    conn.transaction(|conn| {
        if !is_catalogue_empty(conn)? {
            return Ok(0);
        }
        let refs = Refs::load(conn)?;
        let mut rng = StdRng::seed_from_u64(DEMO_SEED);
        let base = demo_epoch();

        let fireworks = fireworks(&mut rng, &refs, base)?;
        insert_bundles(conn, &fireworks)?;

        let (apparel, variants) = apparel(&mut rng, &refs, base)?;
        insert_bundles(conn, &apparel)?;
        for chunk in variants.chunks(1_000) {
            insert_rows!(conn, apparel_variants::table, chunk)?;
        }

        let (shows, lines) = shows(&mut rng, &refs, base, &fireworks)?;
        insert_bundles(conn, &shows)?;
        if !lines.is_empty() {
            insert_rows!(conn, show_products::table, &lines)?;
        }

        let terminals = seed_terminals(conn, &mut rng)?;
        // API nodes drop their cached catalogue answers when the version moves.
        bump_version(conn)?;
        let added = (fireworks.len() + apparel.len() + shows.len()) as u64;
        tracing::info!(
            products = fireworks.len(),
            apparel = apparel.len(),
            variants = variants.len(),
            shows = shows.len(),
            terminals,
            "seeded the demo shop"
        );
        Ok(added)
    })
}

/// The demo shop's creation time: fixed, so two fresh databases are identical.
fn demo_epoch() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 1, 5)
        .and_then(|d| d.and_hms_opt(9, 0, 0))
        .unwrap_or_default()
}

/// Upper-case initials of a brand for SKUs ("Cody B" -> "CB", "Spirit of '76" -> "SO7").
fn initials(brand: &str) -> String {
    brand
        .split_whitespace()
        .filter_map(|w| w.chars().find(char::is_ascii_alphanumeric))
        .collect::<String>()
        .to_uppercase()
}

/// The profile for the i-th product: every category once first, then weighted towards cakes,
/// reloadables and finales, as a real shop's shelves are.
fn profile_for(rng: &mut StdRng, i: usize) -> &'static CategoryProfile {
    if let Some(profile) = profiles().get(i) {
        return profile;
    }
    const HEAVY: [&str; 5] = [
        "200 Gram Cakes",
        "500 Gram Cakes",
        "Artillery Shells (Reloadables)",
        "Tubes (Finales)",
        "Fountains",
    ];
    let weighted: Vec<&'static CategoryProfile> = profiles()
        .iter()
        .flat_map(|p| {
            let n = if HEAVY.contains(&p.name) { 4 } else { 1 };
            std::iter::repeat_n(p, n)
        })
        .collect();
    weighted.choose(rng).copied().unwrap_or(&profiles()[0])
}

fn unique_title(rng: &mut StdRng, profile: &CategoryProfile, seen: &mut HashSet<String>) -> String {
    for _ in 0..20 {
        let candidate = title(rng, profile);
        if seen.insert(candidate.clone()) {
            return candidate;
        }
    }
    let candidate = format!("{} {}", title(rng, profile), seen.len());
    seen.insert(candidate.clone());
    candidate
}

fn fireworks(
    rng: &mut StdRng,
    refs: &Refs,
    base: NaiveDateTime,
) -> Result<Vec<ProductBundle>, DbError> {
    let mut seen_titles = HashSet::new();
    let mut out = Vec::with_capacity(DEMO_FIREWORKS);
    for i in 0..DEMO_FIREWORKS {
        let profile = profile_for(rng, i);
        // Every brand once, then Cody B every 20th product, the rest at random.
        let brand = match BRANDS.get(i) {
            Some(brand) => *brand,
            None if i % 20 == 0 => CODY_B,
            None => pick(rng, &BRANDS),
        };
        let package = pick(rng, &profile.packages);
        let qty: u32 = package
            .split(',')
            .next()
            .and_then(|q| q.parse().ok())
            .unwrap_or(1);
        let case_price = case_price_cents(rng, profile, i64::from(qty));
        let color_names: Vec<&str> = if profile.name == "Gender Reveal" {
            vec![if rng.gen_bool(0.5) { "Pink" } else { "Blue" }]
        } else {
            let n = rng.gen_range(1..=4);
            sample(rng, &COLORS, n)
        };
        let effect_count = rng.gen_range(1..=3);
        let mut effect_names = sample(rng, &profile.effects, effect_count);
        if rng.gen_bool(0.25) {
            let extra = pick(rng, &EFFECTS);
            if !effect_names.contains(&extra) {
                effect_names.push(extra);
            }
        }
        let title = unique_title(rng, profile, &mut seen_titles);
        let description = description(rng, profile, package, &color_names, &effect_names);
        let video = rng.gen_bool(0.3).then(|| video_url(rng));
        // About one in twenty-five is out of stock.
        let in_stock = !rng.gen_bool(0.04);
        let case_breakable = i % 3 == 0;
        let unit_stock = match rng.gen_range(0..100) {
            0..18 => 0,
            18..40 => rng.gen_range(1..=9),
            _ => rng.gen_range(10..=60),
        };
        let sku = format!("{}-{}", initials(brand), 1_000 + i);
        let id = seed_id("product", &sku);
        let created = base + TimeDelta::minutes(i as i64);
        let unit = if case_breakable {
            Some(UnitProduct {
                id: seed_id("unit_product", &sku),
                product_id: id.clone(),
                sku: domain::pricing::unit_sku(&sku),
                unit_price_cents: unit_price_cents(case_price, qty)?,
                price_overridden: false,
                package: unit_package(package),
                available_stock: unit_stock,
                available: true,
            })
        } else {
            None
        };
        out.push(ProductBundle {
            product: Product {
                id,
                title_lower: title.to_lowercase(),
                title,
                description: Some(description),
                case_price_cents: case_price,
                is_show: false,
                is_apparel: false,
                in_stock,
                is_case_breakable: case_breakable,
                brand_id: Refs::require(&refs.brands, "brand", brand)?,
                category_id: Refs::require(&refs.categories, "category", profile.name)?,
                apparel_type_id: None,
                show_type_id: None,
                image: demo_image(
                    Motif::of_category(profile.name),
                    color_names.first().copied(),
                    &sku,
                ),
                video_url: video,
                package: package.to_owned(),
                created_on: created,
                updated_on: created,
                sku,
            },
            color_ids: Refs::existing(&refs.colors, &color_names),
            effect_ids: Refs::existing(&refs.effects, &effect_names),
            unit,
        });
    }
    Ok(out)
}

const DESIGNS: [&str; 12] = [
    "Logo",
    "Stars & Stripes",
    "Boom Squad",
    "Pyro Crew",
    "Light It Up",
    "Fuse Lit",
    "Night Sky",
    "Grand Finale",
    "Firework Burst",
    "Launch Crew",
    "Sparkle",
    "Liberty",
];

/// (apparel type, base price in cents, sizes, genders).
const APPAREL_KINDS: [(&str, i64, &[&str], &[&str]); 5] = [
    (
        "T-Shirt",
        2_499,
        &["S", "M", "L", "XL", "2XL", "3XL"],
        &["MALE", "FEMALE"],
    ),
    ("Hoodie", 4_999, &["S", "M", "L", "XL", "2XL"], &["UNISEX"]),
    ("Hat", 2_299, &["OS"], &["UNISEX"]),
    (
        "Tank Top",
        1_999,
        &["XS", "S", "M", "L", "XL"],
        &["FEMALE", "MALE"],
    ),
    (
        "Long Sleeve",
        2_999,
        &["S", "M", "L", "XL", "2XL"],
        &["UNISEX", "MALE", "FEMALE"],
    ),
];

const APPAREL_COLORS: [&str; 8] = [
    "Black", "Blue", "Red", "White", "Green", "Purple", "Pink", "Gold",
];

type Apparel = (Vec<ProductBundle>, Vec<ApparelVariant>);

fn apparel(rng: &mut StdRng, refs: &Refs, base: NaiveDateTime) -> Result<Apparel, DbError> {
    let category_id = Refs::require(&refs.categories, "category", APPAREL_CATEGORY)?;
    let mut products = Vec::with_capacity(DEMO_APPAREL);
    let mut variants = Vec::new();
    for i in 0..DEMO_APPAREL {
        let (kind, base_price, all_sizes, all_genders) = APPAREL_KINDS[i % APPAREL_KINDS.len()];
        let brand = if i % 4 == 0 {
            CODY_B
        } else {
            pick(rng, &BRANDS)
        };
        let design = DESIGNS[i % DESIGNS.len()];
        let sku = domain::pricing::apparel_base_sku(u32::try_from(i + 1).map_err(DbError::other)?);
        let id = seed_id("product", &sku);
        let title = format!("{brand} {design} {kind}");
        let price = base_price + 100 * rng.gen_range(0..=5);
        // Some items come in one unnamed colour (variant SKUs without a colour part).
        let color_names: Vec<&str> = if i % 6 == 5 {
            Vec::new()
        } else {
            let n = rng.gen_range(1..=3);
            sample(rng, &APPAREL_COLORS, n)
        };
        let genders: Vec<&str> = if all_genders.len() > 1 && rng.gen_bool(0.3) {
            all_genders[..1].to_vec()
        } else {
            all_genders.to_vec()
        };
        let color_ids: Vec<Option<(&str, String)>> = if color_names.is_empty() {
            vec![None]
        } else {
            color_names
                .iter()
                .filter_map(|c| refs.colors.get(*c).map(|id| Some((*c, id.clone()))))
                .collect()
        };
        for size in all_sizes {
            for gender in &genders {
                for color in &color_ids {
                    let vsku = domain::pricing::variant_sku(
                        &sku,
                        &Size::parse(size).map_err(DbError::other)?,
                        gender.parse::<Gender>().map_err(DbError::other)?,
                        color.as_ref().map(|(name, _)| *name),
                    );
                    let color_id = color.as_ref().map(|(_, id)| id.clone());
                    let surcharge = match *size {
                        "2XL" => 200,
                        "3XL" => 400,
                        _ => 0,
                    };
                    let stock = match rng.gen_range(0..100) {
                        0..6 => 0,
                        6..12 => rng.gen_range(1..=9),
                        _ => 999,
                    };
                    variants.push(ApparelVariant {
                        id: seed_id("variant", &vsku),
                        product_id: id.clone(),
                        sku: vsku,
                        size: (*size).to_owned(),
                        gender: (*gender).to_owned(),
                        color_key: color_id.clone().unwrap_or_default(),
                        color_id,
                        unit_price_cents: price + surcharge,
                        available_stock: stock,
                        available: true,
                    });
                }
            }
        }
        let material = match kind {
            "Hoodie" => "Heavyweight fleece hoodie",
            "Hat" => "Structured six-panel cap",
            "Tank Top" => "Lightweight cotton tank",
            "Long Sleeve" => "Ring-spun cotton long-sleeve tee",
            _ => "Soft ring-spun cotton tee",
        };
        let description = format!(
            "{material} with the {brand} {design} print. {}",
            pick(
                rng,
                &[
                    "Built for long nights at the launch site.",
                    "Wear it to every show of the season.",
                    "Printed in the USA.",
                    "True to size; order up for a relaxed fit.",
                ]
            )
        );
        let created = base + TimeDelta::hours(12) + TimeDelta::minutes(i as i64);
        products.push(ProductBundle {
            product: Product {
                id,
                title_lower: title.to_lowercase(),
                title,
                description: Some(description),
                case_price_cents: price,
                is_show: false,
                is_apparel: true,
                in_stock: i != 7,
                is_case_breakable: false,
                brand_id: Refs::require(&refs.brands, "brand", brand)?,
                category_id: category_id.clone(),
                apparel_type_id: Some(Refs::require(&refs.apparel_types, "apparel type", kind)?),
                show_type_id: None,
                image: demo_image(
                    Motif::of_apparel_type(kind),
                    color_names.first().copied(),
                    &sku,
                ),
                video_url: None,
                package: "1,1".to_owned(),
                created_on: created,
                updated_on: created,
                sku,
            },
            color_ids: Refs::existing(&refs.colors, &color_names),
            effect_ids: Vec::new(),
            unit: None,
        });
    }
    Ok((products, variants))
}

/// (show type, titles of its two demo shows).
const SHOW_TITLES: [(&str, [&str; 2]); 7] = [
    (
        "CUSTOM",
        [
            "Build-Your-Own Backyard Show",
            "Neighborhood Block Party Show",
        ],
    ),
    (
        "FOURTH_JULY",
        ["Stars & Stripes Spectacular", "Red, White & Boom Show"],
    ),
    (
        "NEW_YEARS",
        ["Midnight Countdown Show", "Happy New Year Finale"],
    ),
    (
        "GENDER_REVEAL",
        ["Pink or Blue Reveal Show", "Big Reveal Celebration"],
    ),
    (
        "RETAIL",
        ["Family Night Starter Show", "Backyard Hero Show"],
    ),
    (
        "WHOLESALE",
        ["Fireworks Stand Wholesale Show", "Club Display Bundle"],
    ),
    (
        "WEDDING",
        ["Golden Vows Wedding Show", "Sparkling Send-Off Show"],
    ),
];

const SHOW_NOTES: [&str; 6] = [
    "Opener",
    "Mid-show",
    "Finale",
    "Low-level filler",
    "Crowd favorite",
    "Fire in sequence",
];

type Shows = (Vec<ProductBundle>, Vec<ShowProduct>);

fn shows(
    rng: &mut StdRng,
    refs: &Refs,
    base: NaiveDateTime,
    fireworks: &[ProductBundle],
) -> Result<Shows, DbError> {
    let in_stock: Vec<&ProductBundle> = fireworks.iter().filter(|b| b.product.in_stock).collect();
    let reveal_category = refs.categories.get("Gender Reveal");
    let mut shows = Vec::new();
    let mut lines = Vec::new();
    let mut number = 0;
    for (show_type, titles) in SHOW_TITLES {
        for title in titles {
            number += 1;
            let sku = domain::pricing::show_sku(number);
            let id = seed_id("product", &sku);
            // Cody B owns the first two shows and the fifth (its landing page lists shows).
            let brand = if matches!(number, 1 | 2 | 5) {
                CODY_B
            } else {
                pick(rng, &BRANDS)
            };
            let category = if show_type == "GENDER_REVEAL" {
                "Gender Reveal"
            } else {
                "Assortments"
            };
            let count = rng.gen_range(3..=10).min(in_stock.len());
            let mut picked: Vec<&ProductBundle> = Vec::new();
            if show_type == "GENDER_REVEAL" {
                let reveal: Vec<&ProductBundle> = in_stock
                    .iter()
                    .copied()
                    .filter(|b| Some(&b.product.category_id) == reveal_category)
                    .collect();
                picked.extend(reveal.choose_multiple(rng, 2).copied());
            }
            while picked.len() < count {
                if let Some(candidate) = in_stock.choose(rng).copied() {
                    if !picked.iter().any(|p| p.product.id == candidate.product.id) {
                        picked.push(candidate);
                    }
                }
            }
            let mut total = 0;
            let mut pieces = 0;
            for bundle in &picked {
                let as_unit = bundle.unit.is_some() && rng.gen_bool(0.4);
                let (quantity, price) = match (&bundle.unit, as_unit) {
                    (Some(unit), true) => (rng.gen_range(2..=12), unit.unit_price_cents),
                    _ => (rng.gen_range(1..=2), bundle.product.case_price_cents),
                };
                total += price * i64::from(quantity);
                pieces += quantity;
                let notes = rng.gen_bool(0.5).then(|| pick(rng, &SHOW_NOTES).to_owned());
                let kind = if as_unit { "unit" } else { "case" };
                lines.push(ShowProduct {
                    id: seed_id(
                        "show_product",
                        &format!("{sku}:{}:{kind}", bundle.product.sku),
                    ),
                    show_id: id.clone(),
                    product_id: bundle.product.id.clone(),
                    quantity,
                    is_unit: as_unit,
                    notes,
                });
            }
            // Shows sell at about 15% under the sum of their parts, ending in .99.
            let case_price = ((total * 85 / 100) / 100).max(1) * 100 - 1;
            let mut color_ids: Vec<String> = Vec::new();
            let mut effect_ids: Vec<String> = Vec::new();
            for bundle in &picked {
                for c in bundle.color_ids.iter().take(1) {
                    if !color_ids.contains(c) {
                        color_ids.push(c.clone());
                    }
                }
                for e in bundle.effect_ids.iter().take(1) {
                    if !effect_ids.contains(e) {
                        effect_ids.push(e.clone());
                    }
                }
            }
            // The card counts lines ("7 products included"), the detail page the sum of their
            // quantities: the text names both, so it agrees with each.
            let description = format!(
                "{} {} products, {pieces} pieces in all, ready to fire in order{}.",
                match show_type {
                    "CUSTOM" => "A show you can make your own:",
                    "FOURTH_JULY" => "Celebrate Independence Day with",
                    "NEW_YEARS" => "Ring in the new year with",
                    "GENDER_REVEAL" => "Announce the big news with",
                    "WEDDING" => "Crown the big day with",
                    "WHOLESALE" => "A volume bundle of",
                    _ => "An easy evening of",
                },
                picked.len(),
                if rng.gen_bool(0.5) {
                    ", with a printed firing order in the box"
                } else {
                    ""
                }
            );
            let created = base + TimeDelta::days(1) + TimeDelta::minutes(i64::from(number));
            shows.push(ProductBundle {
                product: Product {
                    id,
                    title: (*title).to_owned(),
                    title_lower: title.to_lowercase(),
                    description: Some(description),
                    case_price_cents: case_price,
                    is_show: true,
                    is_apparel: false,
                    in_stock: number != 12,
                    is_case_breakable: false,
                    brand_id: Refs::require(&refs.brands, "brand", brand)?,
                    category_id: Refs::require(&refs.categories, "category", category)?,
                    apparel_type_id: None,
                    show_type_id: Some(Refs::require(&refs.show_types, "show type", show_type)?),
                    image: demo_image(Motif::Show, None, &sku),
                    video_url: (number % 3 == 1).then(|| video_url(rng)),
                    package: "1".to_owned(),
                    created_on: created,
                    updated_on: created,
                    sku,
                },
                color_ids,
                effect_ids,
                unit: None,
            });
        }
    }
    Ok((shows, lines))
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn brand_initials_make_sku_prefixes() {
        assert_eq!(initials("Cody B"), "CB");
        assert_eq!(initials("Spirit of '76"), "SO7");
        assert_eq!(initials("R+L"), "R");
    }
}
