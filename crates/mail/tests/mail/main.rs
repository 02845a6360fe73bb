//! The mail crate's tests: every kind rendered against its reviewed snapshot, and sent through
//! a real SMTP server (aiosmtpd on loopback, writing a Maildir) and read back.

mod fixtures;
mod smtp;
mod snapshots;
