//! What every back-office write of a product, show or apparel product ends with, inside its one
//! `Store::write`: the audit row, the catalogue version moved on and, for a create or an edit,
//! what was written read back as the storefront shows it (so the caller needs no second read).

use chrono::NaiveDateTime;
use serde::Serialize;

use crate::audit::{Audit, AuditEntry};
use crate::catalogue::{CatalogueReads, ProductAdmin};
use crate::ids::{ProductId, UserId};
use crate::store::StoreError;

/// What the audit log calls the written thing ("product", "show", "apparel").
#[derive(Debug, Clone, Copy)]
pub(super) struct Audited(pub &'static str);

impl Audited {
    /// The audit of what `actor` writes on things of this kind at `at`.
    pub(super) fn by(self, actor: &UserId, at: NaiveDateTime) -> Auditor<'_> {
        Auditor {
            kind: self.0,
            actor,
            at,
        }
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
