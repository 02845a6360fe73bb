//! The back office's user management (back-office.md §2 "/admin/users" and its targets, §3
//! "User"; decisions.md "Accounts and roles"): an admin creates an account with any role, edits
//! its e-mail, role, names and phone, sets a new password (every token issued before stops
//! working), and changes role and activity. An admin can neither remove their own ADMIN role
//! nor deactivate themselves. Each write records an audit row; hashing runs outside the
//! transaction. A change of role or activity never leaves the shop without an active admin,
//! and only an admin who still is one when the change is written may make it (two admins
//! demoting each other at once: the second is refused).

use super::model::Contact;
use chrono::NaiveDateTime;
use serde::Serialize;

use crate::audit::{Audit, AuditEntry};
use crate::ids::UserId;
use crate::profile::{FieldError, FieldErrors, PhoneNumber, MAX_NAME_LEN};
use crate::store::{Store, StoreError};
use crate::users::{
    check_password_rule, create_account, Accounts, Email, NewUser, PasswordError, PasswordHasher,
    RegisterError, Role, UserAdmin, UserListItem,
};

/// The message of a role that is not one of the four.
pub const ROLE_MESSAGE: &str = "Role must be USER, MANAGER, ADMIN or MEMBER";
/// Refusal of an admin removing their own ADMIN role.
pub const OWN_ROLE_MESSAGE: &str = "You cannot remove your own admin role";
/// Refusal of an admin deactivating themselves.
pub const OWN_ACTIVITY_MESSAGE: &str = "You cannot deactivate your own account";
/// Refusal of a change that would leave no active admin.
pub const LAST_ADMIN_MESSAGE: &str =
    "This change would leave the shop without an active admin: keep at least one";
/// Refusal of a caller whose ADMIN role or activity was removed since their request began.
pub const NO_LONGER_ADMIN_MESSAGE: &str = "You are no longer an active admin";

/// The admin's user form (create: with a password; edit: without).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserForm {
    /// E-mail.
    pub email: Option<String>,
    /// Password (create only).
    pub password: Option<String>,
    /// `USER`, `MANAGER`, `ADMIN` or `MEMBER` (default `USER`).
    pub role: Option<String>,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
}

/// A validated user form.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ValidForm {
    email: Email,
    role: Role,
    contact: Contact,
}

/// A user as the audit trail records it (never the password hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
struct Snapshot {
    email: String,
    role: Role,
    active: bool,
    #[serde(flatten)]
    contact: Contact,
}

impl From<&UserListItem> for Snapshot {
    fn from(u: &UserListItem) -> Self {
        Snapshot {
            email: u.user.email.clone(),
            role: u.user.role,
            active: u.user.active,
            contact: Contact {
                first_name: u.first_name.clone(),
                last_name: u.last_name.clone(),
                phone_number: u.phone_number.clone(),
            },
        }
    }
}

/// Why a user-management call was refused.
#[derive(Debug, thiserror::Error)]
pub enum UserAdminError {
    /// The form failed validation.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No user has this id.
    #[error("User not found")]
    NotFound,
    /// Another account has this e-mail.
    #[error("Email is already registered")]
    EmailTaken,
    /// The admin would lock themselves out ([`OWN_ROLE_MESSAGE`], [`OWN_ACTIVITY_MESSAGE`]).
    #[error("{0}")]
    OwnAccount(&'static str),
    /// The change would leave no active admin ([`LAST_ADMIN_MESSAGE`]).
    #[error("{}", LAST_ADMIN_MESSAGE)]
    LastAdmin,
    /// The caller lost their ADMIN role or was deactivated ([`NO_LONGER_ADMIN_MESSAGE`]).
    #[error("{}", NO_LONGER_ADMIN_MESSAGE)]
    NoLongerAdmin,
    /// Hashing failed.
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// The store failed.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for UserAdminError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Duplicate(_) => UserAdminError::EmailTaken,
            StoreError::NotFound => UserAdminError::NotFound,
            other => UserAdminError::Store(other),
        }
    }
}

fn one(field: &str, message: impl Into<String>) -> UserAdminError {
    let mut errors = FieldErrors::new();
    errors.add_message(field, message);
    UserAdminError::Invalid(errors)
}

fn name(raw: Option<&String>, field: &str, errors: &mut FieldErrors) -> Option<String> {
    let text = raw.map(|s| s.trim()).filter(|s| !s.is_empty())?;
    if text.chars().count() > MAX_NAME_LEN {
        errors.add(field, FieldError::TooLong(MAX_NAME_LEN));
    }
    Some(text.to_owned())
}

/// A role from a form (`None` and blank give `default`).
///
/// # Errors
/// The `role` field's [`ROLE_MESSAGE`].
pub fn parse_role(raw: Option<&str>, default: Role) -> Result<Role, FieldErrors> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(default),
        Some(r) => r.parse::<Role>().map_err(|_| {
            let mut errors = FieldErrors::new();
            errors.add_message("role", ROLE_MESSAGE);
            errors
        }),
    }
}

impl UserForm {
    fn validate(&self, with_password: bool) -> Result<ValidForm, FieldErrors> {
        let mut errors = FieldErrors::new();
        let email = Email::parse(self.email.as_deref().unwrap_or_default())
            .map_err(|m| errors.add_message("email", m))
            .ok();
        if with_password {
            if let Err(m) = check_password_rule(self.password.as_deref().unwrap_or_default()) {
                errors.add_message("password", m);
            }
        }
        let role = parse_role(self.role.as_deref(), Role::User)
            .map_err(|e| errors.add_message("role", e.get("role")[0].clone()))
            .ok();
        let first_name = name(self.first_name.as_ref(), "firstName", &mut errors);
        let last_name = name(self.last_name.as_ref(), "lastName", &mut errors);
        let phone = match self
            .phone_number
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            None => None,
            Some(p) => PhoneNumber::parse(p)
                .map(|n| n.as_str().to_owned())
                .map_err(|e| errors.add("phoneNumber", e))
                .ok(),
        };
        match (email, role) {
            (Some(email), Some(role)) if errors.is_empty() => Ok(ValidForm {
                email,
                role,
                contact: Contact {
                    first_name,
                    last_name,
                    phone_number: phone,
                },
            }),
            _ => Err(errors),
        }
    }
}

fn audit(
    action: &'static str,
    actor: &UserId,
    id: &UserId,
    before: Option<&UserListItem>,
    after: Option<&UserListItem>,
    at: NaiveDateTime,
) -> AuditEntry {
    let (before, after) = (before.map(Snapshot::from), after.map(Snapshot::from));
    AuditEntry::new(
        actor,
        action,
        "user",
        id.as_str(),
        before.as_ref(),
        after.as_ref(),
        at,
    )
}

fn row<T: UserAdmin + ?Sized>(tx: &mut T, id: &UserId) -> Result<UserListItem, UserAdminError> {
    tx.user_row(id)?.ok_or(UserAdminError::NotFound)
}

/// Inside the write, before a change of roles or activity: locks the active admins (see
/// [`Users::lock_active_admins`]) and checks that the caller still is one.
fn lock_admins<T: UserAdmin + ?Sized>(tx: &mut T, actor: &UserId) -> Result<(), UserAdminError> {
    if tx.lock_active_admins()?.contains(actor) {
        Ok(())
    } else {
        Err(UserAdminError::NoLongerAdmin)
    }
}

/// After the change, still inside the write: at least one active admin remains.
fn an_admin_remains<T: UserAdmin + ?Sized>(tx: &mut T) -> Result<(), UserAdminError> {
    if tx.lock_active_admins()?.is_empty() {
        Err(UserAdminError::LastAdmin)
    } else {
        Ok(())
    }
}

/// One user with their names and phone.
///
/// # Errors
/// [`UserAdminError::NotFound`]; store failures.
pub fn get_user(store: &impl Store, id: &UserId) -> Result<UserListItem, UserAdminError> {
    store.read(|tx| row(tx, id))
}

/// Creates an account (with its empty profile and cart) with the form's role, names and phone.
///
/// # Errors
/// [`UserAdminError::Invalid`], [`UserAdminError::EmailTaken`]; hashing and store failures.
pub fn create_user(
    store: &impl Store,
    passwords: &dyn PasswordHasher,
    actor: &UserId,
    form: &UserForm,
    now: NaiveDateTime,
) -> Result<UserListItem, UserAdminError> {
    let valid = form.validate(true).map_err(UserAdminError::Invalid)?;
    let password_hash = passwords.hash(form.password.as_deref().unwrap_or_default())?;
    let user = NewUser {
        email: valid.email.as_str().to_owned(),
        password_hash,
        role: valid.role,
    };
    let created = create_account(store, &user, now).map_err(|e| match e {
        RegisterError::EmailTaken => UserAdminError::EmailTaken,
        RegisterError::Password(e) => UserAdminError::Password(e),
        RegisterError::Store(e) => UserAdminError::Store(e),
        RegisterError::InvalidEmail(m) | RegisterError::InvalidPassword(m) => one("email", m),
    })?;
    store.write(|tx| {
        tx.set_contact(&created.id, &valid.contact, now)?;
        let after = row(tx, &created.id)?;
        tx.record_audit(&audit(
            "create",
            actor,
            &created.id,
            None,
            Some(&after),
            now,
        ))?;
        Ok(after)
    })
}

/// Changes a user's e-mail, role, names and phone. An admin cannot remove their own ADMIN
/// role.
///
/// # Errors
/// [`UserAdminError::Invalid`], [`UserAdminError::NotFound`], [`UserAdminError::EmailTaken`],
/// [`UserAdminError::OwnAccount`]; store failures.
pub fn update_user(
    store: &impl Store,
    actor: &UserId,
    id: &UserId,
    form: &UserForm,
    now: NaiveDateTime,
) -> Result<UserListItem, UserAdminError> {
    let valid = form.validate(false).map_err(UserAdminError::Invalid)?;
    store.write(|tx| {
        lock_admins(tx, actor)?;
        let before = row(tx, id)?;
        if id == actor && !valid.role.is_admin() {
            return Err(UserAdminError::OwnAccount(OWN_ROLE_MESSAGE));
        }
        tx.update_account(id, valid.email.as_str(), valid.role, now)?;
        an_admin_remains(tx)?;
        tx.set_contact(id, &valid.contact, now)?;
        let after = row(tx, id)?;
        tx.record_audit(&audit(
            "update",
            actor,
            id,
            Some(&before),
            Some(&after),
            now,
        ))?;
        Ok(after)
    })
}

/// Sets a new password (the registration rule applies); every token issued before stops
/// working at once.
///
/// # Errors
/// [`UserAdminError::Invalid`] (`password`), [`UserAdminError::NotFound`]; hashing and store
/// failures.
pub fn reset_password(
    store: &impl Store,
    passwords: &dyn PasswordHasher,
    actor: &UserId,
    id: &UserId,
    password: &str,
    now: NaiveDateTime,
) -> Result<(), UserAdminError> {
    check_password_rule(password).map_err(|m| one("password", m))?;
    store.read(|tx| row(tx, id))?;
    let hash = passwords.hash(password)?;
    store.write(|tx| {
        tx.set_password(id, &hash, now)?;
        tx.record_audit(&audit("reset-password", actor, id, None, None, now))?;
        Ok(())
    })
}

/// Changes a user's role and whether they may sign in (each when given). An admin can neither
/// remove their own ADMIN role nor deactivate themselves.
///
/// # Errors
/// [`UserAdminError::Invalid`] (`role`), [`UserAdminError::NotFound`],
/// [`UserAdminError::OwnAccount`]; store failures.
pub fn set_permissions(
    store: &impl Store,
    actor: &UserId,
    id: &UserId,
    role: Option<&str>,
    active: Option<bool>,
    now: NaiveDateTime,
) -> Result<UserListItem, UserAdminError> {
    let role = match role {
        None => None,
        Some(r) => Some(parse_role(Some(r), Role::User).map_err(|_| one("role", ROLE_MESSAGE))?),
    };
    store.write(|tx| {
        lock_admins(tx, actor)?;
        let before = row(tx, id)?;
        if id == actor {
            if role.is_some_and(|r| !r.is_admin()) {
                return Err(UserAdminError::OwnAccount(OWN_ROLE_MESSAGE));
            }
            if active == Some(false) {
                return Err(UserAdminError::OwnAccount(OWN_ACTIVITY_MESSAGE));
            }
        }
        if let Some(role) = role {
            tx.set_role(id, role, now)?;
        }
        if let Some(active) = active {
            tx.set_active(id, active, now)?;
        }
        an_admin_remains(tx)?;
        let after = row(tx, id)?;
        tx.record_audit(&audit(
            "permissions",
            actor,
            id,
            Some(&before),
            Some(&after),
            now,
        ))?;
        Ok(after)
    })
}

/// Makes the user with this e-mail an active ADMIN: `shop promote-admin`, the way back for
/// an operator whose shop has no active admin left. The audit trail names the promoted user
/// as the actor (the command line has no signed-in one).
///
/// # Errors
/// [`UserAdminError::Invalid`] (`email`), [`UserAdminError::NotFound`]; store failures.
pub fn promote_admin(
    store: &impl Store,
    email: &str,
    now: NaiveDateTime,
) -> Result<UserListItem, UserAdminError> {
    let email = Email::parse(email).map_err(|m| one("email", m))?;
    store.write(|tx| {
        let user = tx
            .user_by_email(email.as_str())?
            .ok_or(UserAdminError::NotFound)?;
        let before = row(tx, &user.id)?;
        tx.set_role(&user.id, Role::Admin, now)?;
        tx.set_active(&user.id, true, now)?;
        let after = row(tx, &user.id)?;
        tx.record_audit(&audit(
            "promote-admin",
            &user.id,
            &user.id,
            Some(&before),
            Some(&after),
            now,
        ))?;
        Ok(after)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> UserForm {
        UserForm {
            email: Some(" New.Person@Example.com ".into()),
            password: Some("Fire#Works2026".into()),
            role: Some("MANAGER".into()),
            first_name: Some(" Ann ".into()),
            last_name: None,
            phone_number: Some("(701) 555-0100".into()),
        }
    }

    #[test]
    fn a_valid_form_is_normalised() {
        let v = form().validate(true).expect("valid");
        assert_eq!(v.email.as_str(), "new.person@example.com");
        assert_eq!(v.role, Role::Manager);
        assert_eq!(v.contact.first_name.as_deref(), Some("Ann"));
        assert_eq!(v.contact.last_name, None);
    }

    #[test]
    fn each_field_says_what_is_wrong() {
        let bad = UserForm {
            email: Some("not an address".into()),
            password: Some("short".into()),
            role: Some("OWNER".into()),
            first_name: Some("x".repeat(MAX_NAME_LEN + 1)),
            last_name: None,
            phone_number: Some("call me".into()),
        };
        let errors = bad.validate(true).expect_err("invalid");
        for field in ["email", "password", "role", "firstName", "phoneNumber"] {
            assert_eq!(errors.get(field).len(), 1, "{field}: {errors:?}");
        }
        assert_eq!(errors.get("role"), [ROLE_MESSAGE]);
        // Without a password (the edit form) the password is not checked.
        assert!(bad
            .validate(false)
            .expect_err("invalid")
            .get("password")
            .is_empty());
    }
}
