//! `POST /api/quote`: the money engine for clients. Prices come from the database, never from
//! the request; every figure is computed by `domain::quote`.

use actix_web::{post, web, HttpResponse};
use domain::quote::{LineRequest, QuoteRequest as Request};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::state::AppState;

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
    #[serde(default, deserialize_with = "crate::whole::number")]
    #[schema(minimum = 0, maximum = 9999)]
    pub case_quantity: i64,
    /// Units of a case-breakable product. Apparel: items.
    #[serde(default, deserialize_with = "crate::whole::number")]
    #[schema(minimum = 0, maximum = 9999)]
    pub unit_quantity: i64,
}

/// What to quote.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuoteRequest {
    /// The lines.
    #[serde(deserialize_with = "crate::objects::many")]
    #[schema(max_items = 200)]
    pub lines: Vec<QuoteLineBody>,
    /// Two-letter state of the shipping address; absent when the buyer has none yet.
    #[serde(default)]
    #[schema(schema_with = crate::routes::system::terminal::state_code_or_null)]
    pub state: Option<String>,
    /// Ship to this freight terminal (its state is used; never a liftgate).
    #[serde(default)]
    pub terminal_id: Option<String>,
    /// Ask for a liftgate delivery.
    #[serde(default)]
    pub lift_gate: bool,
}

impl From<QuoteRequest> for Request {
    fn from(r: QuoteRequest) -> Self {
        Request {
            lines: r
                .lines
                .into_iter()
                .map(|l| LineRequest {
                    product_id: l.product_id,
                    variant_id: l.variant_id,
                    case_quantity: l.case_quantity,
                    unit_quantity: l.unit_quantity,
                })
                .collect(),
            state: r.state,
            terminal_id: r.terminal_id,
            lift_gate: r.lift_gate,
        }
    }
}

/// Quotes lines for a destination: subtotal, order type, shipping, liftgate fee, tax, grand
/// total, and whether (and why not) it can be checked out.
#[utoipa::path(tag = "shipping", request_body = QuoteRequest, responses(
    (status = 200, description = "the quote: {subtotal, orderType, shipping, liftGateFee, tax, grandTotal, shippable, message?}"),
    (status = 400, description = "bad quantities or state"), (status = 404, description = "unknown product, variant or terminal"),
    (status = 422, description = "a line the product is not sold as, or a line of nothing")))]
#[post("/quote")]
pub async fn post_quote(
    state: web::Data<AppState>,
    body: web::Json<QuoteRequest>,
) -> Result<HttpResponse, ApiError> {
    let request = Request::from(body.into_inner());
    let quote = state
        .call(move |s| domain::quote::price_lines(&s.store, &request))
        .await?;
    Ok(HttpResponse::Ok().json(quote))
}
