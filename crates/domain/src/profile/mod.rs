//! The customer profile (storefront.md §5): its validation, what is stored, and the use cases
//! behind `GET`/`POST /api/user/userInfo`.
//!
//! [`ProfileInput`] is the request body as the API read it (camelCase, every field optional);
//! [`ProfileInput::validate`] turns it into a [`ProfileUpdate`] or a [`FieldErrors`] map keyed
//! by camelCase field name (nested address fields as `billingAddress.street1`), ready for a 422
//! `{message, errors: {field: [messages]}}`.
//!
//! # Absent fields
//! The same call saves the whole edit form and only accepts the terms (`acceptedTerms: true`
//! with the rest left out or unchanged). So a field that is absent or `null` means "not
//! provided, leave as it is", and only the values that are present are validated: a present
//! first name must not be blank ("First name is required"), a present phone number must be
//! valid, and so on. An address whose street, city and postal code are all blank is "empty",
//! valid by the address rule, and is treated as not provided; nothing is cleared by this call.
//!
//! One topic per file: [`errors`] (field errors), [`address`], [`phone`], [`birth`], [`theme`],
//! [`input`] (the form and its validation), [`model`] (what is stored), [`service`] (the use
//! cases over the [`crate::store::Store`]).

pub mod address;
pub mod birth;
pub mod errors;
pub mod input;
pub mod model;
pub mod phone;
pub mod ports;
pub mod service;
#[cfg(test)]
mod tests;
pub mod theme;

pub use address::{
    parse_postal_code, parse_state, Address, AddressCheck, AddressInput, POSTAL_CODE_MAX_LEN,
};
pub use birth::parse_date_of_birth;
pub use errors::{FieldError, FieldErrors, MAX_ADDRESS_LINE_LEN, MAX_NAME_LEN};
pub use input::{ProfileInput, ProfileUpdate};
pub use model::{Profile, ProfileChanges};
pub use phone::{PhoneNumber, PHONE_MAX_LEN};
pub use ports::Profiles;
pub use service::{get, update, UpdateProfileError};
pub use theme::{Theme, THEMES};
