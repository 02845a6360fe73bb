//! The inside of the hexagon: the fireworks shop's models, rules, ports and use cases.
//!
//! The server computes every price and total with this crate (the frontend never computes a
//! price of its own); nothing here does I/O. Each area is one folder with its models, its ports
//! (the traits the adapters implement: `persistence` the store's, `auth` passwords and tokens,
//! `payments` the provider) and its use cases; the `api` crate drives them. One use case is one
//! [`store::Store::read`] or [`store::Store::write`] (see `docs/ARCHITECTURE.md`).
//!
//! - Shared kernel: [`money`] (exact cents, one rounding rule), [`ids`] (typed ids), [`paging`],
//!   [`status`] (order, case break and report statuses), [`store`] (the unit of work and
//!   [`store::StoreError`]), [`audit`] (the audit trail of admin writes).
//! - Money rules: [`state`] (the states not shipped to, sales tax), [`order`] (cart lines and
//!   the order type), [`shipping`] (the tables, the liftgate), [`quote`] (every figure of a
//!   checkout), [`pricing`] (the price helper, unit products, SKU rules, price lookups).
//! - [`catalogue`]: products, apparel, shows, metadata and terminals; the storefront's reads and
//!   the back office's product, apparel and show writes.
//! - [`vocabulary`]: brands, categories, colours, effects, show and apparel types.
//! - [`inventory`]: the back office's inventory and dashboard; stock held, taken and released.
//! - [`cart`], [`checkout`] (quote, payment sessions holding stock, the purchase, the buyer's
//!   orders), [`payments`] (the provider port), [`orders`] (the back office's sales and case
//!   break requests), [`reports`] (the five reports and their background job).
//! - [`limits`]: request limits counted in the store, shared by every node.
//! - [`users`] (accounts, sign-in, tokens, user management), [`profile`] (profile and address
//!   with the specification's messages).
//! - [`demo_pictures`]: the demo shop's picture addresses ([`demo_pictures::Motif`]), which
//!   the seed writes and the api draws.
#![warn(missing_docs)]

pub mod audit;
pub mod cart;
pub mod catalogue;
pub mod checkout;
pub mod demo_pictures;
pub mod ids;
pub mod inventory;
pub mod limits;
mod macros;
pub mod money;
pub mod notifications;
pub mod order;
pub mod orders;
pub mod paging;
pub mod payments;
pub mod pricing;
pub mod profile;
pub mod quote;
pub mod refunds;
pub mod reports;
pub mod shipping;
pub mod state;
pub mod status;
pub mod store;
pub mod users;
pub mod vocabulary;
