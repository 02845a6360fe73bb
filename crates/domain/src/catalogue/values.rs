//! Catalogue values: packages, apparel genders and sizes (storefront.md §2, §3;
//! back-office.md §3, §5).

use std::fmt;
use std::str::FromStr;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::macros::string_enum;

/// Why a package description is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PackageError {
    /// Nothing was given.
    #[error("Package information is required")]
    Required,
    /// A part is not a whole number of at least 1.
    #[error("Package must be a comma-separated list of positive numbers")]
    Invalid,
}

/// How a product is packed: a non-empty list of positive counts, outermost first. `[36, 1]`
/// is 36 items per case of one piece each; for a case-breakable product the first number is
/// the number of units in a case.
///
/// Stored as the text `"36,1"` ([`Package::to_db_string`], [`Package::parse`]); JSON is an
/// array of numbers (`[36, 1]`), and a comma-separated string is also read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Package(Vec<u32>);

impl Package {
    /// A package from its counts.
    ///
    /// # Errors
    /// [`PackageError::Required`] when empty, [`PackageError::Invalid`] when a count is zero.
    pub fn new(parts: Vec<u32>) -> Result<Package, PackageError> {
        if parts.is_empty() {
            Err(PackageError::Required)
        } else if parts.contains(&0) {
            Err(PackageError::Invalid)
        } else {
            Ok(Package(parts))
        }
    }

    /// Reads `"36,1"` (blanks around the numbers are ignored).
    ///
    /// # Errors
    /// [`PackageError::Required`] for a blank text ("Package information is required"),
    /// [`PackageError::Invalid`] otherwise ("Package must be a comma-separated list of
    /// positive numbers").
    pub fn parse(text: &str) -> Result<Package, PackageError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(PackageError::Required);
        }
        let parts = text
            .split(',')
            .map(|part| {
                let part = part.trim();
                if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(PackageError::Invalid);
                }
                part.parse::<u32>().map_err(|_| PackageError::Invalid)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Package::new(parts)
    }

    /// The single-item package `[1]` (a show's package).
    #[must_use]
    pub fn single() -> Package {
        Package(vec![1])
    }

    /// The counts, outermost first.
    #[must_use]
    pub fn parts(&self) -> &[u32] {
        &self.0
    }

    /// The first count: items per case (units in a case for a case-breakable product).
    #[must_use]
    pub fn first(&self) -> u32 {
        // Never empty by construction; 1 keeps any division safe regardless.
        self.0.first().copied().unwrap_or(1)
    }

    /// The database text: counts joined by commas (`"36,1"`).
    #[must_use]
    pub fn to_db_string(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Package {
    /// Counts joined by commas (`36,1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

impl FromStr for Package {
    type Err = PackageError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Package::parse(text)
    }
}

impl TryFrom<Vec<u32>> for Package {
    type Error = PackageError;

    fn try_from(parts: Vec<u32>) -> Result<Self, Self::Error> {
        Package::new(parts)
    }
}

impl Serialize for Package {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Package {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Reads an array of counts or a comma-separated text.
        struct PackageVisitor;

        impl<'de> Visitor<'de> for PackageVisitor {
            type Value = Package;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of positive numbers")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Package, E> {
                Package::parse(v).map_err(E::custom)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Package, A::Error> {
                let mut parts = Vec::new();
                while let Some(part) = seq
                    .next_element::<u32>()
                    .map_err(|_| de::Error::custom(PackageError::Invalid))?
                {
                    parts.push(part);
                }
                Package::new(parts).map_err(de::Error::custom)
            }
        }

        deserializer.deserialize_any(PackageVisitor)
    }
}

/// Why a product SKU is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SkuError {
    /// Blank.
    #[error("SKU is required")]
    Required,
    /// Longer than [`Sku::MAX_LEN`] characters.
    #[error("SKU must be at most 50 characters")]
    TooLong,
    /// Contains blanks or control characters inside.
    #[error("SKU must not contain spaces")]
    Spaces,
}

/// A product SKU as set by the admin: trimmed, not blank, no inner blanks, at most 50
/// characters. Serializes as its text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Sku(String);

impl Sku {
    /// The longest SKU, in characters.
    pub const MAX_LEN: usize = 50;

    /// Reads a SKU (surrounding blanks are dropped).
    ///
    /// # Errors
    /// [`SkuError::Required`] ("SKU is required") when blank, [`SkuError::TooLong`] beyond 50
    /// characters, [`SkuError::Spaces`] with blanks inside.
    pub fn parse(text: &str) -> Result<Sku, SkuError> {
        let text = text.trim();
        if text.is_empty() {
            Err(SkuError::Required)
        } else if text.chars().count() > Sku::MAX_LEN {
            Err(SkuError::TooLong)
        } else if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            Err(SkuError::Spaces)
        } else {
            Ok(Sku(text.to_owned()))
        }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Sku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Sku {
    type Err = SkuError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Sku::parse(text)
    }
}

impl<'de> Deserialize<'de> for Sku {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Sku::parse(&text).map_err(de::Error::custom)
    }
}

/// A text that is not a gender.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("Invalid gender")]
pub struct InvalidGender;

string_enum! {
    /// The cut of an apparel variant.
    pub enum Gender: InvalidGender {
        /// Men's.
        Male => "MALE",
        /// Women's.
        Female => "FEMALE",
        /// Unisex.
        Unisex => "UNISEX",
    }
}

impl Gender {
    /// The label shown to buyers: Men's, Women's, Unisex.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Gender::Male => "Men's",
            Gender::Female => "Women's",
            Gender::Unisex => "Unisex",
        }
    }

    /// The letter used in variant SKUs: M, F or U.
    #[must_use]
    pub const fn initial(self) -> char {
        match self {
            Gender::Male => 'M',
            Gender::Female => 'F',
            Gender::Unisex => 'U',
        }
    }
}

/// Why a size is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// Blank.
    #[error("All variants must have a size")]
    Required,
    /// A custom size longer than [`Size::MAX_CUSTOM_LEN`] characters.
    #[error("Size must be at most 10 characters")]
    TooLong,
}

/// An apparel size: one of the standard sizes XS to 3XL, or a custom entry.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Size {
    /// XS.
    Xs,
    /// S.
    S,
    /// M.
    M,
    /// L.
    L,
    /// XL.
    Xl,
    /// 2XL.
    Xxl,
    /// 3XL.
    Xxxl,
    /// Any other size, trimmed, 1 to 10 characters (for example "One Size", "4XL", "YM").
    Custom(String),
}

impl Size {
    /// The standard sizes, smallest first.
    pub const STANDARD: [Size; 7] = [
        Size::Xs,
        Size::S,
        Size::M,
        Size::L,
        Size::Xl,
        Size::Xxl,
        Size::Xxxl,
    ];

    /// The longest custom size, in characters.
    pub const MAX_CUSTOM_LEN: usize = 10;

    /// Reads a size: a standard one in any letter case (`"xl"` is XL), otherwise a custom one,
    /// trimmed.
    ///
    /// # Errors
    /// [`SizeError::Required`] when blank, [`SizeError::TooLong`] beyond 10 characters.
    pub fn parse(text: &str) -> Result<Size, SizeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SizeError::Required);
        }
        if let Some(standard) = Size::STANDARD
            .iter()
            .find(|size| size.as_str().eq_ignore_ascii_case(text))
        {
            return Ok(standard.clone());
        }
        if text.chars().count() > Size::MAX_CUSTOM_LEN {
            return Err(SizeError::TooLong);
        }
        Ok(Size::Custom(text.to_owned()))
    }

    /// The stored and displayed spelling (`XS` ... `3XL`, or the custom text).
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Size::Xs => "XS",
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
            Size::Xl => "XL",
            Size::Xxl => "2XL",
            Size::Xxxl => "3XL",
            Size::Custom(text) => text,
        }
    }

    /// Whether this is one of XS to 3XL.
    #[must_use]
    pub const fn is_standard(&self) -> bool {
        !matches!(self, Size::Custom(_))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Size {
    type Err = SizeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Size::parse(text)
    }
}

impl Serialize for Size {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Size::parse(&text).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_parse_from_their_database_text() {
        let p = Package::parse("36,1").expect("valid");
        assert_eq!(p.parts(), &[36, 1]);
        assert_eq!(p.first(), 36);
        assert_eq!(p.to_db_string(), "36,1");
        assert_eq!(
            Package::parse(" 12 , 6 ").expect("valid").to_db_string(),
            "12,6"
        );
        assert_eq!(Package::parse("1").expect("valid").parts(), &[1]);
        assert_eq!(
            "4,2,1".parse::<Package>().expect("valid").parts(),
            &[4, 2, 1]
        );
        assert_eq!(Package::single().parts(), &[1]);
    }

    #[test]
    fn bad_packages_get_the_specs_messages() {
        let invalid = "Package must be a comma-separated list of positive numbers";
        for text in [
            "0",
            "36,0",
            "a",
            "36,",
            ",1",
            "36,,1",
            "-1",
            "1.5",
            "+3",
            "36;1",
            "99999999999",
        ] {
            let err = Package::parse(text).expect_err(text);
            assert_eq!(err.to_string(), invalid, "{text}");
        }
        for text in ["", "   "] {
            assert_eq!(
                Package::parse(text).map_err(|e| e.to_string()),
                Err("Package information is required".to_owned())
            );
        }
        assert_eq!(Package::new(vec![]), Err(PackageError::Required));
        assert_eq!(Package::try_from(vec![2, 0]), Err(PackageError::Invalid));
    }

    #[test]
    fn packages_travel_as_json_arrays() {
        let p = Package::parse("36,1").expect("valid");
        assert_eq!(serde_json::to_string(&p).expect("serializes"), "[36,1]");
        assert_eq!(serde_json::from_str::<Package>("[36,1]").expect("reads"), p);
        assert_eq!(
            serde_json::from_str::<Package>("\"36,1\"").expect("reads"),
            p
        );
        for bad in ["[]", "[0]", "[-1]", "[1.5]", "\"\"", "\"x\"", "3"] {
            assert!(serde_json::from_str::<Package>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn skus() {
        assert_eq!(
            Sku::parse(" CB-1234 ").map(|s| s.to_string()),
            Ok("CB-1234".into())
        );
        assert_eq!(
            Sku::parse(" ").map_err(|e| e.to_string()),
            Err("SKU is required".to_owned())
        );
        assert_eq!(Sku::parse("A B"), Err(SkuError::Spaces));
        assert_eq!(Sku::parse(&"x".repeat(51)), Err(SkuError::TooLong));
        assert!(Sku::parse(&"x".repeat(50)).is_ok());
        assert_eq!(
            serde_json::from_str::<Sku>("\"AB-1\"")
                .map(|s| s.as_str().to_owned())
                .ok(),
            Some("AB-1".into())
        );
        assert!(serde_json::from_str::<Sku>("\"\"").is_err());
    }

    #[test]
    fn genders_have_labels_and_initials() {
        let all: Vec<_> = Gender::ALL
            .iter()
            .map(|g| (g.as_str(), g.label(), g.initial()))
            .collect();
        assert_eq!(
            all,
            [
                ("MALE", "Men's", 'M'),
                ("FEMALE", "Women's", 'F'),
                ("UNISEX", "Unisex", 'U')
            ]
        );
        assert_eq!("FEMALE".parse::<Gender>(), Ok(Gender::Female));
        assert_eq!("female".parse::<Gender>(), Err(InvalidGender));
        assert_eq!(
            serde_json::to_string(&Gender::Unisex).expect("json"),
            "\"UNISEX\""
        );
    }

    #[test]
    fn sizes_are_standard_or_custom() {
        let words: Vec<_> = Size::STANDARD.iter().map(Size::as_str).collect();
        assert_eq!(words, ["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
        for size in Size::STANDARD {
            assert_eq!(size.as_str().parse::<Size>(), Ok(size.clone()));
            assert!(size.is_standard());
        }
        assert_eq!(Size::parse(" xl "), Ok(Size::Xl));
        assert_eq!(Size::parse("2xl"), Ok(Size::Xxl));
        assert_eq!(Size::parse("One Size"), Ok(Size::Custom("One Size".into())));
        assert!(!Size::parse("4XL").expect("custom").is_standard());
        assert_eq!(
            Size::parse("abcdefghij").map(|s| s.to_string()),
            Ok("abcdefghij".into())
        );
        assert_eq!(
            Size::parse("abcdefghijk").map_err(|e| e.to_string()),
            Err("Size must be at most 10 characters".to_owned())
        );
        assert_eq!(
            Size::parse("  ").map_err(|e| e.to_string()),
            Err("All variants must have a size".to_owned())
        );
        assert_eq!(serde_json::to_string(&Size::Xxxl).expect("json"), "\"3XL\"");
        assert_eq!(
            serde_json::from_str::<Size>("\"m\"").expect("reads"),
            Size::M
        );
        assert!(serde_json::from_str::<Size>("\"\"").is_err());
    }
}

/// Why a video link is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VideoUrlError {
    /// Not an `http://` or `https://` address with a host (a `javascript:` or `data:` link
    /// would run in the shopper's browser).
    #[error("Video URL must be a valid http or https address")]
    NotWeb,
    /// Longer than [`MAX_VIDEO_URL_LEN`].
    #[error("Video URL is too long")]
    TooLong,
}

/// The longest video link accepted.
pub const MAX_VIDEO_URL_LEN: usize = 2_048;

/// A product's or show's video link as saved: blank is none; otherwise an `http(s)://`
/// address with a host and no spaces or control characters (storefront.md §3: "must be a valid
/// URL"), trimmed.
///
/// # Errors
/// [`VideoUrlError`].
pub fn video_url(text: &str) -> Result<Option<String>, VideoUrlError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.len() > MAX_VIDEO_URL_LEN {
        return Err(VideoUrlError::TooLong);
    }
    let lower = text.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .ok_or(VideoUrlError::NotWeb)?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or_default();
    if host.is_empty() || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(VideoUrlError::NotWeb);
    }
    Ok(Some(text.to_owned()))
}

#[cfg(test)]
mod video_tests {
    use super::*;

    #[test]
    fn only_web_addresses_are_video_links() {
        assert_eq!(
            video_url(" https://www.youtube.com/watch?v=abc123 "),
            Ok(Some("https://www.youtube.com/watch?v=abc123".into()))
        );
        assert_eq!(
            video_url("HTTP://vimeo.com/1"),
            Ok(Some("HTTP://vimeo.com/1".into()))
        );
        assert_eq!(video_url("  "), Ok(None));
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,<b>x</b>",
            "vbscript:x",
            "https://",
            "https:///path",
            "ftp://example.com/v.mp4",
            "https://exa mple.com/",
            "//example.com/v",
        ] {
            assert_eq!(video_url(bad), Err(VideoUrlError::NotWeb), "{bad}");
        }
        let long = format!("https://example.com/{}", "a".repeat(MAX_VIDEO_URL_LEN));
        assert_eq!(video_url(&long), Err(VideoUrlError::TooLong));
    }
}
