//! Password reset links: written with their mail, used once, refused when expired, at most
//! three an hour per account, nothing for an unknown or deactivated address.

use chrono::Duration;
use domain::notifications::{MailState, Mailing};
use domain::paging::PageRequest;
use domain::store::Store;
use domain::users::{self, Accounts, ResetError, ResetToken, UserAdmin};

use super::{now, passwords, PASSWORD};
use crate::test_support::TestDatabase;

fn mailing() -> Mailing {
    Mailing {
        shop_name: "Shop".into(),
        public_url: "https://shop.example".into(),
        message_host: "shop.example".into(),
        shop_email: None,
    }
}

fn token(n: u8) -> ResetToken {
    ResetToken::from_random(&[n; 32])
}

const PAGE: PageRequest = PageRequest {
    page: 1,
    page_size: 50,
};

#[test]
fn a_link_works_once_before_it_expires_and_only_for_active_known_accounts() {
    let test_db = TestDatabase::new();
    let db = test_db.db();
    let at = now();
    let ann = users::register(db, &passwords(), "ann@example.com", PASSWORD, at).expect("ann");
    let bob = users::register(db, &passwords(), "bob@example.com", PASSWORD, at).expect("bob");
    db.write(|tx| tx.set_active(&bob.id, false, at))
        .expect("deactivated");

    users::request_password_reset(db, &mailing(), " ANN@example.com ", &token(1), at)
        .expect("asked");
    users::request_password_reset(db, &mailing(), "nobody@example.com", &token(2), at)
        .expect("asked");
    users::request_password_reset(db, &mailing(), "bob@example.com", &token(3), at).expect("asked");
    let outbox = domain::notifications::outgoing_mail(db, PAGE).expect("outbox");
    assert_eq!(outbox.total, 1, "one mail: the known, active account's");
    assert_eq!(outbox.items[0].to, "ann@example.com");
    assert_eq!(outbox.items[0].state, MailState::Pending);

    // Expired an hour later.
    let late = users::reset_password_with_link(
        db,
        &passwords(),
        token(1).as_str(),
        "New#Pass2026",
        at + Duration::minutes(61),
    );
    assert!(matches!(late, Err(ResetError::LinkExpired)), "{late:?}");
    for unknown in [token(2), token(3)] {
        let res =
            users::reset_password_with_link(db, &passwords(), unknown.as_str(), "New#Pass2026", at);
        assert!(matches!(res, Err(ResetError::LinkInvalid)), "{res:?}");
    }
    users::reset_password_with_link(db, &passwords(), token(1).as_str(), "New#Pass2026", at)
        .expect("reset");
    let again =
        users::reset_password_with_link(db, &passwords(), token(1).as_str(), "Other#Pass2026", at);
    assert!(matches!(again, Err(ResetError::LinkInvalid)), "{again:?}");
    let moved = db
        .read(|tx| tx.user_by_id(&ann.id))
        .expect("read")
        .expect("ann");
    assert!(
        moved.token_version > ann.token_version,
        "older tokens stop working"
    );

    // Three links an hour per account; more asks send nothing.
    for n in 10..15 {
        users::request_password_reset(db, &mailing(), "ann@example.com", &token(n), at)
            .expect("asked");
    }
    let outbox = domain::notifications::outgoing_mail(db, PAGE).expect("outbox");
    assert_eq!(outbox.total, 3, "1 + 2 more in the same hour");
}
