//! A notification's subject, plain text and HTML, from the templates in `templates/` (embedded
//! in the binary: nothing is read at run time).
//!
//! Each kind has a `.txt` and a `.html` template extending `layout.txt` / `layout.html`; the
//! order mails include `order.txt` / `order.html`. A template sees `shop` (the shop's name),
//! `subject` and `mail`, the kind's fields by their serialized (camelCase) names. Everything
//! interpolated into the HTML is escaped; the plain text is not (it is not markup).

use std::fmt::Write as _;
use std::sync::LazyLock;

use domain::notifications::Notification;
use minijinja::syntax::SyntaxConfig;
use minijinja::value::{Serde, Value};
use minijinja::{context, AutoEscape, Environment, Output, State, UndefinedBehavior};

use crate::MailSettings;

/// A mail's three texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The subject line ([`Notification::subject`] with the shop's name).
    pub subject: String,
    /// The plain-text part.
    pub text: String,
    /// The HTML part (a whole document, inline styles, no images).
    pub html: String,
}

/// A template failed: a fault of this crate (the snapshot tests render every kind), never of
/// the mail's data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the mail template {template} failed: {reason}")]
pub struct RenderError {
    /// The template's name (`order_placed.html`).
    pub template: String,
    /// minijinja's error with its causes.
    pub reason: String,
}

/// The templates, by name.
const TEMPLATES: [(&str, &str); 16] = [
    ("layout.txt", include_str!("../templates/layout.txt")),
    ("layout.html", include_str!("../templates/layout.html")),
    ("order.txt", include_str!("../templates/order.txt")),
    ("order.html", include_str!("../templates/order.html")),
    (
        "password_reset.txt",
        include_str!("../templates/password_reset.txt"),
    ),
    (
        "password_reset.html",
        include_str!("../templates/password_reset.html"),
    ),
    (
        "order_placed.txt",
        include_str!("../templates/order_placed.txt"),
    ),
    (
        "order_placed.html",
        include_str!("../templates/order_placed.html"),
    ),
    (
        "order_status_changed.txt",
        include_str!("../templates/order_status_changed.txt"),
    ),
    (
        "order_status_changed.html",
        include_str!("../templates/order_status_changed.html"),
    ),
    (
        "refund_issued.txt",
        include_str!("../templates/refund_issued.txt"),
    ),
    (
        "refund_issued.html",
        include_str!("../templates/refund_issued.html"),
    ),
    (
        "shop_new_order.txt",
        include_str!("../templates/shop_new_order.txt"),
    ),
    (
        "shop_new_order.html",
        include_str!("../templates/shop_new_order.html"),
    ),
    (
        "shop_case_break.txt",
        include_str!("../templates/shop_case_break.txt"),
    ),
    (
        "shop_case_break.html",
        include_str!("../templates/shop_case_break.html"),
    ),
];

/// The environment, built once; an error names the template that does not parse.
static TEMPLATE_SET: LazyLock<Result<Environment<'static>, RenderError>> =
    LazyLock::new(environment);

fn environment() -> Result<Environment<'static>, RenderError> {
    let mut env = Environment::new();
    // A misspelt field fails the render (and the snapshot tests) instead of printing nothing.
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html") {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    env.set_formatter(html_formatter);
    let syntax = SyntaxConfig::builder()
        .trim_blocks(true)
        .lstrip_blocks(true)
        .build()
        .map_err(|e| failure("(syntax)", &e))?;
    env.set_syntax(syntax);
    for (name, source) in TEMPLATES {
        env.add_template(name, source)
            .map_err(|e| failure(name, &e))?;
    }
    Ok(env)
}

/// Escapes what HTML needs (`& < > " '`) and leaves `/` as it is, so that a link reads the
/// same in the HTML as in the plain text (minijinja's own escaping also writes `/` as `&#x2f;`).
fn html_formatter(
    out: &mut Output,
    state: &mut State,
    value: &Value,
) -> Result<(), minijinja::Error> {
    match value.as_str() {
        Some(text) if *state.auto_escape() == AutoEscape::Html && !value.is_safe() => {
            for c in text.chars() {
                match c {
                    '&' => out.write_str("&amp;")?,
                    '<' => out.write_str("&lt;")?,
                    '>' => out.write_str("&gt;")?,
                    '"' => out.write_str("&quot;")?,
                    '\'' => out.write_str("&#39;")?,
                    other => out.write_char(other)?,
                }
            }
            Ok(())
        }
        _ => minijinja::escape_formatter(out, state, value),
    }
}

fn failure(template: &str, error: &minijinja::Error) -> RenderError {
    let mut reason = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        let _ = write!(reason, ": {cause}");
        source = cause.source();
    }
    RenderError {
        template: template.to_owned(),
        reason,
    }
}

/// The template's base name of each kind (`templates/{name}.txt` and `.html`).
#[must_use]
fn template_name(notification: &Notification) -> &'static str {
    match notification {
        Notification::PasswordReset(_) => "password_reset",
        Notification::OrderPlaced(_) => "order_placed",
        Notification::OrderStatusChanged(_) => "order_status_changed",
        Notification::RefundIssued(_) => "refund_issued",
        Notification::ShopNewOrder(_) => "shop_new_order",
        Notification::ShopCaseBreak(_) => "shop_case_break",
    }
}

/// Renders `notification` with the shop's name: subject, plain text and HTML.
///
/// # Errors
/// [`RenderError`] when a template fails, which the snapshot tests rule out for every kind.
pub fn render(
    notification: &Notification,
    settings: &MailSettings,
) -> Result<Rendered, RenderError> {
    let env = TEMPLATE_SET.as_ref().map_err(Clone::clone)?;
    let subject = notification.subject(&settings.shop_name);
    let mail = match notification {
        Notification::PasswordReset(m) => Value::from(Serde(m)),
        Notification::OrderPlaced(m) | Notification::ShopNewOrder(m) => Value::from(Serde(m)),
        Notification::OrderStatusChanged(m) => Value::from(Serde(m)),
        Notification::RefundIssued(m) => Value::from(Serde(m)),
        Notification::ShopCaseBreak(m) => Value::from(Serde(m)),
    };
    let ctx = context!(shop => settings.shop_name.as_str(), subject => subject.as_str(), mail);
    let name = template_name(notification);
    let one = |extension: &str| {
        let template = format!("{name}.{extension}");
        let mut text = env
            .get_template(&template)
            .and_then(|t| t.render(&ctx))
            .map_err(|e| failure(&template, &e))?;
        // One final newline, whatever the templates' last lines leave.
        text.truncate(text.trim_end().len());
        text.push('\n');
        Ok::<_, RenderError>(text)
    };
    Ok(Rendered {
        text: one("txt")?,
        html: one("html")?,
        subject,
    })
}

#[cfg(test)]
mod tests {
    use domain::notifications::{
        CaseBreakMail, MailLine, OrderMail, OwedLine, PasswordResetMail, RefundMail, StatusMail,
    };

    use super::*;

    fn settings(shop: &str) -> MailSettings {
        MailSettings {
            shop_name: shop.to_owned(),
            from: "shop@example.com".parse().expect("an address"),
        }
    }

    const HOSTILE: &str = "<script>alert(\"&\")</script> 'x'";
    const ESCAPED: &str = "&lt;script&gt;alert(&quot;&amp;&quot;)&lt;/script&gt; &#39;x&#39;";

    fn hostile_order() -> OrderMail {
        OrderMail {
            name: HOSTILE.into(),
            number: "1001".into(),
            placed_on: HOSTILE.into(),
            lines: vec![MailLine {
                title: HOSTILE.into(),
                packing: "case".into(),
                variant: Some(HOSTILE.into()),
                quantity: 1,
                unit_price: HOSTILE.into(),
                total: HOSTILE.into(),
            }],
            subtotal: HOSTILE.into(),
            shipping: HOSTILE.into(),
            lift_gate: Some(HOSTILE.into()),
            tax: HOSTILE.into(),
            grand_total: HOSTILE.into(),
            ship_to: vec![HOSTILE.into()],
            to_terminal: false,
            owed: vec![OwedLine {
                title: HOSTILE.into(),
                units: 2,
            }],
            link: "https://shop.example.com/orders/1?a=1&b=\"2\"".into(),
        }
    }

    fn every_kind() -> Vec<Notification> {
        vec![
            Notification::PasswordReset(PasswordResetMail {
                name: HOSTILE.into(),
                link: "https://shop.example.com/reset-password?token=a&b=<c>".into(),
                valid_hours: 1,
            }),
            Notification::OrderPlaced(hostile_order()),
            Notification::ShopNewOrder(hostile_order()),
            Notification::OrderStatusChanged(StatusMail {
                name: HOSTILE.into(),
                number: HOSTILE.into(),
                status: HOSTILE.into(),
                link: HOSTILE.into(),
            }),
            Notification::RefundIssued(RefundMail {
                name: HOSTILE.into(),
                number: HOSTILE.into(),
                amount: HOSTILE.into(),
                reason: HOSTILE.into(),
                link: HOSTILE.into(),
            }),
            Notification::ShopCaseBreak(CaseBreakMail {
                title: HOSTILE.into(),
                sku: HOSTILE.into(),
                units: 1,
                number: HOSTILE.into(),
                link: HOSTILE.into(),
            }),
        ]
    }

    #[test]
    fn every_interpolated_text_is_escaped_in_the_html() {
        for notification in every_kind() {
            let mail = render(&notification, &settings(HOSTILE)).expect("rendered");
            let kind = notification.kind();
            assert!(!mail.html.contains("<script>"), "{kind}: {}", mail.html);
            assert!(!mail.html.contains("\"&\""), "{kind}");
            assert!(mail.html.contains(ESCAPED), "{kind}: {}", mail.html);
            // The title of the document is the subject, escaped too.
            assert!(mail.html.contains(&format!("<title>{ESCAPED}")), "{kind}");
        }
    }

    #[test]
    fn the_plain_text_carries_the_texts_as_they_are() {
        for notification in every_kind() {
            let mail = render(&notification, &settings(HOSTILE)).expect("rendered");
            assert!(
                mail.text.contains(HOSTILE),
                "{}: {}",
                notification.kind(),
                mail.text
            );
            assert!(!mail.text.contains("&lt;"), "{}", notification.kind());
            assert!(mail.subject.starts_with(HOSTILE), "{}", notification.kind());
        }
    }

    #[test]
    fn a_link_keeps_its_slashes_and_escapes_its_ampersands_in_the_html() {
        let mail = render(&every_kind()[0], &settings("Shop")).expect("rendered");
        let escaped = "https://shop.example.com/reset-password?token=a&amp;b=&lt;c&gt;";
        assert!(
            mail.html.contains(&format!("href=\"{escaped}\"")),
            "{}",
            mail.html
        );
        assert!(
            mail.text
                .contains("https://shop.example.com/reset-password?token=a&b=<c>"),
            "{}",
            mail.text
        );
    }

    #[test]
    fn the_html_has_no_images_and_no_outside_resources() {
        for notification in every_kind() {
            let html = render(&notification, &settings("Shop"))
                .expect("rendered")
                .html;
            let lower = html.to_ascii_lowercase();
            for banned in ["<img", "url(", "<link", "<script", "background=", "src="] {
                assert!(!lower.contains(banned), "{}: {banned}", notification.kind());
            }
        }
    }

    #[test]
    fn every_template_parses() {
        let env = environment().expect("templates");
        for (name, _) in TEMPLATES {
            env.get_template(name).expect(name);
        }
    }
}
