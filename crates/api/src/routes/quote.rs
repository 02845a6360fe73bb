//! `POST /api/quote`: the money engine for clients. Prices come from the database, never from
//! the request; every figure is computed by `domain::quote`.

use std::collections::HashMap;

use actix_web::{post, web, HttpResponse};
use domain::money::Money;
use domain::order::QuoteLine;
use domain::quote::{quote, Destination, Quote};
use domain::state::UsState;
use persistence::pricing::{PricedProduct, PricedVariant};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::state::AppState;

/// Most lines a quote may hold.
pub const MAX_LINES: usize = 200;
/// Most items of one kind on one line.
pub const MAX_QUANTITY: i64 = 9_999;

/// One line to price.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuoteLineBody {
    /// Product (or show, or apparel product) id.
    pub product_id: String,
    /// Apparel variant id; `unit`, `case` or empty mean none (storefront.md §5).
    #[serde(default)]
    pub variant_id: Option<String>,
    /// Cases (or shows). Apparel: items.
    #[serde(default)]
    pub case_quantity: i64,
    /// Units of a case-breakable product. Apparel: items.
    #[serde(default)]
    pub unit_quantity: i64,
}

/// What to quote.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuoteRequest {
    /// The lines.
    pub lines: Vec<QuoteLineBody>,
    /// Two-letter state of the shipping address; absent when the buyer has none yet.
    #[serde(default)]
    pub state: Option<String>,
    /// Ship to this freight terminal (its state is used; never a liftgate).
    #[serde(default)]
    pub terminal_id: Option<String>,
    /// Ask for a liftgate delivery.
    #[serde(default)]
    pub lift_gate: bool,
}

/// Treats `unit`, `case` and blank variant ids as no variant.
#[must_use]
pub fn variant_of(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim)
        .filter(|v| !v.is_empty() && *v != "unit" && *v != "case")
}

fn quantity(field: &str, value: i64) -> Result<u32, ApiError> {
    if (0..=MAX_QUANTITY).contains(&value) {
        u32::try_from(value).map_err(ApiError::internal)
    } else {
        Err(ApiError::bad_field(
            field,
            format!("{field} must be a whole number from 0 to {MAX_QUANTITY}"),
        ))
    }
}

/// Prices one line with the server's products and variants.
///
/// # Errors
/// 404 for an unknown product or variant, 400 for quantities or combinations that cannot be
/// sold (units of a product without a unit product, units of a show, apparel without a variant).
pub fn price_line(
    line: &QuoteLineBody,
    products: &HashMap<String, PricedProduct>,
    variants: &HashMap<String, PricedVariant>,
) -> Result<QuoteLine, ApiError> {
    let cases = quantity("caseQuantity", line.case_quantity)?;
    let units = quantity("unitQuantity", line.unit_quantity)?;
    if cases == 0 && units == 0 {
        return Err(ApiError::bad_field(
            "caseQuantity",
            "Each line needs a quantity of at least 1",
        ));
    }
    let product = products
        .get(&line.product_id)
        .ok_or_else(|| ApiError::not_found("Product not found"))?;
    let invalid = |m: String| ApiError::bad_field("lines", m);
    let line = if product.is_apparel {
        let variant_id = variant_of(line.variant_id.as_deref())
            .ok_or_else(|| invalid(format!("Choose a size and style for {}", product.title)))?;
        let variant = variants
            .get(variant_id)
            .filter(|v| v.product_id == product.id)
            .ok_or_else(|| ApiError::not_found("Variant not found"))?;
        QuoteLine::apparel(Money::from_cents(variant.unit_price_cents), cases + units)
    } else if product.is_show {
        if units > 0 {
            return Err(invalid(format!(
                "{} is sold as a whole show",
                product.title
            )));
        }
        QuoteLine::show(Money::from_cents(product.case_price_cents), cases)
    } else {
        if units > 0 && product.unit_price_cents.is_none() {
            return Err(invalid(format!(
                "{} is sold by the case only",
                product.title
            )));
        }
        QuoteLine::firework(
            Money::from_cents(product.case_price_cents),
            product.unit_price_cents.map(Money::from_cents),
            cases,
            units,
        )
    };
    line.map_err(ApiError::internal)
}

/// Quotes lines for a destination: subtotal, order type, shipping, liftgate fee, tax, grand
/// total, and whether (and why not) it can be checked out.
#[utoipa::path(post, path = "/api/quote", tag = "shipping", request_body = QuoteRequest, responses(
    (status = 200, description = "the quote: {subtotal, orderType, shipping, liftGateFee, tax, grandTotal, shippable, message?}"),
    (status = 400, description = "bad quantities, state or combination"), (status = 404, description = "unknown product, variant or terminal")))]
#[post("/quote")]
pub async fn post_quote(
    state: web::Data<AppState>,
    body: web::Json<QuoteRequest>,
) -> Result<HttpResponse, ApiError> {
    let req = body.into_inner();
    if req.lines.len() > MAX_LINES {
        return Err(ApiError::bad_field(
            "lines",
            format!("A quote holds at most {MAX_LINES} lines"),
        ));
    }
    let address_state = match req
        .state
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => None,
        Some(code) => Some(
            code.parse::<UsState>()
                .map_err(|_| ApiError::bad_field("state", "Invalid state code"))?,
        ),
    };
    let result: Quote = state
        .run(move |conn| {
            let product_ids: Vec<String> = req.lines.iter().map(|l| l.product_id.clone()).collect();
            let variant_ids: Vec<String> = req
                .lines
                .iter()
                .filter_map(|l| variant_of(l.variant_id.as_deref()).map(str::to_owned))
                .collect();
            let products = persistence::pricing::products_by_id(conn, &product_ids)?;
            let variants = persistence::pricing::variants_by_id(conn, &variant_ids)?;
            let lines = req
                .lines
                .iter()
                .map(|l| price_line(l, &products, &variants))
                .collect::<Result<Vec<_>, _>>()?;
            let destination = match req
                .terminal_id
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
            {
                Some(terminal) => {
                    let code = persistence::pricing::terminal_state(conn, terminal)?
                        .ok_or_else(|| ApiError::not_found("Terminal not found"))?;
                    Destination::terminal(code.parse().map_err(ApiError::internal)?)
                }
                None => address_state.map_or_else(Destination::unknown, Destination::address),
            };
            Ok(quote(&lines, destination, req.lift_gate))
        })
        .await?;
    Ok(HttpResponse::Ok().json(result))
}
