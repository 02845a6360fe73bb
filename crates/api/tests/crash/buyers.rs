//! Buyers: one whole purchase, from adding to the cart to the completed order.

use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

use crate::server::{send, text};
use crate::setup::{Buyer, Shop};

/// A paid purchase whose completion was sent: (checkout token, the quote it was opened for).
pub type Paid = (String, Value);

/// What one buyer saw before the server went away.
#[derive(Debug, Default)]
pub struct BuyerLog {
    /// Purchases answered 2xx: (checkout token, order id, items answered).
    pub acked: Vec<(String, String, usize)>,
    /// The paid purchase cut off by the kill, if any.
    pub paid_in_flight: Option<Paid>,
}

pub fn completion(b: &Buyer, token: &str, quote: &Value) -> Value {
    json!({
        "userId": b.user, "shippingAddressId": quote["shippingAddress"]["id"], "checkoutToken": token,
        "amounts": {"subtotal": quote["subtotal"], "tax": quote["tax"], "liftGateFee": quote["liftGateFee"],
                    "shipping": quote["shipping"], "grandTotal": quote["grandTotal"]}
    })
}

/// One whole purchase of one item of the variant and one unit of the case-breakable product:
/// add both, quote, open the session, pay, complete. `paid` holds the purchase from payment
/// until its answer. Answers (token, order id, items); `Err` when the server stopped answering.
pub async fn purchase_once(
    client: &Client,
    base: &str,
    shop: &Shop,
    b: &Buyer,
    paid: &mut Option<Paid>,
) -> reqwest::Result<(String, String, usize)> {
    let token = Some(b.token.as_str());
    let cart = format!("{base}/api/cart/{}", b.cart);
    // The storefront's cached read of what is bought.
    let (s, v) = send(
        client,
        Method::GET,
        format!("{base}/api/products/{}", shop.product),
        None,
        None,
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{v}");
    for add in [
        json!({"productId": shop.product, "variantId": shop.variant}),
        json!({"productId": shop.breakable, "isUnit": true}),
    ] {
        let (s, v) = send(
            client,
            Method::POST,
            format!("{cart}/add"),
            token,
            Some(&add),
        )
        .await?;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, quote) = send(
        client,
        Method::POST,
        format!("{cart}/quote"),
        token,
        Some(&json!({})),
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{quote}");
    let open = json!({"amount": quote["grandTotal"]});
    let (s, opened) = send(
        client,
        Method::POST,
        format!("{cart}/purchase"),
        token,
        Some(&open),
    )
    .await?;
    assert_eq!(s, StatusCode::OK, "{opened}");
    let checkout = text(&opened["checkoutToken"]);
    let card = json!({"cardNumber": "4242424242424242", "expMonth": 12, "expYear": 2099, "cvc": "123", "name": "Crash Test"});
    let (s, v) = send(
        client,
        Method::POST,
        format!("{base}/api/payments/sandbox/{checkout}"),
        None,
        Some(&card),
    )
    .await?;
    assert_eq!(
        (s, &v["status"]),
        (StatusCode::OK, &json!("SUCCESS")),
        "{v}"
    );
    *paid = Some((checkout.clone(), quote.clone()));
    let (s, order) = send(
        client,
        Method::POST,
        format!("{base}/api/purchase"),
        token,
        Some(&completion(b, &checkout, &quote)),
    )
    .await?;
    assert!(s.is_success(), "{s} {order}");
    *paid = None;
    let items = order["items"].as_array().expect("items").len();
    Ok((checkout, text(&order["id"]), items))
}
