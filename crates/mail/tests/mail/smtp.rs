//! `SmtpMailer` against aiosmtpd on loopback: every kind arrives whole, and each failure maps
//! to the error the outbox's retries need.

use std::net::TcpListener;
use std::time::Duration;

use domain::notifications::{Envelope, MailError, Mailer, Notification};
use mail::{MailSettings, SmtpConfig, SmtpMailer};
use mailparse::{MailHeaderMap, ParsedMail};

use crate::fixtures::{cases, settings};
use mail::test_support::{free_port, Aiosmtpd};

fn mailer(url: &str) -> SmtpMailer {
    mailer_with(url, settings())
}

fn mailer_with(url: &str, settings: MailSettings) -> SmtpMailer {
    let config = SmtpConfig::parse(url).expect("an SMTP URL");
    SmtpMailer::new(&config, settings).expect("a mailer")
}

fn envelope(case: &str, notification: Notification) -> Envelope {
    Envelope {
        message_id: format!("<{case}.0192f3a4-7f3a-7c21@shop.example.com>"),
        to: "Ann Buyer <ann@example.com>".into(),
        notification,
    }
}

/// The body of the single part of `message` with `mime` type.
fn part(message: &ParsedMail<'_>, mime: &str) -> String {
    let parts: Vec<&ParsedMail<'_>> = message
        .subparts
        .iter()
        .filter(|p| p.ctype.mimetype == mime)
        .collect();
    assert_eq!(parts.len(), 1, "one {mime} part");
    parts[0].get_body().expect("a decodable body")
}

/// What each kind's parts must show.
fn must_show(notification: &Notification) -> Vec<String> {
    match notification {
        Notification::PasswordReset(m) => vec![m.link.clone(), format!("{} hours", m.valid_hours)],
        Notification::OrderPlaced(o) | Notification::ShopNewOrder(o) => {
            vec![o.number.clone(), o.grand_total.clone(), o.link.clone()]
        }
        Notification::OrderStatusChanged(s) => {
            vec![s.number.clone(), s.status.clone(), s.link.clone()]
        }
        Notification::RefundIssued(r) => vec![r.number.clone(), r.amount.clone(), r.link.clone()],
        Notification::ShopCaseBreak(c) => vec![c.sku.clone(), c.number.clone(), c.link.clone()],
    }
}

#[test]
fn every_kind_arrives_whole_with_its_headers_and_both_parts() {
    let Some(server) = Aiosmtpd::start() else {
        return;
    };
    let mailer = mailer(&server.url(""));
    let cases = cases();
    for (case, notification) in &cases {
        mailer
            .deliver(&envelope(case, notification.clone()))
            .unwrap_or_else(|e| panic!("{case}: {e}"));
    }
    let received = server.received();
    assert_eq!(received.len(), cases.len());
    for (case, notification) in &cases {
        let sent = envelope(case, notification.clone());
        let message = received
            .iter()
            .map(|raw| mailparse::parse_mail(raw).expect("a MIME message"))
            .find(|m| {
                m.headers.get_first_value("Message-ID").as_deref() == Some(sent.message_id.as_str())
            })
            .unwrap_or_else(|| panic!("{case}: no message with {}", sent.message_id));
        let header = |name: &str| message.headers.get_first_value(name).unwrap_or_default();
        assert_eq!(header("To"), "\"Ann Buyer\" <ann@example.com>", "{case}");
        assert_eq!(
            header("From"),
            "\"Fireworks Shop\" <shop@example.com>",
            "{case}"
        );
        assert_eq!(
            header("Subject"),
            notification.subject("Fireworks Shop"),
            "{case}"
        );
        assert_eq!(header("Auto-Submitted"), "auto-generated", "{case}");
        assert!(!header("Date").is_empty(), "{case}");
        assert_eq!(message.ctype.mimetype, "multipart/alternative", "{case}");
        // The parts travel with CRLF line ends.
        let text = part(&message, "text/plain").replace("\r\n", "\n");
        let html = part(&message, "text/html").replace("\r\n", "\n");
        assert!(text.starts_with("Fireworks Shop\n"), "{case}: {text}");
        assert!(html.contains(">Fireworks Shop</td>"), "{case}");
        if *case == "escaping" {
            continue;
        }
        for shown in must_show(notification) {
            assert!(
                text.contains(&shown),
                "{case}: the text lacks {shown:?}:\n{text}"
            );
            assert!(html.contains(&shown), "{case}: the HTML lacks {shown:?}");
        }
    }
}

#[test]
fn a_stopped_server_is_a_transient_error() {
    let Some(mut server) = Aiosmtpd::start() else {
        return;
    };
    let mailer = mailer(&server.url(""));
    let (case, notification) = cases().remove(0);
    mailer
        .deliver(&envelope(case, notification.clone()))
        .expect("sent while it runs");
    server.stop();
    match mailer.deliver(&envelope(case, notification)) {
        Err(MailError::Transient(reason)) => assert!(!reason.is_empty()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn nothing_listening_is_a_transient_error() {
    let mailer = mailer(&format!("smtp://127.0.0.1:{}?tls=none", free_port()));
    let (case, notification) = cases().remove(0);
    assert!(matches!(
        mailer.deliver(&envelope(case, notification)),
        Err(MailError::Transient(_))
    ));
}

#[test]
fn a_server_that_never_answers_times_out_as_transient() {
    // A socket that takes connections (the kernel's backlog) and never greets.
    let silent = TcpListener::bind("127.0.0.1:0").expect("a socket");
    let port = silent.local_addr().expect("its address").port();
    let mut config = SmtpConfig::parse(&format!("smtp://127.0.0.1:{port}?tls=none")).expect("url");
    config.timeout = Duration::from_secs(1);
    let mailer = SmtpMailer::new(&config, settings()).expect("a mailer");
    let (case, notification) = cases().remove(0);
    let started = std::time::Instant::now();
    let result = mailer.deliver(&envelope(case, notification));
    assert!(matches!(result, Err(MailError::Transient(_))), "{result:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_message_the_server_refuses_with_5xx_is_permanent() {
    // aiosmtpd answers 552 to a message over its size limit.
    let Some(server) = Aiosmtpd::start_with(&["-s", "2000"]) else {
        return;
    };
    let (case, notification) = cases().remove(1);
    match mailer(&server.url("")).deliver(&envelope(case, notification)) {
        Err(MailError::Permanent(reason)) => assert!(reason.contains("552"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert!(server.received().is_empty());
}

#[test]
fn starttls_asked_of_a_server_without_it_is_transient_and_sends_nothing() {
    let Some(server) = Aiosmtpd::start() else {
        return;
    };
    let url = format!("smtp://127.0.0.1:{}?tls=starttls", server.port);
    let (case, notification) = cases().remove(0);
    let result = mailer(&url).deliver(&envelope(case, notification));
    assert!(matches!(result, Err(MailError::Transient(_))), "{result:?}");
    assert!(server.received().is_empty());
}

#[test]
fn an_account_the_server_cannot_take_is_transient_and_sends_nothing() {
    // aiosmtpd offers no AUTH on a connection without TLS: a setting to fix, not the mail.
    let Some(server) = Aiosmtpd::start() else {
        return;
    };
    let url = format!("smtp://shop:secret@127.0.0.1:{}?tls=none", server.port);
    let (case, notification) = cases().remove(0);
    let result = mailer(&url).deliver(&envelope(case, notification));
    assert!(matches!(result, Err(MailError::Transient(_))), "{result:?}");
    assert!(server.received().is_empty());
}

#[test]
fn an_invalid_recipient_is_permanent_and_sends_nothing() {
    let Some(server) = Aiosmtpd::start() else {
        return;
    };
    let (case, notification) = cases().remove(0);
    let mut mail = envelope(case, notification);
    mail.to = "ann@@example.com".into();
    let result = mailer(&server.url("")).deliver(&mail);
    assert!(matches!(result, Err(MailError::Permanent(_))), "{result:?}");
    assert!(server.received().is_empty());
}
