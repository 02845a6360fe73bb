//! Catalogue writes. The domain's use cases run each one in a write transaction that also
//! moves the catalogue version on (`Catalogue::bump_catalogue_version`), so that every API
//! node drops its cached answers.

use chrono::Utc;
use diesel::dsl::count_star;
use diesel::prelude::*;
use domain::catalogue::{
    Package, Packing, ProductUsage, Sku, UnitRecord, ValidProduct, ValidShow, ValidShowLine,
};
use domain::ids::{ColourId, ProductId};
use domain::money::Money;
use uuid::Uuid;

use super::form_row::{form_row, stored_row, FormKind, FormRow, StoredForm};
use crate::models::{ProductColor, ProductEffect, ShowProduct, UnitProduct};
use crate::native::CacheDsl as _;
use crate::schema::{
    case_break_requests, order_items, product_colors, product_effects, products, show_products,
    unit_products,
};
use crate::{DbConnection, DbError};
/// Sets a product's `in_stock` flag (the admin's case availability switch). Returns whether
/// the product exists.
///
/// # Errors
/// Database failures.
pub fn set_product_in_stock(
    conn: &mut DbConnection,
    id: &str,
    in_stock: bool,
) -> Result<bool, DbError> {
    let changed = diesel::update(products::table.filter(products::id.eq(id.to_owned())))
        .set((
            products::in_stock.eq(in_stock),
            products::updated_on.eq(Utc::now().naive_utc()),
        ))
        .cached()
        .execute(conn)?;
    Ok(changed > 0)
}

/// Whether a product or unit product other than `except` has this SKU.
///
/// # Errors
/// Database failures.
pub fn sku_in_use(
    conn: &mut DbConnection,
    sku: &str,
    except: Option<&ProductId>,
) -> Result<bool, DbError> {
    let except = except.map_or("", ProductId::as_str);
    let products: i64 = products::table
        .filter(products::sku.eq(sku))
        .filter(products::id.ne(except))
        .select(count_star())
        .first(conn)?;
    let units: i64 = unit_products::table
        .filter(unit_products::sku.eq(sku))
        .filter(unit_products::product_id.ne(except))
        .select(count_star())
        .first(conn)?;
    Ok(products + units > 0)
}

/// Replaces a product's colour and effect links.
pub(super) fn links(
    conn: &mut DbConnection,
    id: &str,
    colors: &[ColourId],
    effects: &[String],
) -> Result<(), DbError> {
    diesel::delete(product_colors::table.filter(product_colors::product_id.eq(id)))
        .execute(conn)?;
    diesel::delete(product_effects::table.filter(product_effects::product_id.eq(id)))
        .execute(conn)?;
    let colors: Vec<ProductColor> = colors
        .iter()
        .map(|c| ProductColor {
            product_id: id.to_owned(),
            color_id: c.to_string(),
        })
        .collect();
    if !colors.is_empty() {
        insert_rows!(conn, product_colors::table, &colors)?;
    }
    let effects: Vec<ProductEffect> = effects
        .iter()
        .map(|e| ProductEffect {
            product_id: id.to_owned(),
            effect_id: e.clone(),
        })
        .collect();
    if !effects.is_empty() {
        insert_rows!(conn, product_effects::table, &effects)?;
    }
    Ok(())
}

/// A product's colour ids, in id order (a fireworks or an apparel product's record).
pub(super) fn stored_colours(
    conn: &mut DbConnection,
    id: &ProductId,
) -> Result<Vec<String>, DbError> {
    Ok(product_colors::table
        .filter(product_colors::product_id.eq(id.as_str()))
        .order(product_colors::color_id)
        .select(product_colors::color_id)
        .load(conn)?)
}

/// A fireworks product (not a show, not apparel): its row and its colour and effect links.
impl StoredForm for ValidProduct {
    fn row(&self) -> FormRow<'_> {
        form_row!(
            self,
            FormKind::Fireworks {
                is_case_breakable: self.is_case_breakable,
            },
            Some(&self.package)
        )
    }

    fn write_parts(&self, conn: &mut DbConnection, id: &str) -> Result<(), DbError> {
        links(conn, id, &self.colors, &self.effects)
    }

    fn record(conn: &mut DbConnection, id: &ProductId) -> Result<Option<ValidProduct>, DbError> {
        let Some(row) = stored_row(conn, id, false, false)? else {
            return Ok(None);
        };
        let unit: Option<UnitProduct> = unit_products::table
            .filter(unit_products::product_id.eq(id.as_str()))
            .select(UnitProduct::as_select())
            .first(conn)
            .optional()?;
        let colors = stored_colours(conn, id)?;
        let effects: Vec<String> = product_effects::table
            .filter(product_effects::product_id.eq(id.as_str()))
            .order(product_effects::effect_id)
            .select(product_effects::effect_id)
            .load(conn)?;
        Ok(Some(ValidProduct {
            sku: Sku::parse(&row.sku).map_err(DbError::other)?,
            title: row.title,
            description: row.description,
            case_price: Money::from_cents(row.case_price_cents),
            in_stock: row.in_stock,
            package: Package::parse(&row.package).map_err(DbError::other)?,
            is_case_breakable: row.is_case_breakable,
            unit_price: unit
                .as_ref()
                .filter(|u| u.price_overridden)
                .map(|u| Money::from_cents(u.unit_price_cents)),
            unit_stock: unit.and_then(|u| u32::try_from(u.available_stock).ok()),
            image: row.image,
            video_url: row.video_url,
            brand_id: row.brand_id.into(),
            category_id: row.category_id.into(),
            colors: colors.into_iter().map(ColourId::from).collect(),
            effects,
        }))
    }
}

/// Creates or updates a product's unit product (see the port's documentation).
///
/// # Errors
/// [`StoreError::Duplicate`] for a taken unit SKU; database failures.
pub fn put_unit_product(
    conn: &mut DbConnection,
    product: &ProductId,
    unit: &UnitRecord,
    available: bool,
) -> Result<(), DbError> {
    let stored: Option<UnitProduct> = unit_products::table
        .filter(unit_products::product_id.eq(product.as_str()))
        .select(UnitProduct::as_select())
        .first(conn)
        .optional()?;
    match stored {
        Some(stored) => {
            let (price, overridden) = if !unit.price_overridden && stored.price_overridden {
                (stored.unit_price_cents, true)
            } else {
                (unit.unit_price.cents(), unit.price_overridden)
            };
            diesel::update(unit_products::table.find(&stored.id))
                .set((
                    unit_products::sku.eq(&unit.sku),
                    unit_products::unit_price_cents.eq(price),
                    unit_products::price_overridden.eq(overridden),
                    unit_products::package.eq(unit.package.to_db_string()),
                    unit_products::available.eq(available),
                ))
                .cached()
                .execute(conn)?;
            // The admin's count, when the form gave one; otherwise the stock stays as sold.
            if let Some(stock) = unit.stock {
                diesel::update(unit_products::table.find(&stored.id))
                    .set(
                        unit_products::available_stock.eq(i32::try_from(stock).unwrap_or(i32::MAX)),
                    )
                    .cached()
                    .execute(conn)?;
            }
        }
        None => {
            diesel::insert_into(unit_products::table)
                .values(&UnitProduct {
                    id: Uuid::now_v7().to_string(),
                    product_id: product.to_string(),
                    sku: unit.sku.clone(),
                    unit_price_cents: unit.unit_price.cents(),
                    price_overridden: unit.price_overridden,
                    package: unit.package.to_db_string(),
                    available_stock: unit
                        .stock
                        .map_or(0, |n| i32::try_from(n).unwrap_or(i32::MAX)),
                    available,
                })
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Marks a product's unit product (un)available.
///
/// # Errors
/// Database failures.
pub fn set_unit_available(
    conn: &mut DbConnection,
    product: &ProductId,
    available: bool,
) -> Result<(), DbError> {
    diesel::update(unit_products::table.filter(unit_products::product_id.eq(product.as_str())))
        .set(unit_products::available.eq(available))
        .cached()
        .execute(conn)?;
    Ok(())
}

/// Deletes a product's unit product.
///
/// # Errors
/// Database failures.
pub fn delete_unit_product(conn: &mut DbConnection, product: &ProductId) -> Result<(), DbError> {
    diesel::delete(unit_products::table.filter(unit_products::product_id.eq(product.as_str())))
        .execute(conn)?;
    Ok(())
}

/// What uses a product.
///
/// # Errors
/// Database failures.
pub fn usage_of_product(conn: &mut DbConnection, id: &ProductId) -> Result<ProductUsage, DbError> {
    let id = id.as_str();
    Ok(ProductUsage {
        orders: order_items::table
            .filter(order_items::product_id.eq(id))
            .select(count_star())
            .first(conn)?,
        unit_orders: order_items::table
            .filter(order_items::product_id.eq(id))
            .filter(order_items::is_unit.eq(true))
            .select(count_star())
            .first(conn)?,
        shows: show_products::table
            .filter(show_products::product_id.eq(id))
            .select(count_star())
            .first(conn)?,
        case_breaks: case_break_requests::table
            .filter(case_break_requests::product_id.eq(id))
            .select(count_star())
            .first(conn)?,
    })
}

/// Deletes a product; its links, unit product, variants and cart lines go with it (ON DELETE
/// CASCADE).
///
/// # Errors
/// [`StoreError::Conflict`] when orders, shows or requests refer to it.
pub fn delete_product(conn: &mut DbConnection, id: &ProductId) -> Result<(), DbError> {
    diesel::delete(products::table.find(id.as_str())).execute(conn)?;
    Ok(())
}

/// The SKUs of every show.
///
/// # Errors
/// Database failures.
pub fn show_skus(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    Ok(products::table
        .filter(products::is_show.eq(true))
        .select(products::sku)
        .load(conn)?)
}

fn show_lines(conn: &mut DbConnection, show: &str, s: &ValidShow) -> Result<(), DbError> {
    diesel::delete(show_products::table.filter(show_products::show_id.eq(show))).execute(conn)?;
    let rows: Vec<ShowProduct> = s
        .products
        .iter()
        .map(|l| ShowProduct {
            id: Uuid::now_v7().to_string(),
            show_id: show.to_owned(),
            product_id: l.product_id.clone(),
            quantity: i32::try_from(l.quantity).unwrap_or(i32::MAX),
            is_unit: l.packing.is_unit(),
            notes: l.notes.clone(),
        })
        .collect();
    if !rows.is_empty() {
        insert_rows!(conn, show_products::table, &rows)?;
    }
    Ok(())
}

/// A show: its row and its lines.
impl StoredForm for ValidShow {
    fn row(&self) -> FormRow<'_> {
        form_row!(
            self,
            FormKind::Show {
                show_type_id: &self.show_type_id,
            },
            None
        )
    }

    fn write_parts(&self, conn: &mut DbConnection, id: &str) -> Result<(), DbError> {
        show_lines(conn, id, self)
    }

    fn record(conn: &mut DbConnection, id: &ProductId) -> Result<Option<ValidShow>, DbError> {
        let Some(row) = stored_row(conn, id, true, false)? else {
            return Ok(None);
        };
        let lines: Vec<ShowProduct> = show_products::table
            .filter(show_products::show_id.eq(id.as_str()))
            .order((show_products::product_id, show_products::is_unit))
            .select(ShowProduct::as_select())
            .load(conn)?;
        Ok(Some(ValidShow {
            title: row.title,
            description: row.description,
            case_price: Money::from_cents(row.case_price_cents),
            image: row.image,
            video_url: row.video_url,
            in_stock: row.in_stock,
            show_type_id: row.show_type_id.unwrap_or_default(),
            brand_id: row.brand_id.into(),
            category_id: row.category_id.into(),
            products: lines
                .into_iter()
                .map(|l| ValidShowLine {
                    product_id: l.product_id,
                    quantity: u32::try_from(l.quantity).unwrap_or(1),
                    notes: l.notes,
                    packing: Packing::from_is_unit(l.is_unit),
                })
                .collect(),
        }))
    }
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::catalogue::ProductAdmin;
    use domain::catalogue::{ProductUsage, UnitRecord};
    use domain::ids::ProductId;
    use domain::store::StoreError;

    impl ProductAdmin for Tx<'_> {
        fn sku_in_use(
            &mut self,
            sku: &str,
            except: Option<&ProductId>,
        ) -> Result<bool, StoreError> {
            q(catalogue::sku_in_use(self.conn, sku, except))
        }

        fn put_unit_product(
            &mut self,
            product: &ProductId,
            unit: &UnitRecord,
            available: bool,
        ) -> Result<(), StoreError> {
            self.changes.product(product.as_str());
            q(catalogue::put_unit_product(
                self.conn, product, unit, available,
            ))
        }

        fn set_unit_available(
            &mut self,
            product: &ProductId,
            available: bool,
        ) -> Result<(), StoreError> {
            self.changes.product(product.as_str());
            q(catalogue::set_unit_available(self.conn, product, available))
        }

        fn delete_unit_product(&mut self, product: &ProductId) -> Result<(), StoreError> {
            self.changes.product(product.as_str());
            q(catalogue::delete_unit_product(self.conn, product))
        }

        fn usage_of_product(&mut self, id: &ProductId) -> Result<ProductUsage, StoreError> {
            q(catalogue::usage_of_product(self.conn, id))
        }

        fn delete_product(&mut self, id: &ProductId) -> Result<(), StoreError> {
            self.changes.product(id.as_str());
            q(catalogue::delete_product(self.conn, id))
        }
    }
}
