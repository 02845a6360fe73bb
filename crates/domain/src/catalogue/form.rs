//! The fields every product form shares (text, price, image, ids, a variant's stock count),
//! read with back-office.md §5's messages.

use crate::ids::{check_id, BrandId, CategoryId, ColourId};
use crate::money::Money;
use crate::profile::FieldErrors;
use crate::store::StoreError;
use crate::vocabulary::{Terms, Vocabulary};

/// The image of a product without one (storefront cards fall back to it too).
pub const PLACEHOLDER_IMAGE: &str = "/placeholder.png";
/// Longest title accepted.
pub const MAX_TITLE_LEN: usize = 200;
/// Longest description accepted.
pub const MAX_DESCRIPTION_LEN: usize = 10_000;
/// Longest image address accepted.
pub const MAX_IMAGE_LEN: usize = 2_048;
/// Stock a new variant starts with when the form gives none (back-office.md §9).
pub const DEFAULT_VARIANT_STOCK: u32 = 999;
/// The most items the admin may count into one variant.
pub const MAX_VARIANT_STOCK: u32 = 1_000_000;

/// A form's text field, trimmed; `None` when absent or blank.
pub(super) fn text(v: Option<&String>) -> Option<&str> {
    v.map(|s| s.trim()).filter(|s| !s.is_empty())
}

/// A form's price: a number above 0 with at most two decimals.
pub(super) fn price(raw: Option<&String>) -> Option<Money> {
    text(raw)
        .and_then(|t| t.parse::<Money>().ok())
        .filter(|m| !m.is_zero() && !m.is_negative())
}

/// The word back-office.md §5's product form sends when no image is given ("The image defaults
/// to the word placeholder when empty"): stored as [`PLACEHOLDER_IMAGE`], like a blank field.
pub(super) const PLACEHOLDER_WORD: &str = "placeholder";

/// A form's image address: [`PLACEHOLDER_IMAGE`] when blank or the word [`PLACEHOLDER_WORD`],
/// else a web address or a path on this site.
///
/// # Errors
/// The message for the `image` field.
pub(super) fn image(raw: Option<&String>) -> Result<String, &'static str> {
    let Some(text) = text(raw).filter(|t| !t.eq_ignore_ascii_case(PLACEHOLDER_WORD)) else {
        return Ok(PLACEHOLDER_IMAGE.to_owned());
    };
    let lower = text.to_ascii_lowercase();
    let web = lower.starts_with("https://") || lower.starts_with("http://");
    let local = text.starts_with('/') && !text.starts_with("//");
    if text.len() > MAX_IMAGE_LEN
        || !(web || local)
        || text.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return Err("Image must be a web address or a path on this site");
    }
    Ok(text.to_owned())
}

/// The title (required, at most [`MAX_TITLE_LEN`]), description (at most
/// [`MAX_DESCRIPTION_LEN`]) and case price (above 0) of a product form of any kind, with
/// back-office.md §5's messages.
pub(super) fn title_description_price<'a>(
    title: Option<&'a String>,
    description: Option<&'a String>,
    case_price: Option<&String>,
    errors: &mut FieldErrors,
) -> (Option<&'a str>, Option<&'a str>, Option<Money>) {
    let title = text(title);
    match title {
        None => errors.add_message("title", "Title is required"),
        Some(t) if t.chars().count() > MAX_TITLE_LEN => errors.add_message(
            "title",
            format!("Title must be at most {MAX_TITLE_LEN} characters"),
        ),
        Some(_) => {}
    }
    let description = text(description);
    if description.is_some_and(|d| d.chars().count() > MAX_DESCRIPTION_LEN) {
        errors.add_message(
            "description",
            format!("Description must be at most {MAX_DESCRIPTION_LEN} characters"),
        );
    }
    let case_price = price(case_price);
    if case_price.is_none() {
        errors.add_message("casePrice", "Valid case price is required");
    }
    (title, description, case_price)
}

/// Distinct, trimmed, non-blank ids in their first order.
pub(super) fn ids(raw: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    for id in raw.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        if !out.iter().any(|o| o == id) {
            out.push(id.to_owned());
        }
    }
    out
}

/// A form's brand and category, both required: the trimmed texts as the form names them, or
/// back-office.md §5's messages under `brandId` and `categoryId` when blank. Whether they name
/// a brand and a category is [`known_term`]'s to say.
pub(super) fn brand_and_category(
    brand: Option<&String>,
    category: Option<&String>,
    errors: &mut FieldErrors,
) -> (Option<BrandId>, Option<CategoryId>) {
    let brand = text(brand).map(BrandId::from);
    if brand.is_none() {
        errors.add_message("brandId", "Brand is required");
    }
    let category = text(category).map(CategoryId::from);
    if category.is_none() {
        errors.add_message("categoryId", "Category is required");
    }
    (brand, category)
}

/// The distinct colours a form names ([`ids`]), as it names them.
pub(super) fn colour_refs(raw: &[String]) -> Vec<ColourId> {
    ids(raw).into_iter().map(ColourId::from).collect()
}

/// Whether `id`, as a form named it, names a term of `kind`. This is where text from the
/// request is checked as an id: one that cannot be an id ([`check_id`]) names none, without
/// asking the store, so it gets exactly the refusal an unknown id gets, in the same place.
///
/// # Errors
/// Store failures.
pub(super) fn known_term<T: Terms + ?Sized>(
    tx: &mut T,
    kind: Vocabulary,
    id: &str,
) -> Result<bool, StoreError> {
    Ok(check_id(id).is_ok() && tx.find_term(kind, id)?.is_some())
}

/// The message of a colour id that names no colour.
pub(super) fn unknown_colour(id: &str) -> String {
    format!("Unknown color {id}")
}

/// A stock count from the admin: a whole number from 0 to [`MAX_VARIANT_STOCK`].
///
/// # Errors
/// The message for the stock field.
pub fn variant_stock(raw: i64) -> Result<u32, String> {
    u32::try_from(raw)
        .ok()
        .filter(|n| *n <= MAX_VARIANT_STOCK)
        .ok_or_else(stock_message)
}

/// The message of a stock count out of bounds.
pub(super) fn stock_message() -> String {
    format!("Stock must be a whole number from 0 to {MAX_VARIANT_STOCK}")
}
