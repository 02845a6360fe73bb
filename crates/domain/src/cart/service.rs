//! Cart use cases: read, add one, set a quantity, remove a line. Each write is one
//! `Store::write` that checks ownership, what may be sold, and the limits, then changes one line.

use chrono::NaiveDateTime;

use super::{Cart, CartLine, StoredLine, MAX_LINES, MAX_QUANTITY};
use crate::cart::Carts;
use crate::catalogue::{apparel_in_stock, unit_for_sale, Packing, PricedProduct};
use crate::checkout::PaymentSessions;
use crate::ids::{CartId, ProductId, UserId, VariantId};
use crate::inventory::Stock;
use crate::pricing::PriceLookups;
use crate::quote::variant_id_of;
use crate::store::{Store, StoreError};

/// The answer to a change of a cart with an open payment session (decisions.md "Stock").
pub const CART_BEING_PAID_MESSAGE: &str =
    "Your cart is being paid for. Cancel the payment to change it.";

/// Why a cart call was refused.
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    /// No such cart, or not the caller's.
    #[error("Cart not found")]
    CartNotFound,
    /// No product has this id.
    #[error("Product not found")]
    ProductNotFound,
    /// The variant is not one of this product's.
    #[error("Variant not found")]
    VariantNotFound,
    /// An apparel product needs a variant (the product's title).
    #[error("Choose a size and style for {0}")]
    VariantRequired(String),
    /// Units of a product not sold by the unit, or of a show (the title).
    #[error("{0} is sold by the case only")]
    CaseOnly(String),
    /// The case, show or variant cannot be bought now (what it is).
    #[error("{0} is out of stock")]
    OutOfStock(String),
    /// More items of an apparel variant than are available (stock minus the holds of open
    /// payment sessions; decisions.md "Stock").
    #[error("Only {available} left of {title} ({sku})")]
    OnlyLeft {
        /// Items available.
        available: u32,
        /// The product's title.
        title: String,
        /// The variant's SKU.
        sku: String,
    },
    /// A quantity outside 0..=9999.
    #[error("Quantity must be a whole number from 0 to {MAX_QUANTITY}")]
    BadQuantity,
    /// A new line in a full cart.
    #[error("A cart holds at most {MAX_LINES} lines")]
    CartFull,
    /// The cart has an open payment session: its lines stay as the session was opened for
    /// until the session ends (paid, cancelled or expired).
    #[error("{CART_BEING_PAID_MESSAGE}")]
    BeingPaid,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Which line a change is about, and whether it counts cases or units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineChange {
    /// The product.
    pub product_id: ProductId,
    /// The apparel variant; `unit`, `case` or blank mean none (storefront.md §5).
    pub variant_id: Option<String>,
    /// Units or cases. Apparel items and shows count as cases.
    pub packing: Packing,
}

impl LineChange {
    fn variant(&self) -> Option<VariantId> {
        variant_id_of(self.variant_id.as_deref()).map(VariantId::from)
    }
}

/// The caller's cart with every line's product.
///
/// # Errors
/// [`CartError::CartNotFound`] for another user's or an unknown cart; store failures.
pub fn get(store: &impl Store, user: &UserId, cart: &CartId) -> Result<Cart, CartError> {
    store.read(|tx| {
        owned(tx, user, cart)?;
        view(tx, user, cart)
    })
}

/// Adds one case or unit (or one apparel item) to the cart.
///
/// # Errors
/// Every [`CartError`] of a line; [`CartError::BeingPaid`] while a payment session is open.
pub fn add(
    store: &impl Store,
    user: &UserId,
    cart: &CartId,
    change: &LineChange,
    now: NaiveDateTime,
) -> Result<Cart, CartError> {
    store.write(|tx| {
        owned(tx, user, cart)?;
        not_being_paid(tx, cart, now)?;
        let product = sellable(tx, change)?;
        set_line(tx, cart, change, product.as_ref(), |q| q + 1, now)
    })?;
    after_write(store, user, cart)
}

/// Sets the cases (or units) of a line; 0 removes them, and a line with neither is removed.
///
/// # Errors
/// Every [`CartError`] of a line; [`CartError::BeingPaid`] while a payment session is open.
pub fn update_quantity(
    store: &impl Store,
    user: &UserId,
    cart: &CartId,
    change: &LineChange,
    quantity: i64,
    now: NaiveDateTime,
) -> Result<Cart, CartError> {
    let quantity = u32::try_from(quantity)
        .ok()
        .filter(|q| *q <= MAX_QUANTITY)
        .ok_or(CartError::BadQuantity)?;
    store.write(|tx| {
        owned(tx, user, cart)?;
        not_being_paid(tx, cart, now)?;
        // Lowering or clearing a line needs no stock: a product gone out of stock (or deleted)
        // can still be taken out.
        let product = if quantity > 0 {
            sellable(tx, change)?
        } else {
            tx.priced_product(&change.product_id)?
        };
        set_line(tx, cart, change, product.as_ref(), |_| quantity, now)
    })?;
    after_write(store, user, cart)
}

/// Writes the line `change` names with `f` applied to its cases or units (apparel items and
/// shows are counted as cases); removes it when both end at 0. An apparel line may not hold
/// more items than its variant has available.
fn set_line<T: Carts + PriceLookups + Stock + ?Sized>(
    tx: &mut T,
    cart: &CartId,
    change: &LineChange,
    product: Option<&PricedProduct>,
    f: impl FnOnce(u32) -> u32,
    now: NaiveDateTime,
) -> Result<(), CartError> {
    let variant = change.variant();
    let lines = tx.cart_lines(cart)?;
    let existing = find(&lines, &change.product_id, variant.as_ref());
    let (cases, units) = existing.map_or((0, 0), |l| (l.case_quantity, l.unit_quantity));
    let by_unit = change.packing == Packing::Unit && !product.is_some_and(|p| p.is_apparel);
    let (cases, units) = if by_unit {
        (cases, f(units))
    } else {
        (f(cases), units)
    };
    if cases > MAX_QUANTITY || units > MAX_QUANTITY {
        return Err(CartError::BadQuantity);
    }
    if cases == 0 && units == 0 {
        tx.delete_cart_line(cart, &change.product_id, variant.as_ref())?;
        return Ok(());
    }
    if existing.is_none() && lines.len() >= MAX_LINES {
        return Err(CartError::CartFull);
    }
    if let (Some(product), Some(variant)) = (product.filter(|p| p.is_apparel), &variant) {
        ensure_available(tx, product, variant, cases + units, now)?;
    }
    match existing {
        Some(line) => tx.set_cart_line(cart, &line.id, cases, units)?,
        None => tx.add_cart_line(
            cart,
            &change.product_id,
            variant.as_ref(),
            cases,
            units,
            now,
        )?,
    }
    Ok(())
}

/// Refuses `wanted` items of an apparel variant above what it has available: its stock minus
/// the unexpired holds of open payment sessions (decisions.md "Stock": counted stock only).
fn ensure_available<T: PriceLookups + Stock + ?Sized>(
    tx: &mut T,
    product: &PricedProduct,
    variant: &VariantId,
    wanted: u32,
    now: NaiveDateTime,
) -> Result<(), CartError> {
    let chosen = tx
        .priced_variant(variant)?
        .ok_or(CartError::VariantNotFound)?;
    let in_stock = u32::try_from(chosen.available_stock).unwrap_or(0);
    let held = tx
        .held_quantities(std::slice::from_ref(variant), now)?
        .get(variant)
        .copied()
        .unwrap_or(0);
    let available = in_stock.saturating_sub(held);
    if wanted > available {
        return Err(CartError::OnlyLeft {
            available,
            title: product.title.clone(),
            sku: chosen.sku,
        });
    }
    Ok(())
}

/// Removes a line (its cases and units). Removing a line that is not there changes nothing.
///
/// # Errors
/// [`CartError::CartNotFound`]; [`CartError::BeingPaid`] while a payment session is open;
/// store failures.
pub fn remove(
    store: &impl Store,
    user: &UserId,
    cart: &CartId,
    product: &ProductId,
    variant: Option<&str>,
    now: NaiveDateTime,
) -> Result<Cart, CartError> {
    let variant = variant_id_of(variant).map(VariantId::from);
    store.write(|tx| {
        owned(tx, user, cart)?;
        not_being_paid(tx, cart, now)?;
        tx.delete_cart_line(cart, product, variant.as_ref())?;
        Ok::<_, CartError>(())
    })?;
    after_write(store, user, cart)
}

/// The cart as it stands once a change committed, read in its own read transaction: on
/// SQLite the write lock is held only for the change itself, not for reading back the
/// products of every line.
fn after_write(store: &impl Store, user: &UserId, cart: &CartId) -> Result<Cart, CartError> {
    store.read(|tx| view(tx, user, cart))
}

fn find<'a>(
    lines: &'a [StoredLine],
    product: &ProductId,
    variant: Option<&VariantId>,
) -> Option<&'a StoredLine> {
    lines
        .iter()
        .find(|l| l.product_id == *product && l.variant_id.as_ref() == variant)
}

/// Refuses a change of a cart whose payment session is open (decisions.md "Stock"): the
/// session was opened for these lines, and a purchase of other lines would be refused after
/// the card was taken. Runs after [`owned`] locked the cart; a session opens under that lock.
fn not_being_paid<T: PaymentSessions + ?Sized>(
    tx: &mut T,
    cart: &CartId,
    now: NaiveDateTime,
) -> Result<(), CartError> {
    if tx.cart_being_paid(cart, now)? {
        Err(CartError::BeingPaid)
    } else {
        Ok(())
    }
}

fn owned<T: Carts + ?Sized>(tx: &mut T, user: &UserId, cart: &CartId) -> Result<(), CartError> {
    match tx.cart_owner(cart)? {
        Some(owner) if owner == *user => Ok(()),
        _ => Err(CartError::CartNotFound),
    }
}

/// The product `change` names, when it may go into a cart that way (decisions.md "Stock"): a
/// show or a case while the admin's stock flag is set; units only of a unit product for sale,
/// while the case is in stock; apparel only as an available variant of that product with
/// stock. Reads only what pricing reads (one or two cached lookups): this runs inside the
/// write.
fn sellable<T: PriceLookups + ?Sized>(
    tx: &mut T,
    change: &LineChange,
) -> Result<Option<PricedProduct>, CartError> {
    let product = tx
        .priced_product(&change.product_id)?
        .ok_or(CartError::ProductNotFound)?;
    if product.is_apparel {
        let wanted = change
            .variant()
            .ok_or_else(|| CartError::VariantRequired(product.title.clone()))?;
        let chosen = tx
            .priced_variant(&wanted)?
            .filter(|v| v.product_id == product.id)
            .ok_or(CartError::VariantNotFound)?;
        if !apparel_in_stock(product.in_stock, [chosen.available_stock]) {
            return Err(CartError::OutOfStock(format!(
                "{} ({})",
                product.title, chosen.sku
            )));
        }
        return Ok(Some(product));
    }
    if change.packing == Packing::Unit
        && (product.is_show || unit_for_sale(product.unit.clone()).is_none())
    {
        return Err(CartError::CaseOnly(product.title));
    }
    if !product.in_stock {
        return Err(CartError::OutOfStock(product.title));
    }
    Ok(Some(product))
}

/// The cart with its lines' products. Callers check ownership first ([`owned`]).
fn view<T: Carts + PriceLookups + ?Sized>(
    tx: &mut T,
    user: &UserId,
    cart: &CartId,
) -> Result<Cart, CartError> {
    let stored = tx.cart_lines(cart)?;
    let products = if stored.is_empty() {
        Vec::new()
    } else {
        let mut ids: Vec<ProductId> = stored.iter().map(|l| l.product_id.clone()).collect();
        ids.sort_unstable();
        ids.dedup();
        tx.cart_products(cart, &ids)?
    };
    let lines = stored
        .into_iter()
        .filter_map(|l| {
            let product = products.iter().find(|p| p.id == l.product_id)?.clone();
            let variant = l
                .variant_id
                .as_ref()
                .and_then(|v| product.variants.iter().find(|pv| pv.id == *v).cloned());
            Some(CartLine {
                id: l.id,
                product,
                variant,
                case_quantity: l.case_quantity,
                unit_quantity: l.unit_quantity,
            })
        })
        .collect();
    Ok(Cart {
        id: cart.clone(),
        user_id: user.clone(),
        lines,
    })
}
