//! The audit trail.

use domain::audit::AuditEntry as Entry;
use uuid::Uuid;

use crate::models::AuditEntry;
use crate::native::Native as _;
use crate::schema::audit_log;
use crate::{DbConnection, DbError};
/// Appends an entry.
///
/// # Errors
/// Database failures.
pub fn record(conn: &mut DbConnection, entry: &Entry) -> Result<(), DbError> {
    diesel::insert_into(audit_log::table)
        .values(&AuditEntry {
            id: Uuid::now_v7().to_string(),
            actor_id: entry.actor.as_ref().map(ToString::to_string),
            action: entry.action.to_owned(),
            entity: entry.entity.to_owned(),
            entity_id: Some(entry.entity_id.clone()),
            details: Some(entry.details.clone()),
            created_at: entry.at,
        })
        .execute_native(conn)?;
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::audit;
    use crate::store::{q, Tx};
    use domain::audit::{Audit, AuditEntry};
    use domain::store::StoreError;

    impl Audit for Tx<'_> {
        fn record_audit(&mut self, entry: &AuditEntry) -> Result<(), StoreError> {
            q(audit::record(self.conn, entry))
        }
    }
}
