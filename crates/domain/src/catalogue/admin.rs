//! What every back-office write of a product, show or apparel product shares: the form
//! validated before anything is read, one `Store::write`, and at its end the audit row, the
//! catalogue version moved on and, for a create or an edit, what was written read back as the
//! storefront shows it (so the caller needs no second read). [`Kind::create`] and
//! [`Kind::update`] are that frame; each kind's use case gives the writes in between.

use std::marker::PhantomData;

use chrono::NaiveDateTime;
use serde::Serialize;

use crate::audit::{Audit, AuditEntry};
use crate::catalogue::{CatalogueReads, Product, ProductAdmin, ProductForm, ProductForms, Show};
use crate::ids::{ProductId, UserId};
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};

/// What a create or an edit answers: what it wrote, read back in its own transaction.
pub(super) trait ReadBack: Sized {
    /// The product or show `id` as the storefront reads it, or `None`.
    ///
    /// # Errors
    /// Store failures.
    fn read_back<X>(tx: &mut X, id: &ProductId) -> Result<Option<Self>, StoreError>
    where
        X: CatalogueReads + ?Sized;
}

impl ReadBack for Product {
    fn read_back<X>(tx: &mut X, id: &ProductId) -> Result<Option<Self>, StoreError>
    where
        X: CatalogueReads + ?Sized,
    {
        tx.find_product(id)
    }
}

impl ReadBack for Show {
    fn read_back<X>(tx: &mut X, id: &ProductId) -> Result<Option<Self>, StoreError>
    where
        X: CatalogueReads + ?Sized,
    {
        tx.find_show(id)
    }
}

/// One kind of product the back office writes (fireworks, show, apparel), with its form `F`:
/// what the audit log calls it, and how the error `E` of its use cases says that the form was
/// refused or that no product of this kind has the id.
pub(super) struct Kind<E, F> {
    name: &'static str,
    invalid: fn(FieldErrors) -> E,
    not_found: E,
    form: PhantomData<fn() -> F>,
}

impl<E: From<StoreError>, F: ProductForm + Serialize> Kind<E, F> {
    /// The kind the audit log calls `name`, with its use cases' refusals.
    pub(super) const fn new(
        name: &'static str,
        invalid: fn(FieldErrors) -> E,
        not_found: E,
    ) -> Self {
        Kind {
            name,
            invalid,
            not_found,
            form: PhantomData,
        }
    }

    /// The stored form of the product `id` of this kind.
    ///
    /// # Errors
    /// Not found when there is no product of this kind with that id; store failures.
    pub(super) fn record<X>(self, tx: &mut X, id: &ProductId) -> Result<F::Record, E>
    where
        X: ProductForms<F> + ?Sized,
    {
        tx.stored_form(id)?.ok_or(self.not_found)
    }

    /// The audit of what `actor` writes on things of this kind at `at`.
    pub(super) fn by<'a>(&self, actor: &'a UserId, at: NaiveDateTime) -> Auditor<'a> {
        Auditor {
            kind: self.name,
            actor,
            at,
        }
    }

    /// Creates a product of this kind: the form's refusal first; then, in one write, `insert`
    /// stores the valid form and answers the new id, the audit row records the form, the
    /// catalogue version moves on, and the answer is the new product read back.
    ///
    /// # Errors
    /// The form's refusal, `insert`'s errors, not found when nothing can be read back; store
    /// failures.
    pub(super) fn create<S, A>(
        self,
        store: &S,
        actor: &UserId,
        now: NaiveDateTime,
        form: Result<F, FieldErrors>,
        insert: impl FnOnce(&mut S::Tx<'_>, &F) -> Result<ProductId, E>,
    ) -> Result<A, E>
    where
        S: Store,
        A: ReadBack,
    {
        let valid = form.map_err(self.invalid)?;
        let audit = self.by(actor, now);
        store.write(|tx| {
            let id = insert(tx, &valid)?;
            audit.record(tx, "create", id.as_str(), None, Some(&valid))?;
            A::read_back(tx, &id)?.ok_or(self.not_found)
        })
    }

    /// Changes the product `id` of this kind: the form's refusal first; then, in one write,
    /// `change` reads what is stored (not found without it), writes the valid form over it and
    /// answers the form as it was stored before; the audit row records both, the catalogue
    /// version moves on, and the answer is the product read back.
    ///
    /// # Errors
    /// The form's refusal, `change`'s errors, not found when nothing can be read back; store
    /// failures.
    pub(super) fn update<S, A>(
        self,
        store: &S,
        actor: &UserId,
        now: NaiveDateTime,
        id: &ProductId,
        form: Result<F, FieldErrors>,
        change: impl FnOnce(&mut S::Tx<'_>, &F) -> Result<F, E>,
    ) -> Result<A, E>
    where
        S: Store,
        A: ReadBack,
    {
        let valid = form.map_err(self.invalid)?;
        let audit = self.by(actor, now);
        store.write(|tx| {
            let before = change(tx, &valid)?;
            audit.record(tx, "update", id.as_str(), Some(&before), Some(&valid))?;
            A::read_back(tx, id)?.ok_or(self.not_found)
        })
    }
}

/// Who writes things of one kind, and when: the end of each back-office write.
#[derive(Debug, Clone, Copy)]
pub(super) struct Auditor<'a> {
    kind: &'static str,
    actor: &'a UserId,
    at: NaiveDateTime,
}

impl Auditor<'_> {
    /// Records `action` on `id` with the state before and after, and moves the catalogue
    /// version on (a create or an edit then reads back what it wrote, in the same transaction).
    ///
    /// # Errors
    /// Store failures.
    pub(super) fn record<T, X>(
        &self,
        tx: &mut X,
        action: &'static str,
        id: &str,
        before: Option<&T>,
        after: Option<&T>,
    ) -> Result<(), StoreError>
    where
        T: Serialize,
        X: Audit + CatalogueReads + ?Sized,
    {
        let entry = AuditEntry::new(self.actor, action, self.kind, id, before, after, self.at);
        tx.record_audit(&entry)?;
        tx.bump_catalogue_version()?;
        Ok(())
    }

    /// Deletes the product (of any kind) `id`, records it with its state before and moves the
    /// catalogue version on.
    ///
    /// # Errors
    /// Store failures.
    pub(super) fn delete<T, X>(
        &self,
        tx: &mut X,
        id: &ProductId,
        before: &T,
    ) -> Result<(), StoreError>
    where
        T: Serialize,
        X: Audit + CatalogueReads + ProductAdmin + ?Sized,
    {
        tx.delete_product(id)?;
        self.record(tx, "delete", id.as_str(), Some(before), None)
    }
}

/// "1 order item", "3 order items": what holds a show or an apparel product that cannot go.
pub(super) fn order_items(n: i64) -> String {
    format!("{n} order item{}", if n == 1 { "" } else { "s" })
}
