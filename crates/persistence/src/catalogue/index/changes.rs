//! The change log: what each catalogue version changed that the list index reads. A write
//! transaction notes the products it touches as it goes ([`Changes`]); when it commits having
//! moved the catalogue version, the notes become rows of `catalogue_changes` with the new
//! version, in the same transaction. A node whose index is at version v then reloads only the
//! products named after v, instead of the whole catalogue.
//!
//! A transaction that moves the version without noting anything is logged as `*` (read
//! everything again): a write this module was not told about costs a full rebuild, never a
//! stale index.

use std::collections::BTreeSet;

use diesel::prelude::*;

use crate::native::Native as _;
use crate::schema::catalogue_changes;
use crate::{DbConnection, DbError};

/// The product id of a row that asks for a full rebuild.
pub(crate) const EVERYTHING: &str = "*";
/// The product id of the row every logged version has, so that a version without rows (a
/// writer that does not log, or pruned rows) shows as a gap.
pub(crate) const MARKER: &str = "";
/// Rows older than this many versions are pruned; a node further behind rebuilds.
pub(crate) const KEPT_VERSIONS: i64 = 8192;
/// Pruning runs when the new version is a multiple of this.
const PRUNE_EVERY: i64 = 512;

/// What one write transaction changed, noted by the adapter's write methods.
#[derive(Debug, Default)]
pub(crate) struct Changes {
    /// The versions this transaction moved the catalogue to.
    versions: Vec<i64>,
    products: BTreeSet<String>,
    everything: bool,
    /// Whether any write said what it changed (possibly nothing the index reads).
    noted: bool,
}

impl Changes {
    /// The catalogue version moved to `version`.
    pub(crate) fn bumped(&mut self, version: i64) {
        self.versions.push(version);
    }

    /// The version this transaction moved the catalogue to last, if it moved it.
    pub(crate) fn moved_to(&self) -> Option<i64> {
        self.versions.last().copied()
    }

    /// A product's row, links, unit product or variants changed (or it was created or
    /// deleted).
    pub(crate) fn product(&mut self, id: &str) {
        self.noted = true;
        self.products.insert(id.to_owned());
    }

    /// Something every product may depend on changed (a vocabulary's names).
    pub(crate) fn everything(&mut self) {
        self.noted = true;
        self.everything = true;
    }

    /// A write that changes nothing the index reads.
    pub(crate) fn nothing(&mut self) {
        self.noted = true;
    }

    /// Writes the log rows of this transaction (none when it did not move the version).
    ///
    /// # Errors
    /// Database failures.
    pub(crate) fn record(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        let Some(&last) = self.versions.last() else {
            return Ok(());
        };
        let mut rows: Vec<(i64, &str)> = self.versions.iter().map(|&v| (v, MARKER)).collect();
        if self.everything || !self.noted {
            rows.push((last, EVERYTHING));
        } else {
            rows.extend(self.products.iter().map(|p| (last, p.as_str())));
        }
        for (version, product) in rows {
            diesel::insert_into(catalogue_changes::table)
                .values((
                    catalogue_changes::version.eq(version),
                    catalogue_changes::product_id.eq(product),
                ))
                .execute_native(conn)?;
        }
        if last % PRUNE_EVERY == 0 {
            diesel::delete(
                catalogue_changes::table
                    .filter(catalogue_changes::version.le(last - KEPT_VERSIONS)),
            )
            .execute_native(conn)?;
        }
        Ok(())
    }
}

/// What the log says happened after a version: the products to read again, or that
/// everything must be.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Since {
    Products(BTreeSet<String>),
    Everything,
}

/// Reads the log's rows of the versions after `after` up to `upto` (see [`super::load::changes`]):
/// every version must have its marker, and none may ask for everything.
pub(crate) fn since(rows: Vec<(i64, String)>, after: i64, upto: i64) -> Since {
    let mut versions = BTreeSet::new();
    let mut products = BTreeSet::new();
    for (version, product) in rows {
        match product.as_str() {
            MARKER => {
                versions.insert(version);
            }
            EVERYTHING => return Since::Everything,
            _ => {
                products.insert(product);
            }
        }
    }
    let logged = i64::try_from(versions.len()).unwrap_or(i64::MAX);
    if logged == upto - after {
        Since::Products(products)
    } else {
        Since::Everything
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(list: &[(i64, &str)]) -> Vec<(i64, String)> {
        list.iter().map(|&(v, p)| (v, p.to_owned())).collect()
    }

    #[test]
    fn a_logged_range_names_its_products() {
        let found = since(
            rows(&[(3, ""), (3, "a"), (4, ""), (4, "b"), (4, "a")]),
            2,
            4,
        );
        assert_eq!(
            found,
            Since::Products(["a", "b"].into_iter().map(str::to_owned).collect())
        );
        assert_eq!(since(Vec::new(), 7, 7), Since::Products(BTreeSet::new()));
    }

    #[test]
    fn a_gap_or_an_everything_row_asks_for_a_rebuild() {
        // Version 4 has no marker: a writer that did not log, or pruned rows.
        assert_eq!(
            since(rows(&[(3, ""), (3, "a"), (5, "")]), 2, 5),
            Since::Everything
        );
        assert_eq!(since(rows(&[(3, ""), (3, "*")]), 2, 3), Since::Everything);
    }
}
