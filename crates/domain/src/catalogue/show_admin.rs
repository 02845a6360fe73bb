//! Back-office writes of shows (back-office.md §4, §5 "Show", §7 "Shows"; decisions.md
//! "Stock": a show holds products, never another show; a unit line needs a unit product;
//! quantities are whole numbers >= 1; a show's package is [1]; SKUs are SHOW-n).

use super::admin::{order_items, Kind};
use super::form::{brand_and_category, image, known_term, price, text};
use super::model::*;
use super::{unit_for_sale, video_url, PricedProduct};
use crate::pricing::next_show_sku;
use chrono::NaiveDateTime;
use std::collections::HashMap;

use crate::catalogue::{ProductAdmin, ProductForms, ShowAdmin};
use crate::ids::{ProductId, UserId};
use crate::pricing::PriceLookups;
use crate::profile::FieldErrors;
use crate::store::{Store, StoreError};
use crate::vocabulary::{Terms, Vocabulary};

/// Most lines a show holds.
pub const MAX_SHOW_LINES: usize = 200;
/// Most of one product on a line.
pub const MAX_SHOW_QUANTITY: i64 = 9_999;
/// Longest note on a show line, in characters.
pub const MAX_SHOW_NOTES_LEN: usize = 500;

/// A line of the show form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShowLineInput {
    /// The product.
    pub product_id: String,
    /// How many (at least 1).
    pub quantity: i64,
    /// Notes.
    pub notes: Option<String>,
    /// Cases or units.
    pub packing: Packing,
}

/// The show form.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShowInput {
    /// Title.
    pub title: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// Price as the client wrote it.
    pub case_price: Option<String>,
    /// Image address.
    pub image: Option<String>,
    /// Video address.
    pub video_url: Option<String>,
    /// In stock.
    pub in_stock: bool,
    /// Show type id.
    pub show_type_id: Option<String>,
    /// Brand id.
    pub brand_id: Option<String>,
    /// Category id.
    pub category_id: Option<String>,
    /// The lines.
    pub products: Vec<ShowLineInput>,
}

impl ShowInput {
    /// Validates the form's own fields (back-office.md §5 "Show"); the lines' products are
    /// checked against the catalogue by the use cases.
    ///
    /// # Errors
    /// The failures by field (`title`, `showTypeId`, `casePrice`, `products`, `brandId`,
    /// `categoryId`, `products[i].quantity`, `image`, `videoURL`).
    pub fn validate(&self) -> Result<ValidShow, FieldErrors> {
        let mut errors = FieldErrors::new();
        let title = text(self.title.as_ref());
        if title.is_none() {
            errors.add_message("title", "Title is required");
        }
        let show_type = text(self.show_type_id.as_ref());
        if show_type.is_none() {
            errors.add_message("showTypeId", "Show Type is required");
        }
        let price = price(self.case_price.as_ref());
        if price.is_none() {
            errors.add_message("casePrice", "Valid price is required");
        }
        let (brand, category) = brand_and_category(
            self.brand_id.as_ref(),
            self.category_id.as_ref(),
            &mut errors,
        );
        if self.products.is_empty() {
            errors.add_message("products", "At least one product is required");
        } else if self.products.len() > MAX_SHOW_LINES {
            errors.add_message(
                "products",
                format!("A show holds at most {MAX_SHOW_LINES} lines"),
            );
        }
        let mut lines = Vec::with_capacity(self.products.len());
        for (i, line) in self.products.iter().enumerate() {
            let notes = text(line.notes.as_ref());
            if notes.is_some_and(|n| n.chars().count() > MAX_SHOW_NOTES_LEN) {
                errors.add_message(
                    format!("products[{i}].notes"),
                    format!("Notes must be at most {MAX_SHOW_NOTES_LEN} characters"),
                );
            }
            let quantity = u32::try_from(line.quantity)
                .ok()
                .filter(|q| (1..=MAX_SHOW_QUANTITY).contains(&i64::from(*q)));
            match quantity {
                Some(quantity) => lines.push(ValidShowLine {
                    product_id: line.product_id.trim().to_owned(),
                    quantity,
                    notes: notes.map(str::to_owned),
                    packing: line.packing,
                }),
                None => errors.add_message(
                    format!("products[{i}].quantity"),
                    format!("Quantity must be a whole number from 1 to {MAX_SHOW_QUANTITY}"),
                ),
            }
        }
        let image = image(self.image.as_ref())
            .map_err(|m| errors.add_message("image", m))
            .ok();
        let video = video_url(self.video_url.as_deref().unwrap_or_default())
            .map_err(|e| errors.add_message("videoURL", e.to_string()))
            .ok();
        match (title, show_type, price, brand, category, image, video) {
            (
                Some(title),
                Some(show_type),
                Some(price),
                Some(brand),
                Some(category),
                Some(image),
                Some(video),
            ) if errors.is_empty() => Ok(ValidShow {
                title: title.to_owned(),
                description: text(self.description.as_ref()).map(str::to_owned),
                case_price: price,
                image,
                video_url: video,
                in_stock: self.in_stock,
                show_type_id: show_type.to_owned(),
                brand_id: brand,
                category_id: category,
                products: lines,
            }),
            _ => Err(errors),
        }
    }
}

/// Checks the lines against the catalogue: each product exists and is not a show, a unit line
/// has a unit product for sale, and no product appears twice in the same mode (the
/// specification's duplicate warning).
fn check_lines(
    show: &ValidShow,
    products: &HashMap<ProductId, PricedProduct>,
    this_show: Option<&ProductId>,
) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut seen: Vec<(&str, Packing)> = Vec::new();
    for (i, line) in show.products.iter().enumerate() {
        let field = format!("products[{i}].productId");
        let Some(product) = products.get(&ProductId::from(line.product_id.as_str())) else {
            errors.add_message(field, "Product not found");
            continue;
        };
        if product.is_show || this_show == Some(&product.id) {
            errors.add_message(
                field,
                format!("A show cannot hold another show ({})", product.title),
            );
            continue;
        }
        if line.packing == Packing::Unit
            && (product.is_apparel || unit_for_sale(product.unit.clone()).is_none())
        {
            errors.add_message(
                field,
                format!("\"{}\" cannot be added by the unit", product.title),
            );
            continue;
        }
        let mode = (line.product_id.as_str(), line.packing);
        if seen.contains(&mode) {
            let how = line.packing.as_str();
            errors.add_message(
                field,
                format!("\"{}\" is already in the show as a {how}", product.title),
            );
        }
        seen.push(mode);
    }
    errors.into_result(())
}

/// Why a show write was refused.
#[derive(Debug, thiserror::Error)]
pub enum ShowAdminError {
    /// The form failed validation.
    #[error("{0}")]
    Invalid(FieldErrors),
    /// No show has this id.
    #[error("Show not found")]
    NotFound,
    /// Orders use the show.
    #[error("{title} is used by {what} and cannot be deleted")]
    InUse {
        /// The show's title.
        title: String,
        /// What uses it.
        what: String,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn check<T: PriceLookups + Terms + ?Sized>(
    tx: &mut T,
    show: &ValidShow,
    this_show: Option<&ProductId>,
) -> Result<(), ShowAdminError> {
    let mut errors = FieldErrors::new();
    for (field, kind, id) in [
        (
            "showTypeId",
            Vocabulary::ShowType,
            show.show_type_id.as_str(),
        ),
        ("brandId", Vocabulary::Brand, show.brand_id.as_str()),
        (
            "categoryId",
            Vocabulary::Category,
            show.category_id.as_str(),
        ),
    ] {
        if !known_term(tx, kind, id)? {
            let message = match kind {
                Vocabulary::ShowType => "Show Type is required",
                Vocabulary::Brand => "Brand is required",
                _ => "Category is required",
            };
            errors.add_message(field, message);
        }
    }
    let ids: Vec<ProductId> = show
        .products
        .iter()
        .map(|l| ProductId::from(l.product_id.as_str()))
        .collect();
    let products = tx.priced_products(&ids)?;
    if let Err(lines) = check_lines(show, &products, this_show) {
        for (field, messages) in lines.as_map() {
            for m in messages {
                errors.add_message(field.clone(), m.clone());
            }
        }
    }
    errors.into_result(()).map_err(ShowAdminError::Invalid)
}

/// How the audit log names this write's subject, and how its use cases refuse.
const SHOW: Kind<ShowAdminError, ValidShow> =
    Kind::new("show", ShowAdminError::Invalid, ShowAdminError::NotFound);

/// Creates a show with the next SHOW-n SKU; answers it as [`super::get_show`] does.
///
/// # Errors
/// [`ShowAdminError::Invalid`]; store failures.
pub fn create_show(
    store: &impl Store,
    actor: &UserId,
    input: &ShowInput,
    now: NaiveDateTime,
) -> Result<Show, ShowAdminError> {
    SHOW.create(store, actor, now, input.validate(), |tx, valid| {
        check(tx, valid, None)?;
        let skus = tx.show_skus()?;
        let sku = next_show_sku(skus.iter().map(String::as_str));
        Ok(tx.insert_form(&sku, valid, now)?)
    })
}

/// Changes a show and replaces its lines (its SKU stays); answers it as [`super::get_show`]
/// does.
///
/// # Errors
/// [`ShowAdminError::NotFound`], [`ShowAdminError::Invalid`]; store failures.
pub fn update_show(
    store: &impl Store,
    actor: &UserId,
    id: &ProductId,
    input: &ShowInput,
    now: NaiveDateTime,
) -> Result<Show, ShowAdminError> {
    SHOW.update(store, actor, now, id, input.validate(), |tx, valid| {
        let before = SHOW.record(tx, id)?;
        check(tx, valid, Some(id))?;
        tx.update_form(id, valid, now)?;
        Ok(before)
    })
}

/// Deletes a show no order holds (carts lose it).
///
/// # Errors
/// [`ShowAdminError::NotFound`], [`ShowAdminError::InUse`]; store failures.
pub fn delete_show(
    store: &impl Store,
    actor: &UserId,
    id: &ProductId,
    now: NaiveDateTime,
) -> Result<(), ShowAdminError> {
    store.write(|tx| {
        let before = SHOW.record(tx, id)?;
        let usage = tx.usage_of_product(id)?;
        if usage.orders > 0 {
            return Err(ShowAdminError::InUse {
                title: before.title,
                what: order_items(usage.orders),
            });
        }
        Ok(SHOW.by(actor, now).delete(tx, id, &before)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::UnitProduct;
    use crate::money::Money;

    fn priced(id: &str, title: &str, is_show: bool, unit: bool) -> (ProductId, PricedProduct) {
        let pid = ProductId::from(id);
        (
            pid.clone(),
            PricedProduct {
                id: pid,
                sku: id.to_uppercase(),
                title: title.into(),
                case_price: Money::from_cents(5000),
                is_show,
                is_apparel: false,
                in_stock: true,
                unit: unit.then(|| UnitProduct {
                    id: format!("{id}-u"),
                    sku: format!("{id}-u"),
                    unit_price: Money::from_cents(500),
                    package: vec![1],
                    available_stock: 0,
                    available: true,
                }),
            },
        )
    }

    fn line(product: &str, is_unit: bool) -> ShowLineInput {
        ShowLineInput {
            product_id: product.into(),
            quantity: 1,
            notes: None,
            packing: Packing::from_is_unit(is_unit),
        }
    }

    #[test]
    fn the_show_form_has_the_specifications_messages() {
        let errors = ShowInput::default().validate().expect_err("empty");
        for (field, message) in [
            ("title", "Title is required"),
            ("showTypeId", "Show Type is required"),
            ("casePrice", "Valid price is required"),
            ("products", "At least one product is required"),
            ("brandId", "Brand is required"),
            ("categoryId", "Category is required"),
        ] {
            assert_eq!(errors.get(field), [message], "{field}");
        }
        let zero = ShowInput {
            products: vec![ShowLineInput {
                quantity: 0,
                ..line("a", false)
            }],
            ..ShowInput::default()
        };
        assert_eq!(
            zero.validate()
                .expect_err("zero")
                .get("products[0].quantity")
                .len(),
            1
        );
    }

    #[test]
    fn a_line_note_longer_than_the_limit_is_refused_on_its_line() {
        let show = |notes: String| ShowInput {
            products: vec![
                line("a", false),
                ShowLineInput {
                    notes: Some(notes),
                    ..line("b", false)
                },
            ],
            ..ShowInput::default()
        };
        let errors = show("x".repeat(MAX_SHOW_NOTES_LEN + 1))
            .validate()
            .expect_err("too long");
        assert_eq!(
            errors.get("products[1].notes"),
            ["Notes must be at most 500 characters"]
        );
        let errors = show("é".repeat(MAX_SHOW_NOTES_LEN))
            .validate()
            .expect_err("other fields are empty");
        assert!(errors.get("products[1].notes").is_empty());
    }

    #[test]
    fn lines_refuse_shows_units_without_a_unit_product_and_repeats_in_one_mode() {
        let products: HashMap<_, _> = [
            priced("cake", "Big Cake", false, true),
            priced("fountain", "Fountain", false, false),
            priced("show", "Other Show", true, false),
        ]
        .into_iter()
        .collect();
        let show = |lines: Vec<ShowLineInput>| {
            ShowInput {
                title: Some("S".into()),
                case_price: Some("10".into()),
                show_type_id: Some("t".into()),
                brand_id: Some("b".into()),
                category_id: Some("c".into()),
                products: lines,
                ..ShowInput::default()
            }
            .validate()
            .expect("valid form")
        };
        // The same product once as a case and once as a unit is fine.
        assert!(check_lines(
            &show(vec![line("cake", false), line("cake", true)]),
            &products,
            None
        )
        .is_ok());
        let errors = check_lines(
            &show(vec![
                line("cake", true),
                line("cake", true),
                line("fountain", true),
                line("show", false),
                line("ghost", false),
            ]),
            &products,
            None,
        )
        .expect_err("refused");
        assert_eq!(
            errors.get("products[1].productId"),
            ["\"Big Cake\" is already in the show as a unit"]
        );
        assert_eq!(
            errors.get("products[2].productId"),
            ["\"Fountain\" cannot be added by the unit"]
        );
        assert_eq!(
            errors.get("products[3].productId"),
            ["A show cannot hold another show (Other Show)"]
        );
        assert_eq!(errors.get("products[4].productId"), ["Product not found"]);
    }
}
