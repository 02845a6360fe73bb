//! The profile use cases: read the caller's profile, and save the profile form.

use chrono::NaiveDateTime;

use super::errors::FieldErrors;
use super::input::ProfileInput;
use super::model::{Profile, ProfileChanges};
use crate::ids::UserId;
use crate::profile::Profiles;
use crate::store::{Store, StoreError};

/// Why the profile form was not saved.
#[derive(Debug, thiserror::Error)]
pub enum UpdateProfileError {
    /// The form names another user (answered as if that profile did not exist).
    #[error("Profile not found")]
    NotYours,
    /// Field validation failed; the map holds every message by camelCase field name.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// The caller has no profile.
    #[error("Profile not found")]
    NoProfile,
    /// The store failed.
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for UpdateProfileError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => UpdateProfileError::NoProfile,
            other => UpdateProfileError::Store(other),
        }
    }
}

/// The caller's profile.
///
/// # Errors
/// [`StoreError::NotFound`] when the user has no profile; other store failures.
pub fn get(store: &impl Store, user: &UserId) -> Result<Profile, StoreError> {
    store.read(|tx| tx.profile_of(user))
}

/// Validates the profile form (storefront.md §5, `now` bounds the date of birth) and saves
/// what it changes in one write.
///
/// # Errors
/// [`UpdateProfileError::NotYours`] when `input.user_id` names another user,
/// [`UpdateProfileError::Invalid`] with every field message, [`UpdateProfileError::NoProfile`]
/// when the caller has none, [`UpdateProfileError::Store`] when the store fails.
pub fn update(
    store: &impl Store,
    user: &UserId,
    input: &ProfileInput,
    now: NaiveDateTime,
) -> Result<Profile, UpdateProfileError> {
    if input
        .user_id
        .as_deref()
        .is_some_and(|named| named != user.as_str())
    {
        return Err(UpdateProfileError::NotYours);
    }
    let update = input
        .validate(now.date())
        .map_err(UpdateProfileError::Invalid)?;
    let changes = ProfileChanges::from(update);
    store.write(|tx| Ok(tx.update_profile(user, changes, now)?))
}
