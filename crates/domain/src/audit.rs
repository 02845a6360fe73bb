//! The audit trail of admin writes: one entry per change, written in the change's transaction.

use chrono::NaiveDateTime;

use crate::ids::UserId;
use crate::store::StoreError;

/// One row of the audit trail: who did what to which entity, when, before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// Who (none for the system).
    pub actor: Option<UserId>,
    /// `create`, `update`, `delete`, ...
    pub action: &'static str,
    /// The entity's kind (`brand`, `product`, ...).
    pub entity: &'static str,
    /// The entity's id.
    pub entity_id: String,
    /// `{"before": ..., "after": ...}` as JSON text.
    pub details: String,
    /// When.
    pub at: NaiveDateTime,
}

impl AuditEntry {
    /// An entry with the JSON of the entity before and after the change.
    #[must_use]
    pub fn new<T: serde::Serialize>(
        actor: &UserId,
        action: &'static str,
        entity: &'static str,
        entity_id: &str,
        before: Option<&T>,
        after: Option<&T>,
        at: NaiveDateTime,
    ) -> AuditEntry {
        let details = serde_json::json!({ "before": before, "after": after }).to_string();
        AuditEntry {
            actor: Some(actor.clone()),
            action,
            entity,
            entity_id: entity_id.to_owned(),
            details,
            at,
        }
    }
}

/// The audit trail of admin writes.
pub trait Audit {
    /// Appends an entry (in the same transaction as the change it records).
    fn record_audit(&mut self, entry: &AuditEntry) -> Result<(), StoreError>;
}
