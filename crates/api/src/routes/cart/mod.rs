//! `GET /api/cart/{cartId}` and its mutations `add`, `remove`, `updateQuantity`
//! (storefront.md §7): the signed-in owner's cart only (another user's cart answers 404 as if
//! it did not exist). Every answer is the whole cart, each line with its product, so the cart
//! page needs no other call.

pub mod dto;

use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::cart::{self, Cart, LineChange};
use domain::catalogue::Packing;
use domain::ids::{CartId, ProductId};

use self::dto::{AddBody, CartJson, RemoveBody, UpdateBody};
use crate::error::ApiError;
use crate::extractors::{no_store, Caller};
use crate::state::AppState;

/// The line a body names.
fn line_change(product_id: &str, variant_id: Option<&String>, is_unit: bool) -> LineChange {
    LineChange {
        product_id: ProductId::from(product_id),
        variant_id: variant_id.cloned(),
        packing: Packing::from_is_unit(is_unit),
    }
}

/// Whether a cart call only reads the cart or changes it.
#[derive(Debug, Clone, Copy)]
enum Access {
    Read,
    Write,
}

/// A call on the cart of the address by the signed-in user: the state, the caller and the
/// cart id, taken by each handler as one extractor.
pub struct CartCall {
    pub(crate) state: web::Data<AppState>,
    pub(crate) caller: Caller,
    pub(crate) cart: String,
}

impl actix_web::FromRequest for CartCall {
    type Error = ApiError;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, ApiError>>>>;

    fn from_request(
        req: &actix_web::HttpRequest,
        payload: &mut actix_web::dev::Payload,
    ) -> Self::Future {
        let caller = Caller::from_request(req, payload);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let cart = req.match_info().get("cartId").map(str::to_owned);
        Box::pin(async move {
            let caller = caller.await?;
            match (state, cart) {
                (Some(state), Some(cart)) => Ok(CartCall {
                    state,
                    caller,
                    cart,
                }),
                _ => Err(ApiError::internal(
                    "cart route without its state or cart id",
                )),
            }
        })
    }
}

impl CartCall {
    /// Runs one cart use case on the cart of the address (refusing a body that names another
    /// cart) and answers the whole cart.
    async fn run<F>(
        self,
        kind: Access,
        body_cart: Option<&str>,
        use_case: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce(&AppState, &domain::ids::UserId, &CartId) -> Result<Cart, cart::CartError>
            + Send
            + 'static,
    {
        if body_cart.is_some_and(|named| named != self.cart) {
            return Err(ApiError::invalid_field(
                "cartId",
                "cartId must be the cart of the address",
            ));
        }
        let (id, caller) = (CartId::from(self.cart), self.caller);
        // The token is checked in the same call as the use case.
        let work = move |s: &AppState| {
            let user = caller.resolve(s)?;
            use_case(s, &user.id, &id).map_err(ApiError::from)
        };
        let found = match kind {
            // A read may run on the async worker (AppState::read); a change waits for its
            // turn to write, on the blocking pool.
            Access::Read => self.state.read(work).await?,
            Access::Write => self.state.call(work).await?,
        };
        Ok(HttpResponse::Ok()
            .insert_header(no_store())
            .json(CartJson::from(found)))
    }
}

/// The caller's cart.
#[utoipa::path(tag = "cart", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")),
    responses((status = 200, body = CartJson), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's cart")))]
#[get("/cart/{cartId}")]
pub async fn get(call: CartCall) -> Result<HttpResponse, ApiError> {
    call.run(Access::Read, None, |s, user, cart| {
        cart::get(&s.store, user, cart)
    })
    .await
}

/// Adds one case, unit or apparel item.
#[utoipa::path(tag = "cart", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")), request_body = AddBody,
    responses((status = 200, body = CartJson), (status = 422, description = "not sold that way, or another cart named in the body"),
    (status = 401, description = "not signed in"), (status = 404, description = "unknown cart, product or variant"),
    (status = 409, description = "out of stock, more than the variant has available, the cart is full, or the cart has an open payment session")))]
#[post("/cart/{cartId}/add")]
pub async fn add(call: CartCall, body: web::Json<AddBody>) -> Result<HttpResponse, ApiError> {
    let change = line_change(&body.product_id, body.variant_id.as_ref(), body.is_unit);
    call.run(
        Access::Write,
        body.cart_id.as_deref(),
        move |s, user, cart| cart::add(&s.store, user, cart, &change, Utc::now().naive_utc()),
    )
    .await
}

/// Removes the line of a product (and variant).
#[utoipa::path(tag = "cart", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")), request_body = RemoveBody,
    responses((status = 200, body = CartJson), (status = 401, description = "not signed in"),
    (status = 404, description = "not the caller's cart"), (status = 422, description = "another cart named in the body"),
    (status = 409, description = "the cart has an open payment session")))]
#[post("/cart/{cartId}/remove")]
pub async fn remove(call: CartCall, body: web::Json<RemoveBody>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let (product, variant) = (ProductId::from(body.product_id), body.variant_id);
    call.run(
        Access::Write,
        body.cart_id.as_deref(),
        move |s, user, cart| {
            let now = Utc::now().naive_utc();
            cart::remove(&s.store, user, cart, &product, variant.as_deref(), now)
        },
    )
    .await
}

/// Sets the cases or units of a line (0 removes them).
#[utoipa::path(tag = "cart", security(("bearer" = [])),
    params(("cartId" = String, Path, description = "Cart id")), request_body = UpdateBody,
    responses((status = 200, body = CartJson), (status = 400, description = "bad quantity"),
    (status = 422, description = "not sold that way, or another cart named in the body"),
    (status = 401, description = "not signed in"), (status = 404, description = "unknown cart, product or variant"),
    (status = 409, description = "out of stock, more than the variant has available, the cart is full, or the cart has an open payment session")))]
#[post("/cart/{cartId}/updateQuantity")]
pub async fn update_quantity(
    call: CartCall,
    body: web::Json<UpdateBody>,
) -> Result<HttpResponse, ApiError> {
    let change = line_change(&body.product_id, body.variant_id.as_ref(), body.is_unit);
    let quantity = body.quantity;
    call.run(
        Access::Write,
        body.cart_id.as_deref(),
        move |s, user, cart| {
            let now = Utc::now().naive_utc();
            cart::update_quantity(&s.store, user, cart, &change, quantity, now)
        },
    )
    .await
}
