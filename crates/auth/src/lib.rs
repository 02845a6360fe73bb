//! The authentication adapter of the shop: argon2id password hashing and signed session
//! tokens (JWT), implementing the domain's `PasswordHasher` and `TokenService` ports. Pure: no
//! HTTP and no database.
#![warn(missing_docs)]

pub mod password;
pub mod pool;
mod ports;
pub mod token;

pub use password::{PasswordCost, PasswordError, Passwords};
pub use token::{Claims, TokenError, Tokens, SESSION_HOURS};
