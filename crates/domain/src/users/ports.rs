//! The users' ports: accounts and user management in the store, password hashing and tokens.

use chrono::NaiveDateTime;

use crate::ids::UserId;
use crate::paging::{Page, PageRequest};
use crate::store::StoreError;
use crate::users::Contact;
use crate::users::{NewUser, PasswordReset, Role, User, UserFilter, UserListItem};

/// Why a password could not be hashed or checked: never "wrong password", which is
/// `Ok(false)`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Too many hashes are running: the hasher bounds them (each takes memory and CPU on
    /// purpose) and refused this one after a short wait. Try again in a moment.
    #[error("password hashing is busy")]
    Busy,
    /// A broken stored hash or a failing library.
    #[error("password hashing failed: {0}")]
    Failed(String),
}

/// Password hashing (argon2id in the `auth` adapter). Slow on purpose: call it off the async
/// workers and never inside a [`crate::store::Store::write`].
pub trait PasswordHasher: Send + Sync {
    /// A PHC string for `password`.
    ///
    /// # Errors
    /// [`PasswordError::Busy`] when too many hashes run; [`PasswordError::Failed`] when the
    /// hasher fails.
    fn hash(&self, password: &str) -> Result<String, PasswordError>;

    /// Whether `password` matches the PHC string `hash`.
    ///
    /// # Errors
    /// [`PasswordError::Busy`] when too many hashes run; [`PasswordError::Failed`] when
    /// `hash` cannot be read.
    fn verify(&self, password: &str, hash: &str) -> Result<bool, PasswordError>;

    /// Spends the time of a verification without a stored hash, so that an unknown e-mail
    /// takes as long as a wrong password.
    ///
    /// # Errors
    /// [`PasswordError::Busy`] exactly when a real verification would be refused, so that an
    /// unknown e-mail is not told apart by that either.
    fn verify_nothing(&self, password: &str) -> Result<(), PasswordError>;
}

/// What a valid token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenClaims {
    /// The user.
    pub user: UserId,
    /// The role when the token was issued (the API re-reads the current one).
    pub role: Role,
    /// The user's token version when it was issued; a token of an older version is refused.
    pub version: i32,
}

/// Why a token was refused or could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The token is past its expiry.
    #[error("token expired")]
    Expired,
    /// Bad signature, algorithm, shape or claims.
    #[error("invalid token")]
    Invalid,
    /// Signing failed (a bug or a broken key).
    #[error("token signing failed: {0}")]
    Signing(String),
}

/// Signed session tokens (JWT in the `auth` adapter).
pub trait TokenService: Send + Sync {
    /// A token for `user` with `role`, valid for the session's lifetime.
    ///
    /// # Errors
    /// [`TokenError::Signing`] when signing fails.
    fn issue(&self, user: &UserId, role: Role, version: i32) -> Result<String, TokenError>;

    /// The claims of a valid token.
    ///
    /// # Errors
    /// [`TokenError::Expired`] or [`TokenError::Invalid`].
    fn verify(&self, token: &str) -> Result<TokenClaims, TokenError>;
}

/// Accounts: users, their sign-in and their role.
pub trait Accounts {
    /// Inserts a user and answers it with its new id.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the e-mail is taken.
    fn insert_user(&mut self, user: &NewUser, at: NaiveDateTime) -> Result<User, StoreError>;

    /// The user with this (normalised) e-mail.
    fn user_by_email(&mut self, email: &str) -> Result<Option<User>, StoreError>;

    /// The user with this id.
    fn user_by_id(&mut self, id: &UserId) -> Result<Option<User>, StoreError>;

    /// Accounts, counted.
    fn count_users(&mut self) -> Result<i64, StoreError>;

    /// Whether any active admin exists.
    fn any_active_admin(&mut self) -> Result<bool, StoreError>;

    /// Records a successful sign-in at `at`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown user.
    fn record_login(&mut self, id: &UserId, at: NaiveDateTime) -> Result<(), StoreError>;
}

/// The back office's user management.
pub trait UserAdmin {
    /// The ids of the active admins. In a write, their rows are locked from here until the
    /// transaction ends (PostgreSQL `FOR UPDATE`, in id order; SQLite's write lock does it), so
    /// that two changes of roles or activity, each checking that an admin remains, take turns
    /// instead of each removing the other's admin.
    fn lock_active_admins(&mut self) -> Result<Vec<UserId>, StoreError>;

    /// Activates or deactivates a user.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown user.
    fn set_active(
        &mut self,
        id: &UserId,
        active: bool,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Changes a user's role.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown user.
    fn set_role(&mut self, id: &UserId, role: Role, at: NaiveDateTime) -> Result<(), StoreError>;

    /// One user with their profile's names and phone, or `None`.
    fn user_row(&mut self, id: &UserId) -> Result<Option<UserListItem>, StoreError>;

    /// Changes a user's e-mail and role.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; [`StoreError::Duplicate`] when the e-mail is taken.
    fn update_account(
        &mut self,
        id: &UserId,
        email: &str,
        role: Role,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Sets a new password hash and moves the user's token version on (older tokens stop
    /// working).
    ///
    /// # Errors
    /// [`StoreError::NotFound`].
    fn set_password(
        &mut self,
        id: &UserId,
        password_hash: &str,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// Sets the names and phone of a user's profile.
    ///
    /// # Errors
    /// [`StoreError::NotFound`].
    fn set_contact(
        &mut self,
        id: &UserId,
        contact: &Contact,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// One page of users (by e-mail, then id) with their profile names, and the total.
    fn list_users(
        &mut self,
        filter: &UserFilter,
        page: PageRequest,
    ) -> Result<Page<UserListItem>, StoreError>;
}

/// Password reset links (their tokens' hashes), in the store's transaction.
pub trait PasswordResets {
    /// Stores a link of `user` working until `expires_at`.
    fn insert_password_reset(
        &mut self,
        token_hash: &str,
        user: &UserId,
        expires_at: NaiveDateTime,
        at: NaiveDateTime,
    ) -> Result<(), StoreError>;

    /// The link of a token hash, or `None`. With `lock`, its row stays locked until the
    /// transaction ends (PostgreSQL `FOR UPDATE`).
    fn password_reset(
        &mut self,
        token_hash: &str,
        lock: bool,
    ) -> Result<Option<PasswordReset>, StoreError>;

    /// Marks every unused link of `user` used.
    fn use_password_resets(&mut self, user: &UserId, at: NaiveDateTime) -> Result<(), StoreError>;

    /// How many links `user` was sent since `since`.
    fn password_resets_since(
        &mut self,
        user: &UserId,
        since: NaiveDateTime,
    ) -> Result<i64, StoreError>;
}
