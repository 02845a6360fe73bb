//! The outside services' stand-ins the tests start on loopback (README "Testing"): real
//! emulators installed by `make test` into a private virtual environment, never fakes written
//! here. Each is found through an environment variable the Makefile sets; without it a test
//! that needs the stand-in says so and passes over it, except under CI, where it fails.

pub mod localstripe;
pub mod moto;
pub mod relay;

pub use mail::test_support::{free_port, program};
