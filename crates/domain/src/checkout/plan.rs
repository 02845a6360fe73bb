//! The plan of a checkout: the saved cart priced by the server for its destination, what
//! blocks it, and a fingerprint of everything the amount depends on. Quoting, opening a
//! session and purchasing all start from it, each inside its own transaction.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use super::model::units_owed;
use super::{Blocked, CartQuote, OwedUnits, QuoteCartError, Refusal};
use crate::cart::Carts;
use crate::catalogue::{unit_for_sale, PricedProduct, PricedVariant, StoredAddress, Terminal};
use crate::checkout::Terminals;
use crate::ids::{CartId, ProductId, TerminalId, UserId, VariantId};
use crate::pricing::PriceLookups;
use crate::profile::Profiles;
use crate::quote::{price_line, quote, Destination, LineRequest, Quote};
use crate::state::UsState;
use crate::store::{Store, StoreError};

/// A cart line priced by the server.
#[derive(Debug, Clone)]
pub(super) struct PlannedLine {
    pub product: PricedProduct,
    pub variant: Option<PricedVariant>,
    pub cases: u32,
    pub units: u32,
}

/// A cart priced for its destination.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    pub lines: Vec<PlannedLine>,
    pub quote: Quote,
    pub blocked: Option<Blocked>,
    pub address: Option<StoredAddress>,
    pub terminal: Option<Terminal>,
    pub lift_gate: bool,
    pub fingerprint: String,
    /// The buyer's e-mail and first name (from the profile), for the order's mails.
    pub buyer: Option<(String, Option<String>)>,
}

impl Plan {
    pub fn item_count(&self) -> u32 {
        self.lines.iter().map(|l| l.cases + l.units).sum()
    }

    /// Items of each variant the cart holds (apparel counts items in cases and units alike).
    pub fn variant_needs(&self) -> BTreeMap<VariantId, (u32, &PlannedLine)> {
        let mut needs: BTreeMap<VariantId, (u32, &PlannedLine)> = BTreeMap::new();
        for line in &self.lines {
            if let Some(v) = &line.variant {
                needs.entry(v.id.clone()).or_insert((0, line)).0 += line.cases + line.units;
            }
        }
        needs
    }

    /// Refuses a cart that cannot be bought now: blocked, or a case, show or apparel product
    /// whose stock flag is off (variant items are counted by holds, units by case breaks).
    pub fn ensure_buyable(&self) -> Result<(), Refusal> {
        if let Some(blocked) = self.blocked {
            return Err(Refusal::Blocked(blocked));
        }
        match self.lines.iter().find(|l| !l.product.in_stock) {
            Some(line) => Err(Refusal::OutOfStock(line.product.title.clone())),
            None => Ok(()),
        }
    }

    /// Per line with units of a product sold by the unit: the units its stock cannot give
    /// now (lines with none are left out).
    pub fn owed_units(&self) -> Vec<OwedUnits> {
        self.lines
            .iter()
            .filter(|l| l.units > 0 && l.variant.is_none())
            .filter_map(|l| {
                let unit = unit_for_sale(l.product.unit.clone())?;
                let units = units_owed(l.units, unit.available_stock);
                (units > 0).then(|| OwedUnits {
                    product_id: l.product.id.clone(),
                    title: l.product.title.clone(),
                    units,
                })
            })
            .collect()
    }

    pub fn cart_quote(self) -> CartQuote {
        CartQuote {
            owed_units: self.owed_units(),
            item_count: self.item_count(),
            quote: self.quote,
            blocked: self.blocked,
            address: self.address,
            terminal: self.terminal,
        }
    }
}

/// Fails unless `user` owns `cart`.
pub(super) fn owned<T: Carts + ?Sized>(
    tx: &mut T,
    user: &UserId,
    cart: &CartId,
) -> Result<(), QuoteCartError> {
    match tx.cart_owner(cart)? {
        Some(owner) if owner == *user => Ok(()),
        _ => Err(QuoteCartError::CartNotFound),
    }
}

/// Prices the caller's saved cart for the profile's shipping address, or for a terminal.
/// The caller checks ownership first ([`owned`]).
pub(super) fn plan<T: Carts + PriceLookups + Profiles + Terminals + ?Sized>(
    tx: &mut T,
    user: &UserId,
    cart: &CartId,
    terminal: Option<&TerminalId>,
    lift_gate: bool,
) -> Result<Plan, QuoteCartError> {
    let (stored, products) = tx.cart_priced_lines(cart)?;
    let variants = if stored.iter().any(|l| l.variant_id.is_some()) {
        tx.cart_priced_variants(cart)?
    } else {
        HashMap::new()
    };
    let (lines, quote_lines) = price(&stored, &products, &variants)?;

    let profile = match tx.profile_of(user) {
        Ok(profile) => Some(profile),
        Err(StoreError::NotFound) => None,
        Err(e) => return Err(e.into()),
    };
    let accepted_terms = profile.as_ref().is_some_and(|p| p.accepted_terms);
    let buyer = profile
        .as_ref()
        .map(|p| (p.email.clone(), p.first_name.clone()));
    let (address, terminal) = match terminal {
        Some(id) => {
            let found = tx
                .find_terminal(id)?
                .ok_or(QuoteCartError::TerminalNotFound)?;
            (Some(found.address.clone()), Some(found))
        }
        None => {
            let address = profile.and_then(|p| p.shipping_address.or(p.billing_address));
            (address, None)
        }
    };
    let state = address
        .as_ref()
        .and_then(|a| a.state.parse::<UsState>().ok());
    let destination = match (state, terminal.is_some()) {
        (Some(state), true) => Destination::terminal(state),
        (Some(state), false) => Destination::address(state),
        (None, _) => Destination::unknown(),
    };
    let lift_gate = lift_gate && terminal.is_none();
    let quote = quote(&quote_lines, destination, lift_gate);
    let blocked = if lines.is_empty() {
        Some(Blocked::EmptyCart)
    } else {
        match state {
            None => Some(Blocked::MissingAddress),
            Some(s) if !s.is_shipped() => Some(Blocked::NotShipped(s)),
            Some(_) if !accepted_terms => Some(Blocked::TermsNotAccepted),
            Some(_) => None,
        }
    };
    let fingerprint = fingerprint(
        &lines,
        address.as_ref(),
        terminal.as_ref(),
        lift_gate,
        &quote,
    );
    Ok(Plan {
        lines,
        quote,
        blocked,
        address,
        terminal,
        lift_gate,
        fingerprint,
        buyer,
    })
}

type Priced = (Vec<PlannedLine>, Vec<crate::order::QuoteLine>);

fn price(
    stored: &[crate::cart::StoredLine],
    products: &HashMap<ProductId, PricedProduct>,
    variants: &HashMap<VariantId, PricedVariant>,
) -> Result<Priced, QuoteCartError> {
    let mut lines = Vec::with_capacity(stored.len());
    let mut quote_lines = Vec::with_capacity(stored.len());
    for line in stored {
        let request = LineRequest {
            product_id: line.product_id.to_string(),
            variant_id: line.variant_id.as_ref().map(ToString::to_string),
            case_quantity: i64::from(line.case_quantity),
            unit_quantity: i64::from(line.unit_quantity),
        };
        quote_lines.push(price_line(&request, products, variants)?);
        // price_line found both, or it would have failed.
        let product = products
            .get(&line.product_id)
            .cloned()
            .ok_or(crate::quote::QuoteError::ProductNotFound)?;
        let variant = line
            .variant_id
            .as_ref()
            .and_then(|v| variants.get(v))
            .cloned();
        lines.push(PlannedLine {
            product,
            variant,
            cases: line.case_quantity,
            units: line.unit_quantity,
        });
    }
    Ok((lines, quote_lines))
}

/// A digest of everything the amount was quoted from: each line (product, variant, cases,
/// units, prices), the address or terminal, the liftgate and the figures. A session's
/// purchase goes through only while the cart still has the fingerprint it was opened with.
fn fingerprint(
    lines: &[PlannedLine],
    address: Option<&StoredAddress>,
    terminal: Option<&Terminal>,
    lift_gate: bool,
    quote: &Quote,
) -> String {
    let mut text = String::new();
    let mut sorted: Vec<&PlannedLine> = lines.iter().collect();
    sorted.sort_by(|a, b| {
        (&a.product.id, a.variant.as_ref().map(|v| &v.id))
            .cmp(&(&b.product.id, b.variant.as_ref().map(|v| &v.id)))
    });
    for l in sorted {
        let _ = writeln!(
            text,
            "line\t{}\t{}\t{}\t{}",
            l.product.id,
            l.variant.as_ref().map_or("", |v| v.id.as_str()),
            l.cases,
            l.units
        );
    }
    if let Some(a) = address {
        let _ = writeln!(
            text,
            "address\t{}\t{}\t{}\t{}\t{}\t{}",
            a.id,
            a.street1,
            a.street2.as_deref().unwrap_or(""),
            a.city,
            a.state,
            a.postal_code
        );
    }
    if let Some(t) = terminal {
        let _ = writeln!(text, "terminal\t{}", t.id);
    }
    let _ = writeln!(
        text,
        "liftgate\t{lift_gate}\nfigures\t{}\t{}\t{}\t{}\t{}",
        quote.subtotal, quote.shipping, quote.lift_gate_fee, quote.tax, quote.grand_total
    );
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The caller's cart quoted for the profile's shipping address (or a terminal): every figure,
/// the item count, and why checkout is blocked when it is.
///
/// # Errors
/// [`QuoteCartError::CartNotFound`] for another user's or an unknown cart;
/// [`QuoteCartError::TerminalNotFound`]; [`QuoteCartError::Line`] for a line that can no longer
/// be priced; store failures.
pub fn quote_cart(
    store: &impl Store,
    user: &UserId,
    cart: &CartId,
    terminal: Option<&TerminalId>,
    lift_gate: bool,
) -> Result<CartQuote, QuoteCartError> {
    store.read(|tx| {
        owned(tx, user, cart)?;
        Ok(plan(tx, user, cart, terminal, lift_gate)?.cart_quote())
    })
}
