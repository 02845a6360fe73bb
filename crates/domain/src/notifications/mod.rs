//! Notifications: the e-mails the shop sends (a password reset link, an order's confirmation,
//! its status changes and refunds, and the shop's own copy of new orders and case breaks).
//!
//! A mail is a domain event: the use case that causes it writes it to the outbox in its own
//! transaction ([`Outbox::enqueue_mail`]), so a committed order always has its confirmation
//! and a rolled-back one has none. A sender then delivers the outbox's due mails through the
//! [`Mailer`] port (SMTP, or `.eml` files for `make run`), retrying with backoff
//! ([`deliver_due`], [`RetryPolicy`]); the mail adapter renders each [`Notification`] from its
//! templates.

mod model;
mod ports;
mod service;

pub use model::*;
pub use ports::*;
pub use service::{deliver_due, outgoing_mail, resend_mail, Delivered, RetryPolicy};
