//! Users: accounts (roles, e-mail addresses, the password rule), registration, sign-in and
//! token authentication, and the back office's user management (create, edit, password reset,
//! permissions; an admin cannot lock themselves out).

pub mod admin;
mod model;
mod ports;
mod reset;
mod service;

pub use admin::*;
pub use model::*;
pub use ports::*;
pub use reset::*;
pub use service::*;
