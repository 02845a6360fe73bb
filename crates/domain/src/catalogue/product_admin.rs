//! Back-office writes of fireworks products (back-office.md §5 "Product", §7 "Products";
//! decisions.md "Stock" and "Catalogue"): create, edit (the SKU never changes), delete what
//! nothing uses, and the unit product's life cycle. Each write is one `Store::write` with an
//! audit row and the catalogue version moved on.

use chrono::NaiveDateTime;
use serde::Serialize;

use super::apparel_admin::variant_stock;
use super::{video_url, Package, Sku, Vocabulary};
use crate::ids::{ProductId, UserId};
use crate::money::Money;
use crate::ports::{Audit, AuditEntry, Catalogue, Store, StoreError};
use crate::pricing::{default_unit_price, unit_package, unit_sku};
use crate::profile::FieldErrors;

/// The image of a product without one (storefront cards fall back to it too).
pub const PLACEHOLDER_IMAGE: &str = "/placeholder.png";
/// Longest title accepted.
pub const MAX_TITLE_LEN: usize = 200;
/// Longest description accepted.
pub const MAX_DESCRIPTION_LEN: usize = 10_000;
/// Longest image address accepted.
pub const MAX_IMAGE_LEN: usize = 2_048;
/// Most colours or effects on one product.
pub const MAX_LINKS: usize = 50;

/// A product as the admin's form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductInput {
    /// SKU (required; not editable).
    pub sku: Option<String>,
    /// Title (required).
    pub title: Option<String>,
    /// Description (optional).
    pub description: Option<String>,
    /// Case price as the client wrote it (a number above 0, at most two decimals).
    pub case_price: Option<String>,
    /// In stock.
    pub in_stock: bool,
    /// Package, `"12,6"`.
    pub package: Option<String>,
    /// Sold by the unit too.
    pub is_case_breakable: bool,
    /// Unit price chosen by the admin (otherwise the price helper's).
    pub unit_price: Option<String>,
    /// Units in stock as the admin counts them (left out: the stock stays as it is; a new unit
    /// product starts at 0).
    pub unit_stock: Option<i64>,
    /// Image address (defaults to [`PLACEHOLDER_IMAGE`]).
    pub image: Option<String>,
    /// Video address.
    pub video_url: Option<String>,
    /// Brand id.
    pub brand_id: Option<String>,
    /// Category id.
    pub category_id: Option<String>,
    /// Colour ids.
    pub colors: Vec<String>,
    /// Effect ids.
    pub effects: Vec<String>,
}

/// A validated product (what the store writes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValidProduct {
    /// SKU.
    pub sku: Sku,
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// Case price, above 0.
    pub case_price: Money,
    /// In stock.
    pub in_stock: bool,
    /// Package.
    #[serde(serialize_with = "package_text")]
    pub package: Package,
    /// Sold by the unit too.
    pub is_case_breakable: bool,
    /// The admin's unit price, if set.
    pub unit_price: Option<Money>,
    /// The admin's count of units in stock, if given.
    pub unit_stock: Option<u32>,
    /// Image address.
    pub image: String,
    /// Video address.
    pub video_url: Option<String>,
    /// Brand id.
    pub brand_id: String,
    /// Category id.
    pub category_id: String,
    /// Colour ids (no repeats).
    pub colors: Vec<String>,
    /// Effect ids (no repeats).
    pub effects: Vec<String>,
}

fn package_text<S: serde::Serializer>(p: &Package, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&p.to_db_string())
}

/// The unit product a case-breakable product gets (decisions.md "Stock").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitRecord {
    /// Product SKU + `-u`.
    pub sku: String,
    /// The admin's price, or the price helper's on the case price and package.
    pub unit_price: Money,
    /// Whether the admin chose the price.
    pub price_overridden: bool,
    /// `[1, rest of the case package]`.
    pub package: Package,
    /// The admin's count of units in stock (`None`: keep the stored count, 0 for a new one).
    pub stock: Option<u32>,
}

impl ValidProduct {
    /// The unit product this product should have, when it is case-breakable.
    #[must_use]
    pub fn unit(&self) -> Option<UnitRecord> {
        if !self.is_case_breakable {
            return None;
        }
        let (unit_price, price_overridden) = match self.unit_price {
            Some(price) => (price, true),
            // Case prices are above 0 after validation, so the helper prices.
            None => (
                default_unit_price(self.case_price, &self.package).unwrap_or(self.case_price),
                false,
            ),
        };
        Some(UnitRecord {
            sku: unit_sku(self.sku.as_str()),
            unit_price,
            price_overridden,
            package: unit_package(&self.package),
            stock: self.unit_stock,
        })
    }
}

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

impl ProductInput {
    /// Validates the form with back-office.md §5's messages.
    ///
    /// # Errors
    /// The failures by field (`sku`, `title`, `casePrice`, `package`, `brandId`, `categoryId`,
    /// `unitPrice`, `unitStock`, `image`, `videoURL`, `description`, `colors`, `effects`).
    pub fn validate(&self) -> Result<ValidProduct, FieldErrors> {
        let mut errors = FieldErrors::new();
        let sku = Sku::parse(self.sku.as_deref().unwrap_or_default())
            .map_err(|e| errors.add_message("sku", e.to_string()))
            .ok();
        let (title, description, case_price) = title_description_price(
            self.title.as_ref(),
            self.description.as_ref(),
            self.case_price.as_ref(),
            &mut errors,
        );
        let package = Package::parse(self.package.as_deref().unwrap_or_default())
            .map_err(|e| errors.add_message("package", e.to_string()))
            .ok();
        let unit_price = match text(self.unit_price.as_ref()) {
            None => None,
            Some(_) => {
                let p = price(self.unit_price.as_ref());
                if p.is_none() {
                    errors.add_message("unitPrice", "Valid unit price is required");
                }
                p
            }
        };
        let unit_stock = match self.unit_stock.map(variant_stock) {
            None => None,
            Some(Ok(n)) => Some(n),
            Some(Err(m)) => {
                errors.add_message("unitStock", m);
                None
            }
        };
        let brand_id = text(self.brand_id.as_ref());
        if brand_id.is_none() {
            errors.add_message("brandId", "Brand is required");
        }
        let category_id = text(self.category_id.as_ref());
        if category_id.is_none() {
            errors.add_message("categoryId", "Category is required");
        }
        let image = image(self.image.as_ref())
            .map_err(|m| errors.add_message("image", m))
            .ok();
        let video = video_url(self.video_url.as_deref().unwrap_or_default())
            .map_err(|e| errors.add_message("videoURL", e.to_string()))
            .ok();
        let (colors, effects) = (ids(&self.colors), ids(&self.effects));
        if colors.len() > MAX_LINKS {
            errors.add_message("colors", format!("At most {MAX_LINKS} colors"));
        }
        if effects.len() > MAX_LINKS {
            errors.add_message("effects", format!("At most {MAX_LINKS} effects"));
        }
        match (
            sku,
            title,
            case_price,
            package,
            brand_id,
            category_id,
            image,
            video,
        ) {
            (
                Some(sku),
                Some(title),
                Some(case_price),
                Some(package),
                Some(brand),
                Some(category),
                Some(image),
                Some(video),
            ) if errors.is_empty() => Ok(ValidProduct {
                sku,
                title: title.to_owned(),
                description: description.map(str::to_owned),
                case_price,
                in_stock: self.in_stock,
                package,
                is_case_breakable: self.is_case_breakable,
                unit_price,
                unit_stock,
                image,
                video_url: video,
                brand_id: brand.to_owned(),
                category_id: category.to_owned(),
                colors,
                effects,
            }),
            _ => Err(errors),
        }
    }
}

/// What still uses a product.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProductUsage {
    /// Order items.
    pub orders: i64,
    /// Order items of its units (they keep the unit product).
    pub unit_orders: i64,
    /// Shows holding it.
    pub shows: i64,
    /// Case break requests.
    pub case_breaks: i64,
}

/// Why a product write was refused.
#[derive(Debug, thiserror::Error)]
pub enum ProductAdminError {
    /// The form failed validation (or names unknown metadata).
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No fireworks product has this id.
    #[error("Product not found")]
    NotFound,
    /// Another product or unit product has this SKU.
    #[error("SKU {0} is already used by another product")]
    DuplicateSku(String),
    /// Orders, shows or case break requests use the product.
    #[error("{title} is used by {what} and cannot be deleted")]
    InUse {
        /// The product's title.
        title: String,
        /// What uses it, in words.
        what: String,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ProductUsage {
    fn describe(self) -> Option<String> {
        let mut parts = Vec::new();
        let mut add = |n: i64, one: &str, many: &str| {
            if n > 0 {
                parts.push(format!("{n} {}", if n == 1 { one } else { many }));
            }
        };
        add(self.orders, "order item", "order items");
        add(self.shows, "show", "shows");
        add(
            self.case_breaks,
            "case break request",
            "case break requests",
        );
        match parts.len() {
            0 => None,
            _ => Some(parts.join(" and ")),
        }
    }
}

/// Refuses references to metadata that does not exist (as field errors).
fn check_references<T: Catalogue + ?Sized>(
    tx: &mut T,
    p: &ValidProduct,
) -> Result<(), ProductAdminError> {
    let mut errors = FieldErrors::new();
    if tx.find_term(Vocabulary::Brand, &p.brand_id)?.is_none() {
        errors.add_message("brandId", "Brand is required");
    }
    if tx
        .find_term(Vocabulary::Category, &p.category_id)?
        .is_none()
    {
        errors.add_message("categoryId", "Category is required");
    }
    for (field, kind, list) in [
        ("colors", Vocabulary::Color, &p.colors),
        ("effects", Vocabulary::Effect, &p.effects),
    ] {
        for id in list {
            if tx.find_term(kind, id)?.is_none() {
                errors.add_message(
                    field,
                    format!("Unknown {} {id}", kind.label().to_lowercase()),
                );
            }
        }
    }
    errors.into_result(()).map_err(ProductAdminError::Invalid)
}

fn ensure_sku_free<T: Catalogue + ?Sized>(
    tx: &mut T,
    p: &ValidProduct,
    except: Option<&ProductId>,
) -> Result<(), ProductAdminError> {
    for sku in std::iter::once(p.sku.as_str().to_owned()).chain(p.unit().map(|u| u.sku)) {
        if tx.sku_in_use(&sku, except)? {
            return Err(ProductAdminError::DuplicateSku(sku));
        }
    }
    Ok(())
}

fn audit(
    action: &'static str,
    actor: &UserId,
    id: &ProductId,
    before: Option<&ValidProduct>,
    after: Option<&ValidProduct>,
    at: NaiveDateTime,
) -> AuditEntry {
    AuditEntry::new(actor, action, "product", id.as_str(), before, after, at)
}

/// Creates a fireworks product (and its unit product when case-breakable).
///
/// # Errors
/// [`ProductAdminError::Invalid`], [`ProductAdminError::DuplicateSku`]; store failures.
pub fn create_product(
    store: &impl Store,
    actor: &UserId,
    input: &ProductInput,
    now: NaiveDateTime,
) -> Result<ProductId, ProductAdminError> {
    let valid = input.validate().map_err(ProductAdminError::Invalid)?;
    store.write(|tx| {
        check_references(tx, &valid)?;
        ensure_sku_free(tx, &valid, None)?;
        let id = tx
            .insert_product(&valid, now)
            .map_err(|e| sku_taken(e, &valid))?;
        if let Some(unit) = valid.unit() {
            tx.put_unit_product(&id, &unit, true)?;
        }
        tx.record_audit(&audit("create", actor, &id, None, Some(&valid), now))?;
        tx.bump_catalogue_version()?;
        Ok(id)
    })
}

/// Changes a fireworks product. The SKU cannot change. Turning case-breakable on creates the
/// unit product (or makes it available again); turning it off removes it, or only marks it
/// unavailable when orders reference its units. A price the admin did not set follows the
/// case price.
///
/// # Errors
/// [`ProductAdminError::NotFound`], [`ProductAdminError::Invalid`] (also for a changed SKU);
/// store failures.
pub fn update_product(
    store: &impl Store,
    actor: &UserId,
    id: &ProductId,
    input: &ProductInput,
    now: NaiveDateTime,
) -> Result<(), ProductAdminError> {
    let valid = input.validate().map_err(ProductAdminError::Invalid)?;
    store.write(|tx| {
        let before = tx.product_record(id)?.ok_or(ProductAdminError::NotFound)?;
        if before.sku != valid.sku {
            let mut errors = FieldErrors::new();
            errors.add_message("sku", "SKU cannot be changed");
            return Err(ProductAdminError::Invalid(errors));
        }
        check_references(tx, &valid)?;
        ensure_sku_free(tx, &valid, Some(id))?;
        tx.update_product(id, &valid, now)?;
        match valid.unit() {
            Some(unit) => tx.put_unit_product(id, &unit, true)?,
            None if tx.usage_of_product(id)?.unit_orders > 0 => tx.set_unit_available(id, false)?,
            None => tx.delete_unit_product(id)?,
        }
        tx.record_audit(&audit(
            "update",
            actor,
            id,
            Some(&before),
            Some(&valid),
            now,
        ))?;
        tx.bump_catalogue_version()?;
        Ok(())
    })
}

/// Deletes a fireworks product nothing uses (its cart lines, links and unit product go with
/// it).
///
/// # Errors
/// [`ProductAdminError::NotFound`], [`ProductAdminError::InUse`]; store failures.
pub fn delete_product(
    store: &impl Store,
    actor: &UserId,
    id: &ProductId,
    now: NaiveDateTime,
) -> Result<(), ProductAdminError> {
    store.write(|tx| {
        let before = tx.product_record(id)?.ok_or(ProductAdminError::NotFound)?;
        if let Some(what) = tx.usage_of_product(id)?.describe() {
            return Err(ProductAdminError::InUse {
                title: before.title,
                what,
            });
        }
        tx.delete_product(id)?;
        tx.record_audit(&audit("delete", actor, id, Some(&before), None, now))?;
        tx.bump_catalogue_version()?;
        Ok(())
    })
}

fn sku_taken(e: StoreError, p: &ValidProduct) -> ProductAdminError {
    match e {
        StoreError::Duplicate(_) => ProductAdminError::DuplicateSku(p.sku.as_str().to_owned()),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ProductInput {
        ProductInput {
            sku: Some(" CB-100 ".into()),
            title: Some(" Big Cake ".into()),
            case_price: Some("120.00".into()),
            package: Some("12, 6".into()),
            brand_id: Some("b".into()),
            category_id: Some("c".into()),
            colors: vec!["red".into(), "red".into(), " ".into()],
            ..ProductInput::default()
        }
    }

    #[test]
    fn every_required_field_has_the_specifications_message() {
        let errors = ProductInput::default().validate().expect_err("empty");
        for (field, message) in [
            ("sku", "SKU is required"),
            ("title", "Title is required"),
            ("casePrice", "Valid case price is required"),
            ("package", "Package information is required"),
            ("brandId", "Brand is required"),
            ("categoryId", "Category is required"),
        ] {
            assert_eq!(errors.get(field), [message], "{field}");
        }
        let mut bad = input();
        bad.package = Some("12,x".into());
        bad.case_price = Some("0".into());
        let errors = bad.validate().expect_err("bad");
        assert_eq!(
            errors.get("package"),
            ["Package must be a comma-separated list of positive numbers"]
        );
        assert_eq!(errors.get("casePrice"), ["Valid case price is required"]);
        for price in ["-1", "abc", "1.234"] {
            let mut bad = input();
            bad.case_price = Some(price.into());
            assert!(bad.validate().is_err(), "{price}");
        }
        for bad_image in [
            "javascript:alert(1)",
            "//evil.example/x.png",
            "data:image/png;base64,x",
        ] {
            let mut bad = input();
            bad.image = Some(bad_image.into());
            assert!(bad.validate().expect_err(bad_image).get("image").len() == 1);
        }
    }

    #[test]
    fn a_valid_form_is_trimmed_defaults_the_image_and_drops_repeats() {
        let p = input().validate().expect("valid");
        assert_eq!(p.sku.as_str(), "CB-100");
        assert_eq!(p.title, "Big Cake");
        assert_eq!(p.image, PLACEHOLDER_IMAGE);
        assert_eq!(p.colors, ["red"]);
        assert_eq!(p.package.parts(), [12, 6]);
        assert_eq!(p.unit(), None);
    }

    #[test]
    fn the_word_placeholder_and_a_blank_image_are_stored_as_no_image() {
        for given in ["placeholder", " Placeholder ", "", "   "] {
            let mut form = input();
            form.image = Some(given.into());
            assert_eq!(
                form.validate().expect(given).image,
                PLACEHOLDER_IMAGE,
                "{given:?}"
            );
        }
    }

    #[test]
    fn a_case_breakable_product_gets_its_unit_product() {
        let mut form = input();
        form.is_case_breakable = true;
        let unit = form.validate().expect("valid").unit().expect("unit");
        assert_eq!(unit.sku, "CB-100-u");
        assert_eq!(unit.package.parts(), [1, 6]);
        assert!(!unit.price_overridden);
        // ceil(12000 * 265 / (20160 * 12)) = ceil(13.14...) = 14 dollars, minus a cent.
        assert_eq!(unit.unit_price, Money::from_cents(1399));
        assert_eq!(unit.stock, None, "no count given: the stock stays");
        form.unit_price = Some("15.50".into());
        let unit = form.validate().expect("valid").unit().expect("unit");
        assert_eq!(
            (unit.unit_price, unit.price_overridden),
            (Money::from_cents(1550), true)
        );
        form.unit_stock = Some(40);
        assert_eq!(
            form.validate().expect("valid").unit().expect("unit").stock,
            Some(40)
        );
        for bad in [-1, 1_000_001] {
            form.unit_stock = Some(bad);
            assert_eq!(
                form.validate().expect_err("bad stock").get("unitStock"),
                ["Stock must be a whole number from 0 to 1000000"]
            );
        }
    }

    #[test]
    fn a_product_in_use_says_by_what() {
        let usage = ProductUsage {
            orders: 2,
            unit_orders: 1,
            shows: 1,
            case_breaks: 0,
        };
        let e = ProductAdminError::InUse {
            title: "Big Cake".into(),
            what: usage.describe().expect("used"),
        };
        assert_eq!(
            e.to_string(),
            "Big Cake is used by 2 order items and 1 show and cannot be deleted"
        );
        assert_eq!(ProductUsage::default().describe(), None);
    }
}
