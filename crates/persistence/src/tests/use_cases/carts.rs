//! A cart as pricing reads it: its lines with their products, in one cached statement.

use domain::cart::Carts as _;
use domain::ids::ProductId;
use domain::pricing::PriceLookups as _;
use domain::store::Store as _;

use super::{customer, demo, now};
use crate::test_support::cached_statements;
use crate::{carts, catalogue, users};

#[test]
fn a_carts_priced_lines_are_its_lines_with_their_products_read_by_one_cached_statement() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let user = customer(db, "carts@example.com");
    let mut conn = db.get().expect("connection");
    // Registration makes the account's empty cart.
    let cart = users::cart_id_of(&mut conn, &user)
        .expect("read")
        .expect("the new account's cart");
    let prepared = cached_statements(&mut conn);
    let (lines, products) = catalogue::cart_priced_lines(&mut conn, cart.as_str()).expect("empty");
    assert!(lines.is_empty() && products.is_empty());

    let (breakable, case_only) = (
        ProductId::from(s.breakable.0.clone()),
        ProductId::from(s.case_only.0.clone()),
    );
    carts::add_line(&mut conn, &cart, &case_only, None, 2, 0, now()).expect("line");
    carts::add_line(&mut conn, &cart, &breakable, None, 1, 3, now()).expect("line");
    for _ in 0..3 {
        let (lines, products) =
            catalogue::cart_priced_lines(&mut conn, cart.as_str()).expect("priced lines");
        assert_eq!(lines, carts::lines(&mut conn, &cart).expect("lines"));
        assert_eq!(
            lines.iter().map(|l| &l.product_id).collect::<Vec<_>>(),
            [&case_only, &breakable],
            "oldest first"
        );
        let ids = [case_only.clone(), breakable.clone()];
        let expected = db.read(|tx| tx.priced_products(&ids)).expect("priced");
        assert_eq!(products, expected);
        assert!(products[&breakable].unit.is_some(), "with its unit product");
    }
    let reads = prepared
        .lock()
        .expect("log")
        .iter()
        .filter(|sql| sql.contains("cart_lines") && sql.contains("INNER JOIN"))
        .count();
    assert_eq!(reads, 1, "one statement, prepared once for four reads");
    let (lines, _) = db.read(|tx| tx.cart_priced_lines(&cart)).expect("port");
    assert_eq!(lines.len(), 2);
}
