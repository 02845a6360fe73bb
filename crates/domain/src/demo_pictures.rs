//! The demo shop's pictures. A seeded product's image address names what to draw: a motif
//! taken from its category (cakes, rockets, fountains, shells...) or apparel type, and its
//! first colour (`/images/demo/v1/cake/red/CB-1001.svg`). The seed (`persistence`) writes
//! these addresses and the API (`demo_images`) draws them as SVG on the machine, so the demo
//! shop needs nothing from outside and its 300 products do not look like one picture repeated.
//! The address fully determines the drawing; `v1` changes when the drawings do, so the
//! pictures can be cached as immutable.

use std::fmt;

/// The folder of the demo pictures, with the version of their drawings.
pub const DEMO_IMAGE_PREFIX: &str = "/images/demo/v1";

/// The colour part of the address of a product without colours.
pub const MIXED_COLOR: &str = "mixed";

/// What a demo picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Motif {
    /// A cake: a box of tubes firing bursts.
    Cake,
    /// A rocket on its stick with a trail.
    Rocket,
    /// A cone spraying a fan of sparks.
    Fountain,
    /// A mortar tube under a big round burst.
    Shell,
    /// Candle tubes shooting stars one after another.
    Candle,
    /// A lit sparkler.
    Sparkler,
    /// A string of firecrackers with its fuse.
    Firecracker,
    /// A smoke ball with its cloud.
    Smoke,
    /// A spinning ground or flying novelty (pinwheel).
    Spinner,
    /// A tube shooting confetti.
    Confetti,
    /// A coil of fuse and supplies.
    Fuse,
    /// A show: several bursts over a skyline.
    Show,
    /// A T-shirt.
    TShirt,
    /// A hoodie.
    Hoodie,
    /// A cap.
    Hat,
    /// A tank top.
    TankTop,
    /// A long-sleeve tee.
    LongSleeve,
}

impl Motif {
    /// Every motif, in the order of the enum.
    pub const ALL: [Motif; 17] = [
        Motif::Cake,
        Motif::Rocket,
        Motif::Fountain,
        Motif::Shell,
        Motif::Candle,
        Motif::Sparkler,
        Motif::Firecracker,
        Motif::Smoke,
        Motif::Spinner,
        Motif::Confetti,
        Motif::Fuse,
        Motif::Show,
        Motif::TShirt,
        Motif::Hoodie,
        Motif::Hat,
        Motif::TankTop,
        Motif::LongSleeve,
    ];

    /// The motif of a fireworks category (names of `CATEGORIES`); a burst-like shell for a
    /// category the demo shop does not know.
    #[must_use]
    pub fn of_category(category: &str) -> Motif {
        match category {
            "200 Gram Cakes" | "500 Gram Cakes" | "Assortments" => Motif::Cake,
            "Bottle Rockets" | "Rockets & Missiles" => Motif::Rocket,
            "Fountains" | "Cone & Floral" | "Gender Reveal" => Motif::Fountain,
            "Roman Candles" | "Tubes (Finales)" => Motif::Candle,
            "Sparklers" => Motif::Sparkler,
            "Firecrackers" => Motif::Firecracker,
            "Snake & Smoke" => Motif::Smoke,
            "Flying & Helicopters" | "Ground" | "Pinwheels" | "Toy Novelties & Strobes" => {
                Motif::Spinner
            }
            "Confetti Shooters (Air Compressed)" => Motif::Confetti,
            "Fuse" | "Supplies & Visibility" => Motif::Fuse,
            _ => Motif::Shell,
        }
    }

    /// The motif of an apparel type (names of `APPAREL_TYPES`); a T-shirt for another type.
    #[must_use]
    pub fn of_apparel_type(apparel_type: &str) -> Motif {
        match apparel_type {
            "Hoodie" => Motif::Hoodie,
            "Hat" => Motif::Hat,
            "Tank Top" => Motif::TankTop,
            "Long Sleeve" => Motif::LongSleeve,
            _ => Motif::TShirt,
        }
    }

    /// Whether the motif is a garment (drawn on a light background) rather than a firework
    /// (drawn against the night sky).
    #[must_use]
    pub const fn is_garment(self) -> bool {
        matches!(
            self,
            Motif::TShirt | Motif::Hoodie | Motif::Hat | Motif::TankTop | Motif::LongSleeve
        )
    }

    /// The motif's part of an image address.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Motif::Cake => "cake",
            Motif::Rocket => "rocket",
            Motif::Fountain => "fountain",
            Motif::Shell => "shell",
            Motif::Candle => "candle",
            Motif::Sparkler => "sparkler",
            Motif::Firecracker => "firecracker",
            Motif::Smoke => "smoke",
            Motif::Spinner => "spinner",
            Motif::Confetti => "confetti",
            Motif::Fuse => "fuse",
            Motif::Show => "show",
            Motif::TShirt => "t-shirt",
            Motif::Hoodie => "hoodie",
            Motif::Hat => "hat",
            Motif::TankTop => "tank-top",
            Motif::LongSleeve => "long-sleeve",
        }
    }

    /// The motif an address part names.
    #[must_use]
    pub fn parse(s: &str) -> Option<Motif> {
        Motif::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

impl fmt::Display for Motif {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The image address of a demo product: its motif, its first colour (lowercased; `mixed` when
/// it has none) and its SKU.
#[must_use]
pub fn demo_image(motif: Motif, color: Option<&str>, sku: &str) -> String {
    let color = color.map_or_else(|| MIXED_COLOR.to_owned(), str::to_lowercase);
    format!("{DEMO_IMAGE_PREFIX}/{motif}/{color}/{sku}.svg")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn motifs_round_trip_through_their_address_part() {
        for motif in Motif::ALL {
            assert_eq!(Motif::parse(motif.as_str()), Some(motif));
        }
        assert_eq!(Motif::parse("products"), None);
    }

    #[test]
    fn addresses_name_motif_colour_and_sku() {
        assert_eq!(
            demo_image(Motif::Cake, Some("Red"), "CB-1001"),
            "/images/demo/v1/cake/red/CB-1001.svg"
        );
        assert_eq!(
            demo_image(Motif::Show, None, "SHOW-1"),
            "/images/demo/v1/show/mixed/SHOW-1.svg"
        );
    }
}
