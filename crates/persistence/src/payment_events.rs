//! The adapter of the domain's [`PaymentEvents`](domain::checkout::PaymentEvents) port: the
//! events payment providers sent to the webhook (table `payment_events`), each acted on once.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::native::Native as _;
use crate::schema::payment_events;
use crate::{DbConnection, DbError};

/// Whether event `id` was recorded.
///
/// # Errors
/// Database failures.
pub fn event_seen(conn: &mut DbConnection, id: &str) -> Result<bool, DbError> {
    Ok(payment_events::table
        .find(id)
        .select(payment_events::id)
        .first_native::<String>(conn)
        .optional()?
        .is_some())
}

/// Records event `id`; answers false when it was recorded before (the row is kept as it was).
///
/// # Errors
/// Database failures.
pub fn record_event(
    conn: &mut DbConnection,
    id: &str,
    kind: &str,
    at: NaiveDateTime,
) -> Result<bool, DbError> {
    let row = (
        payment_events::id.eq(id),
        payment_events::kind.eq(kind),
        payment_events::received_on.eq(at),
    );
    // `ON CONFLICT DO NOTHING` exists on each backend's own connection, not on the enum's.
    let insert = diesel::insert_into(payment_events::table).values(row);
    let inserted = match conn {
        DbConnection::Postgresql(c) => insert.on_conflict_do_nothing().execute(c)?,
        DbConnection::Sqlite(c) => insert.on_conflict_do_nothing().execute(c)?,
    };
    Ok(inserted == 1)
}

/// The domain's port over the queries above.
mod port {
    use crate::payment_events::{event_seen, record_event};
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::checkout::PaymentEvents;
    use domain::store::StoreError;

    impl PaymentEvents for Tx<'_> {
        fn event_seen(&mut self, id: &str) -> Result<bool, StoreError> {
            q(event_seen(self.conn, id))
        }

        fn record_event(
            &mut self,
            id: &str,
            kind: &str,
            at: NaiveDateTime,
        ) -> Result<bool, StoreError> {
            q(record_event(self.conn, id, kind, at))
        }
    }
}
