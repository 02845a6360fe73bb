//! Accounts: registration, sign-in, the user list and user administration (`/api/user/...`,
//! `/api/admin/users`). The signed-in user's own profile is `routes::profile`.

pub mod admin;
pub mod dto;
pub mod list;
pub mod login;
pub mod register;
pub mod reset;
