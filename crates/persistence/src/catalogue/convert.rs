//! Rows into the domain's catalogue models: the one place where a stored package text, cents
//! or a row id becomes what the domain reads.

use domain::catalogue::Package;
use domain::catalogue::{
    NamedRef, Product as ProductModel, StoredAddress, TypeRef, UnitProduct as UnitModel, Variant,
};
use domain::money::Money;

use crate::models::{
    Address, ApparelType, ApparelVariant, Brand, Category, ShowType, ShownProduct, UnitProduct,
};

/// The counts of a stored package text ("36,1" is `[36, 1]`); empty (and a warning) for an
/// unreadable one, so that one bad row does not take a whole list down.
pub(crate) fn package(text: &str) -> Vec<u32> {
    Package::parse(text)
        .map(|p| p.parts().to_vec())
        .unwrap_or_else(|_| {
            tracing::warn!(package = text, "unreadable package in the database");
            Vec::new()
        })
}

/// An `{id, name}` pair.
pub(crate) fn named(id: String, name: String) -> NamedRef {
    NamedRef { id, name }
}

/// A unit product row.
pub(crate) fn unit_product(u: UnitProduct) -> UnitModel {
    UnitModel {
        package: package(&u.package),
        id: u.id,
        sku: u.sku,
        unit_price: Money::from_cents(u.unit_price_cents),
        available_stock: u.available_stock,
        available: u.available,
    }
}

/// A variant row with its colour.
pub(crate) fn variant(v: ApparelVariant, color: Option<NamedRef>) -> Variant {
    Variant {
        id: v.id.into(),
        product_id: v.product_id.into(),
        sku: v.sku,
        size: v.size,
        gender: v.gender,
        color,
        unit_price: Money::from_cents(v.unit_price_cents),
        available_stock: v.available_stock,
    }
}

/// An address row.
pub(crate) fn address(a: Address) -> StoredAddress {
    StoredAddress {
        id: a.id.into(),
        street1: a.street1,
        street2: a.street2,
        city: a.city,
        state: a.state,
        postal_code: a.postal_code,
    }
}

fn type_ref(id: String, name: String, description: Option<String>) -> TypeRef {
    TypeRef {
        id,
        name,
        description,
    }
}

/// A product row with its joined brand, category, types and unit product; colours, effects
/// and variants are filled in by the caller.
pub(crate) fn product(
    p: ShownProduct,
    brand: Brand,
    category: Category,
    apparel_type: Option<ApparelType>,
    show_type: Option<ShowType>,
    unit: Option<UnitProduct>,
) -> ProductModel {
    ProductModel {
        package: package(&p.package),
        id: p.id.into(),
        sku: p.sku,
        title: p.title,
        description: p.description,
        case_price: Money::from_cents(p.case_price_cents),
        is_show: p.is_show,
        is_apparel: p.is_apparel,
        in_stock: p.in_stock,
        is_case_breakable: p.is_case_breakable,
        image: p.image,
        video_url: p.video_url,
        brand: named(brand.id, brand.name),
        category: named(category.id, category.name),
        apparel_type: apparel_type.map(|t| type_ref(t.id, t.name, t.description)),
        show_type: show_type.map(|t| type_ref(t.id, t.name, t.description)),
        unit: unit.map(unit_product),
        colors: Vec::new(),
        effects: Vec::new(),
        variants: Vec::new(),
    }
}
