//! The inside of the hexagon: the fireworks shop's models, rules, ports and use cases.
//!
//! The server computes every price and total with this crate (the frontend never computes a
//! price of its own); nothing here does I/O. The outside world comes in through the traits of
//! [`ports`], which the adapters implement (`persistence`: the store; `auth`: passwords and
//! tokens); the `api` crate drives the use cases.
//!
//! - [`ports`]: [`ports::Store`] and the repositories, [`ports::PasswordHasher`],
//!   [`ports::TokenService`], [`ports::PaymentProvider`], [`ports::StoreError`].
//! - [`ids`]: typed ids ([`ids::UserId`], [`ids::ProductId`], ...).
//! - [`money`]: [`money::Money`], exact cents, one rounding rule, JSON and database forms.
//! - [`state`]: [`state::UsState`], the states not shipped to, [`state::sales_tax`].
//! - [`order`]: cart lines ([`order::QuoteLine`]) and [`order::order_type_of`].
//! - [`shipping`]: the tables, [`shipping::shipping_for`], the liftgate, published rates.
//! - [`quote`]: [`quote::quote`], every figure of a checkout; [`quote::price_lines`].
//! - [`catalogue`]: packages, sizes, genders, quantities, SKUs; products, shows, metadata and
//!   terminals; the catalogue's read use cases.
//! - [`profile`]: profile and address validation with the specification's messages; the
//!   profile use cases.
//! - [`account`]: roles, e-mail addresses, the password rule, users.
//! - [`users`]: registration, sign-in, token authentication, the user list.
//! - [`user_admin`]: the back office's user management (create, edit, password reset,
//!   permissions), with the admin unable to lock themselves out.
//! - [`cart`]: cart lines and the cart use cases.
//! - [`checkout`]: the cart's quote, payment sessions holding stock, the purchase, orders.
//! - [`reports`]: the five reports, requested by an admin and computed by a background job.
//! - [`sales`]: the back office's orders (status and its history) and case break requests.
//! - [`pricing`]: the price helper, unit products and SKU rules.
//! - [`payments`]: the sandbox payment provider's ledger ([`payments::SandboxLedger`]).
//! - [`demo_pictures`]: the demo shop's picture addresses ([`demo_pictures::Motif`]), which
//!   the seed writes and the api draws.
//! - [`paging`], [`status`]: pages of lists; order, case break and report statuses.
#![warn(missing_docs)]

pub mod account;
pub mod cart;
pub mod catalogue;
pub mod checkout;
pub mod demo_pictures;
pub mod ids;
mod macros;
pub mod money;
pub mod order;
pub mod paging;
pub mod payments;
pub mod ports;
pub mod pricing;
pub mod profile;
pub mod quote;
pub mod reports;
pub mod sales;
pub mod shipping;
pub mod state;
pub mod status;
pub mod user_admin;
pub mod users;
