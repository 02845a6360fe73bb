//! The cart's request bodies and answer.

use crate::routes::catalogue::dto::{ProductJson, VariantJson};
use domain::cart::{Cart, CartLine};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A cart line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLineJson {
    /// Line id.
    #[schema(format = Uuid)]
    pub id: String,
    /// The cart.
    #[schema(format = Uuid)]
    pub cart_id: String,
    /// The product's id.
    #[schema(format = Uuid)]
    pub product_id: String,
    /// The product, with prices, unit product and variants.
    pub product: ProductJson,
    /// The apparel variant's id, or null.
    #[schema(format = Uuid)]
    pub variant_id: Option<String>,
    /// The apparel variant, or null.
    pub variant: Option<VariantJson>,
    /// Cases (shows and apparel items count here).
    pub case_quantity: u32,
    /// Units of a case-breakable product.
    pub unit_quantity: u32,
}

/// A cart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartJson {
    /// Id.
    pub id: String,
    /// Owner.
    pub user_id: String,
    /// The lines, oldest first.
    pub cart_products: Vec<CartLineJson>,
}

impl From<Cart> for CartJson {
    fn from(cart: Cart) -> Self {
        let cart_id = cart.id.to_string();
        CartJson {
            cart_products: cart
                .lines
                .into_iter()
                .map(|line: CartLine| CartLineJson {
                    id: line.id.into_string(),
                    cart_id: cart_id.clone(),
                    product_id: line.product.id.to_string(),
                    variant_id: line.variant.as_ref().map(|v| v.id.to_string()),
                    variant: line.variant.map(VariantJson::from),
                    product: ProductJson::from(line.product),
                    case_quantity: line.case_quantity,
                    unit_quantity: line.unit_quantity,
                })
                .collect(),
            id: cart.id.into_string(),
            user_id: cart.user_id.into_string(),
        }
    }
}

/// `POST .../add`: one more case (or unit, or apparel item).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddBody {
    /// The product.
    pub product_id: String,
    /// The cart (when sent, it must be the one in the address).
    #[serde(default)]
    pub cart_id: Option<String>,
    /// A unit rather than a case.
    #[serde(default)]
    pub is_unit: bool,
    /// The apparel variant; `unit`, `case` or empty mean none.
    #[serde(default)]
    pub variant_id: Option<String>,
}

/// `POST .../remove`: the line of a product (and variant).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemoveBody {
    /// The product.
    pub product_id: String,
    /// The cart (when sent, it must be the one in the address).
    #[serde(default)]
    pub cart_id: Option<String>,
    /// The apparel variant; `unit`, `case` or empty mean none.
    #[serde(default)]
    pub variant_id: Option<String>,
}

/// `POST .../updateQuantity`: set the cases (or units) of a line; 0 removes them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateBody {
    /// The product.
    pub product_id: String,
    /// The cart (when sent, it must be the one in the address).
    #[serde(default)]
    pub cart_id: Option<String>,
    /// Whole number from 0 to 9999.
    #[serde(deserialize_with = "crate::whole::number")]
    #[schema(minimum = 0, maximum = 9999)]
    pub quantity: i64,
    /// Units rather than cases.
    #[serde(default)]
    pub is_unit: bool,
    /// The apparel variant; `unit`, `case` or empty mean none.
    #[serde(default)]
    pub variant_id: Option<String>,
}
