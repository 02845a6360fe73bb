use super::*;
use crate::state::UsState;

#[test]
fn blocked_reasons_speak_the_specifications_words() {
    assert_eq!(Blocked::EmptyCart.message(), "Your cart is empty");
    assert_eq!(
        Blocked::MissingAddress.message(),
        "Please set your shipping address in the user profile to proceed to checkout"
    );
    assert_eq!(
        Blocked::NotShipped(UsState::Hawaii).message(),
        "We currently don't ship to HI. Please select a different shipping address."
    );
    assert_eq!(
        Blocked::TermsNotAccepted.message(),
        "Please click here to accept the Terms of Service before checkout"
    );
    let codes: Vec<&str> = [
        Blocked::EmptyCart,
        Blocked::MissingAddress,
        Blocked::NotShipped(UsState::Alaska),
        Blocked::TermsNotAccepted,
    ]
    .iter()
    .map(|b| b.code())
    .collect();
    assert_eq!(
        codes,
        [
            "EMPTY_CART",
            "MISSING_ADDRESS",
            "NOT_SHIPPED",
            "TERMS_NOT_ACCEPTED"
        ]
    );
}

#[test]
fn a_checkout_token_is_64_hex_digits_of_the_random_bytes() {
    let token = CheckoutToken::from_random([0xab; 32]);
    assert_eq!(token.as_str(), "ab".repeat(32));
    assert!(CheckoutToken::is_well_formed(token.as_str()));
    for bad in [
        "",
        "ab",
        &"AB".repeat(32),
        &"zz".repeat(32),
        &"ab".repeat(33),
    ] {
        assert!(!CheckoutToken::is_well_formed(bad), "{bad}");
    }
}

#[test]
fn errors_that_refuse_a_purchase_for_good_are_told_apart_from_failures_on_the_way() {
    let only_left = |available: u32, title: &str, sku: &str| Refusal::OnlyLeft {
        available,
        title: title.into(),
        sku: sku.into(),
    };
    assert!(PurchaseError::from(Refusal::CartChanged).refuses_purchase());
    assert!(PurchaseError::Expired.refuses_purchase());
    assert!(PurchaseError::from(only_left(0, "T", "S")).refuses_purchase());
    // The buyer may still pay (a declined card is retried in the same window).
    assert!(!PurchaseError::NotPaid.refuses_purchase());
    // Someone else's token must never void the owner's payment.
    assert!(!PurchaseError::SessionNotFound.refuses_purchase());
    assert!(!PurchaseError::Store(crate::store::StoreError::Unavailable).refuses_purchase());
    assert_eq!(
        PurchaseError::from(only_left(3, "Tee", "APP-0001-M-M")).to_string(),
        "Only 3 left of Tee (APP-0001-M-M)"
    );
    assert_eq!(
        PurchaseError::from(Refusal::CartChanged).to_string(),
        "Your cart changed. Please review the new total."
    );
}

/// decisions.md "Stock": units come from stock as far as it goes; the rest are owed until a
/// case is opened.
#[test]
fn units_short_of_stock_are_owed() {
    use super::model::{units_from_stock, units_owed};
    for (wanted, stock, taken, owed) in [
        (3, 10, 3, 0),
        (3, 3, 3, 0),
        (5, 2, 2, 3),
        (5, 0, 0, 5),
        (5, -4, 0, 5),
        (0, 7, 0, 0),
    ] {
        assert_eq!(
            units_from_stock(wanted, stock),
            taken,
            "{wanted} of {stock}"
        );
        assert_eq!(units_owed(wanted, stock), owed, "{wanted} of {stock}");
    }
}
