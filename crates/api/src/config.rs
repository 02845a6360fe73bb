//! Settings from the environment (see README and `.env.example`).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use auth::PasswordCost;
use domain::checkout::CheckoutLimits;
use domain::notifications::{Mailing, RetryPolicy};
use mail::MailConfig;

use crate::client::{ForwardedHeader, ProxyTrust};
use crate::error_tracking::SentryDsn;
use crate::image_store::ImageSettings;
use crate::payment_config::PaymentSettings;
use crate::rate_limit::LimitSettings;

/// Everything the server needs to start.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `DATABASE_URL`: `sqlite://data/shop.db` (default) or `postgres://...`.
    pub database_url: String,
    /// `SHOP_ADDR`: where to listen (default 127.0.0.1:8080; port 0 picks a free port).
    pub addr: SocketAddr,
    /// `SHOP_DATA_DIR`: where generated state lives (default `data`).
    pub data_dir: PathBuf,
    /// `JWT_SECRET`; when unset, a random secret persisted in `{data_dir}/jwt-secret` (0600).
    pub jwt_secret: Option<String>,
    /// `SHOP_FRONTEND_DIR`: the built frontend (default `frontend/dist`).
    pub frontend_dir: PathBuf,
    /// `SHOP_ADMIN_EMAIL` / `SHOP_ADMIN_PASSWORD`: the first admin of a fresh database.
    pub admin_email: Option<String>,
    /// See `admin_email`.
    pub admin_password: Option<String>,
    /// `SHOP_LOGIN_RATE_LIMIT`: sign-in attempts per client address per minute (default 10).
    pub login_rate_per_minute: u32,
    /// `SHOP_ACCOUNT_LOGIN_RATE_LIMIT`: sign-in attempts per account per hour, from any
    /// address (default 30).
    pub account_login_rate_per_hour: u32,
    /// `SHOP_REGISTER_RATE_LIMIT`: registrations per client address per hour (default 10).
    pub register_rate_per_hour: u32,
    /// `SHOP_REGISTER_RATE_LIMIT_TOTAL`: registrations per hour in all (default 600).
    pub register_rate_total_per_hour: u32,
    /// `SHOP_CLIENT_ERROR_RATE_LIMIT`: browser error reports (`POST /api/client-errors`) per
    /// client address per minute (default 30).
    pub client_error_rate_per_minute: u32,
    /// `SHOP_CHECKOUT_SESSIONS_PER_HOUR`: payment sessions one account opens per hour
    /// (default 5), counted in the database so that it holds across servers.
    pub checkout_sessions_per_hour: u32,
    /// `SHOP_MAX_HELD_PER_VARIANT`: items of one apparel variant that one account's open
    /// payment sessions may hold together (default 50).
    pub max_held_per_variant: u32,
    /// `SHOP_SENTRY_DSN`: a Sentry-compatible DSN; unset (the default), nothing is sent
    /// anywhere. Set, the server reports its panics and errors there and the pages load the
    /// browser SDK for the same DSN (see [`crate::error_tracking`]).
    pub sentry_dsn: Option<SentryDsn>,
    /// `SHOP_TRUST_PROXY`: read the client address from `X-Forwarded-For` / `Forwarded`, but
    /// only on connections from a trusted proxy (default false).
    pub trust_proxy: bool,
    /// `SHOP_TRUSTED_PROXIES`: the proxies' addresses or CIDR networks, comma-separated
    /// (with `SHOP_TRUST_PROXY=true` and no list: 127.0.0.1 and ::1 only, a proxy on the same
    /// host; not the rest of 127.0.0.0/8, where any local program can bind).
    pub trusted_proxies: ProxyTrust,
    /// `SHOP_FORWARDED_HEADER`: the one header the trusted proxies write, `x-forwarded-for`
    /// (default) or `forwarded`; the other is never read.
    pub forwarded_header: ForwardedHeader,
    /// `SHOP_PUBLIC_URL`: the address shoppers reach the shop at (unset by default). When it
    /// is `https://...`, every answer carries HSTS.
    pub public_url: String,
    /// `SHOP_METRICS_ADDR`: where `GET /metrics` listens (default 127.0.0.1:9898, loopback
    /// only; `off` for none). Never the shop's public address.
    pub metrics_addr: Option<SocketAddr>,
    /// `SHOP_DB_POOL_SIZE`: connections in the pool (default: 16 on SQLite, where readers
    /// share the file and one writer takes its turn; on PostgreSQL 2 per core + 1, as each
    /// connection is a server process competing for the same cores: see
    /// [`default_pool_size`]).
    pub db_pool_size: u32,
    /// `SHOP_WORKERS`: HTTP worker threads (default: one per core).
    pub workers: Option<usize>,
    /// `SHOP_BLOCKING_THREADS`: threads per HTTP worker for blocking calls, the database's
    /// above all (default: `db_pool_size`, see [`Settings::blocking_threads`]).
    pub blocking_threads: Option<usize>,
    /// `SHOP_MAX_BODY_BYTES`: largest JSON body accepted (default 256 KiB).
    pub max_body_bytes: usize,
    /// Password hashing cost; always `Standard` outside test suites.
    pub password_cost: PasswordCost,
    /// Seed the demo shop on an empty catalogue (`shop serve --no-demo` turns it off).
    pub seed_demo: bool,
    /// `SHOP_PAYMENTS` and the chosen provider's settings (the sandbox by default).
    pub payments: PaymentSettings,
    /// `SHOP_NAME`, `SHOP_MAIL_FROM` and `SHOP_SMTP_URL`: the mails' sender and transport
    /// (without `SHOP_SMTP_URL`, `.eml` files in `{data_dir}/mail`).
    pub mail: MailConfig,
    /// `SHOP_ORDERS_EMAIL`: where the shop's own copies of new orders and case breaks go
    /// (unset by default: nowhere).
    pub orders_email: Option<String>,
    /// `SHOP_MAIL_RETRY_SECONDS`: the delay after a mail's first failed try (default 60; each
    /// next one doubles, up to 2 hours, for 24 hours).
    pub mail_retry_seconds: u64,
    /// `SHOP_MAIL_POLL_MS`: how often the sender looks for mails to send (default 1000).
    pub mail_poll_ms: u64,
    /// `SHOP_RESET_RATE_LIMIT`: "forgot password" asks per client address per hour (default
    /// 10; each account is also sent at most 3 links an hour).
    pub reset_rate_per_hour: u32,
    /// `SHOP_OBJECT_STORE_URL` and `SHOP_IMAGES_PUBLIC_URL`: where uploaded images are kept
    /// (default `{data_dir}/uploads`) and whether browsers fetch them elsewhere.
    pub images: ImageSettings,
    /// `SHOP_DRAIN_SECONDS`: after SIGTERM, how long the node goes on serving while
    /// `/api/health` answers 503, so that a balancer's active health check takes it out
    /// (default 0; at most [`MAX_STOP_SECONDS`]).
    pub drain_seconds: u64,
    /// `SHOP_SHUTDOWN_SECONDS`: then, how long the requests in flight (and after them the
    /// background tasks) may take to finish (default 30; at most [`MAX_STOP_SECONDS`]).
    pub shutdown_seconds: u64,
    /// `SHOP_CATALOGUE_LISTEN`: on PostgreSQL, listen for the catalogue versions other nodes
    /// commit (`on`, the default) or only read the version on a timer (`off`). Ignored on
    /// SQLite.
    pub catalogue_listen: bool,
    /// `SHOP_CATALOGUE_VERSION_TTL_MS`: how long a node trusts the catalogue version it read
    /// while no listener tells it of new ones (default 250).
    pub catalogue_version_ttl_ms: u64,
    /// `SHOP_CATALOGUE_LISTEN_TTL_MS`: how long it trusts the version it read while its
    /// listener is connected (default 2000; a safety net: versions arrive as notifications).
    pub catalogue_listen_ttl_ms: u64,
}

/// The largest `SHOP_DRAIN_SECONDS` and `SHOP_SHUTDOWN_SECONDS` accepted (an hour): a larger
/// value is more likely milliseconds written by mistake.
pub const MAX_STOP_SECONDS: u64 = 3600;

/// A number of seconds no larger than [`MAX_STOP_SECONDS`].
fn stop_seconds(name: &'static str, default: u64) -> Result<u64, SettingsError> {
    let seconds = parsed(name, default)?;
    if seconds > MAX_STOP_SECONDS {
        return Err(SettingsError {
            name,
            reason: format!("{seconds} seconds is more than the {MAX_STOP_SECONDS} allowed"),
        });
    }
    Ok(seconds)
}

/// A setting that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("invalid setting {name}: {reason}")]
pub struct SettingsError {
    name: &'static str,
    reason: String,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parsed<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, SettingsError>
where
    T::Err: std::fmt::Display,
{
    Ok(parsed_optional(name)?.unwrap_or(default))
}

/// A switch: `on`/`off` (or `true`/`false`, `1`/`0`), `default` when it is not set.
fn on_off(name: &'static str, default: bool) -> Result<bool, SettingsError> {
    match var(name).map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        None => Ok(default),
        Some("on" | "true" | "1") => Ok(true),
        Some("off" | "false" | "0") => Ok(false),
        Some(other) => Err(SettingsError {
            name,
            reason: format!("expected on or off, not {other:?}"),
        }),
    }
}

/// The setting `name` parsed, `None` when it is not set.
fn parsed_optional<T: std::str::FromStr>(name: &'static str) -> Result<Option<T>, SettingsError>
where
    T::Err: std::fmt::Display,
{
    var(name)
        .map(|v| {
            v.trim().parse().map_err(|e: T::Err| SettingsError {
                name,
                reason: e.to_string(),
            })
        })
        .transpose()
}

/// The pool size when `SHOP_DB_POOL_SIZE` is not set. On PostgreSQL more connections than
/// the cores can run only queue inside the database: on this project's 2-core machine the mixed
/// load (bench/bench.py) at 64 connections had a browse p99 of 322 ms with 16 connections and
/// 48-56 ms with 4-5, and whole purchases went from 429.5/s (p99 393 ms) to 458.8/s (p99 113
/// ms) with 5.
#[must_use]
pub fn default_pool_size(database_url: &str) -> u32 {
    if database_url.starts_with("postgres") {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        u32::try_from(cores * 2 + 1).unwrap_or(u32::MAX).max(4)
    } else {
        16
    }
}

/// See [`Settings::blocking_threads`].
fn blocking_threads(configured: Option<usize>, pool_size: u32) -> usize {
    configured
        .unwrap_or_else(|| usize::try_from(pool_size).unwrap_or(usize::MAX))
        .max(1)
}

impl Settings {
    /// Reads the environment (after `.env`, if present).
    ///
    /// # Errors
    /// [`SettingsError`] naming the first setting that does not parse.
    pub fn from_env() -> Result<Self, SettingsError> {
        let database_url = var("DATABASE_URL").unwrap_or_else(|| "sqlite://data/shop.db".into());
        Ok(Settings {
            addr: parsed("SHOP_ADDR", SocketAddr::from(([127, 0, 0, 1], 8080)))?,
            data_dir: var("SHOP_DATA_DIR").map_or_else(|| PathBuf::from("data"), PathBuf::from),
            jwt_secret: var("JWT_SECRET"),
            frontend_dir: var("SHOP_FRONTEND_DIR")
                .map_or_else(|| PathBuf::from("frontend/dist"), PathBuf::from),
            admin_email: var("SHOP_ADMIN_EMAIL"),
            admin_password: var("SHOP_ADMIN_PASSWORD"),
            login_rate_per_minute: parsed("SHOP_LOGIN_RATE_LIMIT", 10)?,
            account_login_rate_per_hour: parsed("SHOP_ACCOUNT_LOGIN_RATE_LIMIT", 30)?,
            register_rate_per_hour: parsed("SHOP_REGISTER_RATE_LIMIT", 10)?,
            register_rate_total_per_hour: parsed("SHOP_REGISTER_RATE_LIMIT_TOTAL", 600)?,
            client_error_rate_per_minute: parsed("SHOP_CLIENT_ERROR_RATE_LIMIT", 30)?,
            checkout_sessions_per_hour: parsed("SHOP_CHECKOUT_SESSIONS_PER_HOUR", 5)?,
            max_held_per_variant: parsed("SHOP_MAX_HELD_PER_VARIANT", 50)?,
            sentry_dsn: var("SHOP_SENTRY_DSN")
                .map(|v| SentryDsn::parse(v.trim()))
                .transpose()
                .map_err(|reason| SettingsError {
                    name: "SHOP_SENTRY_DSN",
                    reason,
                })?,
            trust_proxy: parsed("SHOP_TRUST_PROXY", false)?,
            trusted_proxies: ProxyTrust::parse(&var("SHOP_TRUSTED_PROXIES").unwrap_or_default())
                .map_err(|e| SettingsError {
                    name: "SHOP_TRUSTED_PROXIES",
                    reason: e.to_string(),
                })?,
            forwarded_header: parsed("SHOP_FORWARDED_HEADER", ForwardedHeader::default())?,
            public_url: var("SHOP_PUBLIC_URL")
                .map(|v| v.trim().trim_end_matches('/').to_owned())
                .unwrap_or_default(),
            metrics_addr: match var("SHOP_METRICS_ADDR").as_deref().map(str::trim) {
                Some("off") => None,
                _ => Some(parsed(
                    "SHOP_METRICS_ADDR",
                    SocketAddr::from(([127, 0, 0, 1], 9898)),
                )?),
            },
            db_pool_size: parsed("SHOP_DB_POOL_SIZE", default_pool_size(&database_url))?,
            database_url,
            workers: parsed_optional("SHOP_WORKERS")?,
            blocking_threads: parsed_optional("SHOP_BLOCKING_THREADS")?,
            max_body_bytes: parsed("SHOP_MAX_BODY_BYTES", 256 * 1024)?,
            password_cost: PasswordCost::Standard,
            seed_demo: true,
            payments: PaymentSettings::read(var).map_err(|e| SettingsError {
                name: e.name,
                reason: e.reason,
            })?,
            mail: MailConfig::read(var).map_err(|e| SettingsError {
                name: e.name,
                reason: e.reason,
            })?,
            orders_email: var("SHOP_ORDERS_EMAIL").map(|v| v.trim().to_owned()),
            mail_retry_seconds: parsed("SHOP_MAIL_RETRY_SECONDS", 60)?,
            mail_poll_ms: parsed("SHOP_MAIL_POLL_MS", 1000)?,
            reset_rate_per_hour: parsed("SHOP_RESET_RATE_LIMIT", 10)?,
            images: ImageSettings::read(var).map_err(|e| SettingsError {
                name: e.name,
                reason: e.reason,
            })?,
            drain_seconds: stop_seconds("SHOP_DRAIN_SECONDS", 0)?,
            shutdown_seconds: stop_seconds("SHOP_SHUTDOWN_SECONDS", 30)?,
            catalogue_listen: on_off("SHOP_CATALOGUE_LISTEN", true)?,
            catalogue_version_ttl_ms: parsed("SHOP_CATALOGUE_VERSION_TTL_MS", 250)?,
            catalogue_listen_ttl_ms: parsed("SHOP_CATALOGUE_LISTEN_TTL_MS", 2000)?,
        })
    }

    /// How the node's catalogue caches learn of new versions: `signal` (the store's), and the
    /// two TTLs.
    #[must_use]
    pub fn freshness(
        &self,
        signal: std::sync::Arc<persistence::VersionSignal>,
    ) -> crate::catalogue_cache::Freshness {
        crate::catalogue_cache::Freshness {
            signal,
            ttl: std::time::Duration::from_millis(self.catalogue_version_ttl_ms),
            listening_ttl: std::time::Duration::from_millis(self.catalogue_listen_ttl_ms),
        }
    }

    /// What the use cases that write mails know of the shop: its name, its address on the web
    /// (`SHOP_PUBLIC_URL`, else `http://{SHOP_ADDR}`), the host of its `Message-ID`s, and its
    /// own address for order copies.
    #[must_use]
    pub fn mailing(&self) -> Mailing {
        let public_url = if self.public_url.is_empty() {
            format!("http://{}", self.addr)
        } else {
            self.public_url.clone()
        };
        let message_host = public_url
            .split_once("://")
            .map_or(public_url.as_str(), |(_, rest)| rest)
            .split(['/', ':', '?', '#'])
            .next()
            .filter(|h| !h.is_empty())
            .unwrap_or("localhost")
            .to_owned();
        Mailing {
            shop_name: self.mail.settings.shop_name.clone(),
            public_url,
            message_host,
            shop_email: self.orders_email.clone(),
        }
    }

    /// When failed mails are tried again.
    #[must_use]
    pub fn mail_retry(&self) -> RetryPolicy {
        RetryPolicy {
            first_delay: chrono::Duration::seconds(
                i64::try_from(self.mail_retry_seconds.max(1)).unwrap_or(60),
            ),
            ..RetryPolicy::default()
        }
    }

    /// Threads per HTTP worker for blocking calls: `SHOP_BLOCKING_THREADS`, else as many as the
    /// pool has connections. A call beyond them waits in the worker's queue, as it would for a
    /// connection anyway, instead of on a thread of its own: actix's default (512 per server)
    /// grew to about 85 threads under the mixed load (bench/bench.py), each with its stack and
    /// its turn on the cores. Bounded (22 threads on PostgreSQL, 44 on SQLite), PostgreSQL's mixed
    /// load went from 1,472 to 1,763 operations/s at 0.423 instead of 0.535 ms of CPU each, its
    /// cart p99 from 300 to 210 ms and its memory from 135 to 126 MiB; SQLite's from 3,778 to
    /// 3,894 operations/s.
    #[must_use]
    pub fn blocking_threads(&self) -> usize {
        blocking_threads(self.blocking_threads, self.db_pool_size)
    }

    /// The limits of these settings.
    #[must_use]
    pub fn limits(&self) -> LimitSettings {
        LimitSettings {
            sign_in_per_minute: self.login_rate_per_minute,
            sign_in_per_account_per_hour: self.account_login_rate_per_hour,
            register_per_hour: self.register_rate_per_hour,
            register_total_per_hour: self.register_rate_total_per_hour,
            client_errors_per_minute: self.client_error_rate_per_minute,
            resets_per_hour: self.reset_rate_per_hour,
        }
    }

    /// The limits against hoarding stock at checkout (decisions.md "Stock").
    #[must_use]
    pub fn checkout_limits(&self) -> CheckoutLimits {
        CheckoutLimits {
            sessions_per_hour: self.checkout_sessions_per_hour,
            max_held_per_variant: self.max_held_per_variant,
        }
    }

    /// The proxies whose forwarding headers are believed: none unless `trust_proxy`; then the
    /// configured list, or loopback when the list is empty.
    #[must_use]
    pub fn proxy_trust(&self) -> ProxyTrust {
        match (self.trust_proxy, self.trusted_proxies.is_empty()) {
            (false, _) => ProxyTrust::none(),
            (true, false) => self.trusted_proxies.clone(),
            (true, true) => ProxyTrust::parse(DEFAULT_TRUSTED_PROXIES).unwrap_or_default(),
        }
        .reading(self.forwarded_header)
    }

    /// Whether the shop is served over HTTPS (`SHOP_PUBLIC_URL` says so), so that answers
    /// carry `Strict-Transport-Security`.
    #[must_use]
    pub fn https(&self) -> bool {
        self.public_url
            .get(..8)
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
    }

    /// The JWT secret: the configured one, or one generated once and kept in
    /// `{data_dir}/jwt-secret` with mode 0600 so that restarts keep sessions valid.
    ///
    /// # Errors
    /// I/O errors reading or writing the secret file.
    pub fn resolve_jwt_secret(&self) -> std::io::Result<Vec<u8>> {
        if let Some(secret) = &self.jwt_secret {
            if secret.len() < MIN_JWT_SECRET_BYTES {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "JWT_SECRET must be at least {MIN_JWT_SECRET_BYTES} bytes (it has {}); \
                         use a long random value, e.g. `openssl rand -hex 32`",
                        secret.len()
                    ),
                ));
            }
            return Ok(secret.as_bytes().to_vec());
        }
        let path = self.data_dir.join("jwt-secret");
        match std::fs::read_to_string(&path) {
            Ok(s) if s.trim().len() >= 32 => return Ok(s.trim().as_bytes().to_vec()),
            Ok(_) | Err(_) => {}
        }
        create_private_dir(&self.data_dir)?;
        let bytes: [u8; 32] = rand::random();
        let secret = hex::encode(bytes);
        write_private(&path, &secret)?;
        tracing::info!(path = %path.display(), "generated a new JWT secret");
        Ok(secret.into_bytes())
    }
}

/// The proxies trusted with `SHOP_TRUST_PROXY=true` and no `SHOP_TRUSTED_PROXIES`: a proxy on
/// this host, at the loopback addresses it connects from.
pub const DEFAULT_TRUSTED_PROXIES: &str = "127.0.0.1, ::1";

/// The shortest `JWT_SECRET` accepted: HS256 wants a key of at least its 256 bits.
pub const MIN_JWT_SECRET_BYTES: usize = 32;

/// Creates `dir` (and missing parents) readable by this user only (0700 on Unix).
///
/// # Errors
/// I/O errors.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
    }
    #[cfg(not(unix))]
    {
        std::fs::create_dir_all(dir)
    }
}

/// Writes `contents` to a new or truncated file readable by this user only (0600 on Unix).
///
/// # Errors
/// I/O errors.
pub fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    f.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
pub fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}

#[cfg(test)]
mod tests {
    use super::{blocking_threads, default_pool_size};

    #[test]
    fn a_worker_has_a_blocking_thread_per_pooled_connection_unless_told() {
        assert_eq!(blocking_threads(None, 16), 16);
        assert_eq!(blocking_threads(None, 5), 5);
        assert_eq!(blocking_threads(Some(3), 16), 3);
        // Never none: a blocking call would wait forever.
        assert_eq!(blocking_threads(Some(0), 16), 1);
    }

    #[test]
    fn the_default_pool_fits_the_backend() {
        assert_eq!(default_pool_size("sqlite://data/shop.db"), 16);
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        let pg = default_pool_size("postgres://127.0.0.1/shop");
        assert_eq!(pg, u32::try_from(cores * 2 + 1).unwrap_or(u32::MAX).max(4));
        assert_eq!(default_pool_size("postgresql://127.0.0.1/shop"), pg);
    }
}
