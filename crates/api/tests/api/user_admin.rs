//! The back office's user management (issue 12: users): create, edit, password reset,
//! permissions, the admin unable to lock themselves out, old tokens refused after a reset, a
//! deactivation or a demotion, and the streamed CSV export.

use chrono::Utc;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect, spawn_app, TestApp, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD};

const NEW_PASSWORD: &str = "Changed#2026pw";

async fn create(app: &TestApp, admin: &str, body: &Value) -> reqwest::Response {
    app.send(Method::POST, "/api/admin/users", Some(admin), Some(body))
        .await
}

#[tokio::test]
async fn only_admins_manage_users() {
    let app = spawn_app().await;
    let user = app.customer_token("plain@example.com").await;
    let user_body = json!({"email": "x@example.com", "password": PASSWORD});
    let password = json!({"password": PASSWORD});
    let perms = json!({"active": true});
    for (method, path, body) in [
        (Method::POST, "/api/admin/users", &user_body),
        (Method::GET, "/api/admin/users/export", &user_body),
        (Method::GET, "/api/admin/users/some-id", &user_body),
        (Method::PUT, "/api/admin/users/some-id", &user_body),
        (Method::PUT, "/api/admin/users/some-id/password", &password),
        (Method::PUT, "/api/admin/users/some-id/permissions", &perms),
    ] {
        let res = app.send(method.clone(), path, None, Some(body)).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
        let res = app
            .send(method.clone(), path, Some(&user), Some(body))
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
}

#[tokio::test]
async fn an_admin_creates_edits_and_resets_a_user_whose_old_tokens_stop_working() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let a = admin.as_str();

    let e = expect(
        create(&app, a, &json!({"email": "nope", "password": "short", "role": "OWNER", "phoneNumber": "call me"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    for field in ["email", "password", "role", "phoneNumber"] {
        assert_eq!(
            e["errors"][field].as_array().map(Vec::len),
            Some(1),
            "{field}: {e}"
        );
    }
    assert_eq!(
        e["errors"]["role"],
        json!(["Role must be USER, MANAGER, ADMIN or MEMBER"])
    );

    let body = json!({
        "email": " Casey.Manager@Example.com ", "password": PASSWORD, "role": "MANAGER",
        "firstName": "Casey", "lastName": "O'Neil, Jr.", "phoneNumber": "(701) 555-0100"
    });
    let created = expect(create(&app, a, &body).await, StatusCode::CREATED).await;
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(created["email"], "casey.manager@example.com");
    assert_eq!(created["role"], "MANAGER");
    assert_eq!(created["profile"]["lastName"], "O'Neil, Jr.");
    let again = expect(create(&app, a, &body).await, StatusCode::CONFLICT).await;
    assert_eq!(again["message"], "Email is already registered");
    // The new account signs in, and has a cart.
    let login = expect(
        app.login("casey.manager@example.com", PASSWORD).await,
        StatusCode::OK,
    )
    .await;
    assert!(login["userInfo"]["Cart"]["id"].is_string());
    let old_token = login["token"].as_str().expect("token").to_owned();

    let path = format!("/api/admin/users/{id}");
    let got = expect(
        app.send(Method::GET, &path, Some(a), None).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(got["profile"]["phoneNumber"], "(701) 555-0100");
    let edit = json!({"email": "casey@example.com", "role": "USER", "firstName": "Casey", "lastName": "Lee"});
    let edited = expect(
        app.send(Method::PUT, &path, Some(a), Some(&edit)).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (edited["email"].as_str(), edited["role"].as_str()),
        (Some("casey@example.com"), Some("USER"))
    );
    assert_eq!(edited["profile"]["phoneNumber"], Value::Null);
    let unknown = app
        .send(
            Method::PUT,
            "/api/admin/users/no-such-user",
            Some(a),
            Some(&edit),
        )
        .await;
    assert_eq!(
        expect(unknown, StatusCode::NOT_FOUND).await["message"],
        "User not found"
    );

    // A reset password: the rule applies, and the old token stops working at once.
    let reset = format!("{path}/password");
    let weak = app
        .send(
            Method::PUT,
            &reset,
            Some(a),
            Some(&json!({"password": "weak"})),
        )
        .await;
    assert_eq!(weak.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let user_info = "/api/user/userInfo";
    assert_eq!(
        app.get_as(user_info, &old_token).await.status(),
        StatusCode::OK
    );
    let res = app
        .send(
            Method::PUT,
            &reset,
            Some(a),
            Some(&json!({"password": NEW_PASSWORD})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.get_as(user_info, &old_token).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.login("casey@example.com", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let fresh = expect(
        app.login("casey@example.com", NEW_PASSWORD).await,
        StatusCode::OK,
    )
    .await;
    let fresh = fresh["token"].as_str().expect("token").to_owned();
    assert_eq!(app.get_as(user_info, &fresh).await.status(), StatusCode::OK);

    // Deactivated: the token stops working; active again: it works.
    let perms = format!("{path}/permissions");
    let off = app
        .send(
            Method::PUT,
            &perms,
            Some(a),
            Some(&json!({"active": false})),
        )
        .await;
    assert_eq!(expect(off, StatusCode::OK).await["active"], false);
    assert_eq!(
        app.get_as(user_info, &fresh).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let on = app
        .send(
            Method::PUT,
            &perms,
            Some(a),
            Some(&json!({"active": true, "role": "ADMIN"})),
        )
        .await;
    assert_eq!(expect(on, StatusCode::OK).await["role"], "ADMIN");
    // Promoted, then demoted: the same token loses the back office at once.
    let users = "/api/user/getAll?page=1&pageSize=1";
    assert_eq!(app.get_as(users, &fresh).await.status(), StatusCode::OK);
    let down = app
        .send(
            Method::PUT,
            &perms,
            Some(a),
            Some(&json!({"role": "MEMBER"})),
        )
        .await;
    assert_eq!(down.status(), StatusCode::OK);
    assert_eq!(
        app.get_as(users, &fresh).await.status(),
        StatusCode::FORBIDDEN
    );

    let rows = app.db.audit_rows("user").expect("audit");
    let actions: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        actions,
        [
            "create",
            "update",
            "reset-password",
            "permissions",
            "permissions",
            "permissions"
        ]
    );
    assert!(rows
        .iter()
        .all(|r| !r.3.as_deref().unwrap_or("").contains("argon2")));
}

#[tokio::test]
async fn an_admin_cannot_demote_or_deactivate_themselves() {
    let app = spawn_app().await;
    let login = expect(app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await, StatusCode::OK).await;
    let admin = login["token"].as_str().expect("token").to_owned();
    let me = login["userInfo"]["id"].as_str().expect("id").to_owned();
    let perms = format!("/api/admin/users/{me}/permissions");
    for (body, message) in [
        (
            json!({"role": "USER"}),
            "You cannot remove your own admin role",
        ),
        (
            json!({"active": false}),
            "You cannot deactivate your own account",
        ),
    ] {
        let res = app
            .send(Method::PUT, &perms, Some(&admin), Some(&body))
            .await;
        assert_eq!(expect(res, StatusCode::CONFLICT).await["message"], message);
    }
    let edit = json!({"email": ADMIN_EMAIL, "role": "MANAGER"});
    let res = app
        .send(
            Method::PUT,
            &format!("/api/admin/users/{me}"),
            Some(&admin),
            Some(&edit),
        )
        .await;
    assert_eq!(
        expect(res, StatusCode::CONFLICT).await["message"],
        "You cannot remove your own admin role"
    );
    // Still an admin.
    let ok = app
        .get_as("/api/user/getAll?page=1&pageSize=1", &admin)
        .await;
    assert_eq!(ok.status(), StatusCode::OK);
}

/// A small RFC 4180 reader: fields split on commas, quoted fields may hold commas, doubled
/// quotes and line breaks; records end with CRLF.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let (mut record, mut field) = (Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {
                chars.next();
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        !quoted && field.is_empty() && record.is_empty(),
        "a whole last record"
    );
    records
}

#[tokio::test]
async fn the_users_export_streams_the_whole_filtered_list_as_csv() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let tricky = [
        ("Zoë", "Smith, \"Doc\""),
        ("=SUM(A1)", "Ångström"),
        ("Line\nBreak", "名前"),
    ];
    let mut users: Vec<(String, Option<String>, Option<String>)> = tricky
        .iter()
        .enumerate()
        .map(|(i, (f, l))| {
            (
                format!("tricky{i}@example.com"),
                Some((*f).to_owned()),
                Some((*l).to_owned()),
            )
        })
        .collect();
    users.extend((0..10_000).map(|i| (format!("bulk{i:05}@example.com"), None, None)));
    app.db
        .insert_bulk_users(&users, Utc::now().naive_utc())
        .expect("bulk users");

    let res = app.get_as("/api/admin/users/export", &admin).await;
    assert_eq!(res.status(), StatusCode::OK);
    let header = |name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    assert_eq!(
        header("content-type").as_deref(),
        Some("text/csv; charset=utf-8")
    );
    let disposition = header("content-disposition").expect("disposition");
    let today = Utc::now().format("%Y-%m-%d").to_string();
    assert!(
        disposition.contains(&format!("users-export-{today}.csv")),
        "{disposition}"
    );
    // Streamed: no length known up front.
    assert_eq!(header("content-length"), None);
    assert_eq!(header("transfer-encoding").as_deref(), Some("chunked"));
    let text = res.text().await.expect("body");
    let records = parse_csv(&text);
    assert_eq!(
        records[0],
        ["Name", "Email", "Role", "Last Login", "ID", "Created At"]
    );
    // Every user: the 10,003 inserted and the admin.
    assert_eq!(records.len() - 1, 10_004);
    // Named users first, by first name; names round-trip through the CSV.
    let names: Vec<&str> = records[1..4].iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        names,
        [
            "'=SUM(A1) Ångström",
            "Line\nBreak 名前",
            "Zoë Smith, \"Doc\""
        ]
    );
    assert_eq!(records[3][1], "tricky0@example.com");

    // Filters narrow the export as they do the list.
    let res = app
        .get_as("/api/admin/users/export?search=tricky&role=USER", &admin)
        .await;
    let records = parse_csv(&res.text().await.expect("body"));
    assert_eq!(records.len() - 1, 3);
    let res = app
        .get_as("/api/admin/users/export?role=OWNER", &admin)
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

/// Issue 31: a name that a spreadsheet splitting on `;` or TAB would run reaches the users
/// export quoted, with each part that starts a formula prefixed by `'`.
#[tokio::test]
async fn the_users_export_neutralises_formulas_after_a_semicolon_or_tab_in_a_name() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    app.db
        .insert_bulk_users(
            &[(
                "bob@example.com".to_owned(),
                Some("Bob;=cmd|'/C calc'!A0;".to_owned()),
                Some("Tab\t@SUM(A1)".to_owned()),
            )],
            Utc::now().naive_utc(),
        )
        .expect("user");
    let res = app.get_as("/api/admin/users/export", &admin).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    assert!(
        text.starts_with("\"Name\",\"Email\",\"Role\",\"Last Login\",\"ID\",\"Created At\"\r\n"),
        "{text}"
    );
    let line = text
        .split("\r\n")
        .find(|l| l.contains("bob@example.com"))
        .unwrap_or_else(|| panic!("bob's row in {text}"));
    assert!(
        line.starts_with(
            "\"Bob;'=cmd|'/C calc'!A0; Tab\t'@SUM(A1)\",\"bob@example.com\",\"USER\","
        ),
        "{line}"
    );
    for line in text.split("\r\n").filter(|l| !l.is_empty()) {
        assert!(
            line.starts_with('"') && line.ends_with('"'),
            "every cell quoted: {line}"
        );
    }
    assert_eq!(
        parse_csv(&text)[1..]
            .iter()
            .find(|r| r[1] == "bob@example.com")
            .map(|r| r[0].as_str()),
        Some("Bob;'=cmd|'/C calc'!A0; Tab\t'@SUM(A1)")
    );
}

/// An admin created by `admin`, signed in: their id and token.
async fn signed_in_admin(app: &TestApp, admin: &str, email: &str) -> (String, String) {
    let created = expect(
        create(
            app,
            admin,
            &json!({"email": email, "password": PASSWORD, "role": "ADMIN"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let login = expect(app.login(email, PASSWORD).await, StatusCode::OK).await;
    (
        created["id"].as_str().expect("id").to_owned(),
        login["token"].as_str().expect("token").to_owned(),
    )
}

/// `by` demotes the user `id` to USER; answers the status.
async fn demote(app: &TestApp, by: &str, id: &str) -> StatusCode {
    app.send(
        Method::PUT,
        &format!("/api/admin/users/{id}/permissions"),
        Some(by),
        Some(&json!({"role": "USER"})),
    )
    .await
    .status()
}

/// Whether the user `id` is an active ADMIN, as `admin` reads it.
async fn is_active_admin(app: &TestApp, admin: &str, id: &str) -> bool {
    let user = expect(
        app.get_as(&format!("/api/admin/users/{id}"), admin).await,
        StatusCode::OK,
    )
    .await;
    user["role"] == "ADMIN" && user["active"] == true
}

/// The user with this e-mail, read from the database.
fn db_user(app: &TestApp, email: &str) -> domain::users::User {
    domain::store::Store::read(app.db.db(), |tx| {
        domain::users::Accounts::user_by_email(tx, email)
    })
    .expect("read")
    .expect("the user")
}

/// Issue 31: two admins demoting each other at the same moment (real parallel requests) never
/// both succeed: the second change re-reads its caller inside the write and is refused.
#[tokio::test]
async fn admins_demoting_each_other_at_once_always_leave_one_of_them_an_active_admin() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let mut pairs = Vec::new();
    for i in 0..8 {
        pairs.push((
            signed_in_admin(&app, &admin, &format!("pair{i}a@example.com")).await,
            signed_in_admin(&app, &admin, &format!("pair{i}b@example.com")).await,
        ));
    }
    let answers =
        futures_util::future::join_all(pairs.iter().map(|((a, a_token), (b, b_token))| {
            futures_util::future::join(demote(&app, a_token, b), demote(&app, b_token, a))
        }))
        .await;
    for (i, (((a, _), (b, _)), statuses)) in pairs.iter().zip(&answers).enumerate() {
        let left = [
            is_active_admin(&app, &admin, a).await,
            is_active_admin(&app, &admin, b).await,
        ];
        assert!(
            left.contains(&true),
            "pair {i}: both demoted each other ({statuses:?})"
        );
        let mut sorted = [statuses.0, statuses.1];
        sorted.sort();
        assert_eq!(
            sorted,
            [StatusCode::OK, StatusCode::FORBIDDEN],
            "pair {i}: one change wins, the other caller is no longer an admin"
        );
    }

    // The shop's only two admins, round after round: one always remains, and a second server
    // starts on the database. The pairs' survivors step down first, so that these two are the
    // last.
    let first = db_user(&app, ADMIN_EMAIL).id.as_str().to_owned();
    for ((a, _), (b, _)) in &pairs {
        for id in [a, b] {
            if is_active_admin(&app, &admin, id).await {
                assert_eq!(demote(&app, &admin, id).await, StatusCode::OK);
            }
        }
    }
    let mut survivor = (first, admin);
    for round in 0..6 {
        let email = format!("round{round}@example.com");
        let other = signed_in_admin(&app, &survivor.1, &email).await;
        let (s1, s2) = futures_util::future::join(
            demote(&app, &survivor.1, &other.0),
            demote(&app, &other.1, &survivor.0),
        )
        .await;
        let still = domain::users::has_active_admin(app.db.db()).expect("read");
        assert!(still, "round {round}: no active admin left ({s1}, {s2})");
        let promoted = db_user(&app, &email);
        if promoted.role.is_admin() && promoted.active {
            survivor = other;
        }
    }
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = crate::helpers::test_settings(&app.db, data_dir.path());
    settings.database_url = app.db.url().to_owned();
    shop_api::startup::Application::build(settings)
        .await
        .expect("a second server starts: an active admin remains");
}

/// Issue 31: with no active admin and the first admin's address taken, the start-up error
/// names `shop promote-admin`, and that command (its function) makes the user an admin.
#[tokio::test]
async fn with_no_active_admin_the_start_names_the_command_that_promotes_one() {
    let app = spawn_app().await;
    app.customer_token("bob@example.com").await;
    let now = Utc::now().naive_utc();
    domain::store::Store::write(app.db.db(), |tx| {
        use domain::users::{Accounts as _, UserAdmin as _};
        let admin = tx.user_by_email(ADMIN_EMAIL)?.expect("the first admin");
        tx.set_active(&admin.id, false, now)
    })
    .expect("deactivated");

    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = crate::helpers::test_settings(&app.db, data_dir.path());
    settings.admin_email = Some("bob@example.com".into());
    let err = shop_api::startup::Application::build(settings.clone())
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("shop promote-admin bob@example.com"), "{err}");

    shop_api::bootstrap::promote_admin(app.db.db(), "bob@example.com").expect("promoted");
    shop_api::startup::Application::build(settings)
        .await
        .expect("starts once bob is an admin");
    let bob = expect(app.login("bob@example.com", PASSWORD).await, StatusCode::OK).await;
    let res = app
        .get_as(
            "/api/admin/users/export",
            bob["token"].as_str().expect("token"),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let err =
        shop_api::bootstrap::promote_admin(app.db.db(), "nobody@example.com").expect_err("unknown");
    assert!(err.to_string().contains("nobody@example.com"), "{err}");
}
