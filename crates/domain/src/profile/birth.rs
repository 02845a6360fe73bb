//! Dates of birth.

use chrono::NaiveDate;

use super::errors::FieldError;

/// The earliest accepted date of birth.
const EARLIEST_BIRTH: Option<NaiveDate> = NaiveDate::from_ymd_opt(1900, 1, 1);

/// A date of birth: `YYYY-MM-DD`, or a date-time starting with it (`1990-05-17T00:00:00.000Z`,
/// as a browser's date sends it), between 1900-01-01 and `today`.
///
/// # Errors
/// [`FieldError::DateOfBirthRequired`] when blank, [`FieldError::DateOfBirthInvalid`] when not
/// a calendar date or outside that range.
pub fn parse_date_of_birth(text: &str, today: NaiveDate) -> Result<NaiveDate, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldError::DateOfBirthRequired);
    }
    let date_part = match text.split_once('T') {
        Some((date, _time)) => date,
        None => text,
    };
    if date_part.len() != 10 {
        return Err(FieldError::DateOfBirthInvalid);
    }
    let date = NaiveDate::parse_from_str(date_part, "%Y-%m-%d")
        .map_err(|_| FieldError::DateOfBirthInvalid)?;
    if EARLIEST_BIRTH.is_some_and(|earliest| date < earliest) || date > today {
        return Err(FieldError::DateOfBirthInvalid);
    }
    Ok(date)
}
