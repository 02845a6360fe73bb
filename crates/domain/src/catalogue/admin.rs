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
    /// The audit row of `action` on `id` by `actor`, with the state before and after.
    pub(super) fn entry<T: Serialize>(
        self,
        action: &'static str,
        actor: &UserId,
        id: &str,
        before: Option<&T>,
        after: Option<&T>,
        at: NaiveDateTime,
    ) -> AuditEntry {
        AuditEntry::new(actor, action, self.0, id, before, after, at)
    }
}

/// Records `entry` and moves the catalogue version on (a create or an edit then reads back
/// what it wrote, in the same transaction).
///
/// # Errors
/// Store failures.
pub(super) fn recorded<T>(tx: &mut T, entry: &AuditEntry) -> Result<(), StoreError>
where
    T: Audit + CatalogueReads + ?Sized,
{
    tx.record_audit(entry)?;
    tx.bump_catalogue_version()?;
    Ok(())
}

/// Deletes the product (of any kind) `id`, records `entry` and moves the catalogue version on.
///
/// # Errors
/// Store failures.
pub(super) fn deleted<T>(tx: &mut T, id: &ProductId, entry: &AuditEntry) -> Result<(), StoreError>
where
    T: Audit + CatalogueReads + ProductAdmin + ?Sized,
{
    tx.delete_product(id)?;
    recorded(tx, entry)
}

/// "1 order item", "3 order items": what holds a show or an apparel product that cannot go.
pub(super) fn order_items(n: i64) -> String {
    format!("{n} order item{}", if n == 1 { "" } else { "s" })
}
