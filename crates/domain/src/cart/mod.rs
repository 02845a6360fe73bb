//! The cart: lines of products (by the case, by the unit, or an apparel variant), and its use
//! cases over the [`crate::cart::Carts`] port. A cart belongs to one user: every call on
//! another user's cart answers as if it did not exist (decisions.md "Accounts and roles").

mod model;
mod ports;
mod service;

pub use model::*;
pub use ports::Carts;
pub use service::{
    add, get, remove, update_quantity, CartError, LineChange, CART_BEING_PAID_MESSAGE,
};
