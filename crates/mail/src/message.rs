//! The RFC 5322 message of an envelope: what the SMTP server receives and what an `.eml` file
//! holds.

use domain::notifications::{Envelope, MailError};
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::Message;

use crate::{render, MailSettings};

/// The message of `mail`: From the shop's sender, To the recipient, the rendered subject, the
/// envelope's `Message-ID` exactly, `Date` now, and a multipart/alternative body (plain text,
/// then HTML). It carries `Auto-Submitted: auto-generated` (RFC 3834), so that autoresponders
/// do not answer it.
///
/// # Errors
/// [`MailError::Permanent`]: the recipient is not an address, the `Message-ID` is not one line
/// of printable ASCII, or a template failed (none of which a retry changes).
pub fn build_message(mail: &Envelope, settings: &MailSettings) -> Result<Message, MailError> {
    let to: Mailbox = mail
        .to
        .parse()
        .map_err(|e| MailError::Permanent(format!("invalid recipient {:?}: {e}", mail.to)))?;
    check_message_id(&mail.message_id)?;
    let rendered =
        render(&mail.notification, settings).map_err(|e| MailError::Permanent(e.to_string()))?;
    Message::builder()
        .from(settings.from.clone())
        .to(to)
        .subject(rendered.subject)
        .message_id(Some(mail.message_id.clone()))
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            "auto-generated".to_owned(),
        ))
        .multipart(MultiPart::alternative_plain_html(
            rendered.text,
            rendered.html,
        ))
        .map_err(|e| MailError::Permanent(format!("the message cannot be built: {e}")))
}

/// A `Message-ID` is written as it is: it must be one line of visible ASCII (RFC 5322 `msg-id`),
/// so that it can neither break the header nor be re-encoded.
fn check_message_id(id: &str) -> Result<(), MailError> {
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(())
    } else {
        Err(MailError::Permanent(format!(
            "invalid Message-ID {id:?}: one line of visible ASCII, such as <id@host>"
        )))
    }
}

#[cfg(test)]
mod tests {
    use domain::notifications::{Notification, StatusMail};

    use super::*;

    fn envelope(to: &str, message_id: &str) -> Envelope {
        Envelope {
            message_id: message_id.into(),
            to: to.into(),
            notification: Notification::OrderStatusChanged(StatusMail {
                name: "Ann".into(),
                number: "1001".into(),
                status: "Shipped".into(),
                link: "https://shop.example.com/orders/1".into(),
            }),
        }
    }

    fn settings() -> MailSettings {
        MailSettings {
            shop_name: "Fireworks Shop".into(),
            from: "Fireworks Shop <shop@example.com>".parse().expect("from"),
        }
    }

    fn header_text(message: &Message) -> String {
        let formatted = String::from_utf8(message.formatted()).expect("ASCII");
        formatted
            .split("\r\n\r\n")
            .next()
            .expect("headers")
            .to_owned()
    }

    #[test]
    fn the_message_carries_the_envelopes_message_id_exactly() {
        let message = build_message(
            &envelope("ann@example.com", "<0192-a.b@shop.example>"),
            &settings(),
        )
        .expect("message");
        let headers = header_text(&message);
        assert!(
            headers.contains("\r\nMessage-ID: <0192-a.b@shop.example>\r\n"),
            "{headers}"
        );
        assert!(
            headers.contains("\r\nAuto-Submitted: auto-generated\r\n"),
            "{headers}"
        );
        assert!(
            headers.contains("Content-Type: multipart/alternative;"),
            "{headers}"
        );
        assert_eq!(message.envelope().to().len(), 1);
        assert_eq!(message.envelope().to()[0].to_string(), "ann@example.com");
        assert_eq!(
            message
                .envelope()
                .from()
                .map(ToString::to_string)
                .as_deref(),
            Some("shop@example.com")
        );
    }

    #[test]
    fn an_invalid_recipient_is_permanent() {
        for to in [
            "",
            "ann",
            "ann@",
            "ann@example.com, bob@example.com",
            "a\r\nBcc: b@example.com",
        ] {
            match build_message(&envelope(to, "<1@shop.example>"), &settings()) {
                Err(MailError::Permanent(reason)) => {
                    assert!(reason.contains("recipient"), "{to:?}: {reason}")
                }
                other => panic!("{to:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_message_id_that_could_break_the_header_is_permanent() {
        for id in ["", "<a b@x>", "<a@x>\r\nBcc: b@example.com", "<é@x>"] {
            match build_message(&envelope("ann@example.com", id), &settings()) {
                Err(MailError::Permanent(reason)) => {
                    assert!(reason.contains("Message-ID"), "{id:?}: {reason}")
                }
                other => panic!("{id:?}: {other:?}"),
            }
        }
    }
}
