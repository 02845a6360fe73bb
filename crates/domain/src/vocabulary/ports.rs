//! The vocabulary's store port: terms, their use, and the metadata pages.

use crate::catalogue::{MetadataItem, MetadataKind};
use crate::paging::{Page, PageRequest};
use crate::store::StoreError;
use crate::vocabulary::{Term, TermUsage, ValidTerm, Vocabulary};

/// The vocabulary the catalogue is described with: brands, categories, colours, effects,
/// show and apparel types.
pub trait Terms {
    /// The term of `kind` with this id.
    fn find_term(&mut self, kind: Vocabulary, id: &str) -> Result<Option<Term>, StoreError>;

    /// The term of `kind` with this name in any letter case.
    fn term_named(&mut self, kind: Vocabulary, name: &str) -> Result<Option<Term>, StoreError>;

    /// Stores a new term and answers it with its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the name is taken.
    fn insert_term(&mut self, kind: Vocabulary, term: &ValidTerm) -> Result<Term, StoreError>;

    /// Changes a term's name and description.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the name is taken; [`StoreError::NotFound`].
    fn update_term(
        &mut self,
        kind: Vocabulary,
        id: &str,
        term: &ValidTerm,
    ) -> Result<(), StoreError>;

    /// What uses a term: products (and, for a colour, apparel variants).
    fn term_usage(&mut self, kind: Vocabulary, id: &str) -> Result<TermUsage, StoreError>;

    /// Deletes a term (the caller checked nothing uses it).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a row still refers to it.
    fn delete_term(&mut self, kind: Vocabulary, id: &str) -> Result<(), StoreError>;

    /// One page of one metadata kind (by name; `search` anywhere in the name, any case), each
    /// item with its product count.
    fn metadata_page(
        &mut self,
        kind: MetadataKind,
        search: Option<&str>,
        page: PageRequest,
    ) -> Result<Page<MetadataItem>, StoreError>;
}
