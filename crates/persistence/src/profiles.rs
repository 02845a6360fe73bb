//! The adapter of the profile port: a user's profile and address.

use crate::store::{q, Tx};
use crate::users;
use chrono::NaiveDateTime;
use domain::ids::UserId;
use domain::profile::Profiles;
use domain::profile::{Profile, ProfileChanges};
use domain::store::StoreError;

impl Profiles for Tx<'_> {
    fn insert_empty_profile(&mut self, user: &UserId, at: NaiveDateTime) -> Result<(), StoreError> {
        q(users::insert_empty_profile(self.conn, user, at))
    }

    fn profile_of(&mut self, user: &UserId) -> Result<Profile, StoreError> {
        q(users::profile_of(self.conn, user))
    }

    fn update_profile(
        &mut self,
        user: &UserId,
        changes: ProfileChanges,
        at: NaiveDateTime,
    ) -> Result<Profile, StoreError> {
        q(users::update_profile(self.conn, user, changes, at))
    }
}
