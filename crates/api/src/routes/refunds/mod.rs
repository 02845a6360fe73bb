//! Refunds of orders (back office, issue 34): `POST /api/reports/purchases/{id}/refunds` gives
//! a full or partial amount back through the payment provider, `GET` lists an order's refunds,
//! `POST .../refunds/{refundId}/retry` asks again for one left pending. ADMIN only.

pub mod dto;

use actix_web::{get, post, web, HttpResponse};
use chrono::{NaiveDateTime, Utc};
use domain::ids::OrderId;
use domain::refunds::{self, Refund, RefundError, RefundInput};

use self::dto::{RefundBody, RefundJson};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::routes::catalogue::product_admin::as_text;
use crate::state::AppState;

/// Refunds an order's payment, fully or in part, with a reason; `restock` returns the order's
/// counted stock (only with a refund of the whole order). Never more than the payment in total.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Order id")), request_body = RefundBody,
    responses((status = 201, body = RefundJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Order not found"), (status = 409, description = "the provider refused the refund"),
    (status = 422, description = "no amount or reason, more than is left, or restock with a partial refund"),
    (status = 503, description = "the provider did not answer: the refund stays pending")))]
#[post("/reports/purchases/{id}/refunds")]
pub async fn create(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<RefundBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = RefundInput {
        amount: as_text(&body.amount),
        reason: body.reason,
        restock: body.restock,
    };
    let (actor, order) = (admin.0.id, OrderId::from(path.into_inner()));
    let refund = with_provider(&state, move |s, now| {
        refunds::refund_order(
            &s.store,
            s.payments.as_ref(),
            &s.mailing,
            &actor,
            &order,
            &input,
            now,
        )
    })
    .await?;
    Ok(HttpResponse::Created().json(RefundJson::from(refund)))
}

/// Asks the provider again for a refund left pending (the provider did not answer), with the
/// same idempotency key: it is then given (once), refused (and removed) or still pending. A
/// refund that is no longer pending is answered as it is.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Order id"), ("refundId" = String, Path, description = "Refund id")),
    responses((status = 200, body = RefundJson), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "Order not found"), (status = 409, description = "the provider refused the refund: it is removed"),
    (status = 503, description = "the provider did not answer: the refund stays pending")))]
#[post("/reports/purchases/{id}/refunds/{refund_id}/retry")]
pub async fn retry(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (order, refund) = path.into_inner();
    let (actor, order) = (admin.0.id, OrderId::from(order));
    let refund = with_provider(&state, move |s, now| {
        refunds::retry_refund(
            &s.store,
            s.payments.as_ref(),
            &s.mailing,
            &actor,
            &order,
            &refund,
            now,
        )
    })
    .await?;
    Ok(HttpResponse::Ok().json(RefundJson::from(refund)))
}

/// Runs a refund use case (it calls the provider, so off the async workers) at this moment.
async fn with_provider<F>(state: &AppState, work: F) -> Result<Refund, ApiError>
where
    F: FnOnce(&AppState, NaiveDateTime) -> Result<Refund, RefundError> + Send + 'static,
{
    state.call(move |s| work(s, Utc::now().naive_utc())).await
}

/// An order's refunds, oldest first.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "Order id")),
    responses((status = 200, body = Vec<RefundJson>), (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/reports/purchases/{id}/refunds")]
pub async fn list(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let order = OrderId::from(path.into_inner());
    let list = state
        .call(move |s| refunds::refunds_of(&s.store, &order))
        .await?;
    let list: Vec<RefundJson> = list.into_iter().map(RefundJson::from).collect();
    Ok(HttpResponse::Ok().json(list))
}
