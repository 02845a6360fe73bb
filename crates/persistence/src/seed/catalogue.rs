//! What fireworks products of each category look like: packages, price ranges, title patterns
//! and typical effects, plus the title and description generators shared by the demo shop and
//! the bulk seed.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// How products of one (non-apparel) category are generated.
#[derive(Debug)]
pub(super) struct CategoryProfile {
    /// The category name (one of `CATEGORIES`).
    pub name: &'static str,
    /// Typical case packages, "items per case,pieces per item".
    pub packages: &'static [&'static str],
    /// Wholesale price range of one item of the first package number, in whole dollars.
    pub item_dollars: (i64, i64),
    /// Title patterns: `{A}` an adjective, `{N}` a noun.
    pub titles: &'static [&'static str],
    /// Effects products of this category usually have (names from `EFFECTS`).
    pub effects: &'static [&'static str],
    /// What one item is called in descriptions.
    pub noun: &'static str,
}

pub(super) const PROFILES: [CategoryProfile; 23] = [
    CategoryProfile {
        name: "200 Gram Cakes",
        packages: &["12,1", "16,1", "24,1", "36,1", "18,1"],
        item_dollars: (9, 28),
        titles: &["{A} {N}", "{N} {A}", "{A} {N} Cake", "The {A} {N}"],
        effects: &[
            "Peony",
            "Crackles",
            "Comet",
            "Brocade",
            "Strobes",
            "Fan Effects",
            "Whistle",
        ],
        noun: "200 gram cake",
    },
    CategoryProfile {
        name: "500 Gram Cakes",
        packages: &["2,1", "4,1", "6,1", "8,1", "3,1"],
        item_dollars: (38, 115),
        titles: &["{A} {N}", "{N} of the {N2}", "{A} {N} 500G", "Mighty {N}"],
        effects: &[
            "Peony",
            "Brocade",
            "Crossette",
            "Palm Tree",
            "Willow",
            "Nishiki Kamuro",
            "Pistil",
            "Rising Tail",
            "Fan Effects",
        ],
        noun: "500 gram cake",
    },
    CategoryProfile {
        name: "Assortments",
        packages: &["1,1", "2,1", "4,1"],
        item_dollars: (60, 260),
        titles: &[
            "{A} {N} Assortment",
            "{N} Family Pack",
            "{A} Backyard Pack",
            "{N} Party Box",
        ],
        effects: &[
            "Peony", "Sparkles", "Crackles", "Whistle", "Smoke", "Comet", "Spins",
        ],
        noun: "assortment",
    },
    CategoryProfile {
        name: "Bottle Rockets",
        packages: &["48,12", "60,12", "30,144", "24,72"],
        item_dollars: (2, 6),
        titles: &[
            "{A} Bottle Rockets",
            "{N} Sky Rockets",
            "{A} Whistling Rockets",
        ],
        effects: &["Whistle", "Rising Tail", "Loud Bang", "Crackles"],
        noun: "bottle rocket pack",
    },
    CategoryProfile {
        name: "Cone & Floral",
        packages: &["12,6", "24,4", "12,3", "24,6"],
        item_dollars: (4, 10),
        titles: &[
            "{A} {N} Cone",
            "{A} Blossom",
            "{N} Flower Pot",
            "{A} Bouquet",
        ],
        effects: &["Sparkles", "Crackles", "Glitter", "Waterfall", "Brocade"],
        noun: "cone",
    },
    CategoryProfile {
        name: "Confetti Shooters (Air Compressed)",
        packages: &["24,1", "36,1", "48,1", "12,6"],
        item_dollars: (3, 12),
        titles: &[
            "{A} Confetti Cannon",
            "{N} Party Popper",
            "{A} Confetti Blaster",
        ],
        effects: &["Confetti", "Reveal"],
        noun: "confetti shooter",
    },
    CategoryProfile {
        name: "Firecrackers",
        packages: &["80,16", "40,100", "20,40", "50,16", "16,500"],
        item_dollars: (2, 7),
        titles: &[
            "{A} {N} Firecrackers",
            "{N} Crackers",
            "{A} Lady Crackers",
            "{A} Bangers",
        ],
        effects: &["Loud Bang", "Crackles", "Snaps"],
        noun: "firecracker brick",
    },
    CategoryProfile {
        name: "Flying & Helicopters",
        packages: &["12,12", "24,6", "48,4", "12,6"],
        item_dollars: (3, 9),
        titles: &[
            "{A} Helicopter",
            "{N} Copter",
            "{A} Flying Saucer",
            "{A} {N} Spinner",
        ],
        effects: &["Helicopter", "Spins", "Whistle", "Sparkles", "Tourbillion"],
        noun: "flyer pack",
    },
    CategoryProfile {
        name: "Fountains",
        packages: &["12,1", "24,1", "36,2", "18,3", "12,4"],
        item_dollars: (4, 22),
        titles: &[
            "{A} {N} Fountain",
            "{A} Fountain",
            "{N} Geyser",
            "{A} {N} Volcano",
        ],
        effects: &[
            "Sparkles",
            "Crackles",
            "Waterfall",
            "Glitter",
            "Whistle",
            "Strobes",
        ],
        noun: "fountain",
    },
    CategoryProfile {
        name: "Fuse",
        packages: &["20,1", "50,1", "10,1"],
        item_dollars: (2, 12),
        titles: &["{A} Safety Fuse", "Quick Fuse {N}", "Visco Fuse {N} Roll"],
        effects: &["Sizzles"],
        noun: "fuse roll",
    },
    CategoryProfile {
        name: "Gender Reveal",
        packages: &["12,1", "24,1", "6,2", "12,2"],
        item_dollars: (8, 32),
        titles: &[
            "{A} Reveal Cannon",
            "It's a {Gender}! Smoke Fountain",
            "{A} {Gender} Reveal Cake",
            "{Gender} Reveal Powder Blaster",
        ],
        effects: &["Reveal", "Smoke", "Confetti", "Sparkles"],
        noun: "reveal piece",
    },
    CategoryProfile {
        name: "Ground",
        packages: &["24,6", "48,12", "36,6", "12,12"],
        item_dollars: (2, 7),
        titles: &[
            "{A} Ground Spinner",
            "{N} Ground Bloom",
            "{A} Chaser",
            "{A} Jumping Jacks",
        ],
        effects: &["Spins", "Sparkles", "Whistle", "Crackles", "Sizzles"],
        noun: "ground piece",
    },
    CategoryProfile {
        name: "Parachutes",
        packages: &["12,1", "24,2", "12,3"],
        item_dollars: (4, 13),
        titles: &["{A} Paratrooper", "{N} Parachute", "{A} Sky Drop"],
        effects: &["Parachute", "Glow", "Rising Tail"],
        noun: "parachute",
    },
    CategoryProfile {
        name: "Pinwheels",
        packages: &["12,6", "24,6", "24,12"],
        item_dollars: (3, 8),
        titles: &["{A} Pinwheel", "{N} Wheel", "{A} Spinning Wheel"],
        effects: &["Spins", "Sparkles", "Whistle"],
        noun: "pinwheel pack",
    },
    CategoryProfile {
        name: "Artillery Shells (Reloadables)",
        packages: &["12,24", "12,36", "4,24", "6,60", "12,12"],
        item_dollars: (22, 85),
        titles: &[
            "{A} {N} Shells",
            "{A} Reloadable Kit",
            "{N} Canister Shells",
            "{A} Artillery",
        ],
        effects: &[
            "Peony",
            "Chrysanthemum",
            "Palm Tree",
            "Willow",
            "Crossette",
            "Nishiki Kamuro",
            "Pistil",
            "Brocade",
            "Loud Bang",
            "Rising Tail",
        ],
        noun: "shell kit",
    },
    CategoryProfile {
        name: "Rockets & Missiles",
        packages: &["12,12", "24,6", "12,4", "30,12"],
        item_dollars: (5, 22),
        titles: &[
            "{A} Missiles",
            "{N} Rockets",
            "{A} Sky Rockets",
            "{A} {N} Missile Battery",
        ],
        effects: &["Rising Tail", "Whistle", "Peony", "Crackles", "Loud Bang"],
        noun: "rocket pack",
    },
    CategoryProfile {
        name: "Roman Candles",
        packages: &["24,6", "12,4", "48,3", "24,2"],
        item_dollars: (4, 16),
        titles: &[
            "{A} Roman Candles",
            "{N} Candle",
            "{A} Ball Candles",
            "{A} {N} Candle",
        ],
        effects: &["Comet", "Pearls", "Crackles", "Whistle", "Rising Tail"],
        noun: "roman candle pack",
    },
    CategoryProfile {
        name: "Shells & Mines",
        packages: &["12,3", "24,6", "12,1", "6,6"],
        item_dollars: (9, 32),
        titles: &[
            "{A} Mine",
            "{N} Mortar",
            "{A} {N} Mines",
            "{A} Shell Launcher",
        ],
        effects: &[
            "Peony",
            "Comet",
            "Crackles",
            "Flying Fish",
            "Glitter",
            "Crossette",
        ],
        noun: "mine pack",
    },
    CategoryProfile {
        name: "Snake & Smoke",
        packages: &["24,12", "48,6", "12,12", "60,12"],
        item_dollars: (2, 7),
        titles: &[
            "{A} Smoke Balls",
            "{Color} Smoke Grenade",
            "{A} Snakes",
            "{N} Smoke Tubes",
        ],
        effects: &["Smoke", "Snake"],
        noun: "smoke pack",
    },
    CategoryProfile {
        name: "Sparklers",
        packages: &["48,12", "30,6", "24,8", "12,36"],
        item_dollars: (2, 7),
        titles: &[
            "{A} Sparklers",
            "#{Num} Gold Sparklers",
            "{A} Color Sparklers",
        ],
        effects: &["Sparkles", "Glitter"],
        noun: "sparkler pack",
    },
    CategoryProfile {
        name: "Supplies & Visibility",
        packages: &["10,1", "25,1", "12,1", "6,1"],
        item_dollars: (3, 26),
        titles: &[
            "{A} Launch Tube Rack",
            "Pro Lighter Punk {N}",
            "Safety Glasses {N}",
            "{A} Mortar Rack",
            "Hi-Vis Safety Vest {N}",
        ],
        effects: &["Glow"],
        noun: "supply item",
    },
    CategoryProfile {
        name: "Toy Novelties & Strobes",
        packages: &["24,6", "48,12", "36,6", "12,12"],
        item_dollars: (2, 7),
        titles: &[
            "{A} Strobe Lights",
            "{N} Poppers",
            "{A} Snappers",
            "{A} Glow Tank",
        ],
        effects: &["Strobes", "Snaps", "Glow", "Sparkles", "Spins"],
        noun: "novelty pack",
    },
    CategoryProfile {
        name: "Tubes (Finales)",
        packages: &["4,1", "6,1", "2,1", "3,1"],
        item_dollars: (38, 155),
        titles: &[
            "{A} {N} Finale",
            "{N} Finale Rack",
            "{A} Grand Finale",
            "{N} Barrage",
        ],
        effects: &[
            "Peony",
            "Brocade",
            "Willow",
            "Crossette",
            "Fan Effects",
            "Strobes",
            "Loud Bang",
            "Nishiki Kamuro",
        ],
        noun: "finale tube",
    },
];

const ADJECTIVES: [&str; 60] = [
    "Midnight",
    "Thunder",
    "Crimson",
    "Golden",
    "Electric",
    "Savage",
    "Roaring",
    "Silent",
    "Blazing",
    "Wicked",
    "Royal",
    "Cosmic",
    "Atomic",
    "Frosty",
    "Liberty",
    "Neon",
    "Rebel",
    "Mystic",
    "Iron",
    "Starry",
    "Wild",
    "Twisted",
    "Raging",
    "Brilliant",
    "Lucky",
    "Phantom",
    "Prairie",
    "Patriot",
    "Screaming",
    "Howling",
    "Glittering",
    "Dazzling",
    "Outlaw",
    "Fiery",
    "Mighty",
    "Sonic",
    "Crackling",
    "Shimmering",
    "Burning",
    "Supreme",
    "Galactic",
    "Stormy",
    "Desert",
    "Arctic",
    "Northern",
    "Southern",
    "Velvet",
    "Emerald",
    "Sapphire",
    "Scarlet",
    "Silver",
    "Turbo",
    "Rowdy",
    "Daring",
    "Grand",
    "Hypnotic",
    "Majestic",
    "Untamed",
    "Rapid",
    "Venom",
];

const NOUNS: [&str; 60] = [
    "Eagle",
    "Storm",
    "Dragon",
    "Fury",
    "Sky",
    "Thunder",
    "Blossom",
    "Comet",
    "Inferno",
    "Serpent",
    "Mustang",
    "Viper",
    "Tornado",
    "Galaxy",
    "Legend",
    "Warrior",
    "Rush",
    "Frenzy",
    "Monarch",
    "Dynasty",
    "Nebula",
    "Rodeo",
    "Stampede",
    "Falcon",
    "Cyclone",
    "Outlaw",
    "Blitz",
    "Bandit",
    "Titan",
    "Phoenix",
    "Jackpot",
    "Meteor",
    "Rampage",
    "Hurricane",
    "Kraken",
    "Showdown",
    "Thunderstorm",
    "Wolf",
    "Bison",
    "Lightning",
    "Avalanche",
    "Volcano",
    "Empire",
    "Express",
    "Voyage",
    "Horizon",
    "Carnival",
    "Fiesta",
    "Anthem",
    "Spectacle",
    "Jubilee",
    "Crusader",
    "Gunslinger",
    "Tempest",
    "Rocket",
    "Samurai",
    "Knight",
    "Pirate",
    "Cobra",
    "Maverick",
];

const OCCASIONS: [&str; 8] = [
    "Fourth of July parties",
    "New Year's Eve",
    "lake-house weekends",
    "backyard barbecues",
    "family reunions",
    "county fairs",
    "wedding send-offs",
    "tailgates",
];

/// A title for a product of `profile` (no word twice, as in "Volcano Volcano").
pub(super) fn title(rng: &mut StdRng, profile: &CategoryProfile) -> String {
    let mut candidate = String::new();
    for _ in 0..10 {
        candidate = title_once(rng, profile);
        let words: Vec<&str> = candidate.split_whitespace().collect();
        let distinct: std::collections::HashSet<&str> = words.iter().copied().collect();
        if distinct.len() == words.len() {
            break;
        }
    }
    candidate
}

fn title_once(rng: &mut StdRng, profile: &CategoryProfile) -> String {
    let pattern = pick(rng, profile.titles);
    let noun = pick(rng, &NOUNS);
    let noun2 = pick(rng, &NOUNS);
    pattern
        .replace("{A}", pick(rng, &ADJECTIVES))
        .replace("{N2}", noun2)
        .replace("{N}", noun)
        .replace("{Gender}", if rng.gen_bool(0.5) { "Boy" } else { "Girl" })
        .replace(
            "{Color}",
            pick(rng, &["Red", "Blue", "Green", "Purple", "Orange", "Pink"]),
        )
        .replace("{Num}", pick(rng, &["8", "10", "14", "20", "36"]))
}

/// How an effect reads in a sentence, and whether it can carry a colour ("red peony" but not
/// "red whistle").
fn effect_phrase(effect: &str) -> (String, bool) {
    let phrase = match effect {
        "Crackles" => "crackling",
        "Helicopter" => "helicopter spins",
        "Loud Bang" => "loud reports",
        "Parachute" => "floating parachutes",
        "Reveal" => "a big colour reveal",
        "Sizzles" => "sizzles",
        "Snake" => "growing snakes",
        "Snaps" => "snaps",
        "Spins" => "spinning wheels of fire",
        "Whistle" => "screaming whistles",
        "Confetti" => "confetti",
        "Smoke" => "smoke",
        "Fan Effects" => "fans of stars",
        "Rising Tail" => "rising tails",
        "Glow" => "glow",
        "Flying Fish" => "flying fish",
        other => return (other.to_lowercase(), true),
    };
    let colourable = matches!(effect, "Fan Effects" | "Rising Tail" | "Glow" | "Smoke");
    (phrase.to_owned(), colourable)
}

/// A one to three sentence description mentioning the colours and effects.
pub(super) fn description(
    rng: &mut StdRng,
    profile: &CategoryProfile,
    package: &str,
    colors: &[&str],
    effects: &[&str],
) -> String {
    let colors = join_words(&colors[..colors.len().min(3)]);
    let phrases: Vec<(String, bool)> = effects.iter().map(|e| effect_phrase(e)).collect();
    // The colours go with the first effect that can carry them, or with plain "stars".
    let visual = phrases
        .iter()
        .find(|(_, colourable)| *colourable)
        .map_or_else(|| "stars".to_owned(), |(p, _)| p.clone());
    let other = phrases
        .iter()
        .map(|(p, _)| p.clone())
        .find(|p| *p != visual)
        .unwrap_or_else(|| "crackling".to_owned());
    let noun = profile.noun;
    let mut sentences = vec![match rng.gen_range(0..4) {
        0 => format!("A {noun} that fills the sky with {colors} {visual}."),
        1 => format!("This {noun} throws {colors} {visual} high over the crowd."),
        2 => format!(
            "{} {colors} {visual} from a {noun} that punches above its size.",
            pick(rng, &["Bold", "Dense", "Bright", "Crisp"])
        ),
        _ => format!("Light the fuse and watch {colors} {visual} pour out of this {noun}."),
    }];
    if rng.gen_bool(0.7) {
        sentences.push(match rng.gen_range(0..3) {
            0 => format!(
                "It builds to a {} finish of {other}.",
                pick(rng, &["thundering", "dazzling", "roaring", "busy"])
            ),
            1 => format!("Expect {other} between the breaks."),
            _ => format!("A favorite for {}.", pick(rng, &OCCASIONS)),
        });
    }
    if rng.gen_bool(0.4) {
        let qty = package.split(',').next().unwrap_or("1");
        sentences.push(format!("Packed {qty} to a case."));
    }
    sentences.join(" ")
}

/// "red", "red and blue", "red, white and blue".
fn join_words(words: &[&str]) -> String {
    let words: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    match words.as_slice() {
        [] => "multicolour".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A random element of a non-empty slice (the lists here are constants).
pub(super) fn pick<'a>(rng: &mut StdRng, items: &[&'a str]) -> &'a str {
    items.choose(rng).copied().unwrap_or_default()
}

/// A case price in cents for `qty` items at a random item price of `profile`, ending in .99.
pub(super) fn case_price_cents(rng: &mut StdRng, profile: &CategoryProfile, qty: i64) -> i64 {
    let (low, high) = profile.item_dollars;
    let item_cents = rng.gen_range(low * 100..=high * 100);
    let dollars = (item_cents * qty.max(1) + 50) / 100;
    dollars.max(2) * 100 - 1
}

/// A YouTube watch link with a random 11-character video id.
pub(super) fn video_url(rng: &mut StdRng) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let id: String = (0..11)
        .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
        .collect();
    format!("https://www.youtube.com/watch?v={id}")
}

/// `n` distinct random elements of `items` (fewer when `items` is shorter).
pub(super) fn sample<'a>(rng: &mut StdRng, items: &[&'a str], n: usize) -> Vec<&'a str> {
    items.choose_multiple(rng, n).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::reference::{CATEGORIES, EFFECTS};

    #[test]
    fn profiles_cover_every_category_but_apparel_with_known_effects() {
        let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
        for category in CATEGORIES.iter().filter(|c| **c != "Apparel") {
            assert!(names.contains(category), "{category}");
        }
        for profile in &PROFILES {
            for effect in profile.effects {
                assert!(EFFECTS.contains(effect), "{effect}");
            }
        }
    }

    #[test]
    fn titles_never_repeat_a_word() {
        use rand::SeedableRng;
        let mut rng = StdRng::seed_from_u64(7);
        for profile in &PROFILES {
            for _ in 0..50 {
                let t = title(&mut rng, profile);
                let words: Vec<&str> = t.split_whitespace().collect();
                let distinct: std::collections::HashSet<&str> = words.iter().copied().collect();
                assert_eq!(distinct.len(), words.len(), "{t}");
            }
        }
    }

    #[test]
    fn colours_only_go_with_effects_that_can_carry_them() {
        use rand::SeedableRng;
        let mut rng = StdRng::seed_from_u64(7);
        let text = description(&mut rng, &PROFILES[0], "12,1", &["Red"], &["Whistle"]);
        assert!(text.contains("red stars"), "{text}");
        assert!(!text.contains("red screaming"), "{text}");
    }

    #[test]
    fn colour_lists_read_like_english() {
        assert_eq!(join_words(&["Red"]), "red");
        assert_eq!(join_words(&["Red", "White", "Blue"]), "red, white and blue");
    }
}
