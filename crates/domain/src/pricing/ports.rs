//! The price lookups a cart and a checkout read products and variants with.

use std::collections::HashMap;

use crate::catalogue::{PricedProduct, PricedVariant};
use crate::ids::{ProductId, VariantId};
use crate::store::StoreError;

/// Prices and stock of products and variants as a cart or a checkout needs them.
pub trait PriceLookups {
    /// The products with these ids (unknown ids are absent), with what pricing needs.
    fn priced_products(
        &mut self,
        ids: &[ProductId],
    ) -> Result<HashMap<ProductId, PricedProduct>, StoreError>;

    /// The apparel variants with these ids (unknown ids are absent).
    fn priced_variants(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError>;

    /// The product with this id (any kind) with what pricing needs, or `None`.
    fn priced_product(&mut self, id: &ProductId) -> Result<Option<PricedProduct>, StoreError>;

    /// The available apparel variant with this id, or `None`.
    fn priced_variant(&mut self, id: &VariantId) -> Result<Option<PricedVariant>, StoreError>;
}
