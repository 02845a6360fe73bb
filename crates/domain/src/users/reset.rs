//! Password reset by link (issue 35): a random single-use token, stored hashed, valid for an
//! hour (or what an admin chose), mailed through the outbox. Asking answers the same whether
//! the address is known or not; using it sets a password that passes the registration rule
//! and ends every session from before.

use chrono::{Duration, NaiveDateTime};
use sha2::{Digest, Sha256};

use super::{
    check_password_rule, Accounts, PasswordHasher, PasswordReset, PasswordResets, UserAdmin,
    UserAdminError,
};
use crate::audit::{Audit, AuditEntry};
use crate::ids::UserId;
use crate::notifications::{Mailing, Notification, Outbox, PasswordResetMail};
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};

/// How long a link a shopper asked for works.
pub const RESET_HOURS: u32 = 1;
/// The most links one account is sent in an hour (more asks answer the same, send nothing).
pub const RESETS_PER_HOUR: i64 = 3;
/// The longest an admin's link may work.
pub const MAX_ADMIN_RESET_HOURS: u32 = 168;
/// What a used, unknown or malformed link answers.
pub const RESET_LINK_INVALID: &str =
    "This reset link is invalid or has already been used. Please ask for a new one.";
/// What an expired link answers.
pub const RESET_LINK_EXPIRED: &str = "This reset link has expired. Please ask for a new one.";
/// The admin's hours out of range.
pub const RESET_HOURS_MESSAGE: &str = "Expiry must be a whole number of hours from 1 to 168";

/// A reset link's token: 32 random bytes as 64 lowercase hex digits. Only its SHA-256 is
/// stored.
#[derive(Clone, PartialEq, Eq)]
pub struct ResetToken(String);

impl std::fmt::Debug for ResetToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResetToken(..)")
    }
}

impl ResetToken {
    /// The token of 32 random bytes (the caller's randomness).
    #[must_use]
    pub fn from_random(bytes: &[u8; 32]) -> Self {
        ResetToken(hex::encode(bytes))
    }

    /// The token in `text`, when it has a token's shape.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let well_formed = text.len() == 64
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        well_formed.then(|| ResetToken(text.to_owned()))
    }

    /// What is stored: the SHA-256 of the token, in hex.
    #[must_use]
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }

    /// The token as the link carries it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a password was not reset by a link.
#[derive(Debug, thiserror::Error)]
pub enum ResetError {
    /// The new password breaks the registration rule (field `newPassword`).
    #[error("{0}")]
    Invalid(FieldErrors),
    /// The link is unknown, malformed or used.
    #[error("{RESET_LINK_INVALID}")]
    LinkInvalid,
    /// The link has expired.
    #[error("{RESET_LINK_EXPIRED}")]
    LinkExpired,
    /// Hashing failed or is busy.
    #[error(transparent)]
    Password(#[from] super::PasswordError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn one(field: &str, message: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    errors.add_message(field, message);
    errors
}

fn greeting(email: &str) -> String {
    email.split('@').next().unwrap_or(email).to_owned()
}

/// Writes the link and its mail for an account (in the caller's transaction).
fn send_link<T: PasswordResets + Outbox + ?Sized>(
    tx: &mut T,
    mailing: &Mailing,
    user: &UserId,
    email: &str,
    token: &ResetToken,
    hours: u32,
    now: NaiveDateTime,
) -> Result<(), StoreError> {
    tx.insert_password_reset(
        &token.hash(),
        user,
        now + Duration::hours(i64::from(hours)),
        now,
    )?;
    let link = mailing.link(&format!("/reset-password?token={}", token.as_str()));
    let notification = Notification::PasswordReset(PasswordResetMail {
        name: greeting(email),
        link,
        valid_hours: hours,
    });
    tx.enqueue_mail(&mailing.mail(email, notification, now))
}

/// "Forgot password": mails a link to the account of `email`, if there is an active one and
/// it has not been sent [`RESETS_PER_HOUR`] links in the last hour. Answers nothing either
/// way, so that the caller says the same for known and unknown addresses; the mail leaves
/// through the outbox, not while the caller waits.
///
/// # Errors
/// Store failures.
pub fn request_password_reset(
    store: &impl Store,
    mailing: &Mailing,
    email: &str,
    token: &ResetToken,
    now: NaiveDateTime,
) -> Result<(), StoreError> {
    let email = email.trim().to_lowercase();
    store.write(|tx| {
        let Some(user) = tx.user_by_email(&email)? else {
            return Ok(());
        };
        if !user.active
            || tx.password_resets_since(&user.id, now - Duration::hours(1))? >= RESETS_PER_HOUR
        {
            return Ok(());
        }
        send_link(tx, mailing, &user.id, &user.email, token, RESET_HOURS, now)
    })
}

/// An admin mails a user a link that works for `hours` (1 to [`MAX_ADMIN_RESET_HOURS`]).
///
/// # Errors
/// [`UserAdminError::Invalid`] (`expiresInHours`), [`UserAdminError::NotFound`]; store
/// failures.
pub fn send_reset_link(
    store: &impl Store,
    mailing: &Mailing,
    actor: &UserId,
    user: &UserId,
    hours: i64,
    token: &ResetToken,
    now: NaiveDateTime,
) -> Result<(), UserAdminError> {
    let hours = u32::try_from(hours)
        .ok()
        .filter(|h| (1..=MAX_ADMIN_RESET_HOURS).contains(h))
        .ok_or_else(|| UserAdminError::Invalid(one("expiresInHours", RESET_HOURS_MESSAGE)))?;
    store.write(|tx| {
        let found = tx.user_by_id(user)?.ok_or(UserAdminError::NotFound)?;
        send_link(tx, mailing, &found.id, &found.email, token, hours, now)?;
        let detail = serde_json::json!({ "expiresInHours": hours });
        tx.record_audit(&AuditEntry::new(
            actor,
            "send-reset-link",
            "user",
            user.as_str(),
            None,
            Some(&detail),
            now,
        ))?;
        Ok(())
    })
}

/// Sets a new password with a link's token: the password must pass the registration rule; the
/// link must be known, unused and unexpired. Every link of the account is then used up and
/// every token issued before stops working (the account's token version moves on).
///
/// # Errors
/// [`ResetError`].
pub fn reset_password_with_link(
    store: &impl Store,
    passwords: &dyn PasswordHasher,
    token: &str,
    new_password: &str,
    now: NaiveDateTime,
) -> Result<(), ResetError> {
    check_password_rule(new_password).map_err(|m| ResetError::Invalid(one("newPassword", m)))?;
    let token = ResetToken::parse(token).ok_or(ResetError::LinkInvalid)?;
    let hash = token.hash();
    let found = store.read(|tx| tx.password_reset(&hash, false))?;
    check_link(found.as_ref(), now)?;
    let password_hash = passwords.hash(new_password)?;
    store.write(|tx| {
        // Again under the row's lock: two uses of one link take turns, the second is refused.
        let found = tx.password_reset(&hash, true)?;
        let reset = check_link(found.as_ref(), now)?;
        tx.set_password(&reset.user_id, &password_hash, now)?;
        tx.use_password_resets(&reset.user_id, now)?;
        Ok(())
    })
}

fn check_link(
    found: Option<&PasswordReset>,
    now: NaiveDateTime,
) -> Result<&PasswordReset, ResetError> {
    let reset = found.ok_or(ResetError::LinkInvalid)?;
    if reset.used_at.is_some() {
        return Err(ResetError::LinkInvalid);
    }
    if now >= reset.expires_at {
        return Err(ResetError::LinkExpired);
    }
    Ok(reset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reset_token_is_64_hex_digits_and_only_its_hash_is_kept() {
        let token = ResetToken::from_random(&[0xab; 32]);
        assert_eq!(token.as_str().len(), 64);
        assert_eq!(ResetToken::parse(token.as_str()), Some(token.clone()));
        assert_ne!(token.hash(), token.as_str());
        assert_eq!(token.hash().len(), 64);
        for bad in ["", "abc", &"A".repeat(64), &"g".repeat(64), &"a".repeat(65)] {
            assert_eq!(ResetToken::parse(bad), None, "{bad}");
        }
        assert_eq!(format!("{token:?}"), "ResetToken(..)");
    }
}
