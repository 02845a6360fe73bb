//! The profile form.

use domain::ids::UserId;
use domain::profile::{self, AddressInput, ProfileInput, UpdateProfileError};
use domain::store::{Store, StoreError};
use domain::users::Accounts;
use domain::users::{NewUser, Role};

use super::{break_table, customer, now};
use crate::test_support::TestDatabase;

fn full_form(user: &UserId) -> ProfileInput {
    ProfileInput {
        user_id: Some(user.to_string()),
        first_name: Some("Ann".into()),
        last_name: Some("Lee".into()),
        phone_number: Some("(701) 555-0100".into()),
        shipping_address: Some(AddressInput {
            street1: Some("1 Main St".into()),
            street2: None,
            city: Some("Fargo".into()),
            state: Some("ND".into()),
            postal_code: Some("58102".into()),
        }),
        ..ProfileInput::default()
    }
}

#[test]
fn the_profile_form_saves_or_says_why_not() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let id = customer(db, "ivy@example.com");
    let saved = profile::update(db, &id, &full_form(&id), now()).expect("saved");
    assert_eq!(saved.first_name.as_deref(), Some("Ann"));
    assert_eq!(
        saved.shipping_address.as_ref().map(|a| a.state.as_str()),
        Some("ND")
    );
    // Absent fields leave what is stored.
    let terms = ProfileInput {
        accepted_terms: Some(true),
        ..ProfileInput::default()
    };
    let again = profile::update(db, &id, &terms, now()).expect("saved");
    assert!(again.accepted_terms);
    assert_eq!(again.first_name.as_deref(), Some("Ann"));

    let other = customer(db, "jon@example.com");
    assert!(matches!(
        profile::update(db, &id, &full_form(&other), now()),
        Err(UpdateProfileError::NotYours)
    ));
    let blank = ProfileInput {
        first_name: Some(" ".into()),
        ..ProfileInput::default()
    };
    match profile::update(db, &id, &blank, now()) {
        Err(UpdateProfileError::Invalid(errors)) => {
            assert_eq!(errors.get("firstName"), ["First name is required"]);
        }
        other => panic!("expected field errors, got {other:?}"),
    }
    let bare = NewUser {
        email: "bare@example.com".into(),
        password_hash: "x".into(),
        role: Role::User,
    };
    let bare = db
        .write(|tx| tx.insert_user(&bare, now()))
        .expect("a user without a profile");
    assert!(matches!(
        profile::update(db, &bare.id, &terms, now()),
        Err(UpdateProfileError::NoProfile)
    ));
    assert_eq!(profile::get(db, &bare.id), Err(StoreError::NotFound));
    break_table(db, "profiles");
    assert!(matches!(
        profile::update(db, &id, &terms, now()),
        Err(UpdateProfileError::Store(_))
    ));
}
