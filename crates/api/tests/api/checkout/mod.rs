//! Checkout (decisions.md "Checkout and payment", "Stock"): the cart's quote, payment
//! sessions that hold stock, the sandbox window, the purchase, orders. On SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL.

use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect, TestApp};

mod purchase;
mod refusals;
mod sandbox;
mod stripe;
mod stripe_refunds;
mod stripe_window;

pub const SUCCESS_CARD: &str = "4242 4242 4242 4242";
pub const DECLINED_CARD: &str = "4000 0000 0000 0002";
pub const CART_CHANGED: &str = "Your cart changed. Please review the new total.";

/// A signed-in shopper.
#[derive(Debug, Clone)]
pub struct Buyer {
    pub token: String,
    pub cart: String,
    pub user: String,
}

/// Registers a shopper with a North Dakota address; `terms` accepts the terms of service.
pub async fn buyer_with(app: &TestApp, email: &str, state: &str, terms: bool) -> Buyer {
    let v = app.customer(email).await;
    let b = Buyer {
        token: v["token"].as_str().expect("token").to_owned(),
        cart: v["userInfo"]["Cart"]["id"]
            .as_str()
            .expect("cart")
            .to_owned(),
        user: v["userInfo"]["id"].as_str().expect("id").to_owned(),
    };
    let profile = json!({
        "firstName": "Jo", "lastName": "Blast", "phoneNumber": "(701) 555-0123",
        "acceptedTerms": terms,
        "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": state, "postalCode": "58102"}
    });
    expect(
        app.post_json_as("/api/user/userInfo", &b.token, &profile)
            .await,
        StatusCode::OK,
    )
    .await;
    b
}

pub async fn buyer(app: &TestApp, email: &str) -> Buyer {
    buyer_with(app, email, "ND", true).await
}

impl Buyer {
    pub async fn add(&self, app: &TestApp, product: &str, is_unit: bool, variant: Option<&str>) {
        let body = json!({"productId": product, "isUnit": is_unit, "variantId": variant});
        let res = app
            .post_json_as(&format!("/api/cart/{}/add", self.cart), &self.token, &body)
            .await;
        expect(res, StatusCode::OK).await;
    }

    pub async fn set_quantity(&self, app: &TestApp, product: &str, variant: Option<&str>, n: i64) {
        let body = json!({"productId": product, "variantId": variant, "quantity": n});
        let res = app
            .post_json_as(
                &format!("/api/cart/{}/updateQuantity", self.cart),
                &self.token,
                &body,
            )
            .await;
        expect(res, StatusCode::OK).await;
    }

    pub async fn quote_with(&self, app: &TestApp, destination: Value) -> Value {
        let res = app
            .post_json_as(
                &format!("/api/cart/{}/quote", self.cart),
                &self.token,
                &destination,
            )
            .await;
        expect(res, StatusCode::OK).await
    }

    pub async fn quote(&self, app: &TestApp) -> Value {
        self.quote_with(app, json!({})).await
    }

    pub async fn open(&self, app: &TestApp, amount: Value, destination: Value) -> Response {
        let mut body = destination;
        body["amount"] = amount;
        app.post_json_as(
            &format!("/api/cart/{}/purchase", self.cart),
            &self.token,
            &body,
        )
        .await
    }

    /// Opens a session for the quote's grand total; answers (checkout token, quote).
    pub async fn checkout(&self, app: &TestApp) -> (String, Value) {
        let quote = self.quote(app).await;
        let v = expect(
            self.open(app, quote["grandTotal"].clone(), json!({})).await,
            StatusCode::OK,
        )
        .await;
        let token = v["checkoutToken"].as_str().expect("token").to_owned();
        assert_eq!(v["paymentUrl"], format!("/pay/{token}"));
        assert_eq!(v["amount"], quote["grandTotal"]);
        (token, quote)
    }

    pub async fn complete(&self, app: &TestApp, token: &str, quote: &Value) -> Response {
        let amounts = json!({
            "subtotal": quote["subtotal"], "tax": quote["tax"], "liftGateFee": quote["liftGateFee"],
            "shipping": quote["shipping"], "grandTotal": quote["grandTotal"]
        });
        self.complete_with(app, token, quote, amounts).await
    }

    pub async fn complete_with(
        &self,
        app: &TestApp,
        token: &str,
        quote: &Value,
        amounts: Value,
    ) -> Response {
        let body = json!({
            "userId": self.user,
            "shippingAddressId": quote["shippingAddress"]["id"],
            "amounts": amounts,
            "checkoutToken": token,
        });
        app.post_json_as("/api/purchase", &self.token, &body).await
    }

    pub async fn cancel(&self, app: &TestApp, token: &str) -> Response {
        app.post_json_as(
            &format!("/api/cart/{}/purchase/cancel", self.cart),
            &self.token,
            &json!({"checkoutToken": token}),
        )
        .await
    }
}

pub async fn pay(app: &TestApp, token: &str, card: &str) -> Response {
    let body = json!({"cardNumber": card, "expMonth": 12, "expYear": 2099, "cvc": "123", "name": "Jo Blast"});
    app.post_json(&format!("/api/payments/sandbox/{token}"), &body)
        .await
}

pub async fn pay_ok(app: &TestApp, token: &str) {
    let v = expect(pay(app, token, SUCCESS_CARD).await, StatusCode::OK).await;
    assert_eq!(v["status"], "SUCCESS");
}

pub fn cents(v: &Value) -> i64 {
    (v.as_f64().expect("a number") * 100.0).round() as i64
}

async fn message(res: Response, status: StatusCode) -> String {
    let v = expect(res, status).await;
    v["message"].as_str().expect("message").to_owned()
}
