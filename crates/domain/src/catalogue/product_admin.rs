//! Back-office writes of fireworks products (back-office.md §5 "Product", §7 "Products";
//! decisions.md "Stock" and "Catalogue"): create, edit (the SKU never changes), delete what
//! nothing uses, and the unit product's life cycle. Each write is one `Store::write` with an
//! audit row and the catalogue version moved on.

use super::admin::Kind;
use super::form::{
    brand_and_category, colour_refs, ids, image, known_term, price, text, title_description_price,
    unknown_colour, variant_stock,
};
use super::model::*;
use super::{video_url, Package, Sku};
use crate::pricing::{default_unit_price, unit_package, unit_sku};
use chrono::NaiveDateTime;

use crate::catalogue::{ProductAdmin, ProductForms};
use crate::ids::{ProductId, UserId};
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};
use crate::vocabulary::{Terms, Vocabulary};

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
    /// Image address (defaults to [`super::PLACEHOLDER_IMAGE`]).
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
        let (brand_id, category_id) = brand_and_category(
            self.brand_id.as_ref(),
            self.category_id.as_ref(),
            &mut errors,
        );
        let image = image(self.image.as_ref())
            .map_err(|m| errors.add_message("image", m))
            .ok();
        let video = video_url(self.video_url.as_deref().unwrap_or_default())
            .map_err(|e| errors.add_message("videoURL", e.to_string()))
            .ok();
        let (colors, effects) = (colour_refs(&self.colors), ids(&self.effects));
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
                brand_id: brand,
                category_id: category,
                colors,
                effects,
            }),
            _ => Err(errors),
        }
    }
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
fn check_references<T: Terms + ?Sized>(
    tx: &mut T,
    p: &ValidProduct,
) -> Result<(), ProductAdminError> {
    let mut errors = FieldErrors::new();
    if !known_term(tx, Vocabulary::Brand, p.brand_id.as_str())? {
        errors.add_message("brandId", "Brand is required");
    }
    if !known_term(tx, Vocabulary::Category, p.category_id.as_str())? {
        errors.add_message("categoryId", "Category is required");
    }
    for id in &p.colors {
        if !known_term(tx, Vocabulary::Color, id.as_str())? {
            errors.add_message("colors", unknown_colour(id.as_str()));
        }
    }
    for id in &p.effects {
        if !known_term(tx, Vocabulary::Effect, id)? {
            let kind = Vocabulary::Effect.label().to_lowercase();
            errors.add_message("effects", format!("Unknown {kind} {id}"));
        }
    }
    errors.into_result(()).map_err(ProductAdminError::Invalid)
}

fn ensure_sku_free<T: ProductAdmin + ?Sized>(
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

/// How the audit log names this write's subject, and how its use cases refuse.
const PRODUCT: Kind<ProductAdminError, ValidProduct> = Kind::new(
    "product",
    ProductAdminError::Invalid,
    ProductAdminError::NotFound,
);

/// Creates a fireworks product (and its unit product when case-breakable); answers it as
/// [`super::get_product`] does.
///
/// # Errors
/// [`ProductAdminError::Invalid`], [`ProductAdminError::DuplicateSku`]; store failures.
pub fn create_product(
    store: &impl Store,
    actor: &UserId,
    input: &ProductInput,
    now: NaiveDateTime,
) -> Result<Product, ProductAdminError> {
    PRODUCT.create(store, actor, now, input.validate(), |tx, valid| {
        check_references(tx, valid)?;
        ensure_sku_free(tx, valid, None)?;
        let id = tx
            .insert_form(valid.sku.as_str(), valid, now)
            .map_err(|e| sku_taken(e, valid))?;
        if let Some(unit) = valid.unit() {
            tx.put_unit_product(&id, &unit, true)?;
        }
        Ok(id)
    })
}

/// Changes a fireworks product. The SKU cannot change. Turning case-breakable on creates the
/// unit product (or makes it available again); turning it off removes it, or only marks it
/// unavailable when orders reference its units. A price the admin did not set follows the
/// case price. Answers the product as [`super::get_product`] does.
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
) -> Result<Product, ProductAdminError> {
    PRODUCT.update(store, actor, now, id, input.validate(), |tx, valid| {
        let before = PRODUCT.record(tx, id)?;
        if before.sku != valid.sku {
            let mut errors = FieldErrors::new();
            errors.add_message("sku", "SKU cannot be changed");
            return Err(ProductAdminError::Invalid(errors));
        }
        check_references(tx, valid)?;
        ensure_sku_free(tx, valid, Some(id))?;
        tx.update_form(id, valid, now)?;
        match valid.unit() {
            Some(unit) => tx.put_unit_product(id, &unit, true)?,
            None if tx.usage_of_product(id)?.unit_orders > 0 => tx.set_unit_available(id, false)?,
            None => tx.delete_unit_product(id)?,
        }
        Ok(before)
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
        let before = PRODUCT.record(tx, id)?;
        if let Some(what) = tx.usage_of_product(id)?.describe() {
            return Err(ProductAdminError::InUse {
                title: before.title,
                what,
            });
        }
        Ok(PRODUCT.by(actor, now).delete(tx, id, &before)?)
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
    use crate::catalogue::PLACEHOLDER_IMAGE;
    use crate::ids::{BrandId, ColourId};
    use crate::money::Money;

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
    fn the_form_keeps_references_as_named_for_the_store_check() {
        // Whether a reference names a term (and is an id at all) is check_references' to say,
        // so that a malformed one is refused exactly as an unknown one is.
        let mut form = input();
        form.brand_id = Some(" b b ".into());
        form.colors = vec!["r\u{e9}d".into()];
        let p = form.validate().expect("valid form");
        assert_eq!(p.brand_id, BrandId::from("b b"));
        assert_eq!(p.colors, [ColourId::from("r\u{e9}d")]);
    }

    #[test]
    fn a_valid_form_is_trimmed_defaults_the_image_and_drops_repeats() {
        let p = input().validate().expect("valid");
        assert_eq!(p.sku.as_str(), "CB-100");
        assert_eq!(p.title, "Big Cake");
        assert_eq!(p.image, PLACEHOLDER_IMAGE);
        assert_eq!(p.colors, [ColourId::from("red")]);
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
