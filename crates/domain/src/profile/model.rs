//! The profile as stored, and a change to it.

use chrono::NaiveDate;

use super::address::Address;
use super::input::ProfileUpdate;
use crate::catalogue::StoredAddress;
use crate::ids::{ProfileId, UserId};

/// A customer's profile with its addresses and the owner's e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// Id.
    pub id: ProfileId,
    /// Owner.
    pub user_id: UserId,
    /// Owner's e-mail.
    pub email: String,
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// `yyyy-mm-dd`.
    pub date_of_birth: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
    /// Terms of service accepted.
    pub accepted_terms: bool,
    /// Wants updates.
    pub can_contact: Option<bool>,
    /// Billing address.
    pub billing_address: Option<StoredAddress>,
    /// Shipping address.
    pub shipping_address: Option<StoredAddress>,
    /// Chosen colour theme.
    pub theme: Option<String>,
}

/// Changes to a stored profile. `None` leaves a field as it is; `Some(None)` clears it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileChanges {
    /// First name.
    pub first_name: Option<Option<String>>,
    /// Last name.
    pub last_name: Option<Option<String>>,
    /// `yyyy-mm-dd`.
    pub date_of_birth: Option<Option<String>>,
    /// Phone number.
    pub phone_number: Option<Option<String>>,
    /// Terms accepted.
    pub accepted_terms: Option<bool>,
    /// Wants updates.
    pub can_contact: Option<Option<bool>>,
    /// Billing address.
    pub billing_address: Option<Option<Address>>,
    /// Shipping address.
    pub shipping_address: Option<Option<Address>>,
    /// Colour theme.
    pub theme: Option<Option<String>>,
}

impl From<ProfileUpdate> for ProfileChanges {
    /// What a validated form changes: every value present is set, nothing is cleared.
    fn from(update: ProfileUpdate) -> Self {
        let date = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
        ProfileChanges {
            first_name: update.first_name.map(Some),
            last_name: update.last_name.map(Some),
            date_of_birth: update.date_of_birth.map(|d| Some(date(d))),
            phone_number: update.phone_number.map(|p| Some(p.as_str().to_owned())),
            accepted_terms: update.accepted_terms,
            can_contact: update.can_contact.map(Some),
            billing_address: update.billing_address.map(Some),
            shipping_address: update.shipping_address.map(Some),
            theme: update.theme.map(|t| Some(t.as_str().to_owned())),
        }
    }
}
