/**
 * The server's length limits on the text a user types (issue 14), one place for every form: an
 * input carries its limit as maxLength and the form's yup schema checks it with a message, so an
 * overlong value is refused before it reaches the server. Each names the server constant it
 * copies; crates/api/tests/api/limits.rs reads this file and fails when one drifts from it.
 * Lengths are in characters (the server counts UTF-8 bytes where a comment says so).
 */

/** domain::profile::MAX_NAME_LEN: first and last names (profile, back-office users). */
export const MAX_NAME_LEN = 100;
/** domain::profile::MAX_ADDRESS_LINE_LEN: street lines and city. */
export const MAX_ADDRESS_LINE_LEN = 200;
/** domain::profile::POSTAL_CODE_MAX_LEN: a postal code (12345-6789), and the terminal search's ZIP code. */
export const MAX_POSTAL_CODE_LEN = 10;
/** domain::profile::PHONE_MAX_LEN: a phone number as typed. */
export const MAX_PHONE_LEN = 30;
/** domain::account::EMAIL_MAX_LEN: an e-mail address (UTF-8 bytes on the server). */
export const MAX_EMAIL_LEN = 254;
/** domain::account::PASSWORD_MAX_LEN: a password (UTF-8 bytes on the server; see utf8Length). */
export const MAX_PASSWORD_LEN = 128;

/** domain::catalogue::MAX_TITLE_LEN: a product's, apparel product's or show's title. */
export const MAX_TITLE_LEN = 200;
/** domain::catalogue::MAX_DESCRIPTION_LEN: a product's, apparel product's or show's description. */
export const MAX_DESCRIPTION_LEN = 10_000;
/** domain::catalogue::MAX_IMAGE_LEN: an image address (UTF-8 bytes on the server). */
export const MAX_IMAGE_URL_LEN = 2_048;
/** domain::catalogue::MAX_VIDEO_URL_LEN: a video address (UTF-8 bytes on the server). */
export const MAX_VIDEO_URL_LEN = 2_048;
/** domain::catalogue::Sku::MAX_LEN: a SKU. */
export const MAX_SKU_LEN = 50;
/** domain::catalogue::Size::MAX_CUSTOM_LEN: an apparel variant's custom size. */
export const MAX_CUSTOM_SIZE_LEN = 10;
/** domain::catalogue::MAX_SHOW_NOTES_LEN: the notes of a show line. */
export const MAX_SHOW_NOTES_LEN = 500;
/** domain::catalogue::MAX_TERM_NAME_LEN: a brand, category, colour, effect, show type or apparel type name. */
export const MAX_TERM_NAME_LEN = 100;
/** domain::catalogue::MAX_TERM_DESCRIPTION_LEN: a show type's or apparel type's description. */
export const MAX_TERM_DESCRIPTION_LEN = 1_000;

/** domain::reports::MAX_NAME_LEN: a report's name. */
export const MAX_REPORT_NAME_LEN = 200;
/** domain::reports::MAX_DESCRIPTION_LEN: a report's description. */
export const MAX_REPORT_DESCRIPTION_LEN = 2_000;
/** domain::refunds::MAX_REASON_LEN: a refund's reason. */
export const MAX_REFUND_REASON_LEN = 500;

/** shop_api::routes::products::params::MAX_SEARCH_LEN: every search box (catalogue, back-office lists, the show's product picker). */
export const MAX_SEARCH_LEN = 200;

/** The length of a text in UTF-8 bytes, as the server counts a password. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The profile's and the user forms' words for a text past its limit (domain::profile::FieldError::TooLong). */
export const pleaseAtMost = (max: number): string => `Please enter at most ${max} characters`;

/** The message of a text longer than its limit: "Title must be at most 200 characters". */
export const tooLong = (label: string, max: number): string => `${label} must be at most ${max} characters`;
