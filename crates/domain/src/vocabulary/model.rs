//! The vocabulary's terms: which list a term belongs to, a term as stored and as typed, and
//! what uses it.

use crate::catalogue::MetadataKind;
use crate::profile::FieldErrors;
use serde::Serialize;

/// Longest name accepted.
pub const MAX_TERM_NAME_LEN: usize = 100;
/// Longest description accepted.
pub const MAX_TERM_DESCRIPTION_LEN: usize = 1_000;

/// Which list a term belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vocabulary {
    /// Brands.
    Brand,
    /// Categories.
    Category,
    /// Colours (of products and apparel variants).
    Color,
    /// Firework effects.
    Effect,
    /// Show types (with a description).
    ShowType,
    /// Apparel types (with a description).
    ApparelType,
}

impl From<MetadataKind> for Vocabulary {
    fn from(kind: MetadataKind) -> Self {
        match kind {
            MetadataKind::Brands => Vocabulary::Brand,
            MetadataKind::Categories => Vocabulary::Category,
            MetadataKind::Colors => Vocabulary::Color,
            MetadataKind::Effects => Vocabulary::Effect,
        }
    }
}

impl Vocabulary {
    /// The word for one term (`Brand`, `Show type`, ...), as messages say it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Vocabulary::Brand => "Brand",
            Vocabulary::Category => "Category",
            Vocabulary::Color => "Color",
            Vocabulary::Effect => "Effect",
            Vocabulary::ShowType => "Show type",
            Vocabulary::ApparelType => "Apparel type",
        }
    }

    /// The audit log's entity name (`brand`, `show_type`, ...).
    #[must_use]
    pub const fn entity(self) -> &'static str {
        match self {
            Vocabulary::Brand => "brand",
            Vocabulary::Category => "category",
            Vocabulary::Color => "color",
            Vocabulary::Effect => "effect",
            Vocabulary::ShowType => "show_type",
            Vocabulary::ApparelType => "apparel_type",
        }
    }

    /// Whether its terms carry a description (show and apparel types).
    #[must_use]
    pub const fn has_description(self) -> bool {
        matches!(self, Vocabulary::ShowType | Vocabulary::ApparelType)
    }
}

/// A stored term.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Term {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Description (show and apparel types only).
    pub description: Option<String>,
}

/// A term as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TermInput {
    /// Name (trimmed; required).
    pub name: Option<String>,
    /// Description (trimmed; omitted when blank; show and apparel types only).
    pub description: Option<String>,
}

/// A validated term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidTerm {
    /// Name, trimmed, not blank.
    pub name: String,
    /// Description, trimmed, `None` when blank or not kept by the vocabulary.
    pub description: Option<String>,
}

impl TermInput {
    /// Validates the form (back-office.md §5 "Name is required").
    ///
    /// # Errors
    /// The failures by field (`name`, `description`).
    pub fn validate(&self, kind: Vocabulary) -> Result<ValidTerm, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = self.name.as_deref().map(str::trim).unwrap_or_default();
        if name.is_empty() {
            errors.add_message("name", "Name is required");
        } else if name.chars().count() > MAX_TERM_NAME_LEN {
            errors.add_message(
                "name",
                format!("Name must be at most {MAX_TERM_NAME_LEN} characters"),
            );
        }
        let description = self
            .description
            .as_deref()
            .map(str::trim)
            .filter(|d| kind.has_description() && !d.is_empty());
        if description.is_some_and(|d| d.chars().count() > MAX_TERM_DESCRIPTION_LEN) {
            errors.add_message(
                "description",
                format!("Description must be at most {MAX_TERM_DESCRIPTION_LEN} characters"),
            );
        }
        errors.into_result(ValidTerm {
            name: name.to_owned(),
            description: description.map(str::to_owned),
        })
    }
}

/// What still uses a term.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TermUsage {
    /// Products (fireworks, shows, apparel) that name it.
    pub products: i64,
    /// Apparel variants of that colour.
    pub variants: i64,
}

impl TermUsage {
    /// Whether nothing uses it.
    #[must_use]
    pub const fn is_unused(self) -> bool {
        self.products == 0 && self.variants == 0
    }

    /// What uses a term of `kind`, in words: the products that name a show type are shows.
    pub(super) fn describe(self, kind: Vocabulary) -> String {
        let plural =
            |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let products = |n: i64| match kind {
            Vocabulary::ShowType => plural(n, "show", "shows"),
            _ => plural(n, "product", "products"),
        };
        match (self.products, self.variants) {
            (p, 0) => products(p),
            (0, v) => plural(v, "apparel variant", "apparel variants"),
            (p, v) => format!(
                "{} and {}",
                products(p),
                plural(v, "apparel variant", "apparel variants")
            ),
        }
    }
}
