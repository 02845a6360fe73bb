//! The mail settings from the environment: the shop's name and sender, and where mail goes
//! (`SHOP_SMTP_URL`, or `.eml` files when it is unset).

use std::fmt;
use std::path::Path;
use std::time::Duration;

use domain::notifications::Mailer;
use lettre::message::Mailbox;
use percent_encoding::percent_decode_str;
use url::{Host, Url};

use crate::{FileMailer, SmtpMailer};

/// How long the SMTP client waits for the server at each step (connecting, each reply).
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(10);
/// The shop's name when `SHOP_NAME` is unset.
pub const DEFAULT_SHOP_NAME: &str = "Fireworks Shop";
/// The sender's address when `SHOP_MAIL_FROM` is unset, which only `.eml` files allow.
pub const DEFAULT_FROM_ADDRESS: &str = "shop@localhost";

/// What every mail carries, whichever way it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    /// The shop's name (`SHOP_NAME`): in every subject and at the top of every mail.
    pub shop_name: String,
    /// The sender (`SHOP_MAIL_FROM`, `Fireworks Shop <shop@example.com>`).
    pub from: Mailbox,
}

/// The mail settings and the transport they choose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailConfig {
    /// Name and sender.
    pub settings: MailSettings,
    /// The SMTP server (`SHOP_SMTP_URL`); `None`: each mail is written as an `.eml` file
    /// ([`crate::FileMailer`]).
    pub smtp: Option<SmtpConfig>,
}

/// A mail setting that is missing or wrong: the setting's name and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid setting {name}: {reason}")]
pub struct MailSettingError {
    /// The setting (`SHOP_SMTP_URL`, `SHOP_MAIL_FROM`, `SHOP_NAME`).
    pub name: &'static str,
    /// Why.
    pub reason: String,
}

impl MailConfig {
    /// Reads `SHOP_NAME`, `SHOP_MAIL_FROM` and `SHOP_SMTP_URL` through `var` (the environment,
    /// or a test's map). Blank values count as unset.
    ///
    /// # Errors
    /// [`MailSettingError`] naming the setting: an `SHOP_SMTP_URL` that does not parse (see
    /// [`SmtpConfig::parse`]), an `SHOP_MAIL_FROM` that is not an address, or no
    /// `SHOP_MAIL_FROM` with `SHOP_SMTP_URL` (a real server needs a real sender).
    pub fn read(var: impl Fn(&str) -> Option<String>) -> Result<Self, MailSettingError> {
        let value = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let shop_name = value("SHOP_NAME").unwrap_or_else(|| DEFAULT_SHOP_NAME.to_owned());
        if shop_name.chars().any(char::is_control) {
            return Err(MailSettingError {
                name: "SHOP_NAME",
                reason: "control characters are not allowed".to_owned(),
            });
        }
        let smtp = value("SHOP_SMTP_URL")
            .map(|url| {
                SmtpConfig::parse(&url).map_err(|reason| MailSettingError {
                    name: "SHOP_SMTP_URL",
                    reason,
                })
            })
            .transpose()?;
        let from = match value("SHOP_MAIL_FROM") {
            Some(from) => from.parse::<Mailbox>().map_err(|e| MailSettingError {
                name: "SHOP_MAIL_FROM",
                reason: format!(
                    "{from:?} is not an address such as `Fireworks Shop <shop@example.com>` ({e})"
                ),
            })?,
            None if smtp.is_some() => {
                return Err(MailSettingError {
                    name: "SHOP_MAIL_FROM",
                    reason: "required with SHOP_SMTP_URL (`Fireworks Shop <shop@example.com>`)"
                        .to_owned(),
                })
            }
            None => Mailbox::new(
                Some(shop_name.clone()),
                DEFAULT_FROM_ADDRESS.parse().map_err(|e| MailSettingError {
                    name: "SHOP_MAIL_FROM",
                    reason: format!("the default {DEFAULT_FROM_ADDRESS}: {e}"),
                })?,
            ),
        };
        Ok(Self {
            settings: MailSettings { shop_name, from },
            smtp,
        })
    }

    /// The mailer these settings choose: [`crate::SmtpMailer`] with `SHOP_SMTP_URL`, else
    /// [`crate::FileMailer`] in `{data_dir}/mail` (`SHOP_DATA_DIR`). Logs which.
    ///
    /// # Errors
    /// [`MailSettingError`]: `SHOP_SMTP_URL` when its TLS client cannot be set up,
    /// `SHOP_DATA_DIR` when the mail folder cannot be created.
    pub fn mailer(&self, data_dir: &Path) -> Result<Box<dyn Mailer>, MailSettingError> {
        match &self.smtp {
            Some(smtp) => {
                let mailer = SmtpMailer::new(smtp, self.settings.clone())?;
                tracing::info!(host = %smtp.host, port = smtp.port, tls = ?smtp.tls, "mail: SMTP");
                Ok(Box::new(mailer))
            }
            None => {
                let mailer =
                    FileMailer::in_data_dir(data_dir, self.settings.clone()).map_err(|e| {
                        MailSettingError {
                            name: "SHOP_DATA_DIR",
                            reason: format!(
                                "cannot create {}: {e}",
                                data_dir.join("mail").display()
                            ),
                        }
                    })?;
                tracing::info!(dir = %mailer.dir().display(), "mail: .eml files (no SHOP_SMTP_URL)");
                Ok(Box::new(mailer))
            }
        }
    }
}

/// How the connection to the SMTP server is encrypted (`?tls=` of `SHOP_SMTP_URL`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// `starttls` (the default of `smtp://`, port 587): plain connection upgraded with
    /// STARTTLS, which the server must offer (never falls back to plain text).
    StartTls,
    /// `tls` (the default of `smtps://`, port 465): TLS from the first byte.
    Implicit,
    /// `none` (port 25): no encryption, for a relay on the same host or network.
    None,
}

impl SmtpTls {
    /// The port when the URL names none.
    #[must_use]
    pub fn default_port(self) -> u16 {
        match self {
            Self::StartTls => 587,
            Self::Implicit => 465,
            Self::None => 25,
        }
    }
}

/// The account on the SMTP server (AUTH PLAIN or LOGIN).
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpCredentials {
    /// The user name, percent-decoded from the URL.
    pub user: String,
    /// The password, percent-decoded from the URL.
    pub password: String,
}

impl fmt::Debug for SmtpCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpCredentials")
            .field("user", &self.user)
            .finish_non_exhaustive()
    }
}

/// An SMTP server, from `SHOP_SMTP_URL`
/// (`smtp://user:pass@host:587?tls=starttls`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpConfig {
    /// The server's name or IP address (without brackets), also the name its certificate
    /// must carry.
    pub host: String,
    /// The port.
    pub port: u16,
    /// How the connection is encrypted.
    pub tls: SmtpTls,
    /// The account, when the URL has a user.
    pub credentials: Option<SmtpCredentials>,
    /// How long to wait for the server at each step ([`SMTP_TIMEOUT`]).
    pub timeout: Duration,
}

impl SmtpConfig {
    /// Parses `smtp://[user:password@]host[:port][?tls=starttls|tls|none]` or
    /// `smtps://...` (implicit TLS). The port defaults by encryption (587, 465, 25). The user
    /// and password are percent-decoded (`%40` for `@`). A password is never sent
    /// unencrypted to another host: `tls=none` with a user is refused unless the host is a
    /// loopback address.
    ///
    /// # Errors
    /// Why the URL is refused, in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        let url = Url::parse(text).map_err(|e| format!("not a URL ({e})"))?;
        let scheme_tls = match url.scheme() {
            "smtp" => None,
            "smtps" => Some(SmtpTls::Implicit),
            other => return Err(format!("scheme {other:?}: use smtp:// or smtps://")),
        };
        let host = match url.host() {
            Some(Host::Domain(name)) if !name.is_empty() => name.to_ascii_lowercase(),
            Some(Host::Ipv4(ip)) => ip.to_string(),
            Some(Host::Ipv6(ip)) => ip.to_string(),
            _ => return Err("no host (`smtp://host:587`)".to_owned()),
        };
        if !matches!(url.path(), "" | "/") || url.fragment().is_some() {
            return Err("nothing may follow the host and port but `?tls=...`".to_owned());
        }
        let mut asked = None;
        for (key, value) in url.query_pairs() {
            if key != "tls" {
                return Err(format!("unknown parameter {key:?}: only tls is read"));
            }
            if asked.is_some() {
                return Err("tls is given twice".to_owned());
            }
            asked = Some(match value.as_ref() {
                "starttls" => SmtpTls::StartTls,
                "tls" => SmtpTls::Implicit,
                "none" => SmtpTls::None,
                other => return Err(format!("tls={other:?}: use starttls, tls or none")),
            });
        }
        let tls = match (scheme_tls, asked) {
            (Some(SmtpTls::Implicit), Some(t)) if t != SmtpTls::Implicit => {
                return Err("smtps:// is TLS from the first byte: drop tls= or use smtp://".into())
            }
            (Some(t), _) | (None, Some(t)) => t,
            (None, None) => SmtpTls::StartTls,
        };
        let credentials = credentials(&url)?;
        if credentials.is_some() && tls == SmtpTls::None && !is_loopback(&url) {
            return Err(
                "a password is never sent unencrypted to another host: use tls=starttls or tls=tls"
                    .to_owned(),
            );
        }
        Ok(Self {
            host,
            port: url.port().unwrap_or_else(|| tls.default_port()),
            tls,
            credentials,
            timeout: SMTP_TIMEOUT,
        })
    }
}

fn credentials(url: &Url) -> Result<Option<SmtpCredentials>, String> {
    let decode = |part: &str, what: &str| {
        percent_decode_str(part)
            .decode_utf8()
            .map(|v| v.into_owned())
            .map_err(|_| format!("the {what} is not UTF-8 once percent-decoded"))
    };
    match (url.username(), url.password()) {
        ("", None) => Ok(None),
        ("", Some(_)) => Err("a password without a user".to_owned()),
        (_, None) => Err("a user without a password (`smtp://user:password@host`)".to_owned()),
        (user, Some(password)) => Ok(Some(SmtpCredentials {
            user: decode(user, "user")?,
            password: decode(password, "password")?,
        })),
    }
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        // An smtp:// URL's host is opaque to the url crate: an IPv4 address is a "domain".
        Some(Host::Domain(name)) => {
            name.eq_ignore_ascii_case("localhost")
                || name
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
        Some(Host::Ipv4(ip)) => ip.is_loopback(),
        Some(Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<MailConfig, MailSettingError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        MailConfig::read(|name| vars.get(name).cloned())
    }

    fn refused(vars: &[(&str, &str)]) -> MailSettingError {
        read(vars).expect_err("refused")
    }

    #[test]
    fn without_an_smtp_url_mail_goes_to_files_from_the_shop_at_localhost() {
        let config = read(&[]).expect("defaults");
        assert_eq!(config.smtp, None);
        assert_eq!(config.settings.shop_name, "Fireworks Shop");
        assert_eq!(
            config.settings.from.to_string(),
            "Fireworks Shop <shop@localhost>"
        );
        let named =
            read(&[("SHOP_NAME", "  Big Bang Co  "), ("SHOP_SMTP_URL", " ")]).expect("a name");
        assert_eq!(named.settings.shop_name, "Big Bang Co");
        assert_eq!(named.settings.from.email.to_string(), "shop@localhost");
        assert_eq!(named.smtp, None);
    }

    #[test]
    fn without_an_smtp_url_the_mailer_writes_into_the_data_folder() {
        let data = tempfile::tempdir().expect("temporary folder");
        let config = read(&[]).expect("defaults");
        config.mailer(data.path()).expect("a file mailer");
        assert!(data.path().join("mail").is_dir());
        let blocked = data.path().join("blocked");
        std::fs::write(&blocked, b"a file").expect("a file");
        let e = config
            .mailer(&blocked)
            .err()
            .expect("no folder under a file");
        assert_eq!(e.name, "SHOP_DATA_DIR");
        let smtp = read(&[
            ("SHOP_MAIL_FROM", "shop@example.com"),
            ("SHOP_SMTP_URL", "smtp://mail.example.com"),
        ])
        .expect("settings");
        // Built without connecting: the server is reached when a mail is delivered.
        smtp.mailer(&blocked).expect("an SMTP mailer");
    }

    #[test]
    fn the_sender_is_read_with_its_display_name() {
        let config = read(&[
            ("SHOP_MAIL_FROM", "Fireworks Shop <shop@example.com>"),
            ("SHOP_SMTP_URL", "smtp://mail.example.com"),
        ])
        .expect("settings");
        assert_eq!(config.settings.from.name.as_deref(), Some("Fireworks Shop"));
        assert_eq!(config.settings.from.email.to_string(), "shop@example.com");
        let bare = read(&[("SHOP_MAIL_FROM", "orders@example.com")]).expect("a bare address");
        assert_eq!(bare.settings.from.name, None);
    }

    #[test]
    fn a_wrong_setting_is_named_in_the_error() {
        let e = refused(&[("SHOP_SMTP_URL", "smtp://mail.example.com")]);
        assert_eq!(e.name, "SHOP_MAIL_FROM");
        assert!(e.reason.contains("required with SHOP_SMTP_URL"), "{e}");
        let e = refused(&[("SHOP_MAIL_FROM", "Fireworks Shop")]);
        assert_eq!(e.name, "SHOP_MAIL_FROM");
        assert!(
            e.to_string()
                .starts_with("invalid setting SHOP_MAIL_FROM: "),
            "{e}"
        );
        let e = refused(&[
            ("SHOP_MAIL_FROM", "shop@example.com"),
            ("SHOP_SMTP_URL", "http://mail.example.com"),
        ]);
        assert_eq!(e.name, "SHOP_SMTP_URL");
        assert!(e.reason.contains("smtp://"), "{e}");
        let e = refused(&[("SHOP_NAME", "Bang\r\nBcc: x@example.com")]);
        assert_eq!(e.name, "SHOP_NAME");
    }

    #[test]
    fn the_scheme_and_tls_choose_the_encryption_and_its_port() {
        let cases = [
            ("smtp://mail.example.com", SmtpTls::StartTls, 587),
            (
                "smtp://mail.example.com?tls=starttls",
                SmtpTls::StartTls,
                587,
            ),
            ("smtp://mail.example.com?tls=tls", SmtpTls::Implicit, 465),
            ("smtp://mail.example.com?tls=none", SmtpTls::None, 25),
            ("smtps://mail.example.com", SmtpTls::Implicit, 465),
            ("smtps://mail.example.com?tls=tls", SmtpTls::Implicit, 465),
            ("smtp://mail.example.com:2525?tls=none", SmtpTls::None, 2525),
            ("smtp://mail.example.com:25", SmtpTls::StartTls, 25),
            ("SMTP://Mail.Example.COM/", SmtpTls::StartTls, 587),
        ];
        for (url, tls, port) in cases {
            let config = SmtpConfig::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
            assert_eq!((config.tls, config.port), (tls, port), "{url}");
            assert_eq!(config.host, "mail.example.com", "{url}");
            assert_eq!(config.credentials, None, "{url}");
            assert_eq!(config.timeout, Duration::from_secs(10), "{url}");
        }
    }

    #[test]
    fn ip_addresses_are_hosts_without_brackets() {
        let v4 = SmtpConfig::parse("smtp://127.0.0.1:2525?tls=none").expect("v4");
        assert_eq!((v4.host.as_str(), v4.port), ("127.0.0.1", 2525));
        let v6 = SmtpConfig::parse("smtp://[::1]:2525?tls=none").expect("v6");
        assert_eq!((v6.host.as_str(), v6.port), ("::1", 2525));
    }

    #[test]
    fn user_and_password_are_percent_decoded() {
        let config =
            SmtpConfig::parse("smtp://shop%40example.com:p%40ss%3Aw+rd%2F@mail.example.com:587")
                .expect("credentials");
        let credentials = config.credentials.expect("credentials");
        assert_eq!(credentials.user, "shop@example.com");
        assert_eq!(credentials.password, "p@ss:w+rd/");
    }

    #[test]
    fn the_password_never_shows_in_debug_output() {
        let config = SmtpConfig::parse("smtp://user:s3cret-pw@mail.example.com").expect("url");
        let shown = format!("{config:?}");
        assert!(shown.contains("user"), "{shown}");
        assert!(!shown.contains("s3cret-pw"), "{shown}");
    }

    #[test]
    fn a_password_goes_unencrypted_only_to_a_loopback_host() {
        for url in [
            "smtp://user:pw@localhost:25?tls=none",
            "smtp://user:pw@127.0.0.1:1025?tls=none",
            "smtp://user:pw@[::1]:1025?tls=none",
        ] {
            let config = SmtpConfig::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
            assert!(config.credentials.is_some(), "{url}");
        }
        let e = SmtpConfig::parse("smtp://user:pw@mail.example.com?tls=none").expect_err("plain");
        assert!(e.contains("never sent unencrypted"), "{e}");
        assert!(SmtpConfig::parse("smtp://mail.example.com?tls=none").is_ok());
    }

    #[test]
    fn malformed_urls_are_refused_with_the_reason() {
        let cases = [
            ("mail.example.com:587", "smtp://"),
            ("https://mail.example.com", "smtp://"),
            ("smtp://", "no host"),
            ("smtp://:587", "empty host"),
            (
                "smtp://mail.example.com?tls=ssl",
                "use starttls, tls or none",
            ),
            ("smtp://mail.example.com?tls=none&tls=tls", "twice"),
            ("smtp://mail.example.com?timeout=5", "unknown parameter"),
            ("smtps://mail.example.com?tls=starttls", "smtps://"),
            ("smtps://mail.example.com?tls=none", "smtps://"),
            ("smtp://mail.example.com/relay", "nothing may follow"),
            ("smtp://mail.example.com#x", "nothing may follow"),
            ("smtp://user@mail.example.com", "a user without a password"),
            ("smtp://:pw@mail.example.com", "a password without a user"),
            ("smtp://mail.example.com:99999", "not a URL"),
        ];
        for (url, reason) in cases {
            let e = SmtpConfig::parse(url).expect_err(url);
            assert!(e.contains(reason), "{url}: {e}");
        }
    }
}
