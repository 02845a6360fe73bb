//! A cart's lines as stored and as shown, and the cart's limits.

use crate::catalogue::{Product, Variant};
use crate::ids::{CartId, CartLineId, ProductId, UserId, VariantId};

/// Most lines a cart holds.
pub const MAX_LINES: usize = crate::quote::MAX_LINES;

/// Most items of one kind (cases or units) on one line.
pub const MAX_QUANTITY: u32 = 9_999;

/// A line as stored: which product (and variant), how many cases and units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredLine {
    /// Line id.
    pub id: CartLineId,
    /// The product.
    pub product_id: ProductId,
    /// The apparel variant, if any.
    pub variant_id: Option<VariantId>,
    /// Cases (shows, apparel items).
    pub case_quantity: u32,
    /// Units of a case-breakable product.
    pub unit_quantity: u32,
}

/// A cart line with its product (and variant) as the catalogue shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartLine {
    /// Line id.
    pub id: CartLineId,
    /// The product, with prices, unit product and variants.
    pub product: Product,
    /// The chosen apparel variant.
    pub variant: Option<Variant>,
    /// Cases (shows, apparel items).
    pub case_quantity: u32,
    /// Units of a case-breakable product.
    pub unit_quantity: u32,
}

/// A cart with its lines, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cart {
    /// Id.
    pub id: CartId,
    /// Owner.
    pub user_id: UserId,
    /// Lines.
    pub lines: Vec<CartLine>,
}

impl Cart {
    /// Items in the cart: cases plus units over every line (the navigation badge).
    #[must_use]
    pub fn item_count(&self) -> u32 {
        self.lines
            .iter()
            .map(|l| l.case_quantity + l.unit_quantity)
            .sum()
    }
}
