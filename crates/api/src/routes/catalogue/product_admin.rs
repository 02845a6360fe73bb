//! Back-office writes of fireworks products (back-office.md §7 "Products"): `POST /api/products`,
//! `PUT /api/products/{id}` (the SKU cannot change), `DELETE /api/products/{id}`. ADMIN only.
//! Answers the product as `GET /api/products/{id}` does.

use actix_web::{delete, post, put, HttpResponse};
use domain::catalogue::{self, ProductAdminError, ProductInput};
use serde_json::Value;

use crate::routes::catalogue::admin_crud;
use crate::routes::catalogue::dto::ProductJson;

admin_crud::form_body! {
    /// A product as the admin's form sends it (back-office.md §7).
    ProductBody => ProductInput {
        /// SKU (required; cannot change on edit).
        sku: Option<String>,
        /// Title.
        title: Option<String>,
        /// Description.
        description: Option<String>,
        /// Case price (a number above 0, at most two decimals).
        #[schema(value_type = Option<f64>)]
        case_price: Value => admin_crud::text,
        /// In stock.
        in_stock: bool,
        /// Package: `"12,6"` or `[12, 6]`.
        #[schema(value_type = Option<String>)]
        package: Value => admin_crud::text,
        /// Sold by the unit too.
        is_case_breakable: bool,
        /// The unit price, when the admin sets one (otherwise the price helper's).
        #[schema(value_type = Option<f64>)]
        unit_price: Value => admin_crud::text,
        /// Units in stock as the admin counts them, 0..1000000 (left out: the unit stock stays as
        /// it is; a new unit product starts at 0).
        #[serde(deserialize_with = "crate::whole::optional")]
        #[schema(minimum = 0, maximum = 1_000_000)]
        unit_stock: Option<i64>,
        /// Image address (defaults to the placeholder; the word `placeholder` means the same).
        image: Option<String>,
        /// Video address.
        #[serde(rename = "videoURL", alias = "videoUrl")]
        video_url: Option<String>,
        /// Brand id.
        brand_id: Option<String>,
        /// Category id.
        category_id: Option<String>,
        /// Colour ids.
        colors: Vec<String>,
        /// Effect ids.
        effects: Vec<String>,
    }
}

/// A JSON number or text as the text the domain reads; anything else as junk it refuses.
pub(crate) fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(parts) => Some(
            parts
                .iter()
                .map(|p| as_text(p).unwrap_or_else(|| "x".into()))
                .collect::<Vec<_>>()
                .join(","),
        ),
        Value::Bool(_) | Value::Object(_) => Some("x".into()),
    }
}

admin_crud::handlers! {
    body: ProductBody, input: ProductInput, error: ProductAdminError, view: ProductJson,
    id: "Product id", not_found: "Product not found",
    /// Creates a fireworks product (with its unit product when case-breakable).
    #[post("/products")]
    create: catalogue::create_product, [
        (status = 409, description = "the SKU is taken"),
        (status = 422, description = "validation failures by field")
    ];
    /// Changes a fireworks product (not its SKU).
    #[put("/products/{id}")]
    update: catalogue::update_product, [
        (status = 409, description = "the unit SKU is taken"),
        (status = 422, description = "validation failures by field, or a changed SKU")
    ];
    /// Deletes a fireworks product nothing uses.
    #[delete("/products/{id}")]
    remove: catalogue::delete_product, HttpResponse::NoContent().finish(), [
        (status = 204, description = "deleted"),
        (status = 409, description = "orders, shows or case break requests use it")
    ];
}
