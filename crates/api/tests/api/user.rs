//! Registration, sign-in, tokens and the profile.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Utc;
use domain::store::Store as _;
use domain::users::Role;
use domain::users::{Accounts as _, UserAdmin as _};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{expect, spawn_app, spawn_app_with, JWT_SECRET, PASSWORD};

const RULE: &str = "Your password must contain at least 1 capital, lowercase, number & special character #?!@$%^&*-";

#[tokio::test]
async fn registering_creates_an_account_that_can_sign_in() {
    let app = spawn_app().await;
    let v = expect(
        app.register("ann@example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(v["message"], "Account created successfully! Please log in.");
    expect(app.login("ann@example.com", PASSWORD).await, StatusCode::OK).await;
}

#[tokio::test]
async fn registration_enforces_each_password_rule_with_the_spec_messages() {
    let app = spawn_app().await;
    let cases = [
        ("", "Must have at least 1 character"),
        ("Ab1#xyz", RULE),   // 7 characters
        ("abcdefg1#", RULE), // no capital
        ("ABCDEFG1#", RULE), // no lowercase
        ("Abcdefgh#", RULE), // no digit
        ("Abcdefgh1", RULE), // no special character
        ("Abcdefg1_", RULE), // a special character outside #?!@$%^&*-
    ];
    for (password, message) in cases {
        let v = expect(
            app.register("bob@example.com", password).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(v["message"], message, "password {password:?}");
        assert_eq!(v["errors"]["password"][0], message);
    }
    // Nothing was created by the refused attempts.
    expect(
        app.register("bob@example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
}

#[tokio::test]
async fn registration_refuses_an_invalid_email() {
    let app = spawn_app().await;
    for email in ["", "not-an-email", "a@b", "a b@example.com"] {
        let v = expect(
            app.register(email, PASSWORD).await,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(v["message"], "invalid email");
    }
}

#[tokio::test]
async fn registering_a_taken_email_answers_409_whatever_its_case() {
    let app = spawn_app().await;
    expect(
        app.register("Cara@Example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
    let v = expect(
        app.register("cara@example.COM", PASSWORD).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(v["message"], "Email is already registered");
}

#[tokio::test]
async fn registration_and_login_refuse_unknown_fields() {
    let app = spawn_app().await;
    let body = json!({"email": "dan@example.com", "password": PASSWORD, "role": "ADMIN"});
    let v = expect(
        app.post_json("/api/user/register", &body).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        v["message"]
            .as_str()
            .expect("message")
            .contains("unknown field `role`"),
        "{v}"
    );
    expect(
        app.register("dan@example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
    let v = expect(
        app.post_json("/api/user/login", &body).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        v["message"].as_str().expect("message").contains("role"),
        "{v}"
    );
}

#[tokio::test]
async fn login_answers_token_and_user_info_with_profile_and_cart() {
    let app = spawn_app().await;
    let v = app.customer("eve@example.com").await;
    let token = v["token"].as_str().expect("token");
    assert_eq!(token.split('.').count(), 3);
    let info = &v["userInfo"];
    assert_eq!(info["email"], "eve@example.com");
    assert_eq!(info["role"], "USER");
    assert_eq!(info["profile"]["acceptedTerms"], false);
    assert_eq!(info["profile"]["userId"], info["id"]);
    assert_eq!(info["Cart"]["userId"], info["id"]);
    assert!(info["Cart"]["id"].as_str().is_some_and(|id| !id.is_empty()));
    assert!(info.get("passwordHash").is_none() && !v.to_string().contains("argon2"));
}

#[tokio::test]
async fn login_records_last_login() {
    let app = spawn_app().await;
    let v = app.customer("fay@example.com").await;
    let id = v["userInfo"]["id"].as_str().expect("id").to_owned();
    let user = app
        .db
        .db()
        .read(|tx| tx.user_by_id(&id.as_str().into()))
        .expect("query")
        .expect("user");
    assert!(user.last_login.is_some());
}

#[tokio::test]
async fn wrong_password_and_unknown_email_get_the_same_answer() {
    let app = spawn_app().await;
    expect(
        app.register("gus@example.com", PASSWORD).await,
        StatusCode::CREATED,
    )
    .await;
    let wrong = expect(
        app.login("gus@example.com", "Wrong#123").await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    let unknown = expect(
        app.login("nobody@example.com", PASSWORD).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["message"], "Invalid email or password");
}

#[tokio::test]
async fn a_deactivated_user_cannot_sign_in_and_their_token_stops_working() {
    let app = spawn_app().await;
    let v = app.customer("hal@example.com").await;
    let token = v["token"].as_str().expect("token");
    let id = v["userInfo"]["id"].as_str().expect("id");
    expect(
        app.get_as("/api/user/userInfo", token).await,
        StatusCode::OK,
    )
    .await;
    app.db
        .db()
        .write(|tx| tx.set_active(&id.into(), false, Utc::now().naive_utc()))
        .expect("deactivate");
    expect(
        app.get_as("/api/user/userInfo", token).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    let v = expect(
        app.login("hal@example.com", PASSWORD).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert_eq!(v["message"], "Invalid email or password");
}

fn b64(v: &serde_json::Value) -> String {
    URL_SAFE_NO_PAD.encode(v.to_string())
}

#[tokio::test]
async fn forged_unsigned_and_expired_tokens_answer_401() {
    let app = spawn_app().await;
    let v = app.customer("ida@example.com").await;
    let token = v["token"].as_str().expect("token").to_owned();
    let id = v["userInfo"]["id"].as_str().expect("id").to_owned();
    let parts: Vec<&str> = token.split('.').collect();
    let exp = chrono::Utc::now().timestamp() + 3600;
    let admin_claims = json!({"sub": id, "role": "ADMIN", "iat": 0, "exp": exp});

    let tampered = format!("{}.{}.{}", parts[0], b64(&admin_claims), parts[2]);
    let alg_none = format!(
        "{}.{}.",
        b64(&json!({"alg": "none", "typ": "JWT"})),
        b64(&admin_claims)
    );
    let other_key = auth::Tokens::new(b"some-other-secret-some-other-secret")
        .issue(&id, Role::User, 0)
        .expect("token");
    let expired = auth::Tokens::with_lifetime(JWT_SECRET.as_bytes(), -5)
        .issue(&id, Role::User, 0)
        .expect("token");

    for (name, bad) in [
        ("tampered", &tampered),
        ("alg none", &alg_none),
        ("other key", &other_key),
        ("expired", &expired),
    ] {
        let res = app.get_as("/api/user/userInfo", bad).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{name}");
        assert!(
            crate::helpers::body(res).await["message"].is_string(),
            "{name}"
        );
    }
    let v = expect(
        app.get_as("/api/user/userInfo", &expired).await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    assert_eq!(
        v["message"],
        "Your session has expired. Please sign in again."
    );
    expect(
        app.get("/api/user/userInfo").await,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    expect(
        app.get_as("/api/user/userInfo", &token).await,
        StatusCode::OK,
    )
    .await;
}

#[tokio::test]
async fn the_profile_round_trips() {
    let app = spawn_app().await;
    let token = app.customer_token("jo@example.com").await;
    let empty = expect(
        app.get_as("/api/user/userInfo", &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(empty["billingAddress"], serde_json::Value::Null);
    assert_eq!(empty["email"], "jo@example.com");

    let body = json!({
        "firstName": "Jo", "lastName": "Blast", "dateOfBirth": "1990-07-04", "phoneNumber": "(701) 555-0123",
        "canContact": true, "acceptedTerms": true, "theme": "dark",
        "billingAddress": {"street1": "1 Main St", "street2": null, "city": "Fargo", "state": "ND", "postalCode": "58102"},
        "shippingAddress": {"street1": "9 Dock Rd", "street2": "Unit 4", "city": "Bismarck", "state": "ND", "postalCode": "58501-1234"}
    });
    let saved = expect(
        app.post_json_as("/api/user/userInfo", &token, &body).await,
        StatusCode::OK,
    )
    .await;
    let read = expect(
        app.get_as("/api/user/userInfo", &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved, read);
    assert_eq!(read["firstName"], "Jo");
    assert_eq!(read["lastName"], "Blast");
    assert_eq!(read["dateOfBirth"], "1990-07-04");
    assert_eq!(read["acceptedTerms"], true);
    assert_eq!(read["canContact"], true);
    assert_eq!(read["theme"], "dark");
    assert_eq!(read["billingAddress"]["city"], "Fargo");
    assert_eq!(read["shippingAddress"]["street2"], "Unit 4");
    assert_eq!(read["shippingAddress"]["postalCode"], "58501-1234");

    // Accepting terms alone leaves everything else as it was.
    let only_terms = expect(
        app.post_json_as(
            "/api/user/userInfo",
            &token,
            &json!({"acceptedTerms": true}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(only_terms, read);

    // null, or an empty address, means "not provided": nothing is cleared.
    let body = json!({"shippingAddress": null, "billingAddress": {"street1": " ", "city": "", "state": "", "postalCode": ""}});
    let unchanged = expect(
        app.post_json_as("/api/user/userInfo", &token, &body).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(unchanged, read);
}

#[tokio::test]
async fn address_and_field_validation_answers_422_with_the_spec_messages() {
    let app = spawn_app().await;
    let token = app.customer_token("kim@example.com").await;
    let before = expect(
        app.get_as("/api/user/userInfo", &token).await,
        StatusCode::OK,
    )
    .await;

    let partial = json!({"billingAddress": {"street1": "1 Main St", "city": "", "state": "ND", "postalCode": ""}});
    let v = expect(
        app.post_json_as("/api/user/userInfo", &token, &partial)
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let messages = v["errors"].to_string();
    assert!(messages.contains("City is required"), "{v}");
    assert!(messages.contains("Postal code is required"), "{v}");

    let bad = json!({
        "phoneNumber": "0123", "dateOfBirth": "1990-02-31",
        "billingAddress": {"street1": "1 Main St", "city": "Fargo", "state": "XX", "postalCode": "5810"}
    });
    let v = expect(
        app.post_json_as("/api/user/userInfo", &token, &bad).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let messages = v["errors"].to_string();
    for expected in [
        "Please enter a valid phone number",
        "Please enter a valid date",
        "Please select a valid state",
        "Please enter a valid postal code (e.g., 12345 or 12345-6789)",
    ] {
        assert!(messages.contains(expected), "missing {expected:?} in {v}");
    }
    // Nothing was saved.
    let after = expect(
        app.get_as("/api/user/userInfo", &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(before, after);
}

#[tokio::test]
async fn a_phone_number_past_the_limit_answers_422_naming_it() {
    let app = spawn_app().await;
    let token = app.customer_token("kim@example.com").await;
    let spaced = format!("+1{}7015550123", " ".repeat(domain::profile::PHONE_MAX_LEN));
    let v = expect(
        app.post_json_as(
            "/api/user/userInfo",
            &token,
            &json!({"phoneNumber": spaced}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        v["errors"]["phoneNumber"],
        json!(["Please enter at most 30 characters"])
    );
}

#[tokio::test]
async fn another_users_profile_answers_404() {
    let app = spawn_app().await;
    let ann = app.customer("lea@example.com").await;
    let bob = app.customer_token("max@example.com").await;
    let body = json!({"userId": ann["userInfo"]["id"], "firstName": "Mallory"});
    let v = expect(
        app.post_json_as("/api/user/userInfo", &bob, &body).await,
        StatusCode::NOT_FOUND,
    )
    .await;
    assert_eq!(v["message"], "Profile not found");
}

#[tokio::test]
async fn admin_routes_answer_401_without_a_token_and_403_for_customers() {
    let app = spawn_app().await;
    let v = expect(app.get("/api/user/getAll").await, StatusCode::UNAUTHORIZED).await;
    assert!(v["message"].is_string());
    let customer = app.customer_token("ned@example.com").await;
    let v = expect(
        app.get_as("/api/user/getAll", &customer).await,
        StatusCode::FORBIDDEN,
    )
    .await;
    assert_eq!(v["message"], "You do not have permission to do that.");
    let admin = app.login_as_admin().await;
    let v = expect(
        app.get_as("/api/user/getAll?page=1&pageSize=10", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(v["pagination"]["totalItems"], 2);
    assert!(v["items"].as_array().is_some_and(|a| a.len() == 2));
}

#[tokio::test]
async fn a_demoted_admins_token_loses_admin_rights_at_once() {
    let app = spawn_app().await;
    let admin = app.login_as_admin().await;
    let store = app.db.db();
    let user = store
        .read(|tx| tx.user_by_email(crate::helpers::ADMIN_EMAIL))
        .expect("q")
        .expect("admin");
    store
        .write(|tx| tx.set_role(&user.id, Role::User, Utc::now().naive_utc()))
        .expect("demote");
    expect(
        app.get_as("/api/user/getAll", &admin).await,
        StatusCode::FORBIDDEN,
    )
    .await;
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_client_address() {
    let app = spawn_app_with(|s| s.login_rate_per_minute = 3).await;
    for _ in 0..3 {
        expect(
            app.login("x@example.com", "Wrong#123").await,
            StatusCode::UNAUTHORIZED,
        )
        .await;
    }
    let res = app.login("x@example.com", "Wrong#123").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        res.headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap_or_default()),
        Some("60")
    );
    let v = crate::helpers::body(res).await;
    assert_eq!(
        v["message"],
        "Too many sign-in attempts. Please try again later."
    );
}

#[tokio::test]
async fn login_user_info_carries_last_login_and_creation_times() {
    let app = spawn_app().await;
    let v = app.customer("times@example.com").await;
    let info = &v["userInfo"];
    let parse = |field: &str| {
        chrono::DateTime::parse_from_rfc3339(info[field].as_str().expect(field))
            .unwrap_or_else(|e| panic!("{field}: {e}"))
    };
    let (last, created) = (parse("lastLogin"), parse("createdOn"));
    assert!(last >= created, "{last} before {created}");
    assert!(info["id"].as_str().is_some_and(|id| !id.is_empty()));
}

#[tokio::test]
async fn login_user_info_carries_the_cart_under_cart_as_the_client_reads_it_and_as_cart_written() {
    let app = spawn_app().await;
    let v = app.customer("carts@example.com").await;
    let info = &v["userInfo"];
    assert_eq!(info["cart"]["userId"], info["id"], "{info}");
    assert!(
        info["cart"]["id"].as_str().is_some_and(|id| !id.is_empty()),
        "{info}"
    );
    assert_eq!(info["cart"], info["Cart"]);
}

#[tokio::test]
async fn can_contact_is_false_until_set_in_login_and_user_info() {
    let app = spawn_app().await;
    let v = app.customer("never@example.com").await;
    assert_eq!(v["userInfo"]["profile"]["canContact"], false, "{v}");
    let token = v["token"].as_str().expect("token");
    let read = expect(
        app.get_as("/api/user/userInfo", token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(read["canContact"], false, "{read}");
    // Saving something else keeps it a boolean.
    let saved = expect(
        app.post_json_as("/api/user/userInfo", token, &json!({"acceptedTerms": true}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(saved["canContact"], false, "{saved}");
}
