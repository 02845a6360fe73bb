//! Accounts: roles, e-mail addresses and the registration password rule.

use std::fmt;
use std::str::FromStr;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::ids::UserId;

/// What a signed-in user may do. Only `Admin` reaches the back office; `Manager` and `Member`
/// have customer rights only (decisions.md "Accounts and roles").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Role {
    /// A customer.
    User,
    /// Customer rights only.
    Manager,
    /// Runs the shop: the back office and every admin call.
    Admin,
    /// Customer rights only.
    Member,
}

impl Role {
    /// Every role, in the specification's order.
    pub const ALL: [Role; 4] = [Role::User, Role::Manager, Role::Admin, Role::Member];

    /// The stored and transmitted spelling (`USER`, `MANAGER`, `ADMIN`, `MEMBER`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Role::User => "USER",
            Role::Manager => "MANAGER",
            Role::Admin => "ADMIN",
            Role::Member => "MEMBER",
        }
    }

    /// Whether this role may use the back office and the admin calls.
    #[must_use]
    pub const fn is_admin(self) -> bool {
        matches!(self, Role::Admin)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A role name that is not one of `USER`, `MANAGER`, `ADMIN`, `MEMBER`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Invalid role")]
pub struct InvalidRole;

impl FromStr for Role {
    type Err = InvalidRole;

    /// # Errors
    /// [`InvalidRole`] for anything but the four role names (case-sensitive).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or(InvalidRole)
    }
}

/// Message for an e-mail address that does not look like one (storefront.md §5).
pub const INVALID_EMAIL: &str = "invalid email";
/// Message for an empty password (storefront.md §5).
pub const PASSWORD_REQUIRED: &str = "Must have at least 1 character";
/// Message for a password that breaks the registration rule (storefront.md §5).
pub const PASSWORD_RULE: &str =
    "Your password must contain at least 1 capital, lowercase, number & special character #?!@$%^&*-";
/// The special characters the registration rule accepts.
pub const PASSWORD_SPECIALS: &str = "#?!@$%^&*-";
/// Longest password accepted (in UTF-8 bytes), so that hashing cost stays bounded.
pub const PASSWORD_MAX_LEN: usize = 128;
/// Longest e-mail address accepted (in UTF-8 bytes, after normalisation): RFC 5321's path
/// limit less the angle brackets.
pub const EMAIL_MAX_LEN: usize = 254;

/// The message for an address whose local part or domain mixes alphabets (a look-alike of
/// another account, such as a Cyrillic "а" in "аdmin").
pub const MIXED_SCRIPT_EMAIL: &str =
    "Email addresses may not mix alphabets (for example Latin and Cyrillic letters)";

/// The one form of an e-mail address that accounts are stored and looked up by: compatibility
/// normalised (NFKC: full-width and other variant letters become the plain ones), trimmed,
/// lowercased.
#[must_use]
pub fn normalize_email(raw: &str) -> String {
    use unicode_normalization::UnicodeNormalization as _;
    raw.nfkc().collect::<String>().trim().to_lowercase()
}

/// Whether `text` has letters or digits of more than one script (Common and Inherited
/// characters, such as digits, `.` and `-`, go with any).
fn mixes_scripts(text: &str) -> bool {
    use unicode_script::{Script, UnicodeScript as _};
    let mut seen = None;
    for script in text.chars().map(|c| c.script()) {
        if matches!(script, Script::Common | Script::Inherited) {
            continue;
        }
        match seen {
            None => seen = Some(script),
            Some(first) if first != script => return true,
            Some(_) => {}
        }
    }
    false
}

/// A syntactically valid e-mail address, trimmed and lowercased so that lookups are
/// case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Parses an address: one `@`, a non-empty local part, a dotted domain, no spaces,
    /// at most [`EMAIL_MAX_LEN`] bytes.
    ///
    /// # Errors
    /// [`INVALID_EMAIL`] when the text is not an address; [`MIXED_SCRIPT_EMAIL`] when its
    /// local part or its domain mixes alphabets (after NFKC normalisation).
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        // Longer text is no address: refused before normalising, which can grow it 18-fold.
        if raw.len() > EMAIL_MAX_LEN {
            return Err(INVALID_EMAIL);
        }
        let s = normalize_email(raw);
        let valid = s.len() <= EMAIL_MAX_LEN
            && !s.chars().any(|c| c.is_whitespace() || c.is_control())
            && match s.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && local.len() <= 64
                        && !domain.contains('@')
                        && domain.contains('.')
                        && domain.split('.').all(|label| {
                            !label.is_empty() && !label.starts_with('-') && !label.ends_with('-')
                        })
                        && domain
                            .chars()
                            .all(|c| c.is_alphanumeric() || c == '.' || c == '-')
                }
                None => false,
            };
        if !valid {
            return Err(INVALID_EMAIL);
        }
        if s.split('@').any(mixes_scripts) {
            return Err(MIXED_SCRIPT_EMAIL);
        }
        Ok(Email(s))
    }

    /// The normalised address.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Id.
    pub id: UserId,
    /// Normalised (lowercased) e-mail.
    pub email: String,
    /// argon2id PHC string.
    pub password_hash: String,
    /// Role.
    pub role: Role,
    /// Whether the user may sign in (a deactivated user's tokens stop working too).
    pub active: bool,
    /// Last successful sign-in.
    pub last_login: Option<NaiveDateTime>,
    /// When the account was created.
    pub created_on: NaiveDateTime,
    /// The version its tokens must carry (moved on by a password reset).
    pub token_version: i32,
}

/// An account about to be created.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    /// Normalised (trimmed, lowercased) e-mail.
    pub email: String,
    /// argon2id PHC string.
    pub password_hash: String,
    /// Role.
    pub role: Role,
}

/// A row of the admin user list: the account with its profile's names and phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserListItem {
    /// The account.
    pub user: User,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
}

/// Filters of the admin user list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserFilter {
    /// Case-insensitive text matched anywhere in e-mail, first or last name.
    pub search: Option<String>,
    /// Only this role.
    pub role: Option<Role>,
    /// Only active (or only inactive) users.
    pub active: Option<bool>,
    /// The order of the list.
    pub sort: UserSort,
}

crate::paging::column_sort! {
    /// A column the user list sorts by (then by e-mail and id, so that the order is total).
    UserColumn,
    /// The order of the user list: a column, ascending or descending.
    UserSort,
    /// A text that is not a user list order.
    InvalidUserSort:
        "sort must be name, email, role, lastLogin or createdOn, with - first for descending",
    /// First name, then last name, any case; users without a name last (back-office.md §9's
    /// default).
    Name = "name",
    /// E-mail address.
    Email = "email",
    /// Role.
    Role = "role",
    /// Last sign-in; users who never signed in last.
    LastLogin = "lastLogin",
    /// Creation time.
    CreatedOn = "createdOn",
}

/// Checks the registration password rule: at least 8 characters with an uppercase letter, a
/// lowercase letter, a digit and one of `#?!@$%^&*-` (storefront.md §5).
///
/// # Errors
/// [`PASSWORD_REQUIRED`] for an empty password, [`PASSWORD_RULE`] otherwise.
pub fn check_password_rule(password: &str) -> Result<(), &'static str> {
    if password.is_empty() {
        return Err(PASSWORD_REQUIRED);
    }
    let ok = password.chars().count() >= 8
        && password.len() <= PASSWORD_MAX_LEN
        && password.chars().any(|c| c.is_ascii_uppercase())
        && password.chars().any(|c| c.is_ascii_lowercase())
        && password.chars().any(|c| c.is_ascii_digit())
        && password.chars().any(|c| PASSWORD_SPECIALS.contains(c));
    if ok {
        Ok(())
    } else {
        Err(PASSWORD_RULE)
    }
}

/// A user's names and phone, as their profile holds them (all optional).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Phone number, as typed (checked).
    pub phone_number: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_their_names() {
        for role in Role::ALL {
            assert_eq!(role.as_str().parse::<Role>(), Ok(role));
        }
        assert_eq!("admin".parse::<Role>(), Err(InvalidRole));
        assert!(Role::Admin.is_admin());
        assert!(!Role::Manager.is_admin());
    }

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(
            Email::parse("  Ann@Example.COM ").map(|e| e.0),
            Ok("ann@example.com".into())
        );
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.com",
            "ann@example",
            "a b@example.com",
            "a@b@c.com",
            "ann@-x.com",
            "ann@x..com",
        ] {
            assert_eq!(Email::parse(bad), Err(INVALID_EMAIL), "{bad}");
        }
    }

    #[test]
    fn password_rule_needs_every_character_class() {
        assert_eq!(check_password_rule(""), Err(PASSWORD_REQUIRED));
        for bad in [
            "Ab1#",
            "abcdefg1#",
            "ABCDEFG1#",
            "Abcdefgh#",
            "Abcdefgh1",
            "Abcdefg1_",
        ] {
            assert_eq!(check_password_rule(bad), Err(PASSWORD_RULE), "{bad}");
        }
        for good in ["Abcdefg1#", "Zz9?zzzz", "P@ssw0rd-", "Hello-World1"] {
            assert_eq!(check_password_rule(good), Ok(()), "{good}");
        }
        assert_eq!(
            check_password_rule(&format!("Aa1#{}", "x".repeat(200))),
            Err(PASSWORD_RULE)
        );
    }

    #[test]
    fn look_alike_addresses_are_normalised_or_refused() {
        // Cyrillic "а" (U+0430) beside Latin letters: a look-alike of admin@example.com.
        assert_eq!(
            Email::parse("\u{0430}dmin@example.com"),
            Err(MIXED_SCRIPT_EMAIL)
        );
        assert_eq!(
            Email::parse("admin@ex\u{0430}mple.com"),
            Err(MIXED_SCRIPT_EMAIL)
        );
        // Full-width letters are the plain ones after NFKC.
        assert_eq!(
            Email::parse(" ＡＤＭＩＮ@example.com ").map(|e| e.as_str().to_owned()),
            Ok("admin@example.com".to_owned())
        );
        // One script throughout is fine, digits and dots go with any.
        assert!(Email::parse("иван.1990@пример.рф").is_ok());
        assert_eq!(normalize_email(" Ｂob@Example.COM"), "bob@example.com");
    }
}

/// A stored reset link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordReset {
    /// Whose password it resets.
    pub user_id: UserId,
    /// Until when it works.
    pub expires_at: NaiveDateTime,
    /// When it was used, if it was.
    pub used_at: Option<NaiveDateTime>,
}
