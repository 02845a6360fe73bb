//! Catalogue reads: products, apparel and shows with their filters and relations, metadata
//! (brands, categories, colours, effects, apparel and show types), terminals, and the
//! catalogue version that API nodes key their read caches by.
//!
//! Every list is a count query and a page query (products joined with their brand, category,
//! types and unit product), plus at most one batched query per many-valued relation for the
//! page's ids (colours, effects, variants, show contents): never one query per row.

mod apparel;
pub(crate) mod convert;
mod form_row;
pub(crate) mod index;
mod inventory;
mod listen;
mod metadata;
mod pricing;
mod products;
mod shows;
pub(crate) mod signal;
mod terminals;
mod version;
pub(crate) mod vocabulary;
mod writes;

pub(crate) use apparel::{
    delete_variant, delete_variant_cart_lines, insert_variant, stored_variant, update_variant,
    variant_order_items, variant_product,
};
pub(crate) use inventory::{inventory_page, product_counts, stock_total};
pub use listen::{ListenerGuard, CHANNEL, LISTENER_NAME};
pub(crate) use metadata::{apparel_skus, apparel_types, metadata, metadata_page, show_types};
pub(crate) use pricing::{cart_priced_lines, cart_priced_variants};
pub(crate) use products::{
    cart_products, facet_counts, find_product, list_products_counted, products_by_index,
};
#[cfg(test)]
pub(crate) use products::{facet_counts_by_sql, list_products_by_index, list_products_by_sql};
pub(crate) use shows::{find_brand, find_show, find_show_type, list_shows};
pub use signal::{take_moved_version, VersionSignal, HEARTBEAT_WITHIN};
pub(crate) use terminals::{find_terminal, list_terminals};
pub use version::{bump_version, current_version};
pub(crate) use writes::{
    delete_product, delete_unit_product, put_unit_product, set_product_in_stock,
    set_unit_available, show_skus, sku_in_use, usage_of_product,
};

pub(crate) use crate::search::{like_anywhere, like_prefix, lower};
pub(crate) use domain::catalogue::{NamedRef, TypeRef};
pub(crate) use domain::paging::{Page, PageRequest};
pub(crate) use index::changes::Changes;
pub(crate) use index::CatalogueIndex;

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::catalogue::CatalogueReads;
    use domain::catalogue::{
        FacetCount, FacetKind, MetadataLists, NamedRef, Product, ProductFilter, Show, ShowFilter,
        TypeRef,
    };
    use domain::ids::ProductId;
    use domain::paging::{Page, PageRequest};
    use domain::store::StoreError;

    impl CatalogueReads for Tx<'_> {
        fn assume_catalogue_version(&mut self, version: i64) {
            self.version = Some(version);
        }

        fn catalogue_version(&mut self) -> Result<i64, StoreError> {
            let version = q(catalogue::current_version(self.conn))?;
            self.version = Some(version);
            Ok(version)
        }

        fn bump_catalogue_version(&mut self) -> Result<i64, StoreError> {
            let version = q(catalogue::bump_version(self.conn))?;
            self.changes.bumped(version);
            Ok(version)
        }

        fn list_products(
            &mut self,
            filter: &ProductFilter,
            page: PageRequest,
            known_total: Option<i64>,
        ) -> Result<Page<Product>, StoreError> {
            q(catalogue::list_products_counted(
                self.conn,
                self.db,
                self.version,
                filter,
                page,
                known_total,
            ))
        }

        fn facet_counts(
            &mut self,
            filter: &ProductFilter,
            kind: FacetKind,
        ) -> Result<Vec<FacetCount>, StoreError> {
            q(catalogue::facet_counts(
                self.conn,
                self.db,
                self.version,
                filter,
                kind,
            ))
        }

        fn find_product(&mut self, id: &ProductId) -> Result<Option<Product>, StoreError> {
            if !self.writing {
                let indexed = catalogue::products_by_index(
                    self.conn,
                    self.db,
                    self.version,
                    std::slice::from_ref(id),
                );
                if let Some(found) = q(indexed)? {
                    return Ok(found.into_iter().next());
                }
            }
            q(catalogue::find_product(self.conn, id.as_str()))
        }

        fn list_shows(
            &mut self,
            filter: &ShowFilter,
            page: PageRequest,
        ) -> Result<Page<Show>, StoreError> {
            q(catalogue::list_shows(
                self.conn,
                self.db,
                self.version,
                filter,
                page,
            ))
        }

        fn find_show(&mut self, id: &ProductId) -> Result<Option<Show>, StoreError> {
            q(catalogue::find_show(self.conn, id.as_str()))
        }

        fn find_brand(&mut self, key: &str) -> Result<Option<NamedRef>, StoreError> {
            q(catalogue::find_brand(self.conn, key))
        }

        fn find_show_type(&mut self, key: &str) -> Result<Option<String>, StoreError> {
            q(catalogue::find_show_type(self.conn, key))
        }

        fn metadata(&mut self) -> Result<MetadataLists, StoreError> {
            q(catalogue::metadata(self.conn))
        }

        fn apparel_types(&mut self) -> Result<Vec<(TypeRef, i64)>, StoreError> {
            q(catalogue::apparel_types(self.conn))
        }

        fn show_types(&mut self) -> Result<Vec<TypeRef>, StoreError> {
            q(catalogue::show_types(self.conn))
        }
    }
}
