//! Account use cases: register, sign in, recognise a token's user, list users. Passwords and
//! tokens come through the [`PasswordHasher`] and [`TokenService`] ports; hashing, which is
//! slow on purpose, runs outside every store transaction.

use chrono::NaiveDateTime;

use crate::cart::Carts;
use crate::ids::{CartId, UserId};
use crate::paging::{Page, PageRequest};
use crate::profile::Profile;
use crate::profile::Profiles;
use crate::store::{Store, StoreError};
use crate::users::{check_password_rule, Email, NewUser, Role, User, UserFilter, UserListItem};
use crate::users::{Accounts, PasswordError, PasswordHasher, TokenError, TokenService, UserAdmin};

/// Why a registration was refused.
#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    /// The e-mail is not an address ("invalid email").
    #[error("{0}")]
    InvalidEmail(&'static str),
    /// The password breaks the registration rule (storefront.md §5 message).
    #[error("{0}")]
    InvalidPassword(&'static str),
    /// Another account has this e-mail.
    #[error("Email is already registered")]
    EmailTaken,
    /// Hashing failed.
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// The store failed.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for RegisterError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Duplicate(_) => RegisterError::EmailTaken,
            other => RegisterError::Store(other),
        }
    }
}

/// Creates a customer account (decisions.md "Accounts and roles"): the user with role USER,
/// an empty profile and an empty cart, in one write. The password is hashed first, outside
/// the transaction.
///
/// # Errors
/// [`RegisterError::InvalidEmail`], [`RegisterError::InvalidPassword`],
/// [`RegisterError::EmailTaken`]; hashing and store failures.
pub fn register(
    store: &impl Store,
    passwords: &dyn PasswordHasher,
    email: &str,
    password: &str,
    now: NaiveDateTime,
) -> Result<User, RegisterError> {
    let email = Email::parse(email).map_err(RegisterError::InvalidEmail)?;
    check_password_rule(password).map_err(RegisterError::InvalidPassword)?;
    let password_hash = passwords.hash(password)?;
    create_account(
        store,
        &NewUser {
            email: email.as_str().to_owned(),
            password_hash,
            role: Role::User,
        },
        now,
    )
}

/// Creates an account with its empty profile and empty cart in one write: the one place that
/// says what an account is made of (registration and the first admin both come here).
///
/// # Errors
/// [`RegisterError::EmailTaken`]; store failures.
pub fn create_account(
    store: &impl Store,
    user: &NewUser,
    now: NaiveDateTime,
) -> Result<User, RegisterError> {
    store.write(|tx| {
        let created = tx.insert_user(user, now)?;
        tx.insert_empty_profile(&created.id, now)?;
        tx.insert_empty_cart(&created.id, now)?;
        Ok(created)
    })
}

/// Why a sign-in was refused.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    /// Unknown e-mail, wrong password or a deactivated account: one answer for all three.
    #[error("Invalid email or password")]
    InvalidCredentials,
    /// Checking the password failed.
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// Signing the token failed.
    #[error(transparent)]
    Token(#[from] TokenError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A successful sign-in.
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The session token.
    pub token: String,
    /// The account.
    pub user: User,
    /// Its profile.
    pub profile: Profile,
    /// Its cart.
    pub cart: Option<CartId>,
}

/// Signs in: finds the account, checks the password (an unknown e-mail spends the same time),
/// refuses a deactivated account the same way, issues a token, records the sign-in and reads
/// the profile and cart.
///
/// # Errors
/// [`SignInError::InvalidCredentials`]; password, token and store failures.
pub fn sign_in(
    store: &impl Store,
    passwords: &dyn PasswordHasher,
    tokens: &dyn TokenService,
    email: &str,
    password: &str,
    now: NaiveDateTime,
) -> Result<SignedIn, SignInError> {
    let email = crate::users::normalize_email(email);
    let found = store.read(|tx| tx.user_by_email(&email))?;
    let Some(user) = found else {
        passwords.verify_nothing(password)?;
        return Err(SignInError::InvalidCredentials);
    };
    if !passwords.verify(password, &user.password_hash)? || !user.active {
        return Err(SignInError::InvalidCredentials);
    }
    let token = tokens.issue(&user.id, user.role, user.token_version)?;
    let user = User {
        last_login: Some(now),
        ..user
    };
    let (profile, cart) = store.write(|tx| {
        tx.record_login(&user.id, now)?;
        Ok::<_, StoreError>((tx.profile_of(&user.id)?, tx.cart_of(&user.id)?))
    })?;
    Ok(SignedIn {
        token,
        user,
        profile,
        cart,
    })
}

/// Why a request's token does not identify an active user.
#[derive(Debug, thiserror::Error)]
pub enum AuthenticateError {
    /// The token is past its expiry.
    #[error("token expired")]
    Expired,
    /// The token is not valid, or its user is gone or deactivated.
    #[error("not signed in")]
    NotSignedIn,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The active user a token names, with their current role (read from the store on every
/// request, so a deactivation or a role change takes effect at once on every node).
///
/// # Errors
/// [`AuthenticateError::Expired`], [`AuthenticateError::NotSignedIn`]; store failures.
pub fn authenticate(
    store: &impl Store,
    tokens: &dyn TokenService,
    token: &str,
) -> Result<User, AuthenticateError> {
    let claims = tokens.verify(token).map_err(|e| match e {
        TokenError::Expired => AuthenticateError::Expired,
        TokenError::Invalid | TokenError::Signing(_) => AuthenticateError::NotSignedIn,
    })?;
    match store.read(|tx| tx.user_by_id(&claims.user))? {
        Some(user) if user.active && user.token_version == claims.version => Ok(user),
        _ => Err(AuthenticateError::NotSignedIn),
    }
}

/// One page of the admin user list.
///
/// # Errors
/// Store failures.
pub fn list(
    store: &impl Store,
    filter: &UserFilter,
    page: PageRequest,
) -> Result<Page<UserListItem>, StoreError> {
    store.read(|tx| tx.list_users(filter, page))
}

/// Whether the shop has an active admin.
///
/// # Errors
/// Store failures.
pub fn has_active_admin(store: &impl Store) -> Result<bool, StoreError> {
    store.read(|tx| tx.any_active_admin())
}

/// Makes sure the shop has an admin: when no active admin exists, creates `email` as one with
/// `password_hash` (the first admin of a fresh database). Answers the new admin's id, or
/// `None` when one existed.
///
/// `email` is the address the operator configured (checked by the caller).
///
/// # Errors
/// [`RegisterError::EmailTaken`] when the address belongs to a non-admin account; hashing and
/// store failures.
pub fn ensure_admin(
    store: &impl Store,
    email: &str,
    password_hash: impl FnOnce() -> Result<String, PasswordError>,
    now: NaiveDateTime,
) -> Result<Option<UserId>, RegisterError> {
    if has_active_admin(store)? {
        return Ok(None);
    }
    let user = NewUser {
        email: crate::users::normalize_email(email),
        password_hash: password_hash()?,
        role: Role::Admin,
    };
    Ok(Some(create_account(store, &user, now)?.id))
}
