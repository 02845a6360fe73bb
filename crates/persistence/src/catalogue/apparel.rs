//! Apparel writes: the product row and its colours, and the variants one by one (the domain
//! decides which variants are added, changed, kept unavailable or deleted).

use diesel::dsl::count_star;
use diesel::prelude::*;
use domain::catalogue::{
    ApparelRecord, Gender, NewVariant, Package, Size, StoredVariant, ValidApparel, ValidVariant,
    VariantKey,
};
use domain::ids::{ColourId, ProductId, VariantId};
use domain::money::Money;
use uuid::Uuid;

use super::form_row::{form_row, stored_row, FormKind, FormRow, StoredForm};
use super::writes::{links, stored_colours};
use crate::models::ApparelVariant;
use crate::schema::{apparel_variants, cart_lines, order_items};
use crate::{DbConnection, DbError};

fn stored(row: ApparelVariant) -> Result<StoredVariant, DbError> {
    Ok(StoredVariant {
        id: VariantId::from(row.id),
        sku: row.sku,
        key: VariantKey {
            size: Size::parse(&row.size).map_err(DbError::other)?,
            gender: row
                .gender
                .parse::<Gender>()
                .map_err(|_| DbError::other(format!("stored gender {}", row.gender)))?,
            color_id: row.color_id.map(ColourId::from),
        },
        unit_price: Money::from_cents(row.unit_price_cents),
        available_stock: u32::try_from(row.available_stock).unwrap_or(0),
        available: row.available,
    })
}

/// An apparel product: its row and its colours (its variants are written one by one).
impl StoredForm for ValidApparel {
    fn row(&self) -> FormRow<'_> {
        form_row!(
            self,
            FormKind::Apparel {
                apparel_type_id: &self.apparel_type_id,
            },
            Some(&self.package)
        )
    }

    fn write_parts(&self, conn: &mut DbConnection, id: &str) -> Result<(), DbError> {
        links(conn, id, &self.colors, &[])
    }

    fn record(conn: &mut DbConnection, id: &ProductId) -> Result<Option<ApparelRecord>, DbError> {
        let Some(row) = stored_row(conn, id, false, true)? else {
            return Ok(None);
        };
        let variants = apparel_variants::table
            .filter(apparel_variants::product_id.eq(id.as_str()))
            .order(apparel_variants::sku)
            .select(ApparelVariant::as_select())
            .load(conn)?
            .into_iter()
            .map(stored)
            .collect::<Result<Vec<_>, _>>()?;
        let colors = stored_colours(conn, id)?;
        Ok(Some(ApparelRecord {
            product: ValidApparel {
                title: row.title,
                description: row.description,
                case_price: Money::from_cents(row.case_price_cents),
                in_stock: row.in_stock,
                package: Package::parse(&row.package).map_err(DbError::other)?,
                image: row.image,
                video_url: row.video_url,
                brand_id: row.brand_id.into(),
                category_id: row.category_id.into(),
                apparel_type_id: row.apparel_type_id.unwrap_or_default(),
                colors: colors.into_iter().map(ColourId::from).collect(),
                variants: variants
                    .iter()
                    .filter(|v| v.available)
                    .map(|v| ValidVariant {
                        key: v.key.clone(),
                        unit_price: v.unit_price,
                        available_stock: Some(v.available_stock),
                    })
                    .collect(),
            },
            sku: row.sku,
            variants,
        }))
    }
}

/// Adds a variant.
///
/// # Errors
/// [`StoreError::Duplicate`] for a taken SKU or combination.
pub fn insert_variant(
    conn: &mut DbConnection,
    product: &ProductId,
    v: &NewVariant,
) -> Result<VariantId, DbError> {
    let id = Uuid::now_v7().to_string();
    diesel::insert_into(apparel_variants::table)
        .values(&ApparelVariant {
            id: id.clone(),
            product_id: product.to_string(),
            sku: v.sku.clone(),
            size: v.key.size.as_str().to_owned(),
            gender: v.key.gender.as_str().to_owned(),
            color_id: v.key.color_id.as_ref().map(ToString::to_string),
            color_key: v
                .key
                .color_id
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default(),
            unit_price_cents: v.unit_price.cents(),
            available_stock: i32::try_from(v.available_stock).unwrap_or(i32::MAX),
            available: true,
        })
        .execute(conn)?;
    Ok(VariantId::from(id))
}

/// One variant, available or not.
///
/// # Errors
/// Database failures.
pub fn stored_variant(
    conn: &mut DbConnection,
    id: &VariantId,
) -> Result<Option<StoredVariant>, DbError> {
    apparel_variants::table
        .find(id.as_str())
        .select(ApparelVariant::as_select())
        .first(conn)
        .optional()?
        .map(stored)
        .transpose()
}

/// Sets a variant's price, its stock when given, and its availability.
///
/// # Errors
/// [`StoreError::NotFound`] when there is no such variant.
pub fn update_variant(
    conn: &mut DbConnection,
    id: &VariantId,
    unit_price: Money,
    stock: Option<u32>,
    available: bool,
) -> Result<(), DbError> {
    let target = apparel_variants::table.find(id.as_str());
    let changed = match stock {
        Some(stock) => diesel::update(target)
            .set((
                apparel_variants::unit_price_cents.eq(unit_price.cents()),
                apparel_variants::available_stock.eq(i32::try_from(stock).unwrap_or(i32::MAX)),
                apparel_variants::available.eq(available),
            ))
            .execute(conn)?,
        None => diesel::update(target)
            .set((
                apparel_variants::unit_price_cents.eq(unit_price.cents()),
                apparel_variants::available.eq(available),
            ))
            .execute(conn)?,
    };
    if changed == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// Order items that reference the variant.
///
/// # Errors
/// Database failures.
pub fn variant_order_items(conn: &mut DbConnection, id: &VariantId) -> Result<i64, DbError> {
    Ok(order_items::table
        .filter(order_items::variant_id.eq(id.as_str()))
        .select(count_star())
        .first(conn)?)
}

/// Removes the variant from every cart.
///
/// # Errors
/// Database failures.
pub fn delete_variant_cart_lines(conn: &mut DbConnection, id: &VariantId) -> Result<(), DbError> {
    diesel::delete(cart_lines::table.filter(cart_lines::variant_id.eq(id.as_str())))
        .execute(conn)?;
    Ok(())
}

/// Deletes a variant (its cart lines and stock holds go with it: ON DELETE CASCADE).
///
/// # Errors
/// [`StoreError::Conflict`] when an order item refers to it.
pub fn delete_variant(conn: &mut DbConnection, id: &VariantId) -> Result<(), DbError> {
    diesel::delete(apparel_variants::table.find(id.as_str())).execute(conn)?;
    Ok(())
}

/// The product of a variant, if the variant exists. One cached query.
///
/// # Errors
/// Database failures.
pub fn variant_product(conn: &mut DbConnection, id: &VariantId) -> Result<Option<String>, DbError> {
    Ok(apparel_variants::table
        .find(id.as_str())
        .select(apparel_variants::product_id)
        .first(conn)
        .optional()?)
}

/// The domain's port over the queries above.
mod port {
    use crate::catalogue;
    use crate::store::{q, Tx};
    use domain::catalogue::ApparelAdmin;
    use domain::catalogue::{NewVariant, StoredVariant};
    use domain::ids::{ProductId, VariantId};
    use domain::money::Money;
    use domain::store::StoreError;

    impl ApparelAdmin for Tx<'_> {
        fn apparel_skus(&mut self) -> Result<Vec<String>, StoreError> {
            q(catalogue::apparel_skus(self.conn))
        }

        fn insert_variant(
            &mut self,
            product: &ProductId,
            variant: &NewVariant,
        ) -> Result<VariantId, StoreError> {
            self.changes.product(product.as_str());
            q(catalogue::insert_variant(self.conn, product, variant))
        }

        fn stored_variant(&mut self, id: &VariantId) -> Result<Option<StoredVariant>, StoreError> {
            q(catalogue::stored_variant(self.conn, id))
        }

        fn update_variant(
            &mut self,
            id: &VariantId,
            unit_price: Money,
            stock: Option<u32>,
            available: bool,
        ) -> Result<(), StoreError> {
            self.variant_changed(id)?;
            q(catalogue::update_variant(
                self.conn, id, unit_price, stock, available,
            ))
        }

        fn variant_order_items(&mut self, id: &VariantId) -> Result<i64, StoreError> {
            q(catalogue::variant_order_items(self.conn, id))
        }

        fn delete_variant_cart_lines(&mut self, id: &VariantId) -> Result<(), StoreError> {
            q(catalogue::delete_variant_cart_lines(self.conn, id))
        }

        fn delete_variant(&mut self, id: &VariantId) -> Result<(), StoreError> {
            self.variant_changed(id)?;
            q(catalogue::delete_variant(self.conn, id))
        }
    }
}
