//! The back office's orders and case breaks (back-office.md §7 "Reports"), ADMIN only:
//! `GET /api/reports/purchases`, `PATCH /api/reports/purchases/{id}`,
//! `GET /api/reports/case-break`, `POST /api/reports/case-break/{id}/process`.

use std::collections::BTreeMap;

use actix_web::{get, patch, post, web, HttpResponse};
use chrono::Utc;
use domain::ids::{CaseBreakId, OrderId};
use domain::money::Money;
use domain::orders::{self, CaseBreak, DateRange, Sale, SalesError, StatusChange};
use domain::status::{CaseBreakStatus, OrderStatus};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{
    KnownFormat, Object, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type,
};
use utoipa::{IntoParams, ToSchema};

use super::dto::ShipAddressJson;
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::routes::params::blank_or;
use crate::routes::users::list::rfc3339;
use crate::state::AppState;

/// A date range with an optional status.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct RangeQuery {
    /// First day (`YYYY-MM-DD`, its start in UTC) or an ISO 8601 instant; none: from the start.
    #[param(schema_with = date_or_instant)]
    pub start_date: Option<String>,
    /// Last day (`YYYY-MM-DD`, its end in UTC) or an ISO 8601 instant; none: the end of today.
    #[param(schema_with = date_or_instant)]
    pub end_date: Option<String>,
    /// A status: the document lists each operation's own (`OrderStatusQuery`,
    /// `CaseBreakStatusQuery`).
    #[param(ignore)]
    pub status: Option<String>,
}

impl RangeQuery {
    /// The range; a malformed date is 400, a start after the end (two well-formed dates that
    /// make no range) 422.
    fn range(&self) -> Result<DateRange, ApiError> {
        DateRange::read(
            self.start_date.as_deref(),
            self.end_date.as_deref(),
            Utc::now().naive_utc(),
        )
        .map_err(ApiError::from)
    }
}

/// A day (`YYYY-MM-DD`) or an instant (RFC 3339), or blank for none.
fn date_or_instant() -> Schema {
    Schema::OneOf(
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .max_length(Some(0)),
            )
            .build(),
    )
}

/// The order list's status filter, as the document lists it.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderStatusQuery {
    /// Only orders with this status (blank: every status)
    #[param(schema_with = order_status)]
    pub status: Option<String>,
}

fn order_status_value() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(OrderStatus::ALL.iter().map(|s| s.as_str())))
        .build()
}

fn order_status() -> Object {
    blank_or(OrderStatus::ALL.iter().map(|s| s.as_str()))
}

/// The case break list's status filter, as the document lists it.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CaseBreakStatusQuery {
    /// Only requests with this status (blank or ALL: every status)
    #[param(schema_with = case_break_status)]
    pub status: Option<String>,
}

fn case_break_status() -> Object {
    blank_or(std::iter::once("ALL").chain(CaseBreakStatus::ALL.iter().map(|s| s.as_str())))
}

/// The buyer's profile names and phone.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyerProfileJson {
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Phone.
    pub phone_number: Option<String>,
}

/// The buyer.
#[derive(Debug, Serialize, ToSchema)]
pub struct BuyerJson {
    /// Id.
    pub id: String,
    /// E-mail.
    pub email: String,
    /// Profile.
    pub profile: BuyerProfileJson,
}

/// The product of a line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SoldProductJson {
    /// Id.
    pub id: String,
    /// Title (as sold).
    pub title: String,
    /// The product's SKU.
    pub sku: String,
    /// A show.
    pub is_show: bool,
    /// Apparel.
    pub is_apparel: bool,
}

/// A colour name.
#[derive(Debug, Serialize, ToSchema)]
pub struct ColorNameJson {
    /// Name.
    pub name: String,
}

/// The variant of an apparel line.
#[derive(Debug, Serialize, ToSchema)]
pub struct SoldVariantJson {
    /// SKU.
    pub sku: String,
    /// Size.
    pub size: String,
    /// Colour.
    pub color: Option<ColorNameJson>,
}

/// A line of an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseItemJson {
    /// Id.
    pub id: String,
    /// The product.
    pub product: SoldProductJson,
    /// The variant (apparel).
    pub variant: Option<SoldVariantJson>,
    /// Units (true) or cases.
    pub is_unit: bool,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// The line's subtotal.
    #[serde(rename = "itemSubTotal")]
    #[schema(value_type = f64)]
    pub item_sub_total: Money,
    /// Units of this line that ship once a case is opened (its open case break request).
    pub owed_units: u32,
}

/// One status change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChangeJson {
    /// Before (null for the first).
    #[schema(value_type = Option<String>)]
    pub from: Option<OrderStatus>,
    /// After.
    #[schema(value_type = String)]
    pub to: OrderStatus,
    /// Who (e-mail; null: the shop at the purchase).
    pub changed_by: Option<String>,
    /// When.
    pub changed_at: String,
}

/// An order as the back office sees it (back-office.md §3 "Purchase order or sale").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaleJson {
    /// Id.
    pub id: String,
    /// When it was placed.
    pub date: String,
    /// PENDING, PROCESSING, COMPLETED or FAILED.
    #[schema(value_type = String)]
    pub status: OrderStatus,
    /// Order type.
    #[schema(value_type = String)]
    pub order_type: domain::order::OrderType,
    /// The buyer.
    pub user: BuyerJson,
    /// Where it ships.
    pub shipping_address: ShipAddressJson,
    /// Terminal id when shipped to one.
    pub ship_to_terminal_id: Option<String>,
    /// The lines.
    pub purchase_items: Vec<PurchaseItemJson>,
    /// Subtotal.
    #[serde(rename = "subTotal")]
    #[schema(value_type = f64)]
    pub sub_total: Money,
    /// Shipping.
    #[schema(value_type = f64)]
    pub shipping_cost: Money,
    /// Tax.
    #[schema(value_type = f64)]
    pub tax: Money,
    /// Liftgate fee.
    #[schema(value_type = f64)]
    pub lift_gate_fee: Money,
    /// Grand total.
    #[schema(value_type = f64)]
    pub grand_total: Money,
    /// What its refunds gave back (confirmed ones).
    #[schema(value_type = f64)]
    pub refunded: Money,
    /// What may still be refunded: the grand total less every refund, pending ones included.
    #[schema(value_type = f64)]
    pub refundable: Money,
    /// Every status change, oldest first.
    pub status_history: Vec<StatusChangeJson>,
}

fn change(c: StatusChange) -> StatusChangeJson {
    StatusChangeJson {
        from: c.from,
        to: c.to,
        changed_by: c.by,
        changed_at: rfc3339(c.at),
    }
}

impl From<Sale> for SaleJson {
    fn from(s: Sale) -> Self {
        let o = s.order;
        let purchase_items = o
            .items
            .into_iter()
            .zip(s.lines)
            .map(|(i, (product, variant))| {
                let owed_units = i.owed_units;
                let item = i.item;
                PurchaseItemJson {
                    id: i.id,
                    product: SoldProductJson {
                        id: item.product_id.to_string(),
                        sku: product
                            .as_ref()
                            .map_or_else(|| item.sku.clone(), |p| p.sku.clone()),
                        is_show: product.as_ref().is_some_and(|p| p.is_show),
                        is_apparel: product.as_ref().is_some_and(|p| p.is_apparel),
                        title: item.title,
                    },
                    variant: variant.map(|v| SoldVariantJson {
                        sku: v.sku,
                        size: v.size,
                        color: v.color.map(|name| ColorNameJson { name }),
                    }),
                    is_unit: item.packing.is_unit(),
                    quantity: item.quantity,
                    unit_price: item.unit_price,
                    item_sub_total: item.item_subtotal,
                    owed_units,
                }
            })
            .collect();
        SaleJson {
            id: o.id.into_string(),
            date: rfc3339(o.created_on),
            status: o.status,
            order_type: o.order_type,
            user: BuyerJson {
                id: s.buyer.id.into_string(),
                email: s.buyer.email,
                profile: BuyerProfileJson {
                    first_name: s.buyer.first_name,
                    last_name: s.buyer.last_name,
                    phone_number: s.buyer.phone_number,
                },
            },
            shipping_address: ShipAddressJson::from(o.address),
            ship_to_terminal_id: o.ship_to_terminal_id.map(|t| t.to_string()),
            purchase_items,
            sub_total: o.amounts.subtotal,
            shipping_cost: o.amounts.shipping,
            tax: o.amounts.tax,
            lift_gate_fee: o.amounts.lift_gate_fee,
            grand_total: o.amounts.grand_total,
            refunded: s.refunded,
            refundable: s.refundable,
            status_history: s.history.into_iter().map(change).collect(),
        }
    }
}

/// The count and the sum of the grand totals of the orders in a range (what the sales screen
/// shows beside the list).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SalesTotalsJson {
    /// How many orders.
    pub count: usize,
    /// Their grand totals, summed (the server's figure: clients never add money up).
    #[schema(value_type = f64)]
    pub total_sales: Money,
}

/// The sales report of a query: its range and optional status, read in one transaction.
async fn sales_report(
    state: &AppState,
    query: &RangeQuery,
) -> Result<orders::SalesReport, ApiError> {
    let range = query.range()?;
    let status = match query.status.as_deref().filter(|s| !s.trim().is_empty()) {
        None => None,
        Some(s) => Some(orders::parse_order_status(s)?),
    };
    state
        .call(move |s| orders::sales_report(&s.store, &range, status))
        .await
}

/// Orders placed in a date range (UTC day bounds), with an optional status: an array of
/// orders, newest first (back-office.md §7). Their count and total: `/totals`.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), params(RangeQuery, OrderStatusQuery),
    responses((status = 200, body = Vec<SaleJson>), (status = 400, description = "bad dates or status"),
    (status = 422, description = "startDate after endDate"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/reports/purchases")]
pub async fn purchases(
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<RangeQuery>,
) -> Result<HttpResponse, ApiError> {
    let report = sales_report(&state, &query).await?;
    Ok(HttpResponse::Ok().json(
        report
            .orders
            .into_iter()
            .map(SaleJson::from)
            .collect::<Vec<_>>(),
    ))
}

/// The count and total of the orders `GET /api/reports/purchases` lists for the same query.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), params(RangeQuery, OrderStatusQuery),
    responses((status = 200, body = SalesTotalsJson), (status = 400, description = "bad dates or status"),
    (status = 422, description = "startDate after endDate"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/reports/purchases/totals")]
pub async fn purchase_totals(
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<RangeQuery>,
) -> Result<HttpResponse, ApiError> {
    let report = sales_report(&state, &query).await?;
    Ok(HttpResponse::Ok().json(SalesTotalsJson {
        count: report.orders.len(),
        total_sales: report.total_sales,
    }))
}

/// The admin's new status of an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    /// PENDING, PROCESSING, COMPLETED or FAILED.
    #[schema(schema_with = order_status_value)]
    pub status: String,
}

/// Sets an order's status (recorded in its history: who, when, from, to).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Order id")), request_body = StatusBody,
    responses((status = 200, body = SaleJson), (status = 400, description = "unknown status"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin"), (status = 404, description = "Order not found")))]
#[patch("/reports/purchases/{id}")]
pub async fn set_status(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let status = orders::parse_order_status(&body.status)?;
    // Text that cannot be an id names no order (after the status's own check, as before).
    let id: OrderId = path.parse().map_err(|_| SalesError::OrderNotFound)?;
    let actor = admin.0.id;
    let sale = state
        .call(move |s| {
            orders::set_sale_status(
                &s.store,
                &s.mailing,
                &actor,
                &id,
                status,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(SaleJson::from(sale)))
}

/// A case break request (back-office.md §3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseBreakJson {
    /// Id.
    pub id: String,
    /// The product.
    pub product_id: String,
    /// The product's SKU.
    pub sku: String,
    /// The product's title.
    pub title: String,
    /// The order that ran short.
    pub order_id: Option<String>,
    /// Units asked for.
    pub quantity: u32,
    /// Units added when processed.
    pub quantity_added: Option<u32>,
    /// Units the order still waits for: the quantity while PENDING or PROCESSING, else 0.
    pub owed_units: u32,
    /// PENDING, PROCESSING, COMPLETED or FAILED.
    #[schema(value_type = String)]
    pub status: CaseBreakStatus,
    /// The product's package (items per box first).
    pub box_size: Vec<u32>,
    /// When it was made (RFC 3339).
    pub created_on: String,
    /// When it was made (RFC 3339), under the name the specification's client reads.
    pub created_at: String,
    /// The day it was made, as the shop prints dates (`Jul 1, 2026`, UTC).
    #[schema(example = "Jul 1, 2026")]
    pub formatted_date: String,
}

impl From<CaseBreak> for CaseBreakJson {
    fn from(c: CaseBreak) -> Self {
        CaseBreakJson {
            owed_units: c.owed_units(),
            id: c.id.into_string(),
            product_id: c.product_id.into_string(),
            sku: c.sku,
            title: c.title,
            order_id: c.order_id.map(OrderId::into_string),
            quantity: c.quantity,
            quantity_added: c.quantity_added,
            status: c.status,
            box_size: c.box_size,
            created_on: rfc3339(c.created_on),
            created_at: rfc3339(c.created_on),
            formatted_date: c.created_on.format("%b %-d, %Y").to_string(),
        }
    }
}

/// Case break requests in a range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseBreakReportJson {
    /// The requests, newest first.
    pub data: Vec<CaseBreakJson>,
    /// How many.
    pub count: usize,
    /// Their quantities, summed.
    pub total_quantity: u64,
    /// Requests per status in the range (every status).
    pub status_counts: BTreeMap<&'static str, i64>,
}

/// Case break requests made in a date range, with an optional status (or ALL).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), params(RangeQuery, CaseBreakStatusQuery),
    responses((status = 200, body = CaseBreakReportJson), (status = 400, description = "bad dates or status"),
    (status = 422, description = "startDate after endDate"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/reports/case-break")]
pub async fn case_breaks(
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<RangeQuery>,
) -> Result<HttpResponse, ApiError> {
    let range = query.range()?;
    let status = orders::parse_case_break_filter(query.status.as_deref())?;
    let report = state
        .call(move |s| orders::case_break_report(&s.store, &range, status))
        .await?;
    Ok(HttpResponse::Ok().json(CaseBreakReportJson {
        count: report.data.len(),
        total_quantity: report.total_quantity,
        status_counts: report.status_counts,
        data: report.data.into_iter().map(CaseBreakJson::from).collect(),
    }))
}

/// Units to add.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProcessBody {
    /// A whole number from 1.
    #[serde(deserialize_with = "crate::whole::number")]
    #[schema(minimum = 1, maximum = 1_000_000)]
    pub quantity_added: i64,
}

/// Processes a case break request, once: `quantityAdded` is the units the opened case gave;
/// they first fill the units owed to the waiting order, the rest goes to the unit stock, and
/// the request is COMPLETED.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Case break request id")), request_body = ProcessBody,
    responses((status = 200, body = CaseBreakJson), (status = 400, description = "Please enter a valid positive number"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Case break request not found"), (status = 409, description = "already COMPLETED or FAILED"),
    (status = 422, description = "At least {quantity} units are owed to the waiting order")))]
#[post("/reports/case-break/{id}/process")]
pub async fn process(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<ProcessBody>,
) -> Result<HttpResponse, ApiError> {
    let quantity = body.quantity_added;
    // A text that cannot be an id names no request: it answers what an unknown id does, after
    // the quantity's own check, in the use case's order.
    let id: CaseBreakId = path.parse().map_err(|_| {
        orders::quantity_added_of(quantity)
            .err()
            .unwrap_or(SalesError::CaseBreakNotFound)
    })?;
    let actor = admin.0.id;
    let done = state
        .call(move |s| {
            orders::process_case_break(&s.store, &actor, &id, quantity, Utc::now().naive_utc())
        })
        .await?;
    Ok(HttpResponse::Ok().json(CaseBreakJson::from(done)))
}
