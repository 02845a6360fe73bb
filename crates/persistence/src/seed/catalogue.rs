//! What fireworks products of each category look like: packages, price ranges, title patterns
//! and typical effects, plus the title and description generators shared by the demo shop and
//! the bulk seed.

use std::sync::OnceLock;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// How products of one (non-apparel) category are generated.
#[derive(Debug)]
pub(super) struct CategoryProfile {
    /// The category name (one of `CATEGORIES`).
    pub name: &'static str,
    /// Typical case packages, "items per case,pieces per item".
    pub packages: Vec<&'static str>,
    /// Wholesale price range of one item of the first package number, in whole dollars.
    pub item_dollars: (i64, i64),
    /// Title patterns: `{A}` an adjective, `{N}` a noun.
    pub titles: Vec<&'static str>,
    /// Effects products of this category usually have (names from `EFFECTS`).
    pub effects: Vec<&'static str>,
    /// What one item is called in descriptions.
    pub noun: &'static str,
}

/// The category profiles of `categories.txt`, in its order.
pub(super) fn profiles() -> &'static [CategoryProfile] {
    static PROFILES: OnceLock<Vec<CategoryProfile>> = OnceLock::new();
    PROFILES.get_or_init(|| {
        include_str!("categories.txt")
            .lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
            .map(CategoryProfile::parse)
            .collect()
    })
}

impl CategoryProfile {
    /// One line of `categories.txt`; the file is part of the build, so a malformed line is a
    /// bug that the seed tests catch.
    fn parse(line: &'static str) -> Self {
        let fields: Vec<&'static str> = line.split('|').map(str::trim).collect();
        let [name, packages, dollars, titles, effects, noun] = fields[..] else {
            panic!("categories.txt: six fields expected in {line:?}");
        };
        let list = |text: &'static str| text.split(';').map(str::trim).collect::<Vec<_>>();
        let dollar = |text: Option<&str>| -> i64 {
            text.and_then(|t| t.parse().ok())
                .unwrap_or_else(|| panic!("categories.txt: dollars low-high expected in {line:?}"))
        };
        let mut range = dollars.split('-');
        Self {
            name,
            packages: packages.split_whitespace().collect(),
            item_dollars: (dollar(range.next()), dollar(range.next())),
            titles: list(titles),
            effects: list(effects),
            noun,
        }
    }
}

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
    let pattern = pick(rng, &profile.titles);
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
        let names: Vec<&str> = profiles().iter().map(|p| p.name).collect();
        for category in CATEGORIES.iter().filter(|c| **c != "Apparel") {
            assert!(names.contains(category), "{category}");
        }
        for profile in profiles() {
            for effect in &profile.effects {
                assert!(EFFECTS.contains(effect), "{effect}");
            }
        }
    }

    #[test]
    fn titles_never_repeat_a_word() {
        use rand::SeedableRng;
        let mut rng = StdRng::seed_from_u64(7);
        for profile in profiles() {
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
        let text = description(&mut rng, &profiles()[0], "12,1", &["Red"], &["Whistle"]);
        assert!(text.contains("red stars"), "{text}");
        assert!(!text.contains("red screaming"), "{text}");
    }

    #[test]
    fn colour_lists_read_like_english() {
        assert_eq!(join_words(&["Red"]), "red");
        assert_eq!(join_words(&["Red", "White", "Blue"]), "red, white and blue");
    }
}
