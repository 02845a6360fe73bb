//! Writes of the catalogue's vocabulary: brands, categories, colours, effects, show types and
//! apparel types. Two shapes of table (name; name and description), one macro each.

use diesel::dsl::count_star;
use diesel::prelude::*;
use domain::vocabulary::{Term, TermUsage, ValidTerm, Vocabulary};
use uuid::Uuid;

use super::lower;
use crate::native::Native as _;
use crate::schema::{
    apparel_types, apparel_variants, brands, categories, colors, effects, product_colors,
    product_effects, products, show_types,
};
use crate::{DbConnection, DbError};
/// Runs `$body` with `$table` bound to the vocabulary's table module.
macro_rules! on_table {
    ($kind:expr, named: |$t:ident| $named:expr, described: |$d:ident| $described:expr) => {
        match $kind {
            Vocabulary::Brand => {
                use brands as $t;
                $named
            }
            Vocabulary::Category => {
                use categories as $t;
                $named
            }
            Vocabulary::Color => {
                use colors as $t;
                $named
            }
            Vocabulary::Effect => {
                use effects as $t;
                $named
            }
            Vocabulary::ShowType => {
                use show_types as $d;
                $described
            }
            Vocabulary::ApparelType => {
                use apparel_types as $d;
                $described
            }
        }
    };
}

fn named((id, name): (String, String)) -> Term {
    Term {
        id,
        name,
        description: None,
    }
}

fn described((id, name, description): (String, String, Option<String>)) -> Term {
    Term {
        id,
        name,
        description,
    }
}

/// The term with this id.
///
/// # Errors
/// Database failures.
pub fn find(conn: &mut DbConnection, kind: Vocabulary, id: &str) -> Result<Option<Term>, DbError> {
    Ok(on_table!(kind,
        named: |t| t::table.find(id).select((t::id, t::name)).first_native(conn).optional()?.map(named),
        described: |t| t::table
            .find(id)
            .select((t::id, t::name, t::description))
            .first_native(conn)
            .optional()?
            .map(described)
    ))
}

/// The term with this name in any letter case.
///
/// # Errors
/// Database failures.
pub fn named_as(
    conn: &mut DbConnection,
    kind: Vocabulary,
    name: &str,
) -> Result<Option<Term>, DbError> {
    let wanted = name.to_lowercase();
    Ok(on_table!(kind,
        named: |t| t::table
            .filter(lower(t::name).eq(&wanted))
            .select((t::id, t::name))
            .first_native(conn)
            .optional()?
            .map(named),
        described: |t| t::table
            .filter(lower(t::name).eq(&wanted))
            .select((t::id, t::name, t::description))
            .first_native(conn)
            .optional()?
            .map(described)
    ))
}

/// Stores a new term.
///
/// # Errors
/// [`StoreError::Duplicate`] when the name is taken; database failures.
pub fn insert(
    conn: &mut DbConnection,
    kind: Vocabulary,
    term: &ValidTerm,
) -> Result<Term, DbError> {
    let id = Uuid::now_v7().to_string();
    on_table!(kind,
        named: |t| diesel::insert_into(t::table)
            .values((t::id.eq(&id), t::name.eq(&term.name)))
            .execute_native(conn)?,
        described: |t| diesel::insert_into(t::table)
            .values((t::id.eq(&id), t::name.eq(&term.name), t::description.eq(&term.description)))
            .execute_native(conn)?
    );
    Ok(Term {
        id,
        name: term.name.clone(),
        description: term.description.clone(),
    })
}

/// Changes a term.
///
/// # Errors
/// [`StoreError::NotFound`]; [`StoreError::Duplicate`] when the name is taken; database failures.
pub fn update(
    conn: &mut DbConnection,
    kind: Vocabulary,
    id: &str,
    term: &ValidTerm,
) -> Result<(), DbError> {
    let changed = on_table!(kind,
        named: |t| diesel::update(t::table.find(id)).set(t::name.eq(&term.name)).execute_native(conn)?,
        described: |t| diesel::update(t::table.find(id))
            .set((t::name.eq(&term.name), t::description.eq(&term.description)))
            .execute_native(conn)?
    );
    if changed == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// What uses a term.
///
/// # Errors
/// Database failures.
pub fn usage(conn: &mut DbConnection, kind: Vocabulary, id: &str) -> Result<TermUsage, DbError> {
    let products: i64 = match kind {
        Vocabulary::Brand => products::table
            .filter(products::brand_id.eq(id))
            .select(count_star())
            .first_native(conn)?,
        Vocabulary::Category => products::table
            .filter(products::category_id.eq(id))
            .select(count_star())
            .first_native(conn)?,
        Vocabulary::Color => product_colors::table
            .filter(product_colors::color_id.eq(id))
            .select(count_star())
            .first_native(conn)?,
        Vocabulary::Effect => product_effects::table
            .filter(product_effects::effect_id.eq(id))
            .select(count_star())
            .first_native(conn)?,
        Vocabulary::ShowType => products::table
            .filter(products::show_type_id.eq(id))
            .select(count_star())
            .first_native(conn)?,
        Vocabulary::ApparelType => products::table
            .filter(products::apparel_type_id.eq(id))
            .select(count_star())
            .first_native(conn)?,
    };
    let variants: i64 = if kind == Vocabulary::Color {
        apparel_variants::table
            .filter(apparel_variants::color_id.eq(id))
            .select(count_star())
            .first_native(conn)?
    } else {
        0
    };
    Ok(TermUsage { products, variants })
}

/// Deletes a term.
///
/// # Errors
/// [`StoreError::Conflict`] when a row still refers to it; database failures.
pub fn delete(conn: &mut DbConnection, kind: Vocabulary, id: &str) -> Result<(), DbError> {
    on_table!(kind,
        named: |t| diesel::delete(t::table.find(id)).execute_native(conn)?,
        described: |t| diesel::delete(t::table.find(id)).execute_native(conn)?
    );
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::catalogue::{MetadataItem, MetadataKind};
    use domain::paging::{Page, PageRequest};
    use domain::store::StoreError;
    use domain::vocabulary::Terms;
    use domain::vocabulary::{Term, TermUsage, ValidTerm, Vocabulary};

    impl Terms for Tx<'_> {
        fn metadata_page(
            &mut self,
            kind: MetadataKind,
            search: Option<&str>,
            page: PageRequest,
        ) -> Result<Page<MetadataItem>, StoreError> {
            q(catalogue::metadata_page(self.conn, kind, search, page))
        }

        fn find_term(&mut self, kind: Vocabulary, id: &str) -> Result<Option<Term>, StoreError> {
            q(catalogue::vocabulary::find(self.conn, kind, id))
        }

        fn term_named(&mut self, kind: Vocabulary, name: &str) -> Result<Option<Term>, StoreError> {
            q(catalogue::vocabulary::named_as(self.conn, kind, name))
        }

        fn insert_term(&mut self, kind: Vocabulary, term: &ValidTerm) -> Result<Term, StoreError> {
            self.changes.everything();
            q(catalogue::vocabulary::insert(self.conn, kind, term))
        }

        fn update_term(
            &mut self,
            kind: Vocabulary,
            id: &str,
            term: &ValidTerm,
        ) -> Result<(), StoreError> {
            self.changes.everything();
            q(catalogue::vocabulary::update(self.conn, kind, id, term))
        }

        fn term_usage(&mut self, kind: Vocabulary, id: &str) -> Result<TermUsage, StoreError> {
            q(catalogue::vocabulary::usage(self.conn, kind, id))
        }

        fn delete_term(&mut self, kind: Vocabulary, id: &str) -> Result<(), StoreError> {
            self.changes.everything();
            q(catalogue::vocabulary::delete(self.conn, kind, id))
        }
    }
}
