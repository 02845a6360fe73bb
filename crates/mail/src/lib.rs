//! The shop's mail: adapters of the domain's [`domain::notifications::Mailer`] port.
//! [`FileMailer`] is the built-in one, writing each mail as an `.eml` file under
//! `SHOP_DATA_DIR/mail/` so that `make run` needs no mail server; [`SmtpMailer`] sends through
//! the SMTP server of `SHOP_SMTP_URL` (lettre's blocking client over rustls).
//!
//! Both send the same message ([`build_message`]): multipart/alternative, plain text and HTML
//! rendered from the templates in `templates/` ([`render`]; embedded in the binary, HTML
//! escaped, no images), the shop's name in the subject and heading, and the envelope's
//! `Message-ID`. [`MailConfig::read`] reads the settings (`SHOP_NAME`, `SHOP_MAIL_FROM`,
//! `SHOP_SMTP_URL`) and names the one that is wrong.
//!
//! This crate depends on the domain only: the api wires a mailer to the outbox's sender.

#![warn(missing_docs)]

mod file;
mod message;
mod render;
mod settings;
mod smtp;

#[cfg(feature = "test-support")]
pub mod test_support;

pub use file::FileMailer;
pub use lettre::message::Mailbox;
pub use message::build_message;
pub use render::{render, RenderError, Rendered};
pub use settings::{
    MailConfig, MailSettingError, MailSettings, SmtpConfig, SmtpCredentials, SmtpTls,
    DEFAULT_FROM_ADDRESS, DEFAULT_SHOP_NAME, SMTP_TIMEOUT,
};
pub use smtp::SmtpMailer;
