//! Buyers: signed up or in, with a profile that can check out, and their one-case cart quoted.

use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::api::{field, string_at, with_retries, Api, CallError};

/// A signed-in buyer, as written by `--write-buyers`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Buyer {
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub user_id: String,
    #[serde(default)]
    pub cart_id: String,
    #[serde(default)]
    pub token: String,
}

/// The buyers file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuyersFile {
    #[serde(default)]
    pub product_id: Option<String>,
    pub buyers: Vec<Buyer>,
}

/// What a buyer sends with every purchase: the one-case cart's quote.
#[derive(Debug, Clone)]
pub struct Ready {
    pub buyer: Buyer,
    pub shipping_address_id: Value,
    pub amounts: Value,
    pub grand_total: Value,
}

/// Signs a buyer up (unless it already has a token), in, and fills its profile.
pub async fn sign_in(api: &Api, mut buyer: Buyer) -> Result<Buyer, String> {
    if !buyer.token.is_empty() {
        return Ok(buyer);
    }
    let creds = json!({"email": buyer.email, "password": buyer.password});
    let registered =
        with_retries(|| api.call(Method::POST, "/api/user/register", None, Some(&creds))).await;
    match registered {
        Ok(_) | Err(CallError::Status(409, _)) => {}
        Err(e) => return Err(format!("register {}: {e}", buyer.email)),
    }
    let login = with_retries(|| api.json(Method::POST, "/api/user/login", None, Some(&creds)))
        .await
        .map_err(|e| format!("login {}: {e}", buyer.email))?;
    buyer.token = string_at(&login, &["token"])?;
    buyer.user_id = string_at(&login, &["userInfo", "id"])?;
    buyer.cart_id = string_at(&login, &["userInfo", "Cart", "id"])?;
    let profile = json!({
        "acceptedTerms": true,
        "firstName": "Bench",
        "lastName": "Buyer",
        "phoneNumber": "(701) 555-0123",
        "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "ND", "postalCode": "58102"},
    });
    api.call(
        Method::POST,
        "/api/user/userInfo",
        Some(&buyer.token),
        Some(&profile),
    )
    .await
    .map_err(|e| format!("profile of {}: {e}", buyer.email))?;
    Ok(buyer)
}

/// Removes every line of the buyer's cart.
pub async fn empty_cart(api: &Api, buyer: &Buyer) -> Result<(), CallError> {
    let path = format!("/api/cart/{}", buyer.cart_id);
    let cart = api
        .json(Method::GET, &path, Some(&buyer.token), None)
        .await?;
    let lines = cart
        .get("cartProducts")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for line in lines {
        let mut body = json!({"productId": line.get("productId").cloned().unwrap_or(Value::Null)});
        if let Some(variant) = line.get("variantId").filter(|v| !v.is_null()) {
            body["variantId"] = variant.clone();
        }
        api.call(
            Method::POST,
            &format!("{path}/remove"),
            Some(&buyer.token),
            Some(&body),
        )
        .await?;
    }
    Ok(())
}

/// Empties the cart, quotes it with one case of `product`, then empties it again.
pub async fn ready(api: &Api, buyer: Buyer, product: &str) -> Result<Ready, String> {
    let who = buyer.email.clone();
    let fail = |step: &str, e: CallError| format!("{step} for {who}: {e}");
    empty_cart(api, &buyer)
        .await
        .map_err(|e| fail("emptying the cart", e))?;
    let cart = format!("/api/cart/{}", buyer.cart_id);
    let add = json!({"productId": product});
    api.call(
        Method::POST,
        &format!("{cart}/add"),
        Some(&buyer.token),
        Some(&add),
    )
    .await
    .map_err(|e| fail("add", e))?;
    let quote = api
        .json(
            Method::POST,
            &format!("{cart}/quote"),
            Some(&buyer.token),
            Some(&json!({})),
        )
        .await
        .map_err(|e| fail("quote", e))?;
    if quote.get("canCheckout") != Some(&Value::Bool(true)) {
        return Err(format!("{who} cannot check out: {}", quote["blocked"]));
    }
    let mut amounts = serde_json::Map::new();
    for key in ["subtotal", "tax", "liftGateFee", "shipping", "grandTotal"] {
        amounts.insert(key.to_owned(), field(&quote, &[key])?.clone());
    }
    let ready = Ready {
        shipping_address_id: field(&quote, &["shippingAddress", "id"])?.clone(),
        grand_total: field(&quote, &["grandTotal"])?.clone(),
        amounts: Value::Object(amounts),
        buyer,
    };
    empty_cart(api, &ready.buyer)
        .await
        .map_err(|e| fail("emptying the cart", e))?;
    Ok(ready)
}

/// The first in-stock firework sold by the case only (no units, not a show, not apparel).
pub async fn find_product(api: &Api) -> Result<String, String> {
    for page in 1..=20 {
        let path = format!("/api/products?page={page}&pageSize=100&inStock=true");
        let found = api
            .json(Method::GET, &path, None, None)
            .await
            .map_err(|e| format!("{path}: {e}"))?;
        let contents = found
            .get("contents")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if contents.is_empty() {
            break;
        }
        let case_only = contents.iter().find(|p| {
            let flag = |k: &str| p.get(k).and_then(Value::as_bool);
            flag("inStock") == Some(true)
                && flag("isShow") == Some(false)
                && flag("isApparel") == Some(false)
                && flag("isCaseBreakable") == Some(false)
        });
        if let Some(p) = case_only {
            return string_at(p, &["id"]);
        }
    }
    Err("no in-stock case-only firework in the catalogue".into())
}
