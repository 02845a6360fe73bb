//! Set-up: a fresh database with the demo shop, buyers and the admin's token.

use persistence::test_support::TestDatabase;
use reqwest::{Client, Method, StatusCode};
use serde_json::json;
use shop_api::startup::Application;

use crate::helpers;
use crate::server::{send, text};
use crate::{BUYERS, START_STOCK, START_UNITS};

#[derive(Debug, Clone)]
pub struct Buyer {
    pub token: String,
    pub cart: String,
    pub user: String,
}

/// A fresh database and what the loop works with.
pub struct Shop {
    pub db: TestDatabase,
    pub dir: tempfile::TempDir,
    pub buyers: Vec<Buyer>,
    pub admin: String,
    /// The apparel product and variant every purchase takes one of.
    pub product: String,
    pub variant: String,
    /// The case-breakable product every purchase takes one unit of.
    pub breakable: String,
    /// The variant whose stock the admin counts (nobody buys it).
    pub counted: String,
    pub counted_product: String,
    /// Brand, category, colour and effect ids for the admin's products.
    pub vocabulary: [String; 4],
}

pub async fn prepare(client: &Client) -> Shop {
    let db = TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    // In process, with fast password hashing and no sign-in limits: the demo shop, the buyers
    // and the admin's token (valid on the binary too: same secret).
    let mut settings = helpers::test_settings(&db, dir.path());
    settings.seed_demo = true;
    let app = Application::build(settings).await.expect("start");
    let setup = format!("http://127.0.0.1:{}", app.port());
    let setup_server = tokio::spawn(app.run_until_stopped());
    let samples = db.quote_samples().expect("samples");
    let (product, variant, _) = samples.variants[0].clone();
    let (counted_product, counted, _) = samples.variants[1].clone();
    assert_ne!(variant, counted);
    db.set_variant_stock(&variant, START_STOCK).expect("stock");
    let breakable = samples.breakable.0.clone();
    db.set_unit_stock(&breakable, START_UNITS).expect("units");

    let login = |email: &str, password: &str| {
        let body = json!({"email": email, "password": password});
        let url = format!("{setup}/api/user/login");
        async move { send(client, Method::POST, url, None, Some(&body)).await }
    };
    let mut buyers = Vec::new();
    for i in 0..BUYERS {
        let email = format!("crash{i}@example.com");
        let creds = json!({"email": email, "password": helpers::PASSWORD});
        let (s, v) = send(
            client,
            Method::POST,
            format!("{setup}/api/user/register"),
            None,
            Some(&creds),
        )
        .await
        .expect("register");
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = login(&email, helpers::PASSWORD).await.expect("login");
        assert_eq!(s, StatusCode::OK, "{v}");
        let b = Buyer {
            token: text(&v["token"]),
            cart: text(&v["userInfo"]["Cart"]["id"]),
            user: text(&v["userInfo"]["id"]),
        };
        let profile = json!({"acceptedTerms": true, "firstName": "Crash", "lastName": "Test", "phoneNumber": "(701) 555-0123",
            "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "ND", "postalCode": "58102"}});
        let (s, v) = send(
            client,
            Method::POST,
            format!("{setup}/api/user/userInfo"),
            Some(&b.token),
            Some(&profile),
        )
        .await
        .expect("profile");
        assert_eq!(s, StatusCode::OK, "{v}");
        buyers.push(b);
    }
    let (s, v) = login(helpers::ADMIN_EMAIL, helpers::ADMIN_PASSWORD)
        .await
        .expect("admin login");
    assert_eq!(s, StatusCode::OK, "{v}");
    let admin = text(&v["token"]);
    let (s, m) = send(
        client,
        Method::GET,
        format!("{setup}/api/metadata"),
        None,
        None,
    )
    .await
    .expect("metadata");
    assert_eq!(s, StatusCode::OK);
    let first = |list: &str| text(&m[list][0]["id"]);
    let vocabulary = [
        first("brands"),
        first("categories"),
        first("colors"),
        first("effects"),
    ];
    setup_server.abort();
    Shop {
        db,
        dir,
        buyers,
        admin,
        product,
        variant,
        breakable,
        counted,
        counted_product,
        vocabulary,
    }
}
