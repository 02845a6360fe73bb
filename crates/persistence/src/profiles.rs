//! The adapter of the profile port: a user's profile and address.

use crate::catalogue::convert;
use crate::models::{Address, Profile};
use crate::native::Native as _;
use crate::schema::{addresses, profiles, users};
use crate::{DbConnection, DbError};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::ids::UserId;
use domain::profile::{Address as AddressValue, Profile as ProfileModel, ProfileChanges};
use uuid::Uuid;

/// A profile, its user's e-mail and its billing and shipping addresses.
type ProfileRow = (Profile, String, Option<Address>, Option<Address>);

/// The user's profile with its addresses.
///
/// # Errors
/// [`StoreError::NotFound`] when the user has no profile.
pub fn profile_of(conn: &mut DbConnection, user_id: &UserId) -> Result<ProfileModel, DbError> {
    // One statement with both addresses (every quote, checkout and purchase reads it).
    let (billing, shipping) = diesel::alias!(addresses as billing, addresses as shipping);
    let (p, email, billing_address, shipping_address): ProfileRow = native!(conn, |c| {
        profiles::table
            .inner_join(users::table)
            .left_join(
                billing
                    .on(profiles::billing_address_id.eq(billing.field(addresses::id).nullable())),
            )
            .left_join(
                shipping
                    .on(profiles::shipping_address_id.eq(shipping.field(addresses::id).nullable())),
            )
            .filter(profiles::user_id.eq(user_id.as_str()))
            .select((
                Profile::as_select(),
                users::email,
                billing.fields(addresses::all_columns).nullable(),
                shipping.fields(addresses::all_columns).nullable(),
            ))
            .first(c)
    })?;
    let billing_address = billing_address.map(convert::address);
    let shipping_address = shipping_address.map(convert::address);
    Ok(ProfileModel {
        id: p.id.into(),
        user_id: p.user_id.into(),
        email,
        first_name: p.first_name,
        last_name: p.last_name,
        date_of_birth: p.date_of_birth,
        phone_number: p.phone_number,
        accepted_terms: p.accepted_terms,
        can_contact: p.can_contact,
        billing_address,
        shipping_address,
        theme: p.theme,
    })
}

/// Writes an address into the row `existing` (when there is one) or a new row; returns its id.
fn put_address(
    conn: &mut DbConnection,
    existing: Option<String>,
    a: AddressValue,
) -> Result<String, DbError> {
    let row = Address {
        id: existing
            .clone()
            .unwrap_or_else(|| Uuid::now_v7().to_string()),
        street1: a.street1,
        street2: a.street2,
        city: a.city,
        state: a.state.code().to_owned(),
        postal_code: a.postal_code,
    };
    if existing.is_some() {
        diesel::update(addresses::table.find(&row.id))
            .set((
                addresses::street1.eq(&row.street1),
                addresses::street2.eq(&row.street2),
                addresses::city.eq(&row.city),
                addresses::state.eq(&row.state),
                addresses::postal_code.eq(&row.postal_code),
            ))
            .execute_native(conn)?;
    } else {
        diesel::insert_into(addresses::table)
            .values(&row)
            .execute_native(conn)?;
    }
    Ok(row.id)
}

/// Applies `changes` to the user's profile in one transaction and returns the result.
/// Billing and shipping addresses are separate rows, so editing one never changes the other.
///
/// # Errors
/// [`StoreError::NotFound`] when the user has no profile.
pub fn update_profile(
    conn: &mut DbConnection,
    user_id: &UserId,
    changes: ProfileChanges,
    at: NaiveDateTime,
) -> Result<ProfileModel, DbError> {
    conn.transaction(|conn| {
        let mut p: Profile = native!(conn, |c| profiles::table
            .filter(profiles::user_id.eq(user_id.as_str()))
            .select(Profile::as_select())
            .first(c))?;
        let mut orphans = Vec::new();
        if let Some(v) = changes.first_name {
            p.first_name = v;
        }
        if let Some(v) = changes.last_name {
            p.last_name = v;
        }
        if let Some(v) = changes.date_of_birth {
            p.date_of_birth = v;
        }
        if let Some(v) = changes.phone_number {
            p.phone_number = v;
        }
        if let Some(v) = changes.accepted_terms {
            p.accepted_terms = v;
        }
        if let Some(v) = changes.can_contact {
            p.can_contact = v;
        }
        if let Some(v) = changes.theme {
            p.theme = v;
        }
        match changes.billing_address {
            Some(Some(a)) => {
                p.billing_address_id = Some(put_address(conn, p.billing_address_id.clone(), a)?)
            }
            Some(None) => orphans.extend(p.billing_address_id.take()),
            None => {}
        }
        match changes.shipping_address {
            Some(Some(a)) => {
                p.shipping_address_id = Some(put_address(conn, p.shipping_address_id.clone(), a)?)
            }
            Some(None) => orphans.extend(p.shipping_address_id.take()),
            None => {}
        }
        p.updated_on = at;
        diesel::update(profiles::table.find(&p.id))
            .set((
                profiles::first_name.eq(&p.first_name),
                profiles::last_name.eq(&p.last_name),
                profiles::date_of_birth.eq(&p.date_of_birth),
                profiles::phone_number.eq(&p.phone_number),
                profiles::accepted_terms.eq(p.accepted_terms),
                profiles::can_contact.eq(p.can_contact),
                profiles::billing_address_id.eq(&p.billing_address_id),
                profiles::shipping_address_id.eq(&p.shipping_address_id),
                profiles::theme.eq(&p.theme),
                profiles::updated_on.eq(p.updated_on),
            ))
            .execute_native(conn)?;
        for id in orphans {
            diesel::delete(addresses::table.find(id)).execute_native(conn)?;
        }
        profile_of(conn, user_id)
    })
}

/// Inserts the empty profile of a user.
///
/// # Errors
/// [`StoreError::Duplicate`] when the user has one; [`StoreError::Conflict`] for an unknown user.
pub fn insert_empty_profile(
    conn: &mut DbConnection,
    user_id: &UserId,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let profile = Profile {
        id: Uuid::now_v7().to_string(),
        user_id: user_id.as_str().to_owned(),
        first_name: None,
        last_name: None,
        date_of_birth: None,
        phone_number: None,
        accepted_terms: false,
        can_contact: None,
        billing_address_id: None,
        shipping_address_id: None,
        theme: None,
        updated_on: at,
    };
    diesel::insert_into(profiles::table)
        .values(&profile)
        .execute_native(conn)?;
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::profiles::{insert_empty_profile, profile_of, update_profile};
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::ids::UserId;
    use domain::profile::Profiles;
    use domain::profile::{Profile, ProfileChanges};
    use domain::store::StoreError;

    impl Profiles for Tx<'_> {
        fn insert_empty_profile(
            &mut self,
            user: &UserId,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(insert_empty_profile(self.conn, user, at))
        }

        fn profile_of(&mut self, user: &UserId) -> Result<Profile, StoreError> {
            q(profile_of(self.conn, user))
        }

        fn update_profile(
            &mut self,
            user: &UserId,
            changes: ProfileChanges,
            at: NaiveDateTime,
        ) -> Result<Profile, StoreError> {
            q(update_profile(self.conn, user, changes, at))
        }
    }
}
