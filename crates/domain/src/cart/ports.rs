//! The cart's store port: a user's cart and its lines.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::cart::StoredLine;
use crate::catalogue::{PricedProduct, PricedVariant, Product};
use crate::ids::{CartId, CartLineId, ProductId, UserId, VariantId};
use crate::store::StoreError;

/// Carts and their lines.
pub trait Carts {
    /// The owner of a cart, or `None` for an unknown cart. In a write, the cart is locked
    /// from here until the transaction ends (PostgreSQL `FOR NO KEY UPDATE`; SQLite's write lock
    /// does it), so changes of one cart, each reading its lines and writing new quantities,
    /// take turns instead of losing each other's.
    fn cart_owner(&mut self, cart: &CartId) -> Result<Option<UserId>, StoreError>;

    /// The lines of a cart, oldest first.
    fn cart_lines(&mut self, cart: &CartId) -> Result<Vec<StoredLine>, StoreError>;

    /// The products the cart's lines name (any kind, with their relations, as
    /// [`crate::catalogue::CatalogueReads::find_product`] answers each); a product deleted since is absent. `ids`
    /// are those lines' products, each once, as this unit of work read them
    /// ([`Carts::cart_lines`]), so that an adapter holding the products in memory needs not
    /// read them again.
    fn cart_products(
        &mut self,
        cart: &CartId,
        ids: &[ProductId],
    ) -> Result<Vec<Product>, StoreError>;

    /// The lines of a cart, oldest first ([`Carts::cart_lines`]), with what pricing needs of
    /// the products they name as [`crate::pricing::PriceLookups::priced_products`] answers it:
    /// one read, so that every quote, session opening and purchase reads its cart once.
    fn cart_priced_lines(
        &mut self,
        cart: &CartId,
    ) -> Result<(Vec<StoredLine>, HashMap<ProductId, PricedProduct>), StoreError>;

    /// The available variants the cart's lines name, as [`crate::pricing::PriceLookups::priced_variants`]
    /// answers them.
    fn cart_priced_variants(
        &mut self,
        cart: &CartId,
    ) -> Result<HashMap<VariantId, PricedVariant>, StoreError>;

    /// Creates the line of `product` (and `variant`) with these quantities. The caller read
    /// the cart's lines in this write, after [`Carts::cart_owner`] locked the cart, and found
    /// none for them: one statement where an update-else-insert took two.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the product or variant no longer exists;
    /// [`StoreError::Duplicate`] when the cart already has that line.
    fn add_cart_line(
        &mut self,
        cart: &CartId,
        product: &ProductId,
        variant: Option<&VariantId>,
        cases: u32,
        units: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Sets the quantities of the cart's line `line` (an id read in this write).
    fn set_cart_line(
        &mut self,
        cart: &CartId,
        line: &CartLineId,
        cases: u32,
        units: u32,
    ) -> Result<(), StoreError>;

    /// Deletes the line of `product` (and `variant`); answers whether there was one.
    fn delete_cart_line(
        &mut self,
        cart: &CartId,
        product: &ProductId,
        variant: Option<&VariantId>,
    ) -> Result<bool, StoreError>;

    /// Deletes every line of a cart (a completed purchase).
    fn clear_cart(&mut self, cart: &CartId) -> Result<(), StoreError>;

    /// Inserts the empty cart of a new user and answers its id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the user has a cart already; [`StoreError::Conflict`]
    /// for an unknown user.
    fn insert_empty_cart(&mut self, user: &UserId, at: NaiveDateTime)
        -> Result<CartId, StoreError>;

    /// The id of the user's cart, when they have one.
    fn cart_of(&mut self, user: &UserId) -> Result<Option<CartId>, StoreError>;
}
