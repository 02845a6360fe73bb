//! API integration tests: the real server on port 0 with a fresh database per test (a temporary
//! SQLite file, or a fresh PostgreSQL database when `TEST_DATABASE_URL` is set).

mod apparel_admin;
mod authorization;
mod back_office;
mod backup;
mod cart;
mod cart_lock;
mod catalogue;
mod catalogue_cache;
mod catalogue_sort;
mod checkout;
mod checkout_races;
mod client_errors;
mod conventions;
mod facets;
mod helpers;
mod images;
mod limits;
mod mail;
mod malformed_ids;
mod product_admin;
mod quote;
mod refunds;
mod reports;
mod sales;
mod security;
mod security_second;
mod show_admin;
mod standins;
mod startup;
mod stock_limits;
mod surface;
mod uploads;
mod user;
mod user_admin;
mod vocabulary;
