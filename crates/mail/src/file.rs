//! The embedded default mailer: with no SMTP server set, each mail is written as an `.eml`
//! file (the whole message an SMTP server would receive), which any mail program opens.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use domain::notifications::{Envelope, MailError, Mailer};

use crate::{build_message, MailSettings};

/// The longest `Message-ID` part of a file name; the rest of a longer id is left out.
const MAX_ID_LEN: usize = 180;

/// Writes each mail into a folder as `{Message-ID}.eml` (`0192abcd-...@shop.example.eml`;
/// the shop's ids begin with a time-ordered UUID, so the names sort by time). The same
/// envelope again (the same `Message-ID`) replaces its file. Finding a mail's file reads no
/// folder: at hundreds of orders a second the folder holds many thousands of files.
#[derive(Debug)]
pub struct FileMailer {
    dir: PathBuf,
    settings: MailSettings,
}

impl FileMailer {
    /// Writes into `dir`, created when missing.
    ///
    /// # Errors
    /// The folder cannot be created.
    pub fn new(dir: impl Into<PathBuf>, settings: MailSettings) -> io::Result<Self> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(Self { dir, settings })
    }

    /// Writes into `{data_dir}/mail` (`SHOP_DATA_DIR`), created when missing.
    ///
    /// # Errors
    /// The folder cannot be created.
    pub fn in_data_dir(data_dir: &Path, settings: MailSettings) -> io::Result<Self> {
        Self::new(data_dir.join("mail"), settings)
    }

    /// The folder the mails go to.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where `message_id`'s file is.
    fn path_for(&self, message_id: &str) -> PathBuf {
        self.dir.join(format!("{}.eml", file_id(message_id)))
    }
}

impl Mailer for FileMailer {
    fn deliver(&self, mail: &Envelope) -> Result<(), MailError> {
        let message = build_message(mail, &self.settings)?;
        let not_written = |e: io::Error| {
            MailError::Transient(format!("mail not written in {}: {e}", self.dir.display()))
        };
        let path = self.path_for(&mail.message_id);
        // A reader (or a crash) never sees half a message: write aside, then rename over.
        let partial = self.dir.join(format!(
            ".{}.partial",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("mail")
        ));
        fs::write(&partial, message.formatted())
            .and_then(|()| fs::rename(&partial, &path))
            .map_err(not_written)?;
        tracing::info!(
            path = %path.display(),
            message_id = %mail.message_id,
            kind = mail.notification.kind(),
            "mail written to a file (no SHOP_SMTP_URL)"
        );
        Ok(())
    }
}

/// The `Message-ID` as part of a file name: without its angle brackets, letters, digits, `.`,
/// `-` and `@` kept, any other byte as `%XX` (so two ids never share a name, and `_` only
/// separates the time), cut at [`MAX_ID_LEN`].
fn file_id(message_id: &str) -> String {
    let bare = message_id
        .strip_prefix('<')
        .and_then(|id| id.strip_suffix('>'))
        .unwrap_or(message_id);
    let mut id = String::with_capacity(bare.len());
    for byte in bare.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'@') {
            id.push(char::from(byte));
        } else {
            id.push_str(&format!("%{byte:02X}"));
        }
    }
    // Never a name of dots alone (`.`, `..`).
    if id.bytes().all(|b| b == b'.') {
        id = id.replace('.', "%2E");
    }
    if id.len() > MAX_ID_LEN {
        id.truncate(MAX_ID_LEN);
    }
    id
}

#[cfg(test)]
mod tests {
    use domain::notifications::{Notification, PasswordResetMail};

    use super::*;

    fn settings() -> MailSettings {
        MailSettings {
            shop_name: "Fireworks Shop".into(),
            from: "Fireworks Shop <shop@example.com>".parse().expect("from"),
        }
    }

    fn envelope(message_id: &str, link: &str) -> Envelope {
        Envelope {
            message_id: message_id.into(),
            to: "ann@example.com".into(),
            notification: Notification::PasswordReset(PasswordResetMail {
                name: "Ann".into(),
                link: link.into(),
                valid_hours: 2,
            }),
        }
    }

    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("folder")
            .map(|e| e.expect("entry").file_name().into_string().expect("UTF-8"))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_message_id_becomes_a_safe_file_name_part() {
        assert_eq!(
            file_id("<0192-ab.c@shop.example>"),
            "0192-ab.c@shop.example"
        );
        assert_eq!(file_id("plain@host"), "plain@host");
        assert_eq!(file_id("<../../etc/passwd>"), "..%2F..%2Fetc%2Fpasswd");
        assert_eq!(file_id("<a_b@x>"), "a%5Fb@x");
        assert_eq!(file_id("<a%5Fb@x>"), "a%255Fb@x");
        assert_eq!(file_id("<..>"), "%2E%2E");
        assert_eq!(file_id("<a\\b:c*d?e\"f|g>"), "a%5Cb%3Ac%2Ad%3Fe%22f%7Cg");
        assert_eq!(
            file_id(&format!("<{}@x>", "a".repeat(300))).len(),
            MAX_ID_LEN
        );
    }

    #[test]
    fn each_mail_is_a_whole_message_named_after_its_message_id() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mailer = FileMailer::in_data_dir(dir.path(), settings()).expect("mailer");
        assert_eq!(mailer.dir(), dir.path().join("mail"));
        mailer
            .deliver(&envelope(
                "<one@shop.example>",
                "https://shop.example.com/r?t=1",
            ))
            .expect("written");
        let names = files(mailer.dir());
        assert_eq!(names.len(), 1, "{names:?}");
        assert_eq!(names[0], "one@shop.example.eml");
        let eml = fs::read_to_string(mailer.dir().join(&names[0])).expect("the file");
        assert!(
            eml.contains("\r\nMessage-ID: <one@shop.example>\r\n"),
            "{eml}"
        );
        assert!(eml.contains("\r\nTo: ann@example.com\r\n"), "{eml}");
        assert!(
            eml.contains("Content-Type: multipart/alternative;"),
            "{eml}"
        );
    }

    #[test]
    fn the_same_envelope_again_replaces_its_file() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mailer = FileMailer::new(dir.path(), settings()).expect("mailer");
        mailer
            .deliver(&envelope(
                "<same@shop.example>",
                "https://shop.example.com/first",
            ))
            .expect("written");
        let first = files(dir.path());
        std::thread::sleep(std::time::Duration::from_millis(5));
        mailer
            .deliver(&envelope(
                "<same@shop.example>",
                "https://shop.example.com/second",
            ))
            .expect("written again");
        assert_eq!(files(dir.path()), first, "one file, same name");
        let eml = fs::read_to_string(dir.path().join(&first[0])).expect("the file");
        assert!(eml.contains("https://shop.example.com/second"), "{eml}");
        assert!(!eml.contains("https://shop.example.com/first"), "{eml}");
        mailer
            .deliver(&envelope(
                "<other@shop.example>",
                "https://shop.example.com/x",
            ))
            .expect("another");
        assert_eq!(files(dir.path()).len(), 2);
    }

    #[test]
    fn an_invalid_recipient_writes_nothing_and_is_permanent() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mailer = FileMailer::new(dir.path(), settings()).expect("mailer");
        let mut mail = envelope("<bad@shop.example>", "https://shop.example.com/x");
        mail.to = "not an address".into();
        assert!(matches!(
            mailer.deliver(&mail),
            Err(MailError::Permanent(_))
        ));
        assert!(files(dir.path()).is_empty());
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_transient() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mailer = FileMailer::new(dir.path().join("mail"), settings()).expect("mailer");
        fs::remove_dir(mailer.dir()).expect("removed");
        fs::write(mailer.dir(), b"a file where the folder was").expect("blocked");
        let result = mailer.deliver(&envelope("<x@shop.example>", "https://shop.example.com/x"));
        assert!(matches!(result, Err(MailError::Transient(_))), "{result:?}");
    }
}
