//! The adapter of the price lookups: products and variants priced for a cart or a checkout.

use crate::catalogue;
use crate::store::{q, Tx};
use domain::catalogue::{PricedProduct, PricedVariant};
use domain::ids::{ProductId, VariantId};
use domain::pricing::PriceLookups;
use domain::store::StoreError;
use std::collections::HashMap;

impl PriceLookups for Tx<'_> {
    fn priced_products(
        &mut self,
        ids: &[ProductId],
    ) -> Result<HashMap<ProductId, PricedProduct>, StoreError> {
        q(catalogue::priced_products(self.conn, ids))
    }

    fn priced_variants(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError> {
        q(catalogue::priced_variants(self.conn, ids))
    }

    fn priced_product(&mut self, id: &ProductId) -> Result<Option<PricedProduct>, StoreError> {
        q(catalogue::priced_product(self.conn, id))
    }

    fn priced_variant(&mut self, id: &VariantId) -> Result<Option<PricedVariant>, StoreError> {
        q(catalogue::priced_variant(self.conn, id))
    }
}
