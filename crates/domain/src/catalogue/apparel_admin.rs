//! Back-office writes of apparel products (back-office.md §3 "Apparel product/variant", §5
//! "Apparel product", §7 "Apparel"; decisions.md "Stock" and "Catalogue"): create with variants,
//! edit (variants added, changed, removed; one that orders reference is kept and marked
//! unavailable), delete what no order uses, and the admin's stock count of one variant. Each
//! write is one `Store::write` with an audit row and the catalogue version moved on.

use super::admin::{order_items, Kind};
use super::form::{
    brand_and_category, colour_refs, image, known_term, price, text, title_description_price,
    unknown_colour, variant_stock, DEFAULT_VARIANT_STOCK,
};
use super::model::*;
use super::{video_url, Gender, Package, Size};
use crate::pricing::{next_apparel_base_sku, variant_sku};
use chrono::NaiveDateTime;
use std::collections::HashSet;

use crate::catalogue::{ApparelAdmin, ProductAdmin, ProductForms};
use crate::ids::{check_id, ColourId, ProductId, UserId, VariantId};
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};
use crate::vocabulary::{Terms, Vocabulary};

/// Most variants on one apparel product.
pub const MAX_VARIANTS: usize = 200;
/// The package of an apparel product whose form gives none.
pub const DEFAULT_APPAREL_PACKAGE: &str = "1,1";

/// A variant as the admin's form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantInput {
    /// Size (XS..3XL or custom).
    pub size: Option<String>,
    /// `MALE`, `FEMALE` or `UNISEX`.
    pub gender: Option<String>,
    /// Colour id, if any.
    pub color_id: Option<String>,
    /// Unit price as the client wrote it.
    pub unit_price: Option<String>,
    /// Items in stock; `None` keeps a stored variant's live stock (or 999 for a new one).
    pub available_stock: Option<i64>,
}

/// An apparel product as the admin's form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApparelInput {
    /// Title (required).
    pub title: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// Case price as the client wrote it.
    pub case_price: Option<String>,
    /// In stock.
    pub in_stock: bool,
    /// Package (defaults to `1,1`).
    pub package: Option<String>,
    /// Image address (defaults to the placeholder).
    pub image: Option<String>,
    /// Video address.
    pub video_url: Option<String>,
    /// Brand id.
    pub brand_id: Option<String>,
    /// Category id.
    pub category_id: Option<String>,
    /// Apparel type id.
    pub apparel_type_id: Option<String>,
    /// The product's colour ids.
    pub colors: Vec<String>,
    /// The variants.
    pub variants: Vec<VariantInput>,
}

/// Why an apparel write was refused.
#[derive(Debug, thiserror::Error)]
pub enum ApparelAdminError {
    /// The form failed validation (or names unknown metadata).
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No apparel product has this id.
    #[error("Apparel product not found")]
    NotFound,
    /// No available variant has this id.
    #[error("Variant not found")]
    VariantNotFound,
    /// Orders reference the product.
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

impl VariantInput {
    /// Validates one variant; failures are added under `variants[i]` and, for the rules
    /// §5 words for the whole list, once under `variants`.
    fn validate(&self, i: usize, errors: &mut FieldErrors) -> Option<ValidVariant> {
        let size = match Size::parse(self.size.as_deref().unwrap_or_default()) {
            Ok(size) => Some(size),
            Err(e) => {
                errors.add_message(format!("variants[{i}].size"), e.to_string());
                None
            }
        };
        let gender = match text(self.gender.as_ref()).map(str::parse::<Gender>) {
            None => Some(Gender::Unisex),
            Some(Ok(gender)) => Some(gender),
            Some(Err(_)) => {
                errors.add_message(
                    format!("variants[{i}].gender"),
                    "Gender must be MALE, FEMALE or UNISEX",
                );
                None
            }
        };
        let unit_price = price(self.unit_price.as_ref());
        if unit_price.is_none() {
            errors.add_message(
                format!("variants[{i}].unitPrice"),
                "All variants must have a valid unit price",
            );
        }
        let stock = match self.available_stock.map(variant_stock) {
            None => Some(None),
            Some(Ok(n)) => Some(Some(n)),
            Some(Err(m)) => {
                errors.add_message(format!("variants[{i}].availableStock"), m);
                None
            }
        };
        Some(ValidVariant {
            key: VariantKey {
                size: size?,
                gender: gender?,
                color_id: text(self.color_id.as_ref()).map(ColourId::from),
            },
            unit_price: unit_price?,
            available_stock: stock?,
        })
    }
}

impl ApparelInput {
    /// Validates the form with back-office.md §5's messages.
    ///
    /// # Errors
    /// The failures by field (`title`, `casePrice`, `brandId`, `categoryId`, `apparelTypeId`,
    /// `variants`, `variants[i].size|gender|unitPrice|availableStock`, `package`, `image`,
    /// `videoURL`, `description`, `colors`).
    pub fn validate(&self) -> Result<ValidApparel, FieldErrors> {
        let mut errors = FieldErrors::new();
        let (title, description, case_price) = title_description_price(
            self.title.as_ref(),
            self.description.as_ref(),
            self.case_price.as_ref(),
            &mut errors,
        );
        let package =
            Package::parse(text(self.package.as_ref()).unwrap_or(DEFAULT_APPAREL_PACKAGE))
                .map_err(|e| errors.add_message("package", e.to_string()))
                .ok();
        let (brand, category) = brand_and_category(
            self.brand_id.as_ref(),
            self.category_id.as_ref(),
            &mut errors,
        );
        let apparel_type = text(self.apparel_type_id.as_ref());
        if apparel_type.is_none() {
            errors.add_message("apparelTypeId", "Apparel type is required");
        }
        let image = image(self.image.as_ref())
            .map_err(|m| errors.add_message("image", m))
            .ok();
        let video = video_url(self.video_url.as_deref().unwrap_or_default())
            .map_err(|e| errors.add_message("videoURL", e.to_string()))
            .ok();
        let colors = colour_refs(&self.colors);
        let variants = self.validate_variants(&mut errors);
        match (
            title,
            case_price,
            package,
            brand,
            category,
            apparel_type,
            image,
            video,
        ) {
            (
                Some(title),
                Some(case_price),
                Some(package),
                Some(brand),
                Some(category),
                Some(apparel_type),
                Some(image),
                Some(video),
            ) if errors.is_empty() => Ok(ValidApparel {
                title: title.to_owned(),
                description: description.map(str::to_owned),
                case_price,
                in_stock: self.in_stock,
                package,
                image,
                video_url: video,
                brand_id: brand,
                category_id: category,
                apparel_type_id: apparel_type.to_owned(),
                colors,
                variants,
            }),
            _ => Err(errors),
        }
    }

    fn validate_variants(&self, errors: &mut FieldErrors) -> Vec<ValidVariant> {
        if self.variants.is_empty() {
            errors.add_message("variants", "At least one variant is required");
            return Vec::new();
        }
        if self.variants.len() > MAX_VARIANTS {
            errors.add_message(
                "variants",
                format!("An apparel product has at most {MAX_VARIANTS} variants"),
            );
            return Vec::new();
        }
        let mut each = FieldErrors::new();
        let valid: Vec<ValidVariant> = self
            .variants
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.validate(i, &mut each))
            .collect();
        // The list-wide sentences of §5, once each, before the per-variant details.
        let said = |suffix: &str| each.as_map().keys().any(|k| k.ends_with(suffix));
        if said(".size")
            && self
                .variants
                .iter()
                .any(|v| text(v.size.as_ref()).is_none())
        {
            errors.add_message("variants", "All variants must have a size");
        }
        if said(".unitPrice") {
            errors.add_message("variants", "All variants must have a valid unit price");
        }
        let mut seen = HashSet::new();
        if !valid.iter().all(|v| seen.insert(&v.key)) {
            errors.add_message(
                "variants",
                "Duplicate variants detected. Each size/gender/color combination must be unique.",
            );
        }
        for (field, messages) in each.as_map() {
            for m in messages {
                errors.add_message(field.clone(), m.clone());
            }
        }
        valid
    }
}

/// Refuses references to metadata that does not exist (as field errors); answers the names
/// of the variants' colours for their SKUs.
fn check_references<T: Terms + ?Sized>(
    tx: &mut T,
    p: &ValidApparel,
) -> Result<Vec<(ColourId, String)>, ApparelAdminError> {
    let mut errors = FieldErrors::new();
    for (field, kind, id, message) in [
        (
            "brandId",
            Vocabulary::Brand,
            p.brand_id.as_str(),
            "Brand is required",
        ),
        (
            "categoryId",
            Vocabulary::Category,
            p.category_id.as_str(),
            "Category is required",
        ),
        (
            "apparelTypeId",
            Vocabulary::ApparelType,
            p.apparel_type_id.as_str(),
            "Apparel type is required",
        ),
    ] {
        if !known_term(tx, kind, id)? {
            errors.add_message(field, message);
        }
    }
    let mut names: Vec<(ColourId, String)> = Vec::new();
    let variant_colours =
        p.variants.iter().enumerate().filter_map(|(i, v)| {
            Some((format!("variants[{i}].colorId"), v.key.color_id.as_ref()?))
        });
    let product_colours = p.colors.iter().map(|c| ("colors".to_owned(), c));
    for (field, id) in product_colours.chain(variant_colours) {
        if names.iter().any(|(known, _)| known == id) {
            continue;
        }
        let term = match check_id(id.as_str()) {
            Ok(id) => tx.find_term(Vocabulary::Color, id)?,
            // Text that cannot be an id names no colour; the store is not asked.
            Err(_) => None,
        };
        match term {
            Some(term) => names.push((id.clone(), term.name)),
            None => errors.add_message(field, unknown_colour(id.as_str())),
        }
    }
    errors
        .into_result(names)
        .map_err(ApparelAdminError::Invalid)
}

/// The SKU of a new variant: base-SIZE-G[-COL], with `-2`, `-3`, ... when two colours share
/// their first three letters.
fn new_sku(
    base: &str,
    key: &VariantKey,
    colours: &[(ColourId, String)],
    taken: &mut HashSet<String>,
) -> String {
    let colour = key
        .color_id
        .as_ref()
        .and_then(|id| colours.iter().find(|(c, _)| c == id))
        .map(|(_, name)| name.as_str());
    let plain = variant_sku(base, &key.size, key.gender, colour);
    let mut sku = plain.clone();
    let mut n = 2;
    while !taken.insert(sku.clone()) {
        sku = format!("{plain}-{n}");
        n += 1;
    }
    sku
}

/// How the audit log names this write's subject, and how its use cases refuse.
const APPAREL: Kind<ApparelAdminError, ValidApparel> = Kind::new(
    "apparel",
    ApparelAdminError::Invalid,
    ApparelAdminError::NotFound,
);

/// Creates an apparel product with its variants; the base SKU is the next `APP-n`. Answers the
/// product as [`super::get_product`] does.
///
/// # Errors
/// [`ApparelAdminError::Invalid`]; store failures.
pub fn create_apparel(
    store: &impl Store,
    actor: &UserId,
    input: &ApparelInput,
    now: NaiveDateTime,
) -> Result<Product, ApparelAdminError> {
    APPAREL.create(store, actor, now, input.validate(), |tx, valid| {
        let colours = check_references(tx, valid)?;
        let skus = tx.apparel_skus()?;
        let base = next_apparel_base_sku(skus.iter().map(String::as_str));
        let id = tx.insert_form(&base, valid, now)?;
        let mut taken = HashSet::new();
        for v in &valid.variants {
            tx.insert_variant(
                &id,
                &NewVariant {
                    sku: new_sku(&base, &v.key, &colours, &mut taken),
                    key: v.key.clone(),
                    unit_price: v.unit_price,
                    available_stock: v.available_stock.unwrap_or(DEFAULT_VARIANT_STOCK),
                },
            )?;
        }
        Ok(id)
    })
}

/// Changes an apparel product and its variants. Variants are matched by size, gender and
/// colour: a matched one takes the new price (and the stock, when the form sends one); a new
/// combination is added; a stored one left out is deleted, or kept and marked unavailable when
/// orders reference it (its cart lines go). A combination added back is made available again.
/// Answers the product as [`super::get_product`] does.
///
/// # Errors
/// [`ApparelAdminError::NotFound`], [`ApparelAdminError::Invalid`]; store failures.
pub fn update_apparel(
    store: &impl Store,
    actor: &UserId,
    id: &ProductId,
    input: &ApparelInput,
    now: NaiveDateTime,
) -> Result<Product, ApparelAdminError> {
    APPAREL.update(store, actor, now, id, input.validate(), |tx, valid| {
        let before = APPAREL.record(tx, id)?;
        let colours = check_references(tx, valid)?;
        tx.update_form(id, valid, now)?;
        let mut taken: HashSet<String> = before.variants.iter().map(|v| v.sku.clone()).collect();
        for v in &valid.variants {
            match before.variants.iter().find(|s| s.key == v.key) {
                Some(stored) => {
                    tx.update_variant(&stored.id, v.unit_price, v.available_stock, true)?;
                }
                None => {
                    tx.insert_variant(
                        id,
                        &NewVariant {
                            sku: new_sku(&before.sku, &v.key, &colours, &mut taken),
                            key: v.key.clone(),
                            unit_price: v.unit_price,
                            available_stock: v.available_stock.unwrap_or(DEFAULT_VARIANT_STOCK),
                        },
                    )?;
                }
            }
        }
        let kept: HashSet<&VariantKey> = valid.variants.iter().map(|v| &v.key).collect();
        for gone in before
            .variants
            .iter()
            .filter(|s| s.available && !kept.contains(&s.key))
        {
            if tx.variant_order_items(&gone.id)? > 0 {
                tx.update_variant(&gone.id, gone.unit_price, None, false)?;
                tx.delete_variant_cart_lines(&gone.id)?;
            } else {
                tx.delete_variant(&gone.id)?;
            }
        }
        Ok(before.product)
    })
}

/// Deletes an apparel product no order references (its variants, cart lines and links go
/// with it).
///
/// # Errors
/// [`ApparelAdminError::NotFound`], [`ApparelAdminError::InUse`]; store failures.
pub fn delete_apparel(
    store: &impl Store,
    actor: &UserId,
    id: &ProductId,
    now: NaiveDateTime,
) -> Result<(), ApparelAdminError> {
    store.write(|tx| {
        let before = APPAREL.record(tx, id)?;
        let orders = tx.usage_of_product(id)?.orders;
        if orders > 0 {
            return Err(ApparelAdminError::InUse {
                title: before.product.title,
                what: order_items(orders),
            });
        }
        Ok(APPAREL.by(actor, now).delete(tx, id, &before.product)?)
    })
}

/// The admin's stock count of a variant, as [`set_variant_stock`] checks it (before it looks
/// the variant up).
///
/// # Errors
/// [`ApparelAdminError::Invalid`] (`availableStock`) unless 0 to [`super::MAX_VARIANT_STOCK`].
pub fn variant_stock_count(stock: i64) -> Result<u32, ApparelAdminError> {
    variant_stock(stock).map_err(|m| {
        let mut errors = FieldErrors::new();
        errors.add_message("availableStock", m);
        ApparelAdminError::Invalid(errors)
    })
}

/// Sets the stock of one available variant to the admin's count; answers the variant.
///
/// # Errors
/// [`ApparelAdminError::Invalid`] (`availableStock`), [`ApparelAdminError::VariantNotFound`];
/// store failures.
pub fn set_variant_stock(
    store: &impl Store,
    actor: &UserId,
    id: &VariantId,
    stock: i64,
    now: NaiveDateTime,
) -> Result<StoredVariant, ApparelAdminError> {
    let stock = variant_stock_count(stock)?;
    store.write(|tx| {
        let before = tx
            .stored_variant(id)?
            .filter(|v| v.available)
            .ok_or(ApparelAdminError::VariantNotFound)?;
        tx.update_variant(id, before.unit_price, Some(stock), true)?;
        let after = StoredVariant {
            available_stock: stock,
            ..before.clone()
        };
        APPAREL
            .by(actor, now)
            .record(tx, "stock", id.as_str(), Some(&before), Some(&after))?;
        Ok(after)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(size: &str, gender: &str, colour: Option<&str>) -> VariantInput {
        VariantInput {
            size: Some(size.into()),
            gender: Some(gender.into()),
            color_id: colour.map(Into::into),
            unit_price: Some("19.99".into()),
            available_stock: None,
        }
    }

    fn input() -> ApparelInput {
        ApparelInput {
            title: Some(" Crew Tee ".into()),
            case_price: Some("240".into()),
            brand_id: Some("b".into()),
            category_id: Some("c".into()),
            apparel_type_id: Some("t".into()),
            variants: vec![
                variant("m", "MALE", Some("blue")),
                variant("M", "FEMALE", None),
            ],
            ..ApparelInput::default()
        }
    }

    #[test]
    fn every_required_field_has_the_specifications_message() {
        let errors = ApparelInput::default().validate().expect_err("empty");
        for (field, message) in [
            ("title", "Title is required"),
            ("casePrice", "Valid case price is required"),
            ("brandId", "Brand is required"),
            ("categoryId", "Category is required"),
            ("apparelTypeId", "Apparel type is required"),
            ("variants", "At least one variant is required"),
        ] {
            assert_eq!(errors.get(field), [message], "{field}");
        }
    }

    #[test]
    fn variant_rules_are_worded_once_for_the_list_and_per_variant() {
        let mut form = input();
        form.variants = vec![
            VariantInput {
                size: Some(" ".into()),
                unit_price: Some("0".into()),
                ..VariantInput::default()
            },
            VariantInput {
                size: None,
                unit_price: Some("abc".into()),
                ..VariantInput::default()
            },
        ];
        let errors = form.validate().expect_err("bad variants");
        assert_eq!(
            errors.get("variants"),
            [
                "All variants must have a size",
                "All variants must have a valid unit price"
            ]
        );
        assert_eq!(
            errors.get("variants[1].size"),
            ["All variants must have a size"]
        );
        assert_eq!(
            errors.get("variants[0].unitPrice"),
            ["All variants must have a valid unit price"]
        );

        let mut form = input();
        form.variants = vec![
            variant("xl", "MALE", Some("red")),
            variant("XL", "MALE", Some("red")),
        ];
        assert_eq!(
            form.validate().expect_err("duplicate").get("variants"),
            ["Duplicate variants detected. Each size/gender/color combination must be unique."]
        );

        let mut form = input();
        form.variants[0].gender = Some("KIDS".into());
        form.variants[1].available_stock = Some(-1);
        let errors = form.validate().expect_err("bad gender and stock");
        assert_eq!(errors.get("variants[0].gender").len(), 1);
        assert_eq!(
            errors.get("variants[1].availableStock"),
            ["Stock must be a whole number from 0 to 1000000"]
        );
    }

    #[test]
    fn a_valid_form_defaults_the_package_and_normalises_sizes() {
        let p = input().validate().expect("valid");
        assert_eq!(p.title, "Crew Tee");
        assert_eq!(p.package.parts(), [1, 1]);
        assert_eq!(p.variants[0].key.size, Size::M);
        assert_eq!(p.variants[0].key.gender, Gender::Male);
        assert_eq!(p.variants[0].available_stock, None);
    }

    #[test]
    fn variant_skus_follow_the_preview_and_never_collide() {
        let colours = vec![
            (ColourId::from("b1"), "Blue".to_owned()),
            (ColourId::from("b2"), "Blush".to_owned()),
        ];
        let key = |c: &str| VariantKey {
            size: Size::Xl,
            gender: Gender::Male,
            color_id: Some(c.into()),
        };
        let mut taken = HashSet::new();
        assert_eq!(
            new_sku("APP-0007", &key("b1"), &colours, &mut taken),
            "APP-0007-XL-M-BLU"
        );
        assert_eq!(
            new_sku("APP-0007", &key("b2"), &colours, &mut taken),
            "APP-0007-XL-M-BLU-2"
        );
        let plain = VariantKey {
            color_id: None,
            ..key("b1")
        };
        assert_eq!(
            new_sku("APP-0007", &plain, &colours, &mut taken),
            "APP-0007-XL-M"
        );
    }
}
