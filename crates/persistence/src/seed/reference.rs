//! The catalogue enumerations of decisions.md and storefront.md §9, and their idempotent seed.

use std::collections::HashSet;

use diesel::prelude::*;

use super::seed_id;
use crate::catalogue::bump_version;
use crate::connection::DbConnection;
use crate::error::DbError;
use crate::models::{ApparelType, Brand, Category, Color, Effect, ShowType};
use crate::schema::{apparel_types, brands, categories, colors, effects, show_types};

/// The 56 fireworks brands of the seed list ("Cody B" owns the /codyb landing page).
pub const BRANDS: [&str; 56] = [
    "Apollo Fireworks",
    "Atlas Pyro",
    "Big Boy Fireworks",
    "Black Cat",
    "Black Scorpion",
    "Blue Angel",
    "Boom Wow",
    "Boomer Fireworks",
    "Bright Star",
    "Brothers Pyrotechnics",
    "Cody B",
    "Crown Pyrotechnics",
    "Cutting Edge",
    "Dakota Thunder",
    "Dominator",
    "Excalibur",
    "Firehawk",
    "Generic",
    "Gladiator",
    "Golden Bear",
    "Grand Patriot",
    "Hero Fireworks",
    "Iron Eagle",
    "Killer Bee",
    "Kings Fireworks",
    "Legend Fireworks",
    "Liberty Pyrotechnics",
    "Lidu Fireworks",
    "Mad Ox",
    "Maple Leaf Fireworks",
    "Megabanger",
    "Miracle Fireworks",
    "Night Owl",
    "Patriot Pyro",
    "Phantom Fireworks",
    "Prairie Fire",
    "Pyro Demon",
    "Pyro Planet",
    "Raccoon",
    "Rainbow Fireworks",
    "Red Rhino",
    "Rocket City",
    "Shogun",
    "Sky Bacon",
    "Sky Pioneer",
    "Skyhawk",
    "Sonic Boom",
    "Spirit of '76",
    "Star Spangled",
    "T-Sky",
    "Thunderbird",
    "Top Gun",
    "Vulcan",
    "Winda",
    "Wolf Pack",
    "World Class Fireworks",
];

/// The category that holds apparel products (hidden from the fireworks filters).
pub const APPAREL_CATEGORY: &str = "Apparel";

/// The 24 categories, exactly as the specification lists them.
pub const CATEGORIES: [&str; 24] = [
    "200 Gram Cakes",
    "500 Gram Cakes",
    "Apparel",
    "Assortments",
    "Bottle Rockets",
    "Cone & Floral",
    "Confetti Shooters (Air Compressed)",
    "Firecrackers",
    "Flying & Helicopters",
    "Fountains",
    "Fuse",
    "Gender Reveal",
    "Ground",
    "Parachutes",
    "Pinwheels",
    "Artillery Shells (Reloadables)",
    "Rockets & Missiles",
    "Roman Candles",
    "Shells & Mines",
    "Snake & Smoke",
    "Sparklers",
    "Supplies & Visibility",
    "Toy Novelties & Strobes",
    "Tubes (Finales)",
];

/// The 12 colours.
pub const COLORS: [&str; 12] = [
    "Black", "Blue", "Brown", "Gold", "Green", "Orange", "Pink", "Purple", "Red", "Silver",
    "White", "Yellow",
];

/// The 31 effects.
pub const EFFECTS: [&str; 31] = [
    "Brocade",
    "Chrysanthemum",
    "Comet",
    "Confetti",
    "Crackles",
    "Crossette",
    "Fan Effects",
    "Flying Fish",
    "Glitter",
    "Glow",
    "Helicopter",
    "Loud Bang",
    "Nishiki Kamuro",
    "Palm Tree",
    "Parachute",
    "Pearls",
    "Peony",
    "Pistil",
    "Reveal",
    "Rising Tail",
    "Sizzles",
    "Smoke",
    "Snake",
    "Snaps",
    "Sparkles",
    "Spins",
    "Strobes",
    "Tourbillion",
    "Waterfall",
    "Whistle",
    "Willow",
];

/// The 7 show types with their descriptions.
pub const SHOW_TYPES: [(&str, &str); 7] = [
    (
        "CUSTOM",
        "A show built to order: pick the products, the pacing and the finale for any occasion.",
    ),
    (
        "FOURTH_JULY",
        "Red, white and blue shows for Independence Day, from backyard celebrations to big \
         neighbourhood displays.",
    ),
    (
        "NEW_YEARS",
        "Bright, loud shows to count down at midnight and ring in the new year.",
    ),
    (
        "GENDER_REVEAL",
        "Shows that end in a burst of pink or blue smoke, confetti and colour for the big reveal.",
    ),
    (
        "RETAIL",
        "Ready-made shows for a family evening: a balanced mix of cakes, fountains and candles.",
    ),
    (
        "WHOLESALE",
        "Large bundles at case prices for stands, clubs and organisers who buy in volume.",
    ),
    (
        "WEDDING",
        "Elegant gold and white shows with willows and glitter to crown the first dance or the \
         send-off.",
    ),
];

/// The 5 apparel types with their descriptions.
pub const APPAREL_TYPES: [(&str, &str); 5] = [
    (
        "T-Shirt",
        "Short-sleeve cotton tees with fireworks and brand prints.",
    ),
    ("Hoodie", "Warm pullover hoodies for cool launch nights."),
    ("Hat", "Caps and snapbacks with embroidered logos."),
    ("Tank Top", "Light sleeveless tops for summer shows."),
    (
        "Long Sleeve",
        "Long-sleeve tees for late-season and New Year's shows.",
    ),
];

/// Inserts the enumerations that are missing (by id or by name) and returns how many rows it
/// added; a second run adds nothing. Runs in one transaction.
///
/// # Errors
/// Any [`DbError`] of the queries.
pub fn seed_reference_data(conn: &mut DbConnection) -> Result<u64, DbError> {
    conn.transaction(|conn| {
        let mut added = 0;
        macro_rules! seed_names {
            ($table:ident, $model:ident, $kind:literal, $names:expr) => {{
                let existing: Vec<(String, String)> = $table::table
                    .select(($table::id, $table::name))
                    .load(conn)?;
                let (ids, names): (HashSet<String>, HashSet<String>) = existing.into_iter().unzip();
                let rows: Vec<$model> = $names
                    .iter()
                    .map(|name| $model {
                        id: seed_id($kind, name),
                        name: (*name).to_owned(),
                    })
                    .filter(|row| !ids.contains(&row.id) && !names.contains(&row.name))
                    .collect();
                if !rows.is_empty() {
                    insert_rows!(conn, $table::table, &rows)?;
                    added += rows.len() as u64;
                }
            }};
        }
        macro_rules! seed_described {
            ($table:ident, $model:ident, $kind:literal, $entries:expr) => {{
                let existing: Vec<(String, String)> = $table::table
                    .select(($table::id, $table::name))
                    .load(conn)?;
                let (ids, names): (HashSet<String>, HashSet<String>) = existing.into_iter().unzip();
                let rows: Vec<$model> = $entries
                    .iter()
                    .map(|(name, description)| $model {
                        id: seed_id($kind, name),
                        name: (*name).to_owned(),
                        description: Some((*description).to_owned()),
                    })
                    .filter(|row| !ids.contains(&row.id) && !names.contains(&row.name))
                    .collect();
                if !rows.is_empty() {
                    insert_rows!(conn, $table::table, &rows)?;
                    added += rows.len() as u64;
                }
            }};
        }
        seed_names!(brands, Brand, "brand", BRANDS);
        seed_names!(categories, Category, "category", CATEGORIES);
        seed_names!(colors, Color, "color", COLORS);
        seed_names!(effects, Effect, "effect", EFFECTS);
        seed_described!(show_types, ShowType, "show_type", SHOW_TYPES);
        seed_described!(apparel_types, ApparelType, "apparel_type", APPAREL_TYPES);
        if added > 0 {
            bump_version(conn)?;
            tracing::info!(added, "seeded reference data");
        }
        Ok(added)
    })
}

#[cfg(test)]
mod tests {
    use domain::demo_pictures::Motif;

    use super::*;

    #[test]
    fn the_lists_have_the_specified_sizes_and_no_duplicates() {
        fn distinct(names: &[&str]) -> usize {
            names.iter().collect::<HashSet<_>>().len()
        }
        assert_eq!(distinct(&BRANDS), 56);
        assert!(BRANDS.contains(&"Cody B") && BRANDS.contains(&"Generic"));
        assert_eq!(distinct(&CATEGORIES), 24);
        assert_eq!(distinct(&COLORS), 12);
        assert_eq!(distinct(&EFFECTS), 31);
        assert_eq!(SHOW_TYPES.len(), 7);
        assert_eq!(APPAREL_TYPES.len(), 5);
    }

    #[test]
    fn the_demo_categories_use_most_motifs() {
        let mut seen: Vec<Motif> = CATEGORIES.iter().map(|c| Motif::of_category(c)).collect();
        seen.extend(APPAREL_TYPES.iter().map(|(t, _)| Motif::of_apparel_type(t)));
        seen.sort_by_key(|m| m.as_str());
        seen.dedup();
        // Every motif but the show's, which comes from the show flag, not a category.
        assert_eq!(seen.len(), Motif::ALL.len() - 1, "{seen:?}");
    }
}
