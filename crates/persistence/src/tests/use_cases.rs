//! The domain's use cases run against this adapter on a real database (a fresh SQLite file,
//! or PostgreSQL with `TEST_DATABASE_URL`), with the real password and token adapters: every
//! error variant of every use case, and the rules that live in one place.

use std::collections::HashMap;

use auth::{PasswordCost, Passwords, Tokens};
use chrono::{NaiveDateTime, Utc};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use domain::cart::Carts;
use domain::catalogue::CatalogueReads;
use domain::catalogue::{
    self, apparel_in_stock, GetProductError, GetShowError, GetTerminalError, ListShowsError,
    ProductFilter, SetInStockError, ShowQuery, StockFilter,
};
use domain::ids::{ProductId, TerminalId, UserId};
use domain::paging::PageRequest;
use domain::profile::{self, AddressInput, ProfileInput, UpdateProfileError};
use domain::quote::{self, LineRequest, QuoteError, QuoteRequest};
use domain::store::{Store, StoreError};
use domain::users::{self, AuthenticateError, RegisterError, SignInError};
use domain::users::{
    Accounts, PasswordError, PasswordHasher, TokenClaims, TokenError, TokenService, UserAdmin,
};
use domain::users::{NewUser, Role};

use crate::schema::{addresses, products, terminals};
use crate::test_support::TestDatabase;
use crate::Db;

const PASSWORD: &str = "Secret#123";
const SECRET: &[u8] = b"use-case-test-secret-0123456789abcdef";

fn now() -> NaiveDateTime {
    Utc::now().naive_utc()
}

fn passwords() -> Passwords {
    Passwords::new(PasswordCost::Fast).expect("hasher")
}

/// A hasher whose library fails (the adapters' own failures are tested in `auth`).
struct BrokenHasher;

impl PasswordHasher for BrokenHasher {
    fn hash(&self, _: &str) -> Result<String, PasswordError> {
        Err(PasswordError::Failed("out of memory".into()))
    }

    fn verify(&self, _: &str, _: &str) -> Result<bool, PasswordError> {
        Err(PasswordError::Failed("out of memory".into()))
    }

    fn verify_nothing(&self, _: &str) -> Result<(), PasswordError> {
        Err(PasswordError::Failed("out of memory".into()))
    }
}

/// A token service whose signing key is broken.
struct BrokenSigner;

impl TokenService for BrokenSigner {
    fn issue(&self, _: &UserId, _: Role, _: i32) -> Result<String, TokenError> {
        Err(TokenError::Signing("bad key".into()))
    }

    fn verify(&self, _: &str) -> Result<TokenClaims, TokenError> {
        Err(TokenError::Invalid)
    }
}

/// Makes every later statement on `table` fail: the store answers `StoreError::Other`.
fn break_table(db: &Db, table: &str) {
    let mut conn = db.get().expect("connection");
    conn.batch_execute(&format!("DROP TABLE {table} CASCADE"))
        .or_else(|_| conn.batch_execute(&format!("DROP TABLE {table}")))
        .expect("drop");
}

fn demo() -> TestDatabase {
    let test_db = TestDatabase::new();
    test_db.db().seed_reference_data().expect("reference data");
    test_db.db().seed_demo_shop().expect("demo shop");
    test_db
}

fn customer(db: &Db, email: &str) -> UserId {
    users::register(db, &passwords(), email, PASSWORD, now())
        .expect("registered")
        .id
}

#[test]
fn registration_creates_the_user_with_an_empty_profile_and_cart() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let user = users::register(db, &passwords(), " Ann@Example.com ", PASSWORD, now())
        .expect("registered");
    assert_eq!(user.email, "ann@example.com");
    assert_eq!(user.role, Role::User);
    let profile = profile::get(db, &user.id).expect("profile");
    assert_eq!(profile.email, "ann@example.com");
    assert!(!profile.accepted_terms);
    assert!(db.read(|tx| tx.cart_of(&user.id)).expect("cart").is_some());
}

#[test]
fn registration_refuses_each_bad_input_and_changes_nothing() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    assert!(matches!(
        users::register(db, &passwords(), "not-an-address", PASSWORD, now()),
        Err(RegisterError::InvalidEmail("invalid email"))
    ));
    assert!(matches!(
        users::register(db, &passwords(), "a@example.com", "short", now()),
        Err(RegisterError::InvalidPassword(_))
    ));
    customer(db, "a@example.com");
    assert!(matches!(
        users::register(db, &passwords(), "A@example.com", PASSWORD, now()),
        Err(RegisterError::EmailTaken)
    ));
    assert!(matches!(
        users::register(db, &BrokenHasher, "b@example.com", PASSWORD, now()),
        Err(RegisterError::Password(_))
    ));
    let users_now = db.table_counts().expect("counts");
    let count = |name: &str| users_now.iter().find(|(t, _)| *t == name).map(|(_, n)| *n);
    assert_eq!(count("users"), Some(1));
    assert_eq!(count("profiles"), Some(1));
    assert_eq!(count("carts"), Some(1));

    // A failure half way (no cart table) leaves no user behind: one transaction.
    break_table(db, "cart_lines");
    break_table(db, "payment_sessions");
    break_table(db, "carts");
    assert!(matches!(
        users::register(db, &passwords(), "c@example.com", PASSWORD, now()),
        Err(RegisterError::Store(StoreError::Other(_)))
    ));
    assert_eq!(
        db.read(|tx| tx.user_by_email("c@example.com"))
            .expect("read"),
        None
    );
}

#[test]
fn sign_in_answers_one_refusal_for_unknown_wrong_and_deactivated() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let hasher = passwords();
    let tokens = Tokens::new(SECRET);
    let id = customer(db, "fay@example.com");

    let ok = users::sign_in(db, &hasher, &tokens, "FAY@example.com", PASSWORD, now())
        .expect("signed in");
    assert_eq!(ok.user.id, id);
    assert!(ok.cart.is_some());
    assert_eq!(ok.profile.user_id, id);
    let user = db
        .read(|tx| tx.user_by_id(&id))
        .expect("read")
        .expect("user");
    assert!(user.last_login.is_some());

    for (email, password) in [
        ("nobody@example.com", PASSWORD),
        ("fay@example.com", "Wrong#123"),
    ] {
        assert!(matches!(
            users::sign_in(db, &hasher, &tokens, email, password, now()),
            Err(SignInError::InvalidCredentials)
        ));
    }
    db.write(|tx| tx.set_active(&id, false, now()))
        .expect("deactivate");
    assert!(matches!(
        users::sign_in(db, &hasher, &tokens, "fay@example.com", PASSWORD, now()),
        Err(SignInError::InvalidCredentials)
    ));
}

#[test]
fn sign_in_reports_broken_hashes_signers_and_stores() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let hasher = passwords();
    let tokens = Tokens::new(SECRET);
    customer(db, "gus@example.com");
    let garbled = NewUser {
        email: "garbled@example.com".into(),
        password_hash: "not a PHC string".into(),
        role: Role::User,
    };
    users::create_account(db, &garbled, now()).expect("account");
    assert!(matches!(
        users::sign_in(db, &hasher, &tokens, "garbled@example.com", PASSWORD, now()),
        Err(SignInError::Password(_))
    ));
    assert!(matches!(
        users::sign_in(
            db,
            &hasher,
            &BrokenSigner,
            "gus@example.com",
            PASSWORD,
            now()
        ),
        Err(SignInError::Token(TokenError::Signing(_)))
    ));
    break_table(db, "audit_log");
    break_table(db, "order_status_history");
    break_table(db, "reports");
    break_table(db, "profiles");
    assert!(matches!(
        users::sign_in(db, &hasher, &tokens, "gus@example.com", PASSWORD, now()),
        Err(SignInError::Store(_))
    ));
}

#[test]
fn a_token_names_an_active_user_or_nobody() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let tokens = Tokens::new(SECRET);
    let id = customer(db, "hal@example.com");
    let token = TokenService::issue(&tokens, &id, Role::User, 0).expect("token");
    assert_eq!(
        users::authenticate(db, &tokens, &token).expect("user").id,
        id
    );

    let expired = Tokens::with_lifetime(SECRET, -10);
    let old = TokenService::issue(&expired, &id, Role::User, 0).expect("token");
    assert!(matches!(
        users::authenticate(db, &tokens, &old),
        Err(AuthenticateError::Expired)
    ));
    assert!(matches!(
        users::authenticate(db, &tokens, "garbage"),
        Err(AuthenticateError::NotSignedIn)
    ));
    let stranger =
        TokenService::issue(&tokens, &UserId::from("no-such-user"), Role::Admin, 0).expect("token");
    assert!(matches!(
        users::authenticate(db, &tokens, &stranger),
        Err(AuthenticateError::NotSignedIn)
    ));
    db.write(|tx| tx.set_active(&id, false, now()))
        .expect("deactivate");
    assert!(matches!(
        users::authenticate(db, &tokens, &token),
        Err(AuthenticateError::NotSignedIn)
    ));
    break_table(db, "users");
    assert!(matches!(
        users::authenticate(db, &tokens, &token),
        Err(AuthenticateError::Store(_))
    ));
}

#[test]
fn the_first_admin_is_created_once_and_never_over_a_customer() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    customer(db, "taken@example.com");
    let hash = || Ok("$argon2id$stored".to_owned());
    assert!(matches!(
        users::ensure_admin(db, "taken@example.com", hash, now()),
        Err(RegisterError::EmailTaken)
    ));
    assert!(!users::has_active_admin(db).expect("read"));
    let created = users::ensure_admin(db, " Admin@Example.com", hash, now()).expect("admin");
    assert!(created.is_some());
    assert!(users::has_active_admin(db).expect("read"));
    assert_eq!(
        users::ensure_admin(db, "other@example.com", hash, now()).expect("no-op"),
        None
    );
    let admin = db
        .read(|tx| tx.user_by_email("admin@example.com"))
        .expect("read")
        .expect("admin");
    assert_eq!(admin.role, Role::Admin);
    assert!(profile::get(db, &admin.id).is_ok());
}

#[test]
fn the_user_list_filters_and_pages() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    for name in ["ann", "bob", "cat"] {
        customer(db, &format!("{name}@example.com"));
    }
    let page = PageRequest {
        page: 1,
        page_size: 2,
    };
    let all = users::list(db, &Default::default(), page).expect("list");
    assert_eq!(all.total, 3);
    assert_eq!(all.items.len(), 2);
    assert_eq!(all.items[0].user.email, "ann@example.com");
    let filter = domain::users::UserFilter {
        search: Some("BO".into()),
        ..Default::default()
    };
    let found = users::list(db, &filter, page).expect("list");
    assert_eq!(found.total, 1);
}

fn full_form(user: &UserId) -> ProfileInput {
    ProfileInput {
        user_id: Some(user.to_string()),
        first_name: Some("Ann".into()),
        last_name: Some("Lee".into()),
        phone_number: Some("(701) 555-0100".into()),
        shipping_address: Some(AddressInput {
            street1: Some("1 Main St".into()),
            street2: None,
            city: Some("Fargo".into()),
            state: Some("ND".into()),
            postal_code: Some("58102".into()),
        }),
        ..ProfileInput::default()
    }
}

#[test]
fn the_profile_form_saves_or_says_why_not() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let id = customer(db, "ivy@example.com");
    let saved = profile::update(db, &id, &full_form(&id), now()).expect("saved");
    assert_eq!(saved.first_name.as_deref(), Some("Ann"));
    assert_eq!(
        saved.shipping_address.as_ref().map(|a| a.state.as_str()),
        Some("ND")
    );
    // Absent fields leave what is stored.
    let terms = ProfileInput {
        accepted_terms: Some(true),
        ..ProfileInput::default()
    };
    let again = profile::update(db, &id, &terms, now()).expect("saved");
    assert!(again.accepted_terms);
    assert_eq!(again.first_name.as_deref(), Some("Ann"));

    let other = customer(db, "jon@example.com");
    assert!(matches!(
        profile::update(db, &id, &full_form(&other), now()),
        Err(UpdateProfileError::NotYours)
    ));
    let blank = ProfileInput {
        first_name: Some(" ".into()),
        ..ProfileInput::default()
    };
    match profile::update(db, &id, &blank, now()) {
        Err(UpdateProfileError::Invalid(errors)) => {
            assert_eq!(errors.get("firstName"), ["First name is required"]);
        }
        other => panic!("expected field errors, got {other:?}"),
    }
    let bare = NewUser {
        email: "bare@example.com".into(),
        password_hash: "x".into(),
        role: Role::User,
    };
    let bare = db
        .write(|tx| tx.insert_user(&bare, now()))
        .expect("a user without a profile");
    assert!(matches!(
        profile::update(db, &bare.id, &terms, now()),
        Err(UpdateProfileError::NoProfile)
    ));
    assert_eq!(profile::get(db, &bare.id), Err(StoreError::NotFound));
    break_table(db, "profiles");
    assert!(matches!(
        profile::update(db, &id, &terms, now()),
        Err(UpdateProfileError::Store(_))
    ));
}

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

#[test]
fn catalogue_reads_say_what_was_not_found() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    db.read(|tx| {
        let product = catalogue::get_product(tx, &ProductId::from(s.case_only.0.as_str()))?;
        assert_eq!(product.id.as_str(), s.case_only.0);
        assert!(matches!(
            catalogue::get_product(tx, &ProductId::from("nope")),
            Err(GetProductError::NotFound)
        ));
        let show = catalogue::get_show(tx, &ProductId::from(s.show.0.as_str()))?;
        assert!(!show.lines.is_empty());
        // A product that is not a show is no show.
        assert!(matches!(
            catalogue::get_show(tx, &ProductId::from(s.case_only.0.as_str())),
            Err(GetShowError::NotFound)
        ));
        let page = PageRequest {
            page: 1,
            page_size: 5,
        };
        let cody = ShowQuery {
            brand: Some("cody b".into()),
            ..ShowQuery::default()
        };
        assert!(catalogue::list_shows(tx, &cody, page)?.total > 0);
        let unknown_brand = ShowQuery {
            brand: Some("No Such Brand".into()),
            ..ShowQuery::default()
        };
        assert!(matches!(
            catalogue::list_shows(tx, &unknown_brand, page),
            Err(ListShowsError::BrandNotFound)
        ));
        let unknown_type = ShowQuery {
            show_type: Some("NO_SUCH_TYPE".into()),
            ..ShowQuery::default()
        };
        assert_eq!(catalogue::list_shows(tx, &unknown_type, page)?.total, 0);
        let terminal = catalogue::get_terminal(tx, &TerminalId::from(s.nd_terminal.as_str()))?;
        assert_eq!(terminal.address.state, "ND");
        assert!(matches!(
            catalogue::get_terminal(tx, &TerminalId::from("nope")),
            Err(GetTerminalError::NotFound)
        ));
        assert_eq!(catalogue::next_apparel_sku(tx)?, "APP-0025");
        Ok::<_, Box<dyn std::error::Error>>(())
    })
    .expect("reads");
    assert!(matches!(
        catalogue::set_in_stock(db, &ProductId::from("nope"), false),
        Err(SetInStockError::NotFound)
    ));
    break_table(db, "show_products");
    db.read(|tx| {
        assert!(matches!(
            catalogue::get_show(tx, &ProductId::from(s.show.0.as_str())),
            Err(GetShowError::Store(_))
        ));
        Ok::<_, StoreError>(())
    })
    .expect("reads");
}

#[test]
fn setting_stock_moves_the_catalogue_version_in_the_same_write() {
    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let before = db.read(|tx| tx.catalogue_version()).expect("version");
    catalogue::set_in_stock(db, &ProductId::from(s.case_only.0.as_str()), false).expect("write");
    let after = db.read(|tx| tx.catalogue_version()).expect("version");
    assert_eq!(after, before + 1);
    let product = db
        .read(|tx| tx.find_product(&ProductId::from(s.case_only.0.as_str())))
        .expect("read")
        .expect("product");
    assert!(!product.in_stock);
    break_table(db, "catalogue_version");
    assert!(matches!(
        catalogue::set_in_stock(db, &ProductId::from(s.case_only.0.as_str()), true),
        Err(SetInStockError::Store(_))
    ));
    // The failed write changed nothing (the flag and the version go together). Read by SQL:
    // a read through the list index reads the version, whose table is broken now.
    let mut conn = db.get().expect("connection");
    let product = crate::catalogue::find_product(&mut conn, &s.case_only.0)
        .expect("read")
        .expect("product");
    assert!(!product.in_stock);
}

/// The stock filter of the apparel list (SQL) and the domain's `apparel_in_stock` agree on
/// every apparel product of the demo shop, in stock and out of stock.
#[test]
fn the_apparel_stock_filter_is_the_domains_rule() {
    let test_db = demo();
    let db = test_db.db();
    {
        // Make sure both sides are exercised: one product with no variant in stock.
        let mut conn = db.get().expect("connection");
        let first: String = products::table
            .filter(products::is_apparel.eq(true))
            .order(products::sku)
            .select(products::id)
            .first(&mut *conn)
            .expect("apparel");
        diesel::sql_query("UPDATE apparel_variants SET available_stock = 0 WHERE product_id = $1")
            .bind::<diesel::sql_types::Text, _>(&first)
            .execute(&mut *conn)
            .expect("empty");
    }
    let page = PageRequest {
        page: 1,
        page_size: 100,
    };
    let list = |stock| {
        let filter = ProductFilter {
            is_apparel: Some(true),
            stock,
            ..ProductFilter::default()
        };
        db.read(|tx| catalogue::list_products(tx, &filter, page, None))
            .expect("list")
            .items
    };
    let all = list(StockFilter::Any);
    let expected: HashMap<String, bool> = all
        .iter()
        .map(|p| {
            let stocks = p.variants.iter().map(|v| v.available_stock);
            (p.id.to_string(), apparel_in_stock(p.in_stock, stocks))
        })
        .collect();
    assert!(expected.values().any(|in_stock| *in_stock));
    assert!(expected.values().any(|in_stock| !*in_stock));
    for (stock, wanted) in [
        (StockFilter::InStock, true),
        (StockFilter::OutOfStock, false),
    ] {
        let mut got: Vec<String> = list(stock).iter().map(|p| p.id.to_string()).collect();
        let mut want: Vec<String> = expected
            .iter()
            .filter(|(_, in_stock)| **in_stock == wanted)
            .map(|(id, _)| id.clone())
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{stock:?}");
    }
}

/// decisions.md "Stock": processing a case break first fills the units owed to the waiting
/// order, then adds only the rest to the unit stock, in one transaction, once.
#[test]
fn a_processed_case_break_fills_the_owed_units_before_adding_the_rest_to_stock() {
    use domain::orders::Sales;
    use domain::orders::SalesError;
    use domain::status::CaseBreakStatus;

    let test_db = demo();
    let db = test_db.db();
    let s = test_db.quote_samples().expect("samples");
    let admin = customer(db, "breaker@example.com");
    test_db.set_unit_stock(&s.breakable.0, 2).expect("units");
    {
        let mut conn = db.get().expect("connection");
        diesel::insert_into(crate::schema::case_break_requests::table)
            .values(&crate::models::CaseBreakRequest {
                id: "cb-owed".into(),
                product_id: s.breakable.0.clone(),
                order_id: None,
                quantity: 5,
                quantity_added: None,
                status: CaseBreakStatus::Pending.as_str().into(),
                created_on: now(),
                updated_on: now(),
            })
            .execute(&mut *conn)
            .expect("request");
    }
    let pending = db.read(|tx| tx.case_break("cb-owed")).expect("read");
    assert_eq!(pending.map(|c| c.owed_units()), Some(5));

    // A case that gave fewer units than the order waits for is refused, and changes nothing.
    let short = domain::orders::process_case_break(db, &admin, "cb-owed", 4, now());
    assert!(
        matches!(&short, Err(e @ SalesError::FewerThanOwed(5))
            if e.to_string() == "At least 5 units are owed to the waiting order"),
        "{short:?}"
    );
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 2);

    // 12 units: 5 go to the waiting order, 7 to stock (2 + 7).
    let done =
        domain::orders::process_case_break(db, &admin, "cb-owed", 12, now()).expect("processed");
    assert_eq!(
        (done.status, done.quantity_added, done.owed_units()),
        (CaseBreakStatus::Completed, Some(12), 0)
    );
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 9);
    assert!(matches!(
        domain::orders::process_case_break(db, &admin, "cb-owed", 12, now()),
        Err(SalesError::AlreadyClosed(CaseBreakStatus::Completed))
    ));
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 9);

    // Exactly the owed units: nothing goes to stock.
    {
        let mut conn = db.get().expect("connection");
        diesel::insert_into(crate::schema::case_break_requests::table)
            .values(&crate::models::CaseBreakRequest {
                id: "cb-exact".into(),
                product_id: s.breakable.0.clone(),
                order_id: None,
                quantity: 3,
                quantity_added: None,
                status: CaseBreakStatus::Pending.as_str().into(),
                created_on: now(),
                updated_on: now(),
            })
            .execute(&mut *conn)
            .expect("request");
    }
    domain::orders::process_case_break(db, &admin, "cb-exact", 3, now()).expect("processed");
    assert_eq!(test_db.unit_stock(&s.breakable.0).expect("units"), 9);
}
