//! The product row a back-office form writes, whatever its kind (fireworks product, show,
//! apparel): the one place where the three kinds' inserts and updates fill the row's columns,
//! and the domain's [`ProductForms`] port over every kind that says how it is stored
//! ([`StoredForm`]).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::catalogue::{Package, ProductForm, ProductForms};
use domain::ids::ProductId;
use domain::money::Money;
use domain::store::StoreError;
use uuid::Uuid;

use crate::models::Product;
use crate::schema::products;
use crate::store::{q, Tx};
use crate::{DbConnection, DbError};

/// How the form of one kind of product is stored: the columns it fills on its product row,
/// the rows that go with it, and the stored form read back.
pub trait StoredForm: ProductForm {
    /// The product row's columns this form fills.
    fn row(&self) -> FormRow<'_>;

    /// Writes what goes with the product row `id` (links or lines), replacing what was there.
    ///
    /// # Errors
    /// `Conflict` for unknown references; database failures.
    fn write_parts(&self, conn: &mut DbConnection, id: &str) -> Result<(), DbError>;

    /// The stored form of the product `id`, or `None` when it is not of this kind.
    ///
    /// # Errors
    /// Database failures; `Other` for a stored row the domain refuses.
    fn record(conn: &mut DbConnection, id: &ProductId) -> Result<Option<Self::Record>, DbError>;
}

impl<F: StoredForm> ProductForms<F> for Tx<'_> {
    fn insert_form(
        &mut self,
        sku: &str,
        form: &F,
        at: NaiveDateTime,
    ) -> Result<ProductId, StoreError> {
        let id = q(insert_form_row(self.conn, sku, &form.row(), at))?;
        q(form.write_parts(self.conn, &id))?;
        let id = ProductId::from(id);
        self.changes.product(id.as_str());
        Ok(id)
    }

    fn stored_form(&mut self, id: &ProductId) -> Result<Option<F::Record>, StoreError> {
        q(F::record(self.conn, id))
    }

    fn update_form(
        &mut self,
        id: &ProductId,
        form: &F,
        at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        self.changes.product(id.as_str());
        q(update_form_row(self.conn, id.as_str(), &form.row(), at))?;
        q(form.write_parts(self.conn, id.as_str()))
    }
}

/// What sets a kind of product apart on its row.
#[derive(Debug, Clone, Copy)]
pub enum FormKind<'a> {
    /// A fireworks product, sold by the unit too or not.
    Fireworks { is_case_breakable: bool },
    /// A show of this show type (its package is always one item).
    Show { show_type_id: &'a str },
    /// An apparel product of this apparel type.
    Apparel { apparel_type_id: &'a str },
}

/// The columns of a product row that the admin's form fills.
#[derive(Debug, Clone, Copy)]
pub struct FormRow<'a> {
    pub kind: FormKind<'a>,
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub case_price: Money,
    pub in_stock: bool,
    pub brand_id: &'a str,
    pub category_id: &'a str,
    pub image: &'a str,
    pub video_url: Option<&'a str>,
    /// `None` for a show, whose package is one item and never edited.
    pub package: Option<&'a Package>,
}

/// The [`FormRow`] of a form of any kind: `kind`, the fields every kind's form has under the
/// same names (title, description, case price, availability, brand, category, image, video),
/// and `package` (`None` for a show).
macro_rules! form_row {
    ($form:expr, $kind:expr, $package:expr) => {
        $crate::catalogue::form_row::FormRow {
            kind: $kind,
            title: &$form.title,
            description: $form.description.as_deref(),
            case_price: $form.case_price,
            in_stock: $form.in_stock,
            brand_id: $form.brand_id.as_str(),
            category_id: $form.category_id.as_str(),
            image: &$form.image,
            video_url: $form.video_url.as_deref(),
            package: $package,
        }
    };
}
pub(super) use form_row;

/// The product row `id` when it is of the kind given by its two flags (a fireworks product is
/// neither a show nor apparel), or `None`.
///
/// # Errors
/// Database failures.
pub(super) fn stored_row(
    conn: &mut DbConnection,
    id: &ProductId,
    is_show: bool,
    is_apparel: bool,
) -> Result<Option<Product>, DbError> {
    Ok(products::table
        .find(id.as_str())
        .filter(products::is_show.eq(is_show))
        .filter(products::is_apparel.eq(is_apparel))
        .select(Product::as_select())
        .first(conn)
        .optional()?)
}

/// Inserts the row with this SKU; answers the new id.
///
/// # Errors
/// `Duplicate` for a taken SKU; `Conflict` for unknown references.
fn insert_form_row(
    conn: &mut DbConnection,
    sku: &str,
    row: &FormRow<'_>,
    at: NaiveDateTime,
) -> Result<String, DbError> {
    let id = Uuid::now_v7().to_string();
    let (is_show, is_apparel, is_case_breakable, show_type_id, apparel_type_id) = match row.kind {
        FormKind::Fireworks { is_case_breakable } => (false, false, is_case_breakable, None, None),
        FormKind::Show { show_type_id } => (true, false, false, Some(show_type_id), None),
        FormKind::Apparel { apparel_type_id } => (false, true, false, None, Some(apparel_type_id)),
    };
    let package = row.package.map_or_else(Package::single, Clone::clone);
    diesel::insert_into(products::table)
        .values(&Product {
            id: id.clone(),
            sku: sku.to_owned(),
            title: row.title.to_owned(),
            title_lower: row.title.to_lowercase(),
            description: row.description.map(str::to_owned),
            case_price_cents: row.case_price.cents(),
            is_show,
            is_apparel,
            in_stock: row.in_stock,
            is_case_breakable,
            brand_id: row.brand_id.to_owned(),
            category_id: row.category_id.to_owned(),
            apparel_type_id: apparel_type_id.map(str::to_owned),
            show_type_id: show_type_id.map(str::to_owned),
            image: row.image.to_owned(),
            video_url: row.video_url.map(str::to_owned),
            package: package.to_db_string(),
            created_on: at,
            updated_on: at,
        })
        .execute(conn)?;
    Ok(id)
}

/// Writes the form's columns on the row `id` of the form's kind (the SKU stays).
///
/// # Errors
/// `NotFound` when no such row of that kind exists; `Conflict` for unknown references.
fn update_form_row(
    conn: &mut DbConnection,
    id: &str,
    row: &FormRow<'_>,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let (case_breakable, show_type, apparel_type) = match row.kind {
        FormKind::Fireworks { is_case_breakable } => (Some(is_case_breakable), None, None),
        FormKind::Show { show_type_id } => (None, Some(show_type_id), None),
        FormKind::Apparel { apparel_type_id } => (None, None, Some(apparel_type_id)),
    };
    let changes = (
        (
            products::title.eq(row.title),
            products::title_lower.eq(row.title.to_lowercase()),
            products::description.eq(row.description),
            products::case_price_cents.eq(row.case_price.cents()),
            products::in_stock.eq(row.in_stock),
            products::brand_id.eq(row.brand_id),
            products::category_id.eq(row.category_id),
            products::image.eq(row.image),
            products::video_url.eq(row.video_url),
            products::updated_on.eq(at),
        ),
        case_breakable.map(|b| products::is_case_breakable.eq(b)),
        show_type.map(|t| products::show_type_id.eq(Some(t))),
        apparel_type.map(|t| products::apparel_type_id.eq(Some(t))),
        row.package.map(|p| products::package.eq(p.to_db_string())),
    );
    let target = products::table.find(id);
    // A show or an apparel product is only changed as one; a fireworks product's update is
    // preceded by its record's read, which only finds fireworks products.
    let changed = match row.kind {
        FormKind::Fireworks { .. } => diesel::update(target).set(changes).execute(conn)?,
        FormKind::Show { .. } => diesel::update(target.filter(products::is_show.eq(true)))
            .set(changes)
            .execute(conn)?,
        FormKind::Apparel { .. } => diesel::update(target.filter(products::is_apparel.eq(true)))
            .set(changes)
            .execute(conn)?,
    };
    if changed == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}
