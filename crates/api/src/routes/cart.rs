//! `GET /api/cart/{cartId}` and its mutations `add`, `remove`, `updateQuantity`
//! (storefront.md §7): the signed-in owner's cart only (another user's cart answers 404 as if
//! it did not exist). Every answer is the whole cart, each line with its product, so the cart
//! page needs no other call.

use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use domain::cart::{self, Cart, CartLine, LineChange};
use domain::ids::{CartId, ProductId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::products::dto::{ProductJson, VariantJson};
use crate::error::ApiError;
use crate::extractors::{no_store, Caller};
use crate::state::AppState;

/// A cart line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLineJson {
    /// Line id.
    #[schema(format = Uuid)]
    pub id: String,
    /// The cart.
    #[schema(format = Uuid)]
    pub cart_id: String,
    /// The product's id.
    #[schema(format = Uuid)]
    pub product_id: String,
    /// The product, with prices, unit product and variants.
    pub product: ProductJson,
    /// The apparel variant's id, or null.
    #[schema(format = Uuid)]
    pub variant_id: Option<String>,
    /// The apparel variant, or null.
    pub variant: Option<VariantJson>,
    /// Cases (shows and apparel items count here).
    pub case_quantity: u32,
    /// Units of a case-breakable product.
    pub unit_quantity: u32,
}

/// A cart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartJson {
    /// Id.
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// The lines, oldest first.
    pub cart_products: Vec<CartLineJson>,
}

impl From<Cart> for CartJson {
    fn from(cart: Cart) -> Self {
        let cart_id = cart.id.to_string();
        CartJson {
            cart_products: cart
                .lines
                .into_iter()
                .map(|line: CartLine| CartLineJson {
                    id: line.id,
                    cart_id: cart_id.clone(),
                    product_id: line.product.id.to_string(),
                    variant_id: line.variant.as_ref().map(|v| v.id.to_string()),
                    variant: line.variant.map(VariantJson::from),
                    product: ProductJson::from(line.product),
                    case_quantity: line.case_quantity,
                    unit_quantity: line.unit_quantity,
                })
                .collect(),
            id: cart.id.into_string(),
            user_id: cart.user_id.into_string(),
        }
    }
}

/// `POST .../add`: one more case (or unit, or apparel item).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddBody {
    /// The product.
    pub product_id: String,
    /// The cart (when sent, it must be the one in the address).
    #[serde(default)]
    pub cart_id: Option<String>,
    /// A unit rather than a case.
    #[serde(default)]
    pub is_unit: bool,
    /// The apparel variant; `unit`, `case` or empty mean none.
    #[serde(default)]
    pub variant_id: Option<String>,
}

/// `POST .../remove`: the line of a product (and variant).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemoveBody {
    /// The product.
    pub product_id: String,
    /// The cart (when sent, it must be the one in the address).
    #[serde(default)]
    pub cart_id: Option<String>,
    /// The apparel variant; `unit`, `case` or empty mean none.
    #[serde(default)]
    pub variant_id: Option<String>,
}

/// `POST .../updateQuantity`: set the cases (or units) of a line; 0 removes them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateBody {
    /// The product.
    pub product_id: String,
    /// The cart (when sent, it must be the one in the address).
    #[serde(default)]
    pub cart_id: Option<String>,
    /// Whole number from 0 to 9999.
    #[serde(deserialize_with = "crate::whole::number")]
    #[schema(minimum = 0, maximum = 9999)]
    pub quantity: i64,
    /// Units rather than cases.
    #[serde(default)]
    pub is_unit: bool,
    /// The apparel variant; `unit`, `case` or empty mean none.
    #[serde(default)]
    pub variant_id: Option<String>,
}

/// The line a body names.
fn line_change(product_id: &str, variant_id: Option<&String>, is_unit: bool) -> LineChange {
    LineChange {
        product_id: ProductId::from(product_id),
        variant_id: variant_id.cloned(),
        is_unit,
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
