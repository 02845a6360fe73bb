//! The catalogue (fireworks, shows, apparel and their metadata): the storefront's reads,
//! answered through the server's read cache, and the back office's product, show and apparel
//! administration.

mod admin_crud;
pub mod apparel;
pub mod apparel_admin;
pub mod dto;
pub mod facets;
pub mod metadata;
pub mod product_admin;
pub mod products;
pub mod show_admin;
pub mod shows;
pub mod uploads;
