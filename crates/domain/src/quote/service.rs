//! The quote use case: prices lines with the store's products and variants (a client never
//! supplies a price), decides what can be sold, and quotes them for a destination.

use std::collections::HashMap;

use super::{quote, Destination, Quote};
use super::{MAX_LINES, MAX_QUANTITY};
use crate::catalogue::{unit_for_sale, Packing, PricedProduct, PricedVariant};
use crate::checkout::Terminals;
use crate::ids::{ProductId, TerminalId, VariantId};
use crate::order::{LineError, QuoteLine};
use crate::pricing::PriceLookups;
use crate::state::UsState;
use crate::store::{Store, StoreError};

/// One line to price, as a client asked for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineRequest {
    /// Product (or show, or apparel product) id.
    pub product_id: String,
    /// Apparel variant id; `unit`, `case` or blank mean none (storefront.md §5).
    pub variant_id: Option<String>,
    /// Cases (or shows). Apparel: items.
    pub case_quantity: i64,
    /// Units of a case-breakable product. Apparel: items.
    pub unit_quantity: i64,
}

/// What to quote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuoteRequest {
    /// The lines.
    pub lines: Vec<LineRequest>,
    /// Two-letter state of the shipping address; `None` when the buyer has none yet.
    pub state: Option<String>,
    /// Ship to this freight terminal (its state is used; never a liftgate).
    pub terminal_id: Option<String>,
    /// Ask for a liftgate delivery.
    pub lift_gate: bool,
}

/// Why lines could not be quoted.
#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    /// More than [`MAX_LINES`] lines.
    #[error("A quote holds at most {MAX_LINES} lines")]
    TooManyLines,
    /// The state is not one of the 50 codes.
    #[error("Invalid state code")]
    InvalidState,
    /// A quantity outside `0..=MAX_QUANTITY`; `field` is `caseQuantity` or `unitQuantity`.
    #[error("{field} must be a whole number from 0 to {MAX_QUANTITY}")]
    BadQuantity {
        /// The JSON field.
        field: &'static str,
    },
    /// A line with no case and no unit.
    #[error("Each line needs a quantity of at least 1")]
    EmptyLine,
    /// No product has this id.
    #[error("Product not found")]
    ProductNotFound,
    /// No variant of this product has this id.
    #[error("Variant not found")]
    VariantNotFound,
    /// An apparel line without a variant (the product's title).
    #[error("Choose a size and style for {0}")]
    VariantRequired(String),
    /// Units of a show (the show's title).
    #[error("{0} is sold as a whole show")]
    ShowByUnit(String),
    /// Units of a product not sold by the unit (the product's title).
    #[error("{0} is sold by the case only")]
    CaseOnly(String),
    /// No terminal has this id.
    #[error("Terminal not found")]
    TerminalNotFound,
    /// The money rules refused a line (a stored negative price: a bug).
    #[error(transparent)]
    Line(#[from] LineError),
    /// A stored state code is unreadable (a bug).
    #[error("terminal {0} has an unknown state")]
    BadTerminalState(String),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Treats blank variant ids and the [`Packing`] words `unit` and `case` as no variant
/// (storefront.md §5).
#[must_use]
pub fn variant_id_of(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim)
        .filter(|v| !v.is_empty() && v.parse::<Packing>().is_err())
}

fn quantity(field: &'static str, value: i64) -> Result<u32, QuoteError> {
    if (0..=MAX_QUANTITY).contains(&value) {
        u32::try_from(value).map_err(|_| QuoteError::BadQuantity { field })
    } else {
        Err(QuoteError::BadQuantity { field })
    }
}

/// Prices one line with the server's products and variants: the one rule of what can be
/// sold. Apparel needs a variant of that product; a show is sold whole; units need a unit
/// product for sale ([`unit_for_sale`]).
///
/// # Errors
/// Every [`QuoteError`] of a line.
pub fn price_line(
    line: &LineRequest,
    products: &HashMap<ProductId, PricedProduct>,
    variants: &HashMap<VariantId, PricedVariant>,
) -> Result<QuoteLine, QuoteError> {
    let cases = quantity("caseQuantity", line.case_quantity)?;
    let units = quantity("unitQuantity", line.unit_quantity)?;
    if cases == 0 && units == 0 {
        return Err(QuoteError::EmptyLine);
    }
    let product = products
        .get(&ProductId::from(line.product_id.as_str()))
        .ok_or(QuoteError::ProductNotFound)?;
    let priced = if product.is_apparel {
        let variant_id = variant_id_of(line.variant_id.as_deref())
            .ok_or_else(|| QuoteError::VariantRequired(product.title.clone()))?;
        let variant = variants
            .get(&VariantId::from(variant_id))
            .filter(|v| v.product_id == product.id)
            .ok_or(QuoteError::VariantNotFound)?;
        QuoteLine::apparel(variant.unit_price, cases + units)
    } else if product.is_show {
        if units > 0 {
            return Err(QuoteError::ShowByUnit(product.title.clone()));
        }
        QuoteLine::show(product.case_price, cases)
    } else {
        let unit_price = unit_for_sale(product.unit.clone()).map(|u| u.unit_price);
        if units > 0 && unit_price.is_none() {
            return Err(QuoteError::CaseOnly(product.title.clone()));
        }
        QuoteLine::firework(product.case_price, unit_price, cases, units)
    };
    Ok(priced?)
}

/// Quotes lines for a destination: subtotal, order type, shipping, liftgate fee, tax, grand
/// total, and whether (and why not) it can be checked out. Prices come from the store.
///
/// # Errors
/// Every [`QuoteError`].
pub fn price_lines(store: &impl Store, request: &QuoteRequest) -> Result<Quote, QuoteError> {
    if request.lines.len() > MAX_LINES {
        return Err(QuoteError::TooManyLines);
    }
    let address_state = match request
        .state
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => None,
        Some(code) => Some(
            code.parse::<UsState>()
                .map_err(|_| QuoteError::InvalidState)?,
        ),
    };
    store.read(|tx| {
        let product_ids: Vec<ProductId> = request
            .lines
            .iter()
            .map(|l| ProductId::from(l.product_id.as_str()))
            .collect();
        let variant_ids: Vec<VariantId> = request
            .lines
            .iter()
            .filter_map(|l| variant_id_of(l.variant_id.as_deref()).map(VariantId::from))
            .collect();
        let products = tx.priced_products(&product_ids)?;
        let variants = tx.priced_variants(&variant_ids)?;
        let lines = request
            .lines
            .iter()
            .map(|l| price_line(l, &products, &variants))
            .collect::<Result<Vec<_>, _>>()?;
        let terminal = request
            .terminal_id
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty());
        let destination = match terminal {
            Some(id) => {
                let found = tx
                    .find_terminal(&TerminalId::from(id))?
                    .ok_or(QuoteError::TerminalNotFound)?;
                let state = found
                    .address
                    .state
                    .parse()
                    .map_err(|_| QuoteError::BadTerminalState(id.to_owned()))?;
                Destination::terminal(state)
            }
            None => address_state.map_or_else(Destination::unknown, Destination::address),
        };
        Ok(quote(&lines, destination, request.lift_gate))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Money;
    use crate::order::LineError;

    /// A stored price the money rules refuse is reported, never quoted (the database's
    /// CHECK keeps prices at 0 or more, so only a bug gets here).
    #[test]
    fn a_negative_stored_price_is_a_line_error() {
        let id = ProductId::from("p");
        let products = HashMap::from([(
            id.clone(),
            PricedProduct {
                id,
                sku: "BROKEN".into(),
                title: "Broken".into(),
                case_price: Money::from_cents(-100),
                is_show: true,
                is_apparel: false,
                in_stock: true,
                unit: None,
            },
        )]);
        let line = LineRequest {
            product_id: "p".into(),
            variant_id: None,
            case_quantity: 1,
            unit_quantity: 0,
        };
        assert!(matches!(
            price_line(&line, &products, &HashMap::new()),
            Err(QuoteError::Line(LineError::NegativePrice))
        ));
    }

    #[test]
    fn unit_case_and_blank_are_no_variant() {
        assert_eq!(variant_id_of(Some(" v-1 ")), Some("v-1"));
        for none in [Some("unit"), Some("case"), Some("  "), None] {
            assert_eq!(variant_id_of(none), None);
        }
    }
}
