//! The quote: what can be sold.

use diesel::prelude::*;
use domain::quote::{self, LineRequest, QuoteError, QuoteRequest};

use super::{break_table, demo};
use crate::schema::{addresses, terminals};
use crate::Db;

fn line(product: &str, cases: i64, units: i64) -> LineRequest {
    LineRequest {
        product_id: product.into(),
        variant_id: None,
        case_quantity: cases,
        unit_quantity: units,
    }
}

fn quote_of(db: &Db, lines: Vec<LineRequest>) -> Result<quote::Quote, QuoteError> {
    quote::price_lines(
        db,
        &QuoteRequest {
            lines,
            state: Some("ND".into()),
            ..QuoteRequest::default()
        },
    )
}

#[test]
fn a_quote_sells_only_what_can_be_sold() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let (breakable, case_only, show) = (&s.breakable.0, &s.case_only.0, &s.show.0);
    let (apparel, variant) = (&s.variants[0].0, &s.variants[0].1);

    let q = quote_of(db, vec![line(breakable, 1, 2)]).expect("quote");
    assert_eq!(q.subtotal.cents(), s.breakable.1 + 2 * s.breakable.2);

    let too_many = (0..201).map(|_| line(case_only, 1, 0)).collect();
    assert!(matches!(
        quote_of(db, too_many),
        Err(QuoteError::TooManyLines)
    ));
    let bad_state = QuoteRequest {
        lines: vec![line(case_only, 1, 0)],
        state: Some("ZZ".into()),
        ..QuoteRequest::default()
    };
    assert!(matches!(
        quote::price_lines(db, &bad_state),
        Err(QuoteError::InvalidState)
    ));
    assert!(matches!(
        quote_of(db, vec![line(case_only, 10_000, 0)]),
        Err(QuoteError::BadQuantity {
            field: "caseQuantity"
        })
    ));
    assert!(matches!(
        quote_of(db, vec![line(case_only, 0, -1)]),
        Err(QuoteError::BadQuantity {
            field: "unitQuantity"
        })
    ));
    assert!(matches!(
        quote_of(db, vec![line(case_only, 0, 0)]),
        Err(QuoteError::EmptyLine)
    ));
    assert!(matches!(
        quote_of(db, vec![line("no-such-product", 1, 0)]),
        Err(QuoteError::ProductNotFound)
    ));
    assert!(matches!(
        quote_of(db, vec![line(apparel, 1, 0)]),
        Err(QuoteError::VariantRequired(_))
    ));
    for unit_or_case in ["unit", "case", " "] {
        let mut l = line(apparel, 1, 0);
        l.variant_id = Some(unit_or_case.into());
        assert!(matches!(
            quote_of(db, vec![l]),
            Err(QuoteError::VariantRequired(_))
        ));
    }
    let mut wrong_variant = line(breakable, 1, 0);
    wrong_variant.product_id = s
        .variants
        .iter()
        .find(|v| v.0 != *apparel)
        .expect("other")
        .0
        .clone();
    wrong_variant.variant_id = Some(variant.clone());
    assert!(matches!(
        quote_of(db, vec![wrong_variant]),
        Err(QuoteError::VariantNotFound)
    ));
    assert!(matches!(
        quote_of(db, vec![line(show, 0, 1)]),
        Err(QuoteError::ShowByUnit(_))
    ));
    assert!(matches!(
        quote_of(db, vec![line(case_only, 0, 1)]),
        Err(QuoteError::CaseOnly(_))
    ));
    let to_nowhere = QuoteRequest {
        lines: vec![line(case_only, 1, 0)],
        terminal_id: Some("no-such-terminal".into()),
        ..QuoteRequest::default()
    };
    assert!(matches!(
        quote::price_lines(db, &to_nowhere),
        Err(QuoteError::TerminalNotFound)
    ));

    // A unit product marked unavailable is no longer sold by the unit (unit_for_sale).
    {
        let mut conn = db.get().expect("connection");
        diesel::sql_query("UPDATE unit_products SET available = false WHERE product_id = $1")
            .bind::<diesel::sql_types::Text, _>(breakable)
            .execute(&mut *conn)
            .expect("mark unavailable");
    }
    assert!(matches!(
        quote_of(db, vec![line(breakable, 0, 1)]),
        Err(QuoteError::CaseOnly(_))
    ));

    // A terminal whose stored state is unreadable is a bug, reported as such.
    {
        let mut conn = db.get().expect("connection");
        let address: String = terminals::table
            .filter(terminals::id.eq(&s.nd_terminal))
            .select(terminals::address_id)
            .first(&mut *conn)
            .expect("address");
        diesel::update(addresses::table.find(address))
            .set(addresses::state.eq("ZZ"))
            .execute(&mut *conn)
            .expect("garble");
    }
    let to_garbled = QuoteRequest {
        lines: vec![line(case_only, 1, 0)],
        terminal_id: Some(s.nd_terminal.clone()),
        ..QuoteRequest::default()
    };
    assert!(matches!(
        quote::price_lines(db, &to_garbled),
        Err(QuoteError::BadTerminalState(_))
    ));
    break_table(db, "apparel_variants");
    let mut l = line(apparel, 1, 0);
    l.variant_id = Some(variant.clone());
    assert!(matches!(quote_of(db, vec![l]), Err(QuoteError::Store(_))));
}
