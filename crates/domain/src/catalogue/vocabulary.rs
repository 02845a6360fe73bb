//! The catalogue's vocabulary, as the back office edits it: brands, categories, colours,
//! effects (back-office.md "Metadata"), show types and apparel types. Each write is one
//! `Store::write` that validates (back-office.md §5), refuses a duplicate name or a delete of
//! a term in use (decisions.md "Catalogue": 409 saying what uses it), records an audit row and
//! moves the catalogue version on, so every API node's read cache sees it at once.

use chrono::NaiveDateTime;
use serde::Serialize;

use super::MetadataKind;
use crate::ids::UserId;
use crate::ports::{Audit, AuditEntry, Catalogue, Store, StoreError};
use crate::profile::FieldErrors;

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
    fn describe(self, kind: Vocabulary) -> String {
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

/// Why a vocabulary write was refused.
#[derive(Debug, thiserror::Error)]
pub enum VocabularyError {
    /// The form failed validation.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No term of this kind has this id.
    #[error("{} not found", .0.label())]
    NotFound(Vocabulary),
    /// Another term of the kind has this name (in any letter case).
    #[error("A {} named \"{name}\" already exists", .kind.label().to_lowercase())]
    Duplicate {
        /// The kind.
        kind: Vocabulary,
        /// The name asked for.
        name: String,
    },
    /// The term is still used.
    #[error("{} \"{name}\" is used by {} and cannot be deleted", .kind.label(), .usage.describe(*.kind))]
    InUse {
        /// The kind.
        kind: Vocabulary,
        /// The term's name.
        name: String,
        /// What uses it.
        usage: TermUsage,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn audit(
    kind: Vocabulary,
    action: &'static str,
    actor: &UserId,
    id: &str,
    before: Option<&Term>,
    after: Option<&Term>,
    at: NaiveDateTime,
) -> AuditEntry {
    AuditEntry::new(actor, action, kind.entity(), id, before, after, at)
}

/// Refuses `name` when another term of `kind` (not `except`) has it, in any letter case.
fn ensure_unique<T: Catalogue + ?Sized>(
    tx: &mut T,
    kind: Vocabulary,
    name: &str,
    except: Option<&str>,
) -> Result<(), VocabularyError> {
    match tx.term_named(kind, name)? {
        Some(other) if Some(other.id.as_str()) != except => Err(VocabularyError::Duplicate {
            kind,
            name: name.to_owned(),
        }),
        _ => Ok(()),
    }
}

/// Creates a term.
///
/// # Errors
/// [`VocabularyError::Invalid`], [`VocabularyError::Duplicate`]; store failures.
pub fn create_term(
    store: &impl Store,
    actor: &UserId,
    kind: Vocabulary,
    input: &TermInput,
    now: NaiveDateTime,
) -> Result<Term, VocabularyError> {
    let valid = input.validate(kind).map_err(VocabularyError::Invalid)?;
    store.write(|tx| {
        ensure_unique(tx, kind, &valid.name, None)?;
        let term = tx
            .insert_term(kind, &valid)
            .map_err(|e| duplicate(e, kind, &valid))?;
        tx.record_audit(&audit(
            kind,
            "create",
            actor,
            &term.id,
            None,
            Some(&term),
            now,
        ))?;
        tx.bump_catalogue_version()?;
        Ok(term)
    })
}

/// Renames (and re-describes) a term.
///
/// # Errors
/// [`VocabularyError::Invalid`], [`VocabularyError::NotFound`],
/// [`VocabularyError::Duplicate`]; store failures.
pub fn update_term(
    store: &impl Store,
    actor: &UserId,
    kind: Vocabulary,
    id: &str,
    input: &TermInput,
    now: NaiveDateTime,
) -> Result<Term, VocabularyError> {
    let valid = input.validate(kind).map_err(VocabularyError::Invalid)?;
    store.write(|tx| {
        let before = tx
            .find_term(kind, id)?
            .ok_or(VocabularyError::NotFound(kind))?;
        ensure_unique(tx, kind, &valid.name, Some(id))?;
        tx.update_term(kind, id, &valid)
            .map_err(|e| duplicate(e, kind, &valid))?;
        let after = Term {
            id: id.to_owned(),
            name: valid.name.clone(),
            description: valid.description.clone(),
        };
        tx.record_audit(&audit(
            kind,
            "update",
            actor,
            id,
            Some(&before),
            Some(&after),
            now,
        ))?;
        tx.bump_catalogue_version()?;
        Ok(after)
    })
}

/// Deletes a term nothing uses.
///
/// # Errors
/// [`VocabularyError::NotFound`], [`VocabularyError::InUse`]; store failures.
pub fn delete_term(
    store: &impl Store,
    actor: &UserId,
    kind: Vocabulary,
    id: &str,
    now: NaiveDateTime,
) -> Result<(), VocabularyError> {
    store.write(|tx| {
        let before = tx
            .find_term(kind, id)?
            .ok_or(VocabularyError::NotFound(kind))?;
        let usage = tx.term_usage(kind, id)?;
        if !usage.is_unused() {
            return Err(VocabularyError::InUse {
                kind,
                name: before.name,
                usage,
            });
        }
        tx.delete_term(kind, id)?;
        tx.record_audit(&audit(kind, "delete", actor, id, Some(&before), None, now))?;
        tx.bump_catalogue_version()?;
        Ok(())
    })
}

/// A unique-name refusal from the store (a race with another admin) said as a duplicate.
fn duplicate(e: StoreError, kind: Vocabulary, valid: &ValidTerm) -> VocabularyError {
    match e {
        StoreError::Duplicate(_) => VocabularyError::Duplicate {
            kind,
            name: valid.name.clone(),
        },
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_required_and_trimmed_and_descriptions_only_for_types() {
        let blank = TermInput {
            name: Some("   ".into()),
            description: None,
        };
        let errors = blank.validate(Vocabulary::Brand).expect_err("blank");
        assert_eq!(errors.get("name"), ["Name is required"]);
        assert!(TermInput::default().validate(Vocabulary::Color).is_err());
        let ok = TermInput {
            name: Some("  Cody B ".into()),
            description: Some("  ".into()),
        };
        assert_eq!(
            ok.validate(Vocabulary::ShowType).expect("valid"),
            ValidTerm {
                name: "Cody B".into(),
                description: None
            }
        );
        let described = TermInput {
            name: Some("Hoodie".into()),
            description: Some(" Warm ".into()),
        };
        assert_eq!(
            described
                .validate(Vocabulary::ApparelType)
                .expect("valid")
                .description
                .as_deref(),
            Some("Warm")
        );
        assert_eq!(
            described
                .validate(Vocabulary::Brand)
                .expect("valid")
                .description,
            None
        );
        let long = TermInput {
            name: Some("x".repeat(MAX_TERM_NAME_LEN + 1)),
            description: None,
        };
        assert!(long.validate(Vocabulary::Effect).is_err());
    }

    #[test]
    fn refusals_say_what_uses_the_term() {
        let in_use = |products, variants| VocabularyError::InUse {
            kind: Vocabulary::Color,
            name: "Red".into(),
            usage: TermUsage { products, variants },
        };
        assert_eq!(
            in_use(1, 0).to_string(),
            "Color \"Red\" is used by 1 product and cannot be deleted"
        );
        assert_eq!(
            in_use(3, 40).to_string(),
            "Color \"Red\" is used by 3 products and 40 apparel variants and cannot be deleted"
        );
        assert_eq!(
            in_use(0, 1).to_string(),
            "Color \"Red\" is used by 1 apparel variant and cannot be deleted"
        );
        // Products that name a show type are shows (issue 32, item 6).
        let show_type = |products| VocabularyError::InUse {
            kind: Vocabulary::ShowType,
            name: "FOURTH_JULY".into(),
            usage: TermUsage {
                products,
                variants: 0,
            },
        };
        assert_eq!(
            show_type(3).to_string(),
            "Show type \"FOURTH_JULY\" is used by 3 shows and cannot be deleted"
        );
        assert_eq!(
            show_type(1).to_string(),
            "Show type \"FOURTH_JULY\" is used by 1 show and cannot be deleted"
        );
        let dup = VocabularyError::Duplicate {
            kind: Vocabulary::ShowType,
            name: "Wedding".into(),
        };
        assert_eq!(
            dup.to_string(),
            "A show type named \"Wedding\" already exists"
        );
    }
}
