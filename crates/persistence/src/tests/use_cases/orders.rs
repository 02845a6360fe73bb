//! An order as stored: what `insert_order` answers is what a later read finds, and a one-item
//! order's insert reuses its prepared statement.

use domain::catalogue::Packing;
use domain::checkout::{CheckoutToken, NewOrder, NewOrderItem, ShipAddress};
use domain::ids::UserId;
use domain::money::Money;
use domain::order::OrderType;
use domain::quote::Amounts;

use super::{customer, demo, now};
use crate::orders;
use crate::test_support::cached_statements;

fn one_item_order(user: &UserId, product: &str, cents: i64, token: u8) -> NewOrder {
    let price = Money::from_cents(cents);
    NewOrder {
        user_id: user.clone(),
        order_type: OrderType::Wholesale,
        address: ShipAddress {
            street1: "1 Main St".to_owned(),
            street2: None,
            city: "Springfield".to_owned(),
            state: "IL".to_owned(),
            postal_code: "62701".to_owned(),
        },
        ship_to_terminal_id: None,
        lift_gate: false,
        amounts: Amounts {
            subtotal: price,
            tax: Money::ZERO,
            lift_gate_fee: Money::ZERO,
            shipping: Money::ZERO,
            grand_total: price,
        },
        checkout_token: CheckoutToken::from_random([token; 32]),
        items: vec![NewOrderItem {
            product_id: product.into(),
            variant_id: None,
            packing: Packing::Case,
            quantity: 1,
            unit_price: price,
            item_subtotal: price,
            title: "A case".to_owned(),
            sku: "SKU-1".to_owned(),
        }],
        // Nanoseconds, which PostgreSQL does not keep: the answer must not either.
        created_on: now(),
    }
}

#[test]
fn an_inserted_order_is_answered_as_it_is_read_and_one_item_orders_reuse_their_insert() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let user = customer(db, "orders@example.com");
    let mut conn = db.get().expect("connection");
    let prepared = cached_statements(&mut conn);
    for token in 1..=3 {
        let order = one_item_order(&user, &s.case_only.0, s.case_only.1, token);
        let stored = orders::insert(&mut conn, &order).expect("inserted");
        let read = orders::find(&mut conn, &stored.id).expect("read");
        assert_eq!(read.as_ref(), Some(&stored));
        assert_eq!(stored.items.len(), 1);
    }
    let item_inserts = prepared
        .lock()
        .expect("log")
        .iter()
        .filter(|sql| sql.starts_with("INSERT INTO") && sql.contains("order_items"))
        .count();
    assert_eq!(item_inserts, 1, "prepared once for three orders");
}
