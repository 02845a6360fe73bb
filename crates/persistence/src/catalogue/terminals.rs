//! Freight terminals: by state (exact) and ZIP code (prefix).

use diesel::prelude::*;

use super::like_prefix;
use crate::models::{Address, Terminal};
use crate::schema::{addresses, terminals};
use crate::{DbConnection, DbError};

/// A terminal with its address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerminalRecord {
    /// The terminal row.
    pub terminal: Terminal,
    /// Its address.
    pub address: Address,
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
) -> Result<Vec<TerminalRecord>, DbError> {
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
    Ok(rows
        .into_iter()
        .map(|(terminal, address)| TerminalRecord { terminal, address })
        .collect())
}

/// The terminal with this id, or `None`.
///
/// # Errors
/// Database failures.
pub fn find_terminal(conn: &mut DbConnection, id: &str) -> Result<Option<TerminalRecord>, DbError> {
    let row: Option<(Terminal, Address)> = terminals::table
        .inner_join(addresses::table)
        .filter(terminals::id.eq(id.to_owned()))
        .select((Terminal::as_select(), Address::as_select()))
        .first(conn)
        .optional()?;
    Ok(row.map(|(terminal, address)| TerminalRecord { terminal, address }))
}
