use chrono::NaiveDate;

use super::*;
use crate::state::UsState;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).expect("a real date")
}

fn address(street1: &str, city: &str, state: &str, postal_code: &str) -> AddressInput {
    AddressInput {
        street1: Some(street1.into()),
        street2: None,
        city: Some(city.into()),
        state: Some(state.into()),
        postal_code: Some(postal_code.into()),
    }
}

fn messages(errors: &FieldErrors, field: &str) -> Vec<String> {
    errors.get(field).to_vec()
}

#[test]
fn a_complete_address_is_valid_and_trimmed() {
    let mut input = address(" 1 Main St ", " Fargo ", "nd", " 58102 ");
    input.street2 = Some("  ".into());
    let valid = input.validate().expect("valid").expect("not empty");
    assert_eq!(
        valid,
        Address {
            street1: "1 Main St".into(),
            street2: None,
            city: "Fargo".into(),
            state: UsState::NorthDakota,
            postal_code: "58102".into(),
        }
    );
    input.street2 = Some(" Suite 4 ".into());
    input.postal_code = Some("58102-1234".into());
    let valid = input.validate().expect("valid").expect("not empty");
    assert_eq!(valid.street2.as_deref(), Some("Suite 4"));
    assert_eq!(valid.postal_code, "58102-1234");
    assert_eq!(input.check(), Ok(AddressCheck::Complete));
}

#[test]
fn an_empty_address_is_valid_and_means_no_address() {
    for input in [
        AddressInput::default(),
        address("", " ", "", ""),
        address("", "", "ND", ""),
    ] {
        assert_eq!(input.check(), Ok(AddressCheck::Empty));
        assert_eq!(input.validate(), Ok(None));
    }
}

#[test]
fn a_partial_address_names_what_is_missing() {
    let input = address("1 Main St", "", "ND", "");
    assert_eq!(input.check(), Err(FieldError::AddressIncomplete));
    let errors = input.validate().expect_err("partial");
    assert_eq!(
        messages(&errors, ""),
        ["Please complete all required address fields (street, city, postal code)"]
    );
    assert_eq!(messages(&errors, "city"), ["City is required"]);
    assert_eq!(messages(&errors, "postalCode"), ["Postal code is required"]);
    assert!(messages(&errors, "street1").is_empty());

    let errors = address("", "Fargo", "", "58102")
        .validate()
        .expect_err("partial");
    assert_eq!(messages(&errors, "street1"), ["Street address is required"]);
    assert_eq!(messages(&errors, "state"), ["State is required"]);
}

#[test]
fn three_fields_without_a_state_is_an_invalid_address_format() {
    let input = address("1 Main St", "Fargo", " ", "58102");
    assert_eq!(input.check(), Err(FieldError::AddressInvalid));
    let errors = input.validate().expect_err("no state");
    assert_eq!(messages(&errors, ""), ["Invalid address format"]);
    assert_eq!(messages(&errors, "state"), ["State is required"]);
}

#[test]
fn state_and_postal_code_formats() {
    let errors = address("1 Main St", "Fargo", "ZZ", "58102")
        .validate()
        .expect_err("bad state");
    assert_eq!(messages(&errors, "state"), ["Please select a valid state"]);
    assert!(messages(&errors, "").is_empty());

    let format = "Please enter a valid postal code (e.g., 12345 or 12345-6789)";
    for bad in [
        "1234",
        "123456",
        "5810a",
        "58102-123",
        "58102 1234",
        "58102-12345",
        "581021234",
    ] {
        let errors = address("1 Main St", "Fargo", "ND", bad)
            .validate()
            .expect_err(bad);
        assert_eq!(messages(&errors, "postalCode"), [format], "{bad}");
    }
    assert_eq!(parse_postal_code(""), Err(FieldError::PostalCodeRequired));
    assert_eq!(parse_postal_code("12345"), Ok("12345".into()));
    assert_eq!(parse_state("ma"), Ok(UsState::Massachusetts));
    assert_eq!(parse_state(""), Err(FieldError::StateRequired));
}

#[test]
fn long_address_lines_are_refused() {
    let long = "x".repeat(MAX_ADDRESS_LINE_LEN + 1);
    let errors = address(&long, "Fargo", "ND", "58102")
        .validate()
        .expect_err("too long");
    assert_eq!(
        messages(&errors, "street1"),
        ["Please enter at most 200 characters"]
    );
}

#[test]
fn phone_numbers() {
    for good in [
        "5551234567",
        "+1 (555) 123-4567",
        "(701) 555-0100",
        "  +44 20 7946 0958 ",
        "7",
        "+1234567890123456",
    ] {
        assert!(PhoneNumber::parse(good).is_ok(), "{good}");
    }
    for bad in [
        "0123456789",
        "+0123",
        "555.123.4567",
        "+",
        "12345678901234567",
        "call me",
        "555-CALL",
        "++15551234567",
    ] {
        assert_eq!(
            PhoneNumber::parse(bad).map_err(|e| e.to_string()),
            Err("Please enter a valid phone number".to_owned()),
            "{bad}"
        );
    }
    assert_eq!(
        PhoneNumber::parse("  ").map_err(|e| e.to_string()),
        Err("Phone number is required".to_owned())
    );
    let phone = PhoneNumber::parse(" +1 (555) 123-4567 ").expect("valid");
    assert_eq!(phone.as_str(), "+1 (555) 123-4567");
    assert_eq!(phone.compact(), "+15551234567");
}

#[test]
fn a_phone_number_longer_than_the_limit_says_so_even_with_valid_digits() {
    let spaced = format!("+1{}5551234567", " ".repeat(PHONE_MAX_LEN));
    assert_eq!(
        PhoneNumber::parse(&spaced).map_err(|e| e.to_string()),
        Err(format!("Please enter at most {PHONE_MAX_LEN} characters"))
    );
    let widest = "+1 (234) 567 - 890 - 123 - 456";
    assert_eq!(widest.chars().count(), PHONE_MAX_LEN);
    assert!(PhoneNumber::parse(widest).is_ok());
}

#[test]
fn dates_of_birth() {
    let parse = |text: &str| parse_date_of_birth(text, today()).map_err(|e| e.to_string());
    assert_eq!(
        parse("1990-05-17"),
        Ok(NaiveDate::from_ymd_opt(1990, 5, 17).expect("date"))
    );
    assert_eq!(
        parse("1990-05-17T00:00:00.000Z"),
        Ok(NaiveDate::from_ymd_opt(1990, 5, 17).expect("date"))
    );
    assert_eq!(parse("2026-11-22"), Ok(today()));
    let invalid = Err("Please enter a valid date".to_owned());
    for bad in [
        "1990-02-30",
        "17/05/1990",
        "1990-5-17",
        "yesterday",
        "2026-11-23",
        "1899-12-31",
        "+1990-05-17",
    ] {
        assert_eq!(parse(bad), invalid, "{bad}");
    }
    assert_eq!(parse(" "), Err("Date of birth is required".to_owned()));
}

#[test]
fn themes() {
    assert_eq!(THEMES.len(), 35);
    for name in ["light", "dark", "cupcake", "coffee", "sunset"] {
        assert_eq!(Theme::parse(name).map(Theme::as_str), Ok(name));
    }
    assert_eq!(Theme::default().as_str(), "light");
    assert_eq!(
        Theme::parse("neon").map_err(|e| e.to_string()),
        Err("Please select a valid theme".to_owned())
    );
    let mut sorted = THEMES.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 35);
}

#[test]
fn every_field_message_is_keyed_by_its_camel_case_name() {
    let input = ProfileInput {
        first_name: Some(" ".into()),
        last_name: Some(String::new()),
        date_of_birth: Some("1990-13-01".into()),
        phone_number: Some("0".into()),
        theme: Some("neon".into()),
        billing_address: Some(address("1 Main St", "", "", "")),
        shipping_address: Some(address("1 Main St", "Fargo", "XX", "5810")),
        ..ProfileInput::default()
    };
    let errors = input.validate(today()).expect_err("invalid");
    let expected: Vec<(&str, &str)> = vec![
        (
            "billingAddress",
            "Please complete all required address fields (street, city, postal code)",
        ),
        ("billingAddress.city", "City is required"),
        ("billingAddress.postalCode", "Postal code is required"),
        ("billingAddress.state", "State is required"),
        ("dateOfBirth", "Please enter a valid date"),
        ("firstName", "First name is required"),
        ("lastName", "Last name is required"),
        ("phoneNumber", "Please enter a valid phone number"),
        (
            "shippingAddress.postalCode",
            "Please enter a valid postal code (e.g., 12345 or 12345-6789)",
        ),
        ("shippingAddress.state", "Please select a valid state"),
        ("theme", "Please select a valid theme"),
    ];
    let actual: Vec<(&str, &str)> = errors
        .as_map()
        .iter()
        .flat_map(|(field, msgs)| msgs.iter().map(move |m| (field.as_str(), m.as_str())))
        .collect();
    assert_eq!(actual, expected);
    assert_eq!(
        errors.first_message(),
        Some("Please complete all required address fields (street, city, postal code)")
    );
    assert_eq!(
        errors.to_string(),
        errors.first_message().unwrap_or_default()
    );
    let json = serde_json::to_value(&errors).expect("serializes");
    assert_eq!(json["firstName"][0], "First name is required");
}

#[test]
fn required_messages_of_the_profile_form() {
    let input = ProfileInput {
        date_of_birth: Some(String::new()),
        phone_number: Some(" ".into()),
        first_name: Some("x".repeat(MAX_NAME_LEN + 1)),
        ..ProfileInput::default()
    };
    let errors = input.validate(today()).expect_err("invalid");
    assert_eq!(
        messages(&errors, "dateOfBirth"),
        ["Date of birth is required"]
    );
    assert_eq!(
        messages(&errors, "phoneNumber"),
        ["Phone number is required"]
    );
    assert_eq!(
        messages(&errors, "firstName"),
        ["Please enter at most 100 characters"]
    );
}

#[test]
fn field_errors_helpers() {
    let mut errors = FieldErrors::new();
    assert!(errors.is_empty());
    assert_eq!(errors.to_string(), "Invalid input");
    errors.add("city", FieldError::CityRequired);
    assert_eq!(errors.clone().into_result(1), Err(errors.clone()));
    assert_eq!(FieldErrors::new().into_result(1), Ok(1));
}
