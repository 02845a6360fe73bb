//! The frontend's copy of the server's text limits (`frontend/src/lib/limits.ts`, issue 14):
//! each form field's `maxLength` and yup check come from it, so it must say what the server
//! checks. This test reads the file and compares every constant with the server's.

use std::collections::BTreeMap;
use std::path::Path;

use domain::catalogue::{Size, Sku};

/// Every `export const MAX_... = 1_234;` of the limits module, by name.
fn frontend_limits() -> BTreeMap<String, usize> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../frontend/src/lib/limits.ts");
    let text = std::fs::read_to_string(&path).expect("frontend/src/lib/limits.ts");
    let mut limits = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("export const MAX_") else {
            continue;
        };
        let (name, value) = rest
            .split_once(" = ")
            .unwrap_or_else(|| panic!("not `export const NAME = 123;`: {line}"));
        let digits: String = value
            .strip_suffix(';')
            .unwrap_or_else(|| panic!("no `;` at the end: {line}"))
            .chars()
            .filter(|c| *c != '_')
            .collect();
        let value = digits
            .parse()
            .unwrap_or_else(|_| panic!("not a whole number: {line}"));
        limits.insert(format!("MAX_{name}"), value);
    }
    limits
}

#[test]
fn every_text_limit_of_the_frontend_is_the_servers() {
    let server: BTreeMap<String, usize> = [
        ("MAX_NAME_LEN", domain::profile::MAX_NAME_LEN),
        (
            "MAX_ADDRESS_LINE_LEN",
            domain::profile::MAX_ADDRESS_LINE_LEN,
        ),
        ("MAX_POSTAL_CODE_LEN", domain::profile::POSTAL_CODE_MAX_LEN),
        ("MAX_PHONE_LEN", domain::profile::PHONE_MAX_LEN),
        ("MAX_EMAIL_LEN", domain::users::EMAIL_MAX_LEN),
        ("MAX_PASSWORD_LEN", domain::users::PASSWORD_MAX_LEN),
        ("MAX_TITLE_LEN", domain::catalogue::MAX_TITLE_LEN),
        (
            "MAX_DESCRIPTION_LEN",
            domain::catalogue::MAX_DESCRIPTION_LEN,
        ),
        ("MAX_IMAGE_URL_LEN", domain::catalogue::MAX_IMAGE_LEN),
        ("MAX_VIDEO_URL_LEN", domain::catalogue::MAX_VIDEO_URL_LEN),
        ("MAX_SKU_LEN", Sku::MAX_LEN),
        ("MAX_CUSTOM_SIZE_LEN", Size::MAX_CUSTOM_LEN),
        ("MAX_SHOW_NOTES_LEN", domain::catalogue::MAX_SHOW_NOTES_LEN),
        ("MAX_TERM_NAME_LEN", domain::vocabulary::MAX_TERM_NAME_LEN),
        (
            "MAX_TERM_DESCRIPTION_LEN",
            domain::vocabulary::MAX_TERM_DESCRIPTION_LEN,
        ),
        ("MAX_REPORT_NAME_LEN", domain::reports::MAX_NAME_LEN),
        (
            "MAX_REPORT_DESCRIPTION_LEN",
            domain::reports::MAX_DESCRIPTION_LEN,
        ),
        ("MAX_REFUND_REASON_LEN", domain::refunds::MAX_REASON_LEN),
        ("MAX_SEARCH_LEN", shop_api::routes::params::MAX_SEARCH_LEN),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect();
    let frontend = frontend_limits();
    assert_eq!(
        frontend.keys().collect::<Vec<_>>(),
        server.keys().collect::<Vec<_>>(),
        "limits.ts and this test name the same limits"
    );
    for (name, value) in &server {
        assert_eq!(
            frontend[name], *value,
            "{name} in frontend/src/lib/limits.ts"
        );
    }
}
