//! Freight terminals: by state (exact) and ZIP code (prefix).

use diesel::prelude::*;

use domain::catalogue::Terminal as TerminalModel;

use super::convert;
use super::like_prefix;
use crate::models::{Address, Terminal};
use crate::schema::{addresses, terminals};
use crate::{DbConnection, DbError};
fn terminal(t: Terminal, a: Address) -> TerminalModel {
    TerminalModel {
        id: t.id.into(),
        terminal_name: t.terminal_name,
        company: t.company,
        address: convert::address(a),
        accept_out_of_state_licence: t.accept_out_of_state_licence,
        business_required: t.business_required,
    }
}

/// Terminals in `state` (exact, two-letter code) whose ZIP code starts with `zip_prefix`,
/// sorted by state, ZIP code, name and id. `None` does not filter. One query.
///
/// # Errors
/// Database failures.
pub fn list_terminals(
    conn: &mut DbConnection,
    state: Option<&str>,
    zip_prefix: Option<&str>,
) -> Result<Vec<TerminalModel>, DbError> {
    let mut q = terminals::table.inner_join(addresses::table).into_boxed();
    if let Some(state) = state {
        q = q.filter(addresses::state.eq(state.to_owned()));
    }
    if let Some(zip) = zip_prefix {
        q = q.filter(addresses::postal_code.like(like_prefix(zip)).escape('\\'));
    }
    let rows: Vec<(Terminal, Address)> = q
        .select((Terminal::as_select(), Address::as_select()))
        .order((
            addresses::state.asc(),
            addresses::postal_code.asc(),
            terminals::terminal_name.asc(),
            terminals::id.asc(),
        ))
        .load(conn)?;
    Ok(rows.into_iter().map(|(t, a)| terminal(t, a)).collect())
}

/// The terminal with this id, or `None`.
///
/// # Errors
/// Database failures.
pub fn find_terminal(conn: &mut DbConnection, id: &str) -> Result<Option<TerminalModel>, DbError> {
    let row: Option<(Terminal, Address)> = terminals::table
        .inner_join(addresses::table)
        .filter(terminals::id.eq(id.to_owned()))
        .select((Terminal::as_select(), Address::as_select()))
        .first(conn)
        .optional()?;
    Ok(row.map(|(t, a)| terminal(t, a)))
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::catalogue::Terminal;
    use domain::checkout::Terminals;
    use domain::ids::TerminalId;
    use domain::store::StoreError;

    impl Terminals for Tx<'_> {
        fn list_terminals(
            &mut self,
            state: Option<&str>,
            zip_prefix: Option<&str>,
        ) -> Result<Vec<Terminal>, StoreError> {
            q(catalogue::list_terminals(self.conn, state, zip_prefix))
        }

        fn find_terminal(&mut self, id: &TerminalId) -> Result<Option<Terminal>, StoreError> {
            q(catalogue::find_terminal(self.conn, id.as_str()))
        }
    }
}
