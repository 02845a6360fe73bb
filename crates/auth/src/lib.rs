//! Authentication for the shop: argon2id password hashing, signed session tokens (JWT) and
//! role checks. Pure: no HTTP and no database.
#![warn(missing_docs)]

pub mod password;
pub mod token;

pub use password::{PasswordCost, PasswordError, Passwords};
pub use token::{Claims, TokenError, Tokens, SESSION_HOURS};
