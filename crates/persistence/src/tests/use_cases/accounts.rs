//! Accounts: registration, sign-in, tokens, the first admin and the user list.

use auth::Tokens;
use domain::cart::Carts;
use domain::ids::UserId;
use domain::paging::PageRequest;
use domain::profile;
use domain::store::{Store, StoreError};
use domain::users::{self, AuthenticateError, RegisterError, SignInError};
use domain::users::{
    Accounts, PasswordError, PasswordHasher, TokenClaims, TokenError, TokenService, UserAdmin,
};
use domain::users::{NewUser, Role};

use super::{break_table, customer, now, passwords, PASSWORD, SECRET};
use crate::test_support::TestDatabase;

/// A hasher whose library fails (the adapters' own failures are tested in `auth`).
struct BrokenHasher;

impl PasswordHasher for BrokenHasher {
    fn hash(&self, _: &str) -> Result<String, PasswordError> {
        Err(PasswordError::Failed("out of memory".into()))
    }

    fn verify(&self, _: &str, _: &str) -> Result<bool, PasswordError> {
        Err(PasswordError::Failed("out of memory".into()))
    }

    fn verify_nothing(&self, _: &str) -> Result<(), PasswordError> {
        Err(PasswordError::Failed("out of memory".into()))
    }
}

/// A token service whose signing key is broken.
struct BrokenSigner;

impl TokenService for BrokenSigner {
    fn issue(&self, _: &UserId, _: Role, _: i32) -> Result<String, TokenError> {
        Err(TokenError::Signing("bad key".into()))
    }

    fn verify(&self, _: &str) -> Result<TokenClaims, TokenError> {
        Err(TokenError::Invalid)
    }
}

#[test]
fn registration_creates_the_user_with_an_empty_profile_and_cart() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let user = users::register(db, &passwords(), " Ann@Example.com ", PASSWORD, now())
        .expect("registered");
    assert_eq!(user.email, "ann@example.com");
    assert_eq!(user.role, Role::User);
    let profile = profile::get(db, &user.id).expect("profile");
    assert_eq!(profile.email, "ann@example.com");
    assert!(!profile.accepted_terms);
    assert!(db.read(|tx| tx.cart_of(&user.id)).expect("cart").is_some());
}

#[test]
fn registration_refuses_each_bad_input_and_changes_nothing() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    assert!(matches!(
        users::register(db, &passwords(), "not-an-address", PASSWORD, now()),
        Err(RegisterError::InvalidEmail("invalid email"))
    ));
    assert!(matches!(
        users::register(db, &passwords(), "a@example.com", "short", now()),
        Err(RegisterError::InvalidPassword(_))
    ));
    customer(db, "a@example.com");
    assert!(matches!(
        users::register(db, &passwords(), "A@example.com", PASSWORD, now()),
        Err(RegisterError::EmailTaken)
    ));
    assert!(matches!(
        users::register(db, &BrokenHasher, "b@example.com", PASSWORD, now()),
        Err(RegisterError::Password(_))
    ));
    let users_now = db.table_counts().expect("counts");
    let count = |name: &str| users_now.iter().find(|(t, _)| *t == name).map(|(_, n)| *n);
    assert_eq!(count("users"), Some(1));
    assert_eq!(count("profiles"), Some(1));
    assert_eq!(count("carts"), Some(1));

    // A failure half way (no cart table) leaves no user behind: one transaction.
    break_table(db, "cart_lines");
    break_table(db, "payment_sessions");
    break_table(db, "carts");
    assert!(matches!(
        users::register(db, &passwords(), "c@example.com", PASSWORD, now()),
        Err(RegisterError::Store(StoreError::Other(_)))
    ));
    assert_eq!(
        db.read(|tx| tx.user_by_email("c@example.com"))
            .expect("read"),
        None
    );
}

#[test]
fn sign_in_answers_one_refusal_for_unknown_wrong_and_deactivated() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let hasher = passwords();
    let tokens = Tokens::new(SECRET);
    let id = customer(db, "fay@example.com");

    let ok = users::sign_in(db, &hasher, &tokens, "FAY@example.com", PASSWORD, now())
        .expect("signed in");
    assert_eq!(ok.user.id, id);
    assert!(ok.cart.is_some());
    assert_eq!(ok.profile.user_id, id);
    let user = db
        .read(|tx| tx.user_by_id(&id))
        .expect("read")
        .expect("user");
    assert!(user.last_login.is_some());

    for (email, password) in [
        ("nobody@example.com", PASSWORD),
        ("fay@example.com", "Wrong#123"),
    ] {
        assert!(matches!(
            users::sign_in(db, &hasher, &tokens, email, password, now()),
            Err(SignInError::InvalidCredentials)
        ));
    }
    db.write(|tx| tx.set_active(&id, false, now()))
        .expect("deactivate");
    assert!(matches!(
        users::sign_in(db, &hasher, &tokens, "fay@example.com", PASSWORD, now()),
        Err(SignInError::InvalidCredentials)
    ));
}

#[test]
fn sign_in_reports_broken_hashes_signers_and_stores() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let hasher = passwords();
    let tokens = Tokens::new(SECRET);
    customer(db, "gus@example.com");
    let garbled = NewUser {
        email: "garbled@example.com".into(),
        password_hash: "not a PHC string".into(),
        role: Role::User,
    };
    users::create_account(db, &garbled, now()).expect("account");
    assert!(matches!(
        users::sign_in(db, &hasher, &tokens, "garbled@example.com", PASSWORD, now()),
        Err(SignInError::Password(_))
    ));
    assert!(matches!(
        users::sign_in(
            db,
            &hasher,
            &BrokenSigner,
            "gus@example.com",
            PASSWORD,
            now()
        ),
        Err(SignInError::Token(TokenError::Signing(_)))
    ));
    break_table(db, "audit_log");
    break_table(db, "order_status_history");
    break_table(db, "reports");
    break_table(db, "profiles");
    assert!(matches!(
        users::sign_in(db, &hasher, &tokens, "gus@example.com", PASSWORD, now()),
        Err(SignInError::Store(_))
    ));
}

#[test]
fn a_token_names_an_active_user_or_nobody() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let tokens = Tokens::new(SECRET);
    let id = customer(db, "hal@example.com");
    let token = TokenService::issue(&tokens, &id, Role::User, 0).expect("token");
    assert_eq!(
        users::authenticate(db, &tokens, &token).expect("user").id,
        id
    );

    let expired = Tokens::with_lifetime(SECRET, -10);
    let old = TokenService::issue(&expired, &id, Role::User, 0).expect("token");
    assert!(matches!(
        users::authenticate(db, &tokens, &old),
        Err(AuthenticateError::Expired)
    ));
    assert!(matches!(
        users::authenticate(db, &tokens, "garbage"),
        Err(AuthenticateError::NotSignedIn)
    ));
    let stranger =
        TokenService::issue(&tokens, &UserId::from("no-such-user"), Role::Admin, 0).expect("token");
    assert!(matches!(
        users::authenticate(db, &tokens, &stranger),
        Err(AuthenticateError::NotSignedIn)
    ));
    db.write(|tx| tx.set_active(&id, false, now()))
        .expect("deactivate");
    assert!(matches!(
        users::authenticate(db, &tokens, &token),
        Err(AuthenticateError::NotSignedIn)
    ));
    break_table(db, "users");
    assert!(matches!(
        users::authenticate(db, &tokens, &token),
        Err(AuthenticateError::Store(_))
    ));
}

#[test]
fn the_first_admin_is_created_once_and_never_over_a_customer() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    customer(db, "taken@example.com");
    let hash = || Ok("$argon2id$stored".to_owned());
    assert!(matches!(
        users::ensure_admin(db, "taken@example.com", hash, now()),
        Err(RegisterError::EmailTaken)
    ));
    assert!(!users::has_active_admin(db).expect("read"));
    let created = users::ensure_admin(db, " Admin@Example.com", hash, now()).expect("admin");
    assert!(created.is_some());
    assert!(users::has_active_admin(db).expect("read"));
    assert_eq!(
        users::ensure_admin(db, "other@example.com", hash, now()).expect("no-op"),
        None
    );
    let admin = db
        .read(|tx| tx.user_by_email("admin@example.com"))
        .expect("read")
        .expect("admin");
    assert_eq!(admin.role, Role::Admin);
    assert!(profile::get(db, &admin.id).is_ok());
}

#[test]
fn the_user_list_filters_and_pages() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    for name in ["ann", "bob", "cat"] {
        customer(db, &format!("{name}@example.com"));
    }
    let page = PageRequest {
        page: 1,
        page_size: 2,
    };
    let all = users::list(db, &Default::default(), page).expect("list");
    assert_eq!(all.total, 3);
    assert_eq!(all.items.len(), 2);
    assert_eq!(all.items[0].user.email, "ann@example.com");
    let filter = domain::users::UserFilter {
        search: Some("BO".into()),
        ..Default::default()
    };
    let found = users::list(db, &filter, page).expect("list");
    assert_eq!(found.total, 1);
}
