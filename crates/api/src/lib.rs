//! The shop's HTTP API (actix-web): routes under `/api`, the built frontend, and the wiring
//! used by the `shop` binary and the integration tests.
#![warn(missing_docs)]

pub mod access_log;
pub mod api_docs;
pub mod app_routes;
pub mod bootstrap;
pub mod catalogue_cache;
pub mod client;
pub mod config;
pub mod csv;
pub mod demo_images;
pub mod error;
pub mod error_tracking;
pub mod extractors;
pub mod first_view;
pub mod guards;
pub mod head;
pub mod image_store;
pub mod log_writer;
pub mod mail_sender;
pub mod metrics;
pub mod objects;
pub mod openapi;
pub mod path_template;
pub mod payment_config;
pub mod payment_window;
pub mod rate_limit;
pub mod read_your_writes;
pub mod report_jobs;
pub mod request_scope;
pub mod routes;
pub mod routes_system;
pub mod shutdown;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod text_guard;
pub mod web_assets;
pub mod whole;
