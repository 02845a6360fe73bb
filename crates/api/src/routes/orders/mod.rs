//! Orders: the buyer's own orders (`GET /api/orders`, `GET /api/orders/{orderId}`) and the
//! back office's orders and case breaks (`sales`).

pub mod dto;
pub mod sales;

use actix_web::{get, web, HttpResponse};
use domain::checkout;
use domain::ids::OrderId;

use self::dto::OrderJson;
use crate::error::ApiError;
use crate::extractors::{no_store, AuthUser};
use crate::routes::catalogue::dto::PageJson;
use crate::routes::params::Params;
use crate::state::AppState;

/// The caller's orders, newest first.
#[utoipa::path(tag = "checkout", security(("bearer" = [])),
    params(crate::routes::params::PageQuery),
    responses((status = 200, body = PageJson<OrderJson>), (status = 401, description = "not signed in")))]
#[get("/orders")]
pub async fn list_orders(
    state: web::Data<AppState>,
    user: AuthUser,
    params: Params,
) -> Result<HttpResponse, ApiError> {
    let page = params.page()?;
    let found = state
        .call(move |s| checkout::list_orders(&s.store, &user.id, page))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(PageJson::<OrderJson>::new(page, found)))
}

/// One of the caller's orders.
#[utoipa::path(path = "/orders/{orderId}", tag = "checkout", security(("bearer" = [])),
    params(("orderId" = String, Path, description = "Order id")),
    responses((status = 200, body = OrderJson), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's order")))]
#[get("/orders/{order_id}")]
pub async fn get_order(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    // Text that cannot be an id names no order: the answer an unknown id gets.
    let id: OrderId = path
        .parse()
        .map_err(|_| checkout::OrderError::OrderNotFound)?;
    let found = state
        .call(move |s| checkout::get_order(&s.store, &user.id, &id))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(no_store())
        .json(OrderJson::from(found)))
}
