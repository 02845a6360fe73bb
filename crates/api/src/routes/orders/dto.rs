//! The JSON of an order: the buyer's and the back office's.

use domain::checkout::Order;
use domain::ids::TerminalId;
use domain::money::Money;
use domain::quote::Amounts;
use serde::Serialize;
use utoipa::ToSchema;

/// An order line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemJson {
    /// Id.
    pub id: String,
    /// The product.
    pub product_id: String,
    /// The apparel variant.
    pub variant_id: Option<String>,
    /// Units (true) or cases, shows and apparel items (false).
    pub is_unit: bool,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    #[schema(value_type = f64)]
    pub unit_price: Money,
    /// unitPrice x quantity.
    #[schema(value_type = f64)]
    pub item_subtotal: Money,
    /// The title at purchase time.
    pub title: String,
    /// The SKU sold.
    pub sku: String,
    /// Units of this line not in stock at the purchase that ship once a case is opened (0
    /// once the case break request is processed, and for other lines).
    pub owed_units: u32,
}

/// The address an order ships to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipAddressJson {
    /// Street line 1.
    pub street1: String,
    /// Street line 2.
    pub street2: Option<String>,
    /// City.
    pub city: String,
    /// State code.
    pub state: String,
    /// ZIP code.
    pub postal_code: String,
}

impl From<domain::checkout::ShipAddress> for ShipAddressJson {
    fn from(a: domain::checkout::ShipAddress) -> Self {
        ShipAddressJson {
            street1: a.street1,
            street2: a.street2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
        }
    }
}

/// An order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderJson {
    /// Id.
    pub id: String,
    /// `PENDING`, `PROCESSING`, `COMPLETED` or `FAILED`.
    #[schema(value_type = String)]
    pub status: domain::status::OrderStatus,
    /// The order type.
    #[schema(value_type = String)]
    pub order_type: domain::order::OrderType,
    /// When it was placed (RFC 3339).
    pub created_on: String,
    /// Subtotal.
    #[schema(value_type = f64)]
    pub subtotal: Money,
    /// Shipping.
    #[schema(value_type = f64)]
    pub shipping: Money,
    /// Tax.
    #[schema(value_type = f64)]
    pub tax: Money,
    /// Liftgate fee.
    #[schema(value_type = f64)]
    pub lift_gate_fee: Money,
    /// Grand total.
    #[schema(value_type = f64)]
    pub grand_total: Money,
    /// Liftgate asked for.
    pub lift_gate: bool,
    /// The terminal, when shipping to one.
    pub ship_to_terminal_id: Option<String>,
    /// Where it ships.
    pub shipping_address: ShipAddressJson,
    /// Items bought.
    pub item_count: u32,
    /// The lines.
    pub items: Vec<OrderItemJson>,
}

impl From<Order> for OrderJson {
    fn from(o: Order) -> Self {
        let Amounts {
            subtotal,
            tax,
            lift_gate_fee,
            shipping,
            grand_total,
        } = o.amounts;
        OrderJson {
            item_count: o.item_count(),
            id: o.id.into_string(),
            status: o.status,
            order_type: o.order_type,
            created_on: o.created_on.and_utc().to_rfc3339(),
            subtotal,
            shipping,
            tax,
            lift_gate_fee,
            grand_total,
            lift_gate: o.lift_gate,
            ship_to_terminal_id: o.ship_to_terminal_id.map(TerminalId::into_string),
            shipping_address: ShipAddressJson::from(o.address),
            items: o
                .items
                .into_iter()
                .map(|i| OrderItemJson {
                    id: i.id,
                    product_id: i.item.product_id.into_string(),
                    variant_id: i.item.variant_id.map(domain::ids::VariantId::into_string),
                    is_unit: i.item.packing.is_unit(),
                    quantity: i.item.quantity,
                    unit_price: i.item.unit_price,
                    item_subtotal: i.item.item_subtotal,
                    title: i.item.title,
                    sku: i.item.sku,
                    owed_units: i.owed_units,
                })
                .collect(),
        }
    }
}
