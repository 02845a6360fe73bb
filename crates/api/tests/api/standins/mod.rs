//! The outside services' stand-ins the tests start on loopback (README "Testing"): real
//! emulators installed by `make test` into a private virtual environment, never fakes written
//! here. Each is found through an environment variable the Makefile sets; without it a test
//! that needs the stand-in says so and passes over it, except under CI, where it fails.

pub mod localstripe;
pub mod relay;

/// The program `variable` names, or `None` (with a note) when it is not set outside CI.
///
/// # Panics
/// Under CI (`CI` set) when the variable is not set: the stand-in must run there.
pub fn program(variable: &str) -> Option<String> {
    match std::env::var(variable) {
        Ok(path) if !path.trim().is_empty() => Some(path),
        _ if std::env::var_os("CI").is_some() => {
            panic!("{variable} is not set: `make test` installs the stand-in and sets it")
        }
        _ => {
            eprintln!("{variable} is not set: skipped (`make test` installs the stand-in)");
            None
        }
    }
}

/// A free loopback port (bound and released at once).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}
