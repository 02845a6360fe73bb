//! The profile's store port.

use chrono::NaiveDateTime;

use crate::ids::UserId;
use crate::profile::{Profile, ProfileChanges};
use crate::store::StoreError;

/// A user's profile.
pub trait Profiles {
    /// Inserts the empty profile of a new user.
    ///
    /// # Errors
    /// [`StoreError::Duplicate`] when the user has a profile already; [`StoreError::Conflict`]
    /// for an unknown user.
    fn insert_empty_profile(&mut self, user: &UserId, at: NaiveDateTime) -> Result<(), StoreError>;

    /// The user's profile with its addresses and the owner's e-mail.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the user has no profile.
    fn profile_of(&mut self, user: &UserId) -> Result<Profile, StoreError>;

    /// Applies validated changes to the user's profile and answers the result. Billing and
    /// shipping addresses are separate rows, so editing one never changes the other.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the user has no profile.
    fn update_profile(
        &mut self,
        user: &UserId,
        changes: ProfileChanges,
        at: NaiveDateTime,
    ) -> Result<Profile, StoreError>;
}
