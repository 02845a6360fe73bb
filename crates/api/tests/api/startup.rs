//! Start-up: migrations, seed and the first admin, idempotent across restarts.

use domain::store::Store as _;
use domain::users::Accounts as _;
use reqwest::StatusCode;
use shop_api::startup::Application;

use crate::helpers::{expect, test_settings, ADMIN_EMAIL};

fn counts(db: &persistence::Db) -> Vec<(String, i64)> {
    db.table_counts().expect("counts")
}

#[tokio::test]
async fn a_second_start_on_the_same_database_adds_nothing() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = test_settings(&db, dir.path());
    settings.seed_demo = true;

    let first = Application::build(settings.clone())
        .await
        .expect("first start");
    let after_first = counts(db.db());
    drop(first);
    let second = Application::build(settings).await.expect("second start");
    let after_second = counts(db.db());
    assert_eq!(after_first, after_second);
    let products = after_first
        .iter()
        .find(|(t, _)| *t == "products")
        .map(|(_, n)| *n);
    assert!(products.is_some_and(|n| n >= 300), "{after_first:?}");

    let address = format!("http://127.0.0.1:{}", second.port());
    tokio::spawn(second.run_until_stopped());
    let res = reqwest::Client::new()
        .post(format!("{address}/api/user/login"))
        .json(
            &serde_json::json!({"email": ADMIN_EMAIL, "password": crate::helpers::ADMIN_PASSWORD}),
        )
        .send()
        .await
        .expect("login");
    let v = expect(res, StatusCode::OK).await;
    assert_eq!(v["userInfo"]["role"], "ADMIN");
}

#[tokio::test]
async fn a_fresh_database_without_configured_admin_gets_admin_at_localhost() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = test_settings(&db, dir.path());
    settings.admin_email = None;
    settings.admin_password = None;
    let _app = Application::build(settings).await.expect("start");
    let admin = db
        .db()
        .read(|tx| tx.user_by_email(shop_api::bootstrap::DEFAULT_ADMIN_EMAIL))
        .expect("query")
        .expect("admin");
    assert_eq!(admin.role, domain::users::Role::Admin);
    assert!(admin.password_hash.starts_with("$argon2id$"));
}

#[tokio::test]
async fn a_generated_jwt_secret_is_kept_private_and_reused() {
    let db = persistence::test_support::TestDatabase::new();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = test_settings(&db, dir.path());
    settings.jwt_secret = None;
    let a = settings.resolve_jwt_secret().expect("secret");
    let b = settings.resolve_jwt_secret().expect("secret");
    assert_eq!(a, b);
    assert!(a.len() >= 32);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("jwt-secret"))
            .expect("file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
