//! Accounts: registration, sign-in and the profile (`/api/user/...`).

pub mod admin;
pub mod dto;
pub mod info;
pub mod list;
pub mod login;
pub mod register;
