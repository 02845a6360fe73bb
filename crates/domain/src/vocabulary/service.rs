//! The catalogue's vocabulary, as the back office edits it: brands, categories, colours,
//! effects (back-office.md "Metadata"), show types and apparel types. Each write is one
//! `Store::write` that validates (back-office.md §5), refuses a duplicate name or a delete of
//! a term in use (decisions.md "Catalogue": 409 saying what uses it), records an audit row and
//! moves the catalogue version on, so every API node's read cache sees it at once.

use super::model::*;
use chrono::NaiveDateTime;

use crate::audit::{Audit, AuditEntry};
use crate::catalogue::CatalogueReads;
use crate::ids::UserId;
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};
use crate::vocabulary::{Terms, Vocabulary};

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
fn ensure_unique<T: Terms + ?Sized>(
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
