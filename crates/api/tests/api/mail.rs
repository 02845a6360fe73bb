//! E-mail through the outbox against a real SMTP server (aiosmtpd on loopback): the password
//! reset by link end to end, the order's confirmation, a status change's notice, the admin's
//! reset link and outgoing mail page, and mails kept while the server is down and delivered
//! once it is back.

use std::time::{Duration, Instant};

use mail::test_support::Aiosmtpd;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::catalogue::demo_app_with;
use crate::checkout::{buyer, pay_ok};
use crate::helpers::{expect, spawn_app_with, TestApp, PASSWORD};

/// The app, its mails sent to `smtp`.
fn smtp_settings(smtp: &Aiosmtpd) -> mail::MailConfig {
    let url = smtp.url("");
    mail::MailConfig::read(|name| match name {
        "SHOP_SMTP_URL" => Some(url.clone()),
        "SHOP_MAIL_FROM" => Some("Test Shop <shop@example.com>".to_owned()),
        "SHOP_NAME" => Some("Test Shop".to_owned()),
        _ => None,
    })
    .expect("mail settings")
}

/// A received mail: its headers as text and its plain text part.
struct Received {
    to: String,
    subject: String,
    message_id: String,
    text: String,
    html: String,
}

fn parse(raw: &[u8]) -> Received {
    let parsed = mailparse::parse_mail(raw).expect("a mail");
    let header = |name: &str| {
        mailparse::MailHeaderMap::get_first_value(parsed.headers.as_slice(), name)
            .unwrap_or_default()
    };
    let part = |kind: &str| {
        parsed
            .subparts
            .iter()
            .find(|p| p.ctype.mimetype == kind)
            .and_then(|p| p.get_body().ok())
            .unwrap_or_default()
    };
    Received {
        to: header("To"),
        subject: header("Subject"),
        message_id: header("Message-ID"),
        text: part("text/plain"),
        html: part("text/html"),
    }
}

/// Waits (up to 20 s) until `smtp` has received `count` mails; answers them.
async fn received(smtp: &Aiosmtpd, count: usize) -> Vec<Received> {
    let started = Instant::now();
    loop {
        let got = smtp.received();
        if got.len() >= count || started.elapsed() > Duration::from_secs(20) {
            return got.iter().map(|m| parse(m)).collect();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The token of the reset link in a mail's text.
fn link_token(text: &str) -> String {
    let at = text.find("reset-password?token=").expect("a reset link") + 21;
    text[at..at + 64].to_owned()
}

async fn forgot(app: &TestApp, email: &str) -> Value {
    expect(
        app.post_json("/api/user/forgot-password", &json!({ "email": email }))
            .await,
        StatusCode::OK,
    )
    .await
}

#[tokio::test]
async fn a_forgotten_password_is_reset_by_the_mailed_link_once_and_old_sessions_end() {
    let Some(smtp) = Aiosmtpd::start() else {
        return;
    };
    let config = smtp_settings(&smtp);
    let app = spawn_app_with(move |s| s.mail = config).await;
    let before = app.customer_token("forgetful@example.com").await;

    let known = forgot(&app, "Forgetful@Example.com").await;
    let unknown = forgot(&app, "nobody@example.com").await;
    assert_eq!(known, unknown, "the same answer for an unknown address");
    let mails = received(&smtp, 1).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.to, "forgetful@example.com");
    assert_eq!(mail.subject, "Test Shop: reset your password");
    assert!(mail.message_id.starts_with('<') && mail.message_id.ends_with("@127.0.0.1>"));
    assert!(mail.text.contains("1 hour"), "{}", mail.text);
    let token = link_token(&mail.text);
    assert!(mail.html.contains(&token));

    // The registration rule applies; a malformed or unknown token is refused.
    let weak = app
        .post_json(
            "/api/user/reset-password",
            &json!({"token": token, "newPassword": "short"}),
        )
        .await;
    assert_eq!(weak.status(), StatusCode::UNPROCESSABLE_ENTITY);
    for bad in ["nope".to_owned(), "0".repeat(64)] {
        let res = app
            .post_json(
                "/api/user/reset-password",
                &json!({"token": bad, "newPassword": "New#Pass2026"}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
    let done = app
        .post_json(
            "/api/user/reset-password",
            &json!({"token": token, "newPassword": "New#Pass2026"}),
        )
        .await;
    assert_eq!(done.status(), StatusCode::OK);
    // Every session from before ends; the new password signs in, the old one does not.
    let res = app.get_as("/api/user/userInfo", &before).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.login("forgetful@example.com", "New#Pass2026")
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        app.login("forgetful@example.com", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    // The link works once.
    let again = app
        .post_json(
            "/api/user/reset-password",
            &json!({"token": token, "newPassword": "Other#Pass2026"}),
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    let body: Value = again.json().await.expect("json");
    assert_eq!(
        body["message"],
        "This reset link is invalid or has already been used. Please ask for a new one."
    );
    // Nothing was mailed to the unknown address.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(smtp.received().len(), 1);
}

#[tokio::test]
async fn an_account_is_sent_three_links_an_hour_at_most() {
    let Some(smtp) = Aiosmtpd::start() else {
        return;
    };
    let config = smtp_settings(&smtp);
    let app = spawn_app_with(move |s| s.mail = config).await;
    app.customer("many@example.com").await;
    for _ in 0..5 {
        forgot(&app, "many@example.com").await;
    }
    assert_eq!(received(&smtp, 3).await.len(), 3);
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(smtp.received().len(), 3);
}

#[tokio::test]
async fn an_order_mails_its_confirmation_and_a_status_change_its_notice() {
    let Some(smtp) = Aiosmtpd::start() else {
        return;
    };
    let config = smtp_settings(&smtp);
    let app = demo_app_with(move |s| {
        s.mail = config;
        s.orders_email = Some("orders@example.com".to_owned());
    })
    .await;
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "mailed-buyer@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    let order = expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;
    let id = order["id"].as_str().expect("id");
    let number = id.replace('-', "")[24..].to_uppercase();
    let total = format!("${:.2}", quote["grandTotal"].as_f64().expect("total"));

    let mails = received(&smtp, 2).await;
    let confirmation = mails
        .iter()
        .find(|m| m.to == "mailed-buyer@example.com")
        .expect("the buyer's confirmation");
    assert_eq!(
        confirmation.subject,
        format!("Test Shop: order {number} confirmed")
    );
    for part in [&confirmation.text, &confirmation.html] {
        assert!(part.contains(&number) && part.contains(&total), "{part}");
    }
    let copy = mails
        .iter()
        .find(|m| m.to == "orders@example.com")
        .expect("the shop's copy");
    assert!(copy.subject.contains(&number) && copy.subject.contains(&total));

    let admin = app.login_as_admin().await;
    let res = app
        .send(
            Method::PATCH,
            &format!("/api/reports/purchases/{id}"),
            Some(&admin),
            Some(&json!({"status": "PROCESSING"})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = received(&smtp, 3).await;
    let notice = mails
        .iter()
        .find(|m| m.subject.contains("is now"))
        .expect("the status notice");
    assert_eq!(notice.to, "mailed-buyer@example.com");
    assert_eq!(
        notice.subject,
        format!("Test Shop: order {number} is now Processing")
    );
}

#[tokio::test]
async fn with_the_mail_server_down_purchases_succeed_and_their_mails_arrive_once_it_is_back() {
    let Some(mut smtp) = Aiosmtpd::start() else {
        return;
    };
    let config = smtp_settings(&smtp);
    let app = demo_app_with(move |s| s.mail = config).await;
    smtp.stop();
    let s = app.db.quote_samples().expect("samples");
    let b = buyer(&app, "patient@example.com").await;
    b.add(&app, &s.case_only.0, false, None).await;
    let (token, quote) = b.checkout(&app).await;
    pay_ok(&app, &token).await;
    expect(b.complete(&app, &token, &quote).await, StatusCode::OK).await;

    // The admin sees it waiting, tried and failed, without its body.
    let admin = app.login_as_admin().await;
    let started = Instant::now();
    let waiting = loop {
        let page = expect(
            app.get_as("/api/admin/mail?page=1&pageSize=10", &admin)
                .await,
            StatusCode::OK,
        )
        .await;
        let row = page["contents"][0].clone();
        if row["attempts"].as_u64().unwrap_or(0) >= 1 || started.elapsed() > Duration::from_secs(10)
        {
            break row;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(waiting["to"], "patient@example.com");
    assert_eq!(waiting["state"], "PENDING");
    assert!(waiting["lastError"].as_str().is_some_and(|e| !e.is_empty()));
    assert!(waiting.get("text").is_none() && waiting.get("payload").is_none());

    smtp.restart();
    let mails = received(&smtp, 1).await;
    assert_eq!(mails.len(), 1, "delivered once the server is back");
    assert_eq!(mails[0].to, "patient@example.com");
    let page = expect(
        app.get_as("/api/admin/mail?page=1&pageSize=10", &admin)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(page["contents"][0]["state"], "SENT");
    // Sent again on the admin's word: the same message (its Message-ID).
    let id = page["contents"][0]["id"].as_str().expect("id");
    let res = app
        .send(
            Method::POST,
            &format!("/api/admin/mail/{id}/resend"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = received(&smtp, 2).await;
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[0].message_id, mails[1].message_id);
}

#[tokio::test]
async fn an_admin_mails_a_user_a_reset_link_for_the_hours_chosen() {
    let Some(smtp) = Aiosmtpd::start() else {
        return;
    };
    let config = smtp_settings(&smtp);
    let app = spawn_app_with(move |s| s.mail = config).await;
    let user = app.customer("helped@example.com").await;
    let id = user["userInfo"]["id"].as_str().expect("id").to_owned();
    let admin = app.login_as_admin().await;
    let path = "/api/user/admin/reset-password";
    let res = app
        .post_json_as(path, &admin, &json!({"userId": id, "expiresInHours": 0}))
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = app
        .post_json_as(
            path,
            &admin,
            &json!({"userId": "no-such-user", "expiresInHours": 2}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let customer = app.customer_token("other@example.com").await;
    let res = app
        .post_json_as(path, &customer, &json!({"userId": id, "expiresInHours": 2}))
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app
        .post_json_as(path, &admin, &json!({"userId": id, "expiresInHours": 48}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = received(&smtp, 1).await;
    assert_eq!(mails[0].to, "helped@example.com");
    assert!(mails[0].text.contains("48 hours"), "{}", mails[0].text);
    let token = link_token(&mails[0].text);
    let done = app
        .post_json(
            "/api/user/reset-password",
            &json!({"token": token, "newPassword": "Helped#2026x"}),
        )
        .await;
    assert_eq!(done.status(), StatusCode::OK);
}
