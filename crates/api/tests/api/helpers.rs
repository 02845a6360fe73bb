//! `spawn_app()` and typed helpers.

use std::time::Duration;

use auth::PasswordCost;
use persistence::test_support::TestDatabase;
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};
use shop_api::config::Settings;
use shop_api::startup::Application;

pub const JWT_SECRET: &str = "integration-test-secret-0123456789abcdef";
pub const ADMIN_EMAIL: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "Admin#2026pass";
pub const PASSWORD: &str = "Secret#123";

pub struct TestApp {
    pub address: String,
    /// The metrics listener (`http://127.0.0.1:port`).
    pub metrics_address: String,
    pub client: Client,
    pub db: TestDatabase,
    pub data_dir: tempfile::TempDir,
}

/// Settings for a test server on `db`: port 0, fast password hashing, no demo shop.
pub fn test_settings(db: &TestDatabase, data_dir: &std::path::Path) -> Settings {
    Settings {
        database_url: db.url().to_owned(),
        addr: "127.0.0.1:0".parse().expect("address"),
        data_dir: data_dir.to_path_buf(),
        jwt_secret: Some(JWT_SECRET.into()),
        frontend_dir: data_dir.join("no-frontend"),
        admin_email: Some(ADMIN_EMAIL.into()),
        admin_password: Some(ADMIN_PASSWORD.into()),
        login_rate_per_minute: 10_000,
        account_login_rate_per_hour: 10_000,
        register_rate_per_hour: 10_000,
        register_rate_total_per_hour: 10_000,
        client_error_rate_per_minute: 10_000,
        // Tests pay many times with one account; the limit's own tests set it.
        checkout_sessions_per_hour: 10_000,
        max_held_per_variant: 50,
        sentry_dsn: None,
        trust_proxy: false,
        trusted_proxies: shop_api::client::ProxyTrust::none(),
        forwarded_header: shop_api::client::ForwardedHeader::default(),
        public_url: String::new(),
        metrics_addr: Some("127.0.0.1:0".parse().expect("address")),
        db_pool_size: 4,
        workers: Some(2),
        blocking_threads: None,
        max_body_bytes: 64 * 1024,
        password_cost: PasswordCost::Fast,
        seed_demo: false,
        payments: shop_api::payment_config::PaymentSettings::Sandbox,
        // Mails as .eml files in the test's data folder, unless a test points them at an
        // SMTP server.
        mail: mail::MailConfig::read(|_| None).expect("mail settings"),
        orders_email: None,
        mail_retry_seconds: 1,
        mail_poll_ms: 100,
        reset_rate_per_hour: 10_000,
        images: shop_api::image_store::ImageSettings::default(),
        drain_seconds: 0,
        shutdown_seconds: 5,
        catalogue_listen: true,
        catalogue_version_ttl_ms: 250,
        catalogue_listen_ttl_ms: 2000,
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(customize: impl FnOnce(&mut Settings)) -> TestApp {
    let db = TestDatabase::new();
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = test_settings(&db, data_dir.path());
    customize(&mut settings);
    let app = Application::build(settings).await.expect("the app starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    let metrics_address = format!(
        "http://127.0.0.1:{}",
        app.metrics_port().expect("a metrics listener")
    );
    tokio::spawn(app.run_until_stopped());
    let client = Client::builder()
        .timeout(Duration::from_secs(30))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        address,
        metrics_address,
        client,
        db,
        data_dir,
    }
}

pub async fn body(res: Response) -> Value {
    let text = res.text().await.expect("body");
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"))
}

/// Asserts the status and returns the JSON body.
pub async fn expect(res: Response, status: StatusCode) -> Value {
    let got = res.status();
    let value = body(res).await;
    assert_eq!(got, status, "body: {value}");
    value
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    pub async fn get_as(&self, path: &str, token: &str) -> Response {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request")
    }

    pub async fn post_json_as(&self, path: &str, token: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .expect("request")
    }

    pub async fn register(&self, email: &str, password: &str) -> Response {
        self.post_json(
            "/api/user/register",
            &json!({"email": email, "password": password}),
        )
        .await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post_json(
            "/api/user/login",
            &json!({"email": email, "password": password}),
        )
        .await
    }

    /// Sends `method path` with an optional bearer token and JSON body.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        payload: Option<&Value>,
    ) -> Response {
        let mut req = self.client.request(method, self.url(path));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        if let Some(payload) = payload {
            req = req.json(payload);
        }
        req.send().await.expect("request")
    }

    /// Registers and signs in a customer; returns the login answer.
    pub async fn customer(&self, email: &str) -> Value {
        expect(self.register(email, PASSWORD).await, StatusCode::CREATED).await;
        expect(self.login(email, PASSWORD).await, StatusCode::OK).await
    }

    /// A customer's token.
    pub async fn customer_token(&self, email: &str) -> String {
        self.customer(email).await["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    pub async fn login_as_admin(&self) -> String {
        let v = expect(
            self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await,
            StatusCode::OK,
        )
        .await;
        v["token"].as_str().expect("token").to_owned()
    }
}
