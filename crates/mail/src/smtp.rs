//! The real mailer: each mail over SMTP (lettre's blocking client, rustls), one connection per
//! mail.

use domain::notifications::{Envelope, MailError, Mailer};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::transport::smtp::response::{Category, Code, Detail, Severity};
use lettre::{SmtpTransport, Transport};

use crate::{build_message, MailSettingError, MailSettings, SmtpConfig, SmtpTls};

/// Sends each mail to the SMTP server of `SHOP_SMTP_URL`.
#[derive(Debug)]
pub struct SmtpMailer {
    transport: SmtpTransport,
    settings: MailSettings,
}

impl SmtpMailer {
    /// A mailer for `config`'s server, sending as `settings.from`. Connects only when a mail
    /// is delivered.
    ///
    /// # Errors
    /// [`MailSettingError`] (`SHOP_SMTP_URL`) when the TLS client cannot be set up for the
    /// host.
    pub fn new(config: &SmtpConfig, settings: MailSettings) -> Result<Self, MailSettingError> {
        let tls_for = |host: &str| {
            TlsParameters::new(host.to_owned()).map_err(|e| MailSettingError {
                name: "SHOP_SMTP_URL",
                reason: format!("TLS for {host}: {e}"),
            })
        };
        let tls = match config.tls {
            SmtpTls::StartTls => Tls::Required(tls_for(&config.host)?),
            SmtpTls::Implicit => Tls::Wrapper(tls_for(&config.host)?),
            SmtpTls::None => Tls::None,
        };
        let mut builder = SmtpTransport::builder_dangerous(config.host.as_str())
            .port(config.port)
            .tls(tls)
            .timeout(Some(config.timeout));
        if let Some(account) = &config.credentials {
            builder = builder.credentials(Credentials::new(
                account.user.clone(),
                account.password.clone(),
            ));
        }
        Ok(Self {
            transport: builder.build(),
            settings,
        })
    }
}

impl Mailer for SmtpMailer {
    fn deliver(&self, mail: &Envelope) -> Result<(), MailError> {
        let message = build_message(mail, &self.settings)?;
        self.transport.send(&message).map_err(|e| mail_error(&e))?;
        tracing::info!(
            message_id = %mail.message_id,
            kind = mail.notification.kind(),
            "mail sent"
        );
        Ok(())
    }
}

/// What a failed send means for the mail. Only a permanent (5xx) reply about the mail itself
/// makes it undeliverable; everything else may pass later: no connection, a timeout, TLS, a
/// 4xx reply, and the shop's own account being refused (530, 534, 535, 538) or the server
/// lacking what the settings ask for (STARTTLS, AUTH), which a fixed setting cures.
fn mail_error(error: &lettre::transport::smtp::Error) -> MailError {
    let text = error_chain(error);
    match error.status() {
        Some(code) if is_permanent(code) => MailError::Permanent(text),
        _ => MailError::Transient(text),
    }
}

fn is_permanent(code: Code) -> bool {
    let account = code.category == Category::Unspecified3
        && matches!(
            code.detail,
            Detail::Zero | Detail::Four | Detail::Five | Detail::Eight
        );
    code.severity == Severity::PermanentNegativeCompletion && !account
}

fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let shown = cause.to_string();
        if !text.contains(&shown) {
            text.push_str(": ");
            text.push_str(&shown);
        }
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Code {
        let digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
        let severity = match digits[0] {
            2 => Severity::PositiveCompletion,
            3 => Severity::PositiveIntermediate,
            4 => Severity::TransientNegativeCompletion,
            _ => Severity::PermanentNegativeCompletion,
        };
        let category = [
            Category::Syntax,
            Category::Information,
            Category::Connections,
            Category::Unspecified3,
            Category::Unspecified4,
            Category::MailSystem,
        ][usize::from(digits[1])];
        let detail = [
            Detail::Zero,
            Detail::One,
            Detail::Two,
            Detail::Three,
            Detail::Four,
            Detail::Five,
            Detail::Six,
            Detail::Seven,
            Detail::Eight,
            Detail::Nine,
        ][usize::from(digits[2])];
        let code = Code::new(severity, category, detail);
        assert_eq!(code.to_string(), text);
        code
    }

    #[test]
    fn replies_about_the_mail_in_5xx_are_permanent_and_4xx_transient() {
        let cases = [
            ("421", false), // service not available, closing
            ("450", false), // mailbox busy
            ("451", false), // local error in processing
            ("452", false), // insufficient storage
            ("454", false), // TLS not available (temporarily)
            ("550", true),  // mailbox unavailable (unknown user)
            ("551", true),  // user not local
            ("552", true),  // exceeded storage allocation / too much mail data
            ("553", true),  // mailbox name not allowed
            ("554", true),  // transaction failed
            ("501", true),  // syntax error in parameters (a malformed address)
            ("530", false), // authentication required: the shop's settings
            ("534", false), // authentication mechanism too weak
            ("535", false), // authentication credentials invalid
            ("538", false), // encryption required for the mechanism
        ];
        for (text, permanent) in cases {
            assert_eq!(is_permanent(code(text)), permanent, "{text}");
        }
    }
}
