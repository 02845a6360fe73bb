//! Counted stock's store ports: the back office's inventory reads, and the stock a checkout
//! holds, takes and releases.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::ids::{OrderId, ProductId, SessionId, UserId, VariantId};
use crate::inventory::{InventoryFilter, InventoryItem};
use crate::paging::{Page, PageRequest};
use crate::store::StoreError;

/// Counted stock: apparel variants' items and the holds of open payment sessions, unit
/// products' units, case break requests (decisions.md "Stock"). Available = stock - unexpired
/// holds.
pub trait Stock {
    /// Locks these variants' rows until the transaction ends (so that two checkouts never
    /// count the same items: PostgreSQL `FOR UPDATE`, in id order; SQLite's write transaction
    /// already excludes every other writer) and answers their current stock.
    fn lock_variant_stock(
        &mut self,
        ids: &[VariantId],
    ) -> Result<HashMap<VariantId, u32>, StoreError>;

    /// The items of these variants held by holds that expire after `now`.
    fn held_quantities(
        &mut self,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError>;

    /// The items of these variants held by `user`'s sessions, by holds that expire after
    /// `now` (what the account holds, against [`crate::checkout::CheckoutLimits`]).
    fn held_by_user(
        &mut self,
        user: &UserId,
        ids: &[VariantId],
        now: NaiveDateTime,
    ) -> Result<HashMap<VariantId, u32>, StoreError>;

    /// Holds `quantity` items of each variant for a payment session until `expires_at`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for an unknown session or variant.
    fn insert_holds(
        &mut self,
        session: &SessionId,
        holds: &[(VariantId, u32)],
        expires_at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Releases every hold of a session.
    fn release_holds(&mut self, session: &SessionId) -> Result<(), StoreError>;

    /// Deletes holds that expired at or before `now` (they no longer count anyway).
    fn purge_expired_holds(&mut self, now: NaiveDateTime) -> Result<(), StoreError>;

    /// Takes `quantity` items of a variant if it has that many (one conditional update: stock
    /// never goes below zero); answers whether it did.
    fn take_variant_stock(&mut self, id: &VariantId, quantity: u32) -> Result<bool, StoreError>;

    /// Takes up to `wanted` units of a unit product (as many as it has) and answers how many
    /// were taken.
    fn take_unit_stock(&mut self, unit_product: &str, wanted: u32) -> Result<u32, StoreError>;

    /// Records a PENDING request to break cases of `product` into `quantity` units for an
    /// order.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for an unknown product or order.
    fn insert_case_break_request(
        &mut self,
        product: &ProductId,
        order: &OrderId,
        quantity: u32,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;
}

/// The back office's inventory: counts, stock totals, the inventory page and the in-stock flag.
pub trait Inventory {
    /// Fireworks products (not shows, not apparel) and shows, counted.
    fn product_counts(&mut self) -> Result<(i64, i64), StoreError>;

    /// Units of unit products and items of apparel variants in stock, summed.
    fn stock_total(&mut self) -> Result<i64, StoreError>;

    /// One page of unit products and apparel variants matching `filter`, by SKU (then id).
    fn inventory_page(
        &mut self,
        filter: &InventoryFilter,
        page: PageRequest,
    ) -> Result<Page<InventoryItem>, StoreError>;

    /// Sets a product's stock flag; answers whether the product exists. The caller moves the
    /// catalogue version on in the same transaction.
    fn set_product_in_stock(&mut self, id: &ProductId, in_stock: bool) -> Result<bool, StoreError>;
}
