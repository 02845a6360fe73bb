//! For tests (feature `test-support`): aiosmtpd (PyPI), a real SMTP server, as the tests'
//! stand-in of the shop's mail server: `SHOP_TEST_AIOSMTPD` names its program (`make
//! standins` installs it into target/standins-venv; the Makefile's STANDINS_ENV sets the
//! variable). Without it a test says so and passes over it, except under CI, where it fails.
//! The mail crate's tests and the api's use it.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

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

/// A running aiosmtpd that keeps what it receives in a Maildir; stopped when dropped.
pub struct Aiosmtpd {
    child: Child,
    /// The port on 127.0.0.1.
    pub port: u16,
    folder: TempDir,
    program: String,
    options: Vec<String>,
}

impl Drop for Aiosmtpd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Aiosmtpd {
    /// Starts the server on a free port and waits for its greeting; `None` when it is not
    /// installed (outside CI).
    pub fn start() -> Option<Self> {
        Self::start_with(&[])
    }

    /// As [`Aiosmtpd::start`], with more of aiosmtpd's options (`-s 2000`: refuse messages
    /// over 2000 bytes).
    pub fn start_with(options: &[&str]) -> Option<Self> {
        let program = program("SHOP_TEST_AIOSMTPD")?;
        let folder = tempfile::tempdir().expect("temporary folder");
        let port = free_port();
        let options: Vec<String> = options.iter().map(|o| (*o).to_owned()).collect();
        let child = spawn(&program, port, &folder, &options);
        Some(Aiosmtpd {
            child,
            port,
            folder,
            program,
            options,
        })
    }

    /// Starts the stopped server again, on the same port and Maildir.
    pub fn restart(&mut self) {
        self.stop();
        self.child = spawn(&self.program, self.port, &self.folder, &self.options);
    }
    /// `smtp://127.0.0.1:{port}?tls=none`, and the same with `extra` query text.
    pub fn url(&self, extra: &str) -> String {
        format!("smtp://127.0.0.1:{}?tls=none{extra}", self.port)
    }

    /// The messages received, as the Maildir keeps them (its `new/` folder), oldest first.
    pub fn received(&self) -> Vec<Vec<u8>> {
        let new: PathBuf = self.folder.path().join("Maildir").join("new");
        let Ok(entries) = std::fs::read_dir(&new) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries.map(|e| e.expect("entry").path()).collect();
        files.sort();
        files
            .iter()
            .map(|path| std::fs::read(path).expect("a message"))
            .collect()
    }

    /// Stops the server now (its port then refuses connections).
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts aiosmtpd on `port` with its Maildir in `folder` and waits for its greeting.
fn spawn(program: &str, port: u16, folder: &TempDir, options: &[String]) -> Child {
    let mut child = Command::new(program)
        .args(["-n", "-l", &format!("127.0.0.1:{port}")])
        .args(options)
        // -c takes the rest of the line: the handler's class and its argument (the Maildir).
        .args(["-c", "aiosmtpd.handlers.Mailbox"])
        .arg(folder.path().join("Maildir"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .expect("timeout");
            let mut greeting = String::new();
            if BufReader::new(stream).read_line(&mut greeting).is_ok()
                && greeting.starts_with("220")
            {
                return child;
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("aiosmtpd did not greet on port {port} within 30 s");
}
