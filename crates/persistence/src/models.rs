//! Row structs for every table: one struct per table serves reads (`Queryable` +
//! `Selectable`, checked against both backends at compile time) and writes (`Insertable`, with
//! `None` written as NULL so that multi-row inserts work on SQLite too).
//!
//! Money fields are `*_cents: i64`; enumerations are their TEXT names; packages are "36,1".

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::schema::*;

/// A row of `users`: accounts. `email` is stored lowercased and is unique.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = users, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct User {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub role: String,
    pub active: bool,
    pub last_login: Option<NaiveDateTime>,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
    pub token_version: i32,
}

/// A row of `addresses`: postal addresses (profiles' billing/shipping addresses and terminals).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = addresses, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Address {
    pub id: String,
    pub street1: String,
    pub street2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}

/// A row of `profiles`: one profile per user.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = profiles, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Profile {
    pub id: String,
    pub user_id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub date_of_birth: Option<String>,
    pub phone_number: Option<String>,
    pub accepted_terms: bool,
    pub can_contact: Option<bool>,
    pub billing_address_id: Option<String>,
    pub shipping_address_id: Option<String>,
    pub theme: Option<String>,
    pub updated_on: NaiveDateTime,
}

/// A row of `carts`: one cart per user.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = carts, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Cart {
    pub id: String,
    pub user_id: String,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
}

/// A row of `cart_lines`: cart lines; unique per (cart_id, product_id, variant_key).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = cart_lines, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct CartLine {
    pub id: String,
    pub cart_id: String,
    pub product_id: String,
    pub variant_id: Option<String>,
    pub variant_key: String,
    pub case_quantity: i32,
    pub unit_quantity: i32,
    pub created_on: NaiveDateTime,
}

/// A row of `brands`: product brands.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = brands, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Brand {
    pub id: String,
    pub name: String,
}

/// A row of `categories`: product categories.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = categories, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Category {
    pub id: String,
    pub name: String,
}

/// A row of `colors`: colours (products and apparel variants).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = colors, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Color {
    pub id: String,
    pub name: String,
}

/// A row of `effects`: firework effects.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = effects, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Effect {
    pub id: String,
    pub name: String,
}

/// A row of `apparel_types`: apparel types (T-Shirt, Hoodie, ...).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = apparel_types, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ApparelType {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
}

/// A row of `show_types`: show types (CUSTOM, FOURTH_JULY, ...).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = show_types, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ShowType {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
}

/// A row of `products`: fireworks products, shows (`is_show`) and apparel products (`is_apparel`).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = products, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Product {
    pub id: String,
    pub sku: String,
    pub title: String,
    pub title_lower: String,
    pub description: Option<String>,
    pub case_price_cents: i64,
    pub is_show: bool,
    pub is_apparel: bool,
    pub in_stock: bool,
    pub is_case_breakable: bool,
    pub brand_id: String,
    pub category_id: String,
    pub apparel_type_id: Option<String>,
    pub show_type_id: Option<String>,
    pub image: String,
    pub video_url: Option<String>,
    pub package: String,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
}

/// The columns of `products` that a product shows (no search key, references or timestamps):
/// what catalogue pages read, since reading the two timestamps (text on SQLite) was a twelfth
/// of a listed page's CPU.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = products)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ShownProduct {
    pub id: String,
    pub sku: String,
    pub title: String,
    pub description: Option<String>,
    pub case_price_cents: i64,
    pub is_show: bool,
    pub is_apparel: bool,
    pub in_stock: bool,
    pub is_case_breakable: bool,
    pub image: String,
    pub video_url: Option<String>,
    pub package: String,
}

/// The columns of `products` that the list index reads (its filters and orders).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = products)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct IndexedProduct {
    pub id: String,
    pub title_lower: String,
    pub created_on: NaiveDateTime,
    pub is_show: bool,
    pub is_apparel: bool,
    pub in_stock: bool,
    pub brand_id: String,
    pub category_id: String,
    pub apparel_type_id: Option<String>,
    pub show_type_id: Option<String>,
}

/// A row of `product_colors`: product to colour links.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = product_colors, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ProductColor {
    pub product_id: String,
    pub color_id: String,
}

/// A row of `product_effects`: product to effect links.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = product_effects, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ProductEffect {
    pub product_id: String,
    pub effect_id: String,
}

/// A row of `unit_products`: the unit product of a case-breakable product (at most one per product).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = unit_products, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct UnitProduct {
    pub id: String,
    pub product_id: String,
    pub sku: String,
    pub unit_price_cents: i64,
    pub price_overridden: bool,
    pub package: String,
    pub available_stock: i32,
    pub available: bool,
}

/// A row of `apparel_variants`: apparel variants; unique per (product_id, size, gender, color_key).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = apparel_variants, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ApparelVariant {
    pub id: String,
    pub product_id: String,
    pub sku: String,
    pub size: String,
    pub gender: String,
    pub color_id: Option<String>,
    pub color_key: String,
    pub unit_price_cents: i64,
    pub available_stock: i32,
    pub available: bool,
}

/// A row of `show_products`: the products a show holds; unique per (show_id, product_id, is_unit).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = show_products, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct ShowProduct {
    pub id: String,
    pub show_id: String,
    pub product_id: String,
    pub quantity: i32,
    pub is_unit: bool,
    pub notes: Option<String>,
}

/// A row of `terminals`: freight carrier service centres a buyer can ship to.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = terminals, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Terminal {
    pub id: String,
    pub terminal_name: String,
    pub company: String,
    pub address_id: String,
    pub accept_out_of_state_licence: bool,
    pub business_required: bool,
}

/// A row of `payment_sessions`: checkout payment sessions (one per checkout token).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = payment_sessions, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct PaymentSession {
    pub id: String,
    pub token: String,
    pub user_id: String,
    pub cart_id: String,
    pub amount_cents: i64,
    pub cart_fingerprint: String,
    pub ship_to_terminal_id: Option<String>,
    pub lift_gate: bool,
    pub status: String,
    pub card_last4: Option<String>,
    pub order_id: Option<String>,
    pub expires_at: NaiveDateTime,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
    pub provider_ref: String,
}

/// A row of `stock_holds`: variant items held by an open payment session.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = stock_holds, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct StockHold {
    pub session_id: String,
    pub variant_id: String,
    pub quantity: i32,
    pub expires_at: NaiveDateTime,
}

/// A row of `sandbox_payments`: the sandbox payment provider's authorizations.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = sandbox_payments, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct SandboxPayment {
    pub reference: String,
    pub amount_cents: i64,
    pub status: String,
    pub card_last4: Option<String>,
    pub attempts: i32,
    pub expires_at: NaiveDateTime,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
}

/// A row of `orders`: orders (purchases), with the shipping address copied in.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = orders, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Order {
    pub id: String,
    pub user_id: String,
    pub status: String,
    pub order_type: String,
    pub ship_street1: String,
    pub ship_street2: Option<String>,
    pub ship_city: String,
    pub ship_state: String,
    pub ship_postal_code: String,
    pub ship_to_terminal_id: Option<String>,
    pub lift_gate: bool,
    pub subtotal_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub lift_gate_fee_cents: i64,
    pub grand_total_cents: i64,
    pub checkout_token: String,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
}

/// A row of `order_items`: order lines, with title and SKU copied at purchase time.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_items, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct OrderItem {
    pub id: String,
    pub order_id: String,
    pub product_id: String,
    pub variant_id: Option<String>,
    pub is_unit: bool,
    pub quantity: i32,
    pub unit_price_cents: i64,
    pub item_subtotal_cents: i64,
    pub title: String,
    pub sku: String,
}

/// A row of `order_status_history`: every order status change, with who and when.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_status_history, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct OrderStatusChange {
    pub id: String,
    pub order_id: String,
    pub status: String,
    pub changed_by: Option<String>,
    pub changed_at: NaiveDateTime,
}

/// A row of `case_break_requests`: requests to break cases into units when unit stock ran short.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = case_break_requests, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct CaseBreakRequest {
    pub id: String,
    pub product_id: String,
    pub order_id: Option<String>,
    pub quantity: i32,
    pub quantity_added: Option<i32>,
    pub status: String,
    pub created_on: NaiveDateTime,
    pub updated_on: NaiveDateTime,
}

/// A row of `reports`: admin reports.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = reports, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct Report {
    pub id: String,
    pub report_type: String,
    pub name: String,
    pub description: Option<String>,
    pub status: String,
    pub parameters: Option<String>,
    pub created_by: String,
    pub created_at: NaiveDateTime,
    pub completed_at: Option<NaiveDateTime>,
    pub file_url: Option<String>,
    pub error_message: Option<String>,
}

/// A row of `audit_log`: audit trail of admin and security-relevant actions.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = audit_log, treat_none_as_default_value = false)]
#[diesel(check_for_backend(diesel::pg::Pg, diesel::sqlite::Sqlite))]
pub struct AuditEntry {
    pub id: String,
    pub actor_id: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<String>,
    pub details: Option<String>,
    pub created_at: NaiveDateTime,
}
