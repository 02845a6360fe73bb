//! Migrations, schema drift and constraints.

use crate::models::*;
use crate::schema::*;
use crate::test_support::TestDatabase;
use crate::{
    migrations::{has_pending_migrations, revert_all_migrations, run_migrations},
    Backend, DbConnection, DbError,
};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use domain::store::StoreError;

fn at(hour: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 7, 4)
        .and_then(|d| d.and_hms_opt(hour, 30, 15))
        .expect("valid date")
}

/// Names of the user tables, excluding diesel's migration bookkeeping.
fn table_names(conn: &mut DbConnection) -> Vec<String> {
    #[derive(QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' \
             AND name NOT LIKE 'sqlite_%' AND name <> '__diesel_schema_migrations' ORDER BY name"
        }
        Backend::Postgres => {
            "SELECT table_name AS name FROM information_schema.tables \
             WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations' \
             ORDER BY table_name"
        }
    };
    let rows: Vec<Name> = diesel::sql_query(sql).load(conn).expect("list tables");
    rows.into_iter().map(|r| r.name).collect()
}

const ALL_TABLES: [&str; 29] = [
    "addresses",
    "apparel_types",
    "apparel_variants",
    "audit_log",
    "brands",
    "carts",
    "cart_lines",
    "case_break_requests",
    "catalogue_changes",
    "catalogue_version",
    "categories",
    "colors",
    "effects",
    "order_items",
    "order_status_history",
    "orders",
    "payment_sessions",
    "product_colors",
    "product_effects",
    "products",
    "profiles",
    "reports",
    "sandbox_payments",
    "show_products",
    "show_types",
    "stock_holds",
    "terminals",
    "unit_products",
    "users",
];

#[test]
fn migrations_run_up_down_and_up_again() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    // Later migrations may add tables; the 25 of the initial schema must all be there.
    let has_all = |names: Vec<String>| ALL_TABLES.iter().all(|t| names.iter().any(|n| n == t));
    assert!(has_all(table_names(&mut conn)));
    assert!(!has_pending_migrations(&mut conn).expect("pending"));
    assert!(run_migrations(&mut conn).expect("no-op").is_empty());

    let reverted = revert_all_migrations(&mut conn).expect("revert");
    assert!(!reverted.is_empty());
    assert!(table_names(&mut conn).is_empty());
    assert!(has_pending_migrations(&mut conn).expect("pending"));

    let applied = run_migrations(&mut conn).expect("up again");
    assert_eq!(applied, {
        let mut r = reverted.clone();
        r.reverse();
        r
    });
    assert!(has_all(table_names(&mut conn)));
}

/// One row of every table, written and read back through the models: catches any drift between
/// `schema.rs`, the models and either backend's migrations.
#[test]
fn every_table_round_trips_through_the_models() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    let conn = &mut *conn;

    let user = User {
        id: "u1".into(),
        email: "buyer@example.com".into(),
        password_hash: "$argon2id$...".into(),
        role: "USER".into(),
        active: true,
        last_login: Some(at(9)),
        created_on: at(8),
        updated_on: at(8),
        token_version: 0,
    };
    let address = Address {
        id: "a1".into(),
        street1: "1 Main St".into(),
        street2: None,
        city: "Fargo".into(),
        state: "ND".into(),
        postal_code: "58102".into(),
    };
    let profile = Profile {
        id: "pr1".into(),
        user_id: "u1".into(),
        first_name: Some("Ann".into()),
        last_name: None,
        date_of_birth: Some("1990-01-31".into()),
        phone_number: Some("+17015550100".into()),
        accepted_terms: true,
        can_contact: Some(false),
        billing_address_id: Some("a1".into()),
        shipping_address_id: None,
        theme: Some("dark".into()),
        updated_on: at(10),
    };
    let cart = Cart {
        id: "c1".into(),
        user_id: "u1".into(),
        created_on: at(8),
        updated_on: at(8),
    };
    let brand = Brand {
        id: "b1".into(),
        name: "Cody B".into(),
    };
    let category = Category {
        id: "cat1".into(),
        name: "Fountains".into(),
    };
    let color = Color {
        id: "col1".into(),
        name: "Red".into(),
    };
    let effect = Effect {
        id: "e1".into(),
        name: "Peony".into(),
    };
    let apparel_type = ApparelType {
        id: "at1".into(),
        name: "Hoodie".into(),
        description: None,
    };
    let show_type = ShowType {
        id: "st1".into(),
        name: "WEDDING".into(),
        description: Some("Quiet and elegant".into()),
    };
    let product = |id: &str, sku: &str, is_show: bool, is_apparel: bool| Product {
        id: id.into(),
        sku: sku.into(),
        title: format!("Title {sku}"),
        title_lower: format!("title {}", sku.to_lowercase()),
        description: Some("Bright.".into()),
        case_price_cents: 12_999,
        is_show,
        is_apparel,
        in_stock: true,
        is_case_breakable: !is_show && !is_apparel,
        brand_id: "b1".into(),
        category_id: "cat1".into(),
        apparel_type_id: is_apparel.then(|| "at1".into()),
        show_type_id: is_show.then(|| "st1".into()),
        image: format!("/images/products/{sku}.svg"),
        video_url: None,
        package: "36,1".into(),
        created_on: at(11),
        updated_on: at(12),
    };
    let fireworks = product("p1", "CB-100", false, false);
    let show = product("p2", "SHOW-1", true, false);
    let shirt = product("p3", "APP-0001", false, true);
    let unit = UnitProduct {
        id: "up1".into(),
        product_id: "p1".into(),
        sku: "CB-100-u".into(),
        unit_price_cents: 1_099,
        price_overridden: false,
        package: "1,1".into(),
        available_stock: 7,
        available: true,
    };
    let variant = ApparelVariant {
        id: "v1".into(),
        product_id: "p3".into(),
        sku: "APP-0001-XL-M-RED".into(),
        size: "XL".into(),
        gender: "MALE".into(),
        color_id: Some("col1".into()),
        color_key: "col1".into(),
        unit_price_cents: 2_500,
        available_stock: 999,
        available: true,
    };
    let show_product = ShowProduct {
        id: "sp1".into(),
        show_id: "p2".into(),
        product_id: "p1".into(),
        quantity: 2,
        is_unit: true,
        notes: Some("finale".into()),
    };
    let line = CartLine {
        id: "l1".into(),
        cart_id: "c1".into(),
        product_id: "p3".into(),
        variant_id: Some("v1".into()),
        variant_key: "v1".into(),
        case_quantity: 0,
        unit_quantity: 3,
        created_on: at(13),
    };
    let terminal = Terminal {
        id: "t1".into(),
        terminal_name: "Fargo Service Center".into(),
        company: "Estes Express".into(),
        address_id: "a1".into(),
        accept_out_of_state_licence: true,
        business_required: false,
    };
    let order = Order {
        id: "o1".into(),
        user_id: "u1".into(),
        status: "PENDING".into(),
        order_type: "apparelOnly".into(),
        ship_street1: "1 Main St".into(),
        ship_street2: Some("Dock 4".into()),
        ship_city: "Fargo".into(),
        ship_state: "ND".into(),
        ship_postal_code: "58102".into(),
        ship_to_terminal_id: Some("t1".into()),
        lift_gate: false,
        subtotal_cents: 7_500,
        shipping_cents: 1_000,
        tax_cents: 375,
        lift_gate_fee_cents: 0,
        grand_total_cents: 8_875,
        checkout_token: "tok-1".into(),
        created_on: at(14),
        updated_on: at(14),
    };
    let session = PaymentSession {
        id: "ps1".into(),
        token: "tok-1".into(),
        user_id: "u1".into(),
        cart_id: "c1".into(),
        amount_cents: 8_875,
        cart_fingerprint: "abc".into(),
        ship_to_terminal_id: Some("t1".into()),
        lift_gate: false,
        status: "USED".into(),
        card_last4: Some("4242".into()),
        order_id: Some("o1".into()),
        expires_at: at(15),
        created_on: at(14),
        updated_on: at(14),
        provider_ref: "tok-1".into(),
    };
    let hold = StockHold {
        session_id: "ps1".into(),
        variant_id: "v1".into(),
        quantity: 2,
        expires_at: at(15),
    };
    let sandbox = SandboxPayment {
        reference: "tok-1".into(),
        amount_cents: 8_875,
        status: "AUTHORIZED".into(),
        card_last4: Some("4242".into()),
        attempts: 1,
        expires_at: at(15),
        created_on: at(14),
        updated_on: at(14),
    };
    let item = OrderItem {
        id: "oi1".into(),
        order_id: "o1".into(),
        product_id: "p3".into(),
        variant_id: Some("v1".into()),
        is_unit: true,
        quantity: 3,
        unit_price_cents: 2_500,
        item_subtotal_cents: 7_500,
        title: "Title APP-0001".into(),
        sku: "APP-0001-XL-M-RED".into(),
    };
    let change = OrderStatusChange {
        id: "h1".into(),
        order_id: "o1".into(),
        status: "PENDING".into(),
        changed_by: None,
        changed_at: at(14),
    };
    let request = CaseBreakRequest {
        id: "cb1".into(),
        product_id: "p1".into(),
        order_id: Some("o1".into()),
        quantity: 4,
        quantity_added: None,
        status: "PENDING".into(),
        created_on: at(14),
        updated_on: at(14),
    };
    let report = Report {
        id: "r1".into(),
        report_type: "FINANCIAL".into(),
        name: "July".into(),
        description: None,
        status: "COMPLETED".into(),
        parameters: Some(r#"{"includeBreakdownByProduct":true}"#.into()),
        created_by: "u1".into(),
        created_at: at(16),
        completed_at: Some(at(17)),
        file_url: Some("/api/reports/r1/file".into()),
        error_message: None,
    };
    let audit = AuditEntry {
        id: "au1".into(),
        actor_id: Some("u1".into()),
        action: "LOGIN".into(),
        entity: "user".into(),
        entity_id: Some("u1".into()),
        details: Some("{}".into()),
        created_at: at(18),
    };
    let colour_link = ProductColor {
        product_id: "p1".into(),
        color_id: "col1".into(),
    };
    let effect_link = ProductEffect {
        product_id: "p1".into(),
        effect_id: "e1".into(),
    };

    macro_rules! round_trip {
        ($table:ident, $model:ty, $row:expr) => {{
            let row: $model = $row;
            diesel::insert_into($table::table)
                .values(&row)
                .execute(conn)
                .expect(concat!("insert into ", stringify!($table)));
            let back: Vec<$model> = $table::table
                .select(<$model>::as_select())
                .load(conn)
                .expect(concat!("select from ", stringify!($table)));
            assert!(
                back.contains(&row),
                "{} did not round-trip",
                stringify!($table)
            );
        }};
    }
    round_trip!(users, User, user);
    round_trip!(addresses, Address, address);
    round_trip!(profiles, Profile, profile);
    round_trip!(carts, Cart, cart);
    round_trip!(brands, Brand, brand);
    round_trip!(categories, Category, category);
    round_trip!(colors, Color, color);
    round_trip!(effects, Effect, effect);
    round_trip!(apparel_types, ApparelType, apparel_type);
    round_trip!(show_types, ShowType, show_type);
    round_trip!(products, Product, fireworks);
    round_trip!(products, Product, show);
    round_trip!(products, Product, shirt);
    round_trip!(product_colors, ProductColor, colour_link);
    round_trip!(product_effects, ProductEffect, effect_link);
    round_trip!(unit_products, UnitProduct, unit);
    round_trip!(apparel_variants, ApparelVariant, variant);
    round_trip!(show_products, ShowProduct, show_product);
    round_trip!(cart_lines, CartLine, line);
    round_trip!(terminals, Terminal, terminal);
    round_trip!(orders, Order, order);
    round_trip!(payment_sessions, PaymentSession, session);
    round_trip!(stock_holds, StockHold, hold);
    round_trip!(sandbox_payments, SandboxPayment, sandbox);
    round_trip!(order_items, OrderItem, item);
    round_trip!(order_status_history, OrderStatusChange, change);
    round_trip!(case_break_requests, CaseBreakRequest, request);
    round_trip!(reports, Report, report);
    round_trip!(audit_log, AuditEntry, audit);
}

fn insert_brand(conn: &mut DbConnection, id: &str, name: &str) -> Result<usize, DbError> {
    diesel::insert_into(brands::table)
        .values(&Brand {
            id: id.into(),
            name: name.into(),
        })
        .execute(conn)
        .map_err(DbError::from)
}

#[test]
fn a_duplicate_name_is_refused_as_duplicate() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    insert_brand(&mut conn, "b1", "Generic").expect("first");
    let err = insert_brand(&mut conn, "b2", "Generic").expect_err("second");
    assert!(
        matches!(err, DbError(StoreError::Duplicate(ref m)) if m.contains("name")),
        "{err:?}"
    );
    let err = insert_brand(&mut conn, "b1", "Other").expect_err("same id");
    assert!(matches!(err, DbError(StoreError::Duplicate(_))), "{err:?}");
}

#[test]
fn a_row_pointing_nowhere_is_refused_as_conflict() {
    let test_db = TestDatabase::new();
    let mut conn = test_db.db().get().expect("connection");
    let err = diesel::insert_into(product_colors::table)
        .values(&ProductColor {
            product_id: "missing".into(),
            color_id: "missing".into(),
        })
        .execute(&mut *conn)
        .map_err(DbError::from)
        .expect_err("fk");
    assert!(matches!(err, DbError(StoreError::Conflict(_))), "{err:?}");
}

#[test]
fn deleting_a_referenced_row_is_refused_and_negative_stock_too() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let mut conn = db.get().expect("connection");
    insert_brand(&mut conn, "b1", "Generic").expect("brand");
    diesel::insert_into(categories::table)
        .values(&Category {
            id: "c1".into(),
            name: "Fountains".into(),
        })
        .execute(&mut *conn)
        .expect("category");
    diesel::sql_query(
        "INSERT INTO products (id, sku, title, title_lower, case_price_cents, brand_id, \
         category_id, image, package, created_on, updated_on) VALUES ('p1', 'X-1', 'X', 'x', \
         100, 'b1', 'c1', '/images/products/X-1.svg', '12,6', '2026-01-01 00:00:00', \
         '2026-01-01 00:00:00')",
    )
    .execute(&mut *conn)
    .expect("product with defaults");
    let err = diesel::delete(brands::table.find("b1"))
        .execute(&mut *conn)
        .map_err(DbError::from)
        .expect_err("brand in use");
    assert!(matches!(err, DbError(StoreError::Conflict(_))), "{err:?}");

    diesel::insert_into(unit_products::table)
        .values(&UnitProduct {
            id: "u1".into(),
            product_id: "p1".into(),
            sku: "X-1-u".into(),
            unit_price_cents: 99,
            price_overridden: false,
            package: "1,6".into(),
            available_stock: 2,
            available: true,
        })
        .execute(&mut *conn)
        .expect("unit");
    let err = diesel::update(unit_products::table.find("u1"))
        .set(unit_products::available_stock.eq(unit_products::available_stock - 3))
        .execute(&mut *conn)
        .map_err(DbError::from)
        .expect_err("stock below zero");
    assert!(matches!(err, DbError(StoreError::Conflict(_))), "{err:?}");

    // A transaction through Db::transaction rolls back on error.
    drop(conn);
    let result: Result<(), DbError> = db.transaction(|conn| {
        insert_brand(conn, "b2", "Rolled Back")?;
        insert_brand(conn, "b3", "Generic")?;
        Ok(())
    });
    assert!(matches!(result, Err(DbError(StoreError::Duplicate(_)))));
    let mut conn = db.get().expect("connection");
    let n: i64 = brands::table.count().get_result(&mut *conn).expect("count");
    assert_eq!(n, 1);
}

#[test]
fn the_test_database_uses_postgres_when_the_environment_asks_for_it() {
    let test_db = TestDatabase::new();
    let wants_postgres = std::env::var("TEST_DATABASE_URL").is_ok_and(|u| !u.trim().is_empty());
    let expected = if wants_postgres {
        Backend::Postgres
    } else {
        Backend::Sqlite
    };
    assert_eq!(test_db.backend(), expected);
    assert_eq!(test_db.db().get().expect("conn").backend(), expected);
    test_db.db().ping().expect("ping");
    if wants_postgres {
        assert!(test_db.url().contains("/shop_test_"));
    } else {
        assert!(test_db.url().starts_with("sqlite://"));
    }
}

#[test]
fn a_dropped_postgres_test_database_is_gone() {
    let Ok(server) = std::env::var("TEST_DATABASE_URL") else {
        return;
    };
    let test_db = TestDatabase::new();
    let name = test_db
        .url()
        .rsplit('/')
        .next()
        .expect("database name")
        .to_owned();
    // A clone of the pool with a checked-out connection outlives the TestDatabase: dropping
    // must still remove the database (connections are terminated first).
    let held = test_db.db().clone();
    let held_conn = held.get().expect("held connection");
    drop(test_db);
    drop(held_conn);
    drop(held);
    let admin = crate::Db::connect(&server, 1).expect("server");
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let left: N = diesel::sql_query(format!(
        "SELECT COUNT(*) AS n FROM pg_database WHERE datname = '{name}'"
    ))
    .get_result(&mut *admin.get().expect("conn"))
    .expect("query");
    assert_eq!(left.n, 0);
}
