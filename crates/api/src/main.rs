//! The `shop` binary: `shop serve` (default), `shop migrate`, `shop seed --products N`,
//! `shop backup PATH`, `shop restore PATH`, `shop promote-admin EMAIL`.

use std::io::Write;
use std::time::Instant;

use clap::{Parser, Subcommand};
use shop_api::config::Settings;
use shop_api::startup::Application;
use shop_api::{bootstrap, error_tracking, telemetry};

#[derive(Parser)]
#[command(
    name = "shop",
    version,
    about = "The fireworks shop: API server and tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, seed an empty database and serve the API and the frontend.
    Serve {
        /// Do not seed the demo shop into an empty catalogue.
        #[arg(long)]
        no_demo: bool,
    },
    /// Run pending migrations and exit.
    Migrate,
    /// Seed reference data and add N generated fireworks products (for benchmarks).
    Seed {
        /// How many products to generate.
        #[arg(long, default_value_t = 0)]
        products: u64,
        /// Also seed the demo shop when the catalogue is empty.
        #[arg(long)]
        demo: bool,
    },
    /// Write a consistent copy of the live SQLite database to PATH while the shop serves
    /// (PostgreSQL: use pg_dump, see README).
    Backup {
        /// Where to write the copy (must not exist).
        path: std::path::PathBuf,
    },
    /// Replace the SQLite database with the backup at PATH, after an integrity check. Stop
    /// every server using the database first; the replaced file is kept as *.before-restore.
    Restore {
        /// The backup to restore.
        path: std::path::PathBuf,
    },
    /// Make the user with this e-mail an active ADMIN (the way back when the shop has no
    /// active admin left).
    PromoteAdmin {
        /// The user's e-mail.
        email: String,
    },
}

fn main() -> std::process::ExitCode {
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    let settings = match Settings::from_env() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("shop: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    // Before the runtime starts, and kept until exit (dropping it flushes what is queued).
    // Nothing at all without SHOP_SENTRY_DSN.
    let _error_tracking = error_tracking::init(settings.sentry_dsn.as_ref());
    let serving = matches!(cli.command, None | Some(Command::Serve { .. }));
    // The server's lines go through a queue; flushed below, before the process ends.
    let log = telemetry::init(settings.sentry_dsn.is_some(), serving);
    let settings = if settings.sentry_dsn.is_some() && !error_tracking::COMPILED_IN {
        tracing::warn!("{}", error_tracking::NOT_COMPILED_IN);
        Settings {
            sentry_dsn: None,
            ..settings
        }
    } else {
        settings
    };
    let result = match cli.command.unwrap_or(Command::Serve { no_demo: false }) {
        Command::Serve { no_demo } => serve(Settings {
            seed_demo: !no_demo,
            ..settings
        }),
        Command::Migrate => migrate(&settings),
        Command::Seed { products, demo } => seed(&settings, products, demo),
        Command::Backup { path } => backup(&settings, &path),
        Command::Restore { path } => restore(&settings, &path),
        Command::PromoteAdmin { email } => promote_admin(&settings, &email),
    };
    if let Some(log) = log {
        log.flush();
    }
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shop: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

type AnyError = Box<dyn std::error::Error>;

fn serve(settings: Settings) -> Result<(), AnyError> {
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(settings.clone()).await?;
        shop_api::shutdown::listen_for_signals(app.shutdown())?;
        tracing::info!(
            "serving the shop at http://{}:{}",
            settings.addr.ip(),
            app.port()
        );
        app.run_until_stopped().await?;
        Ok(())
    })
}

fn migrate(settings: &Settings) -> Result<(), AnyError> {
    let db = persistence::Db::connect(&settings.database_url, 2)?;
    let applied = bootstrap::migrate(&db)?;
    println!("{} migration(s) applied", applied.len());
    Ok(())
}

fn seed(settings: &Settings, products: u64, demo: bool) -> Result<(), AnyError> {
    let db = persistence::Db::connect(&settings.database_url, 2)?;
    let started = Instant::now();
    let mut stderr = std::io::stderr();
    let mut progress = |done: u64, total: u64| {
        const WIDTH: u64 = 40;
        let filled = done.saturating_mul(WIDTH) / total.max(1);
        let bar: String = (0..WIDTH)
            .map(|i| if i < filled { '#' } else { ' ' })
            .collect();
        let _ = write!(
            stderr,
            "\r[{bar}] {done}/{total} products ({:.1}s)",
            started.elapsed().as_secs_f64()
        );
        let _ = stderr.flush();
    };
    let added = bootstrap::seed_catalogue(&db, demo, products, &mut progress)?;
    if products > 0 {
        // Ends the progress bar's line.
        eprintln!();
    }
    println!(
        "added {added} products in {:.1}s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn backup(settings: &Settings, path: &std::path::Path) -> Result<(), AnyError> {
    if settings.database_url.trim_start().starts_with("postgres") {
        return Err("a PostgreSQL shop is backed up with pg_dump (see README, Backups)".into());
    }
    let db = persistence::Db::connect(&settings.database_url, 1)?;
    let started = Instant::now();
    let bytes = db.backup_to(path)?;
    println!(
        "backed up to {} ({bytes} bytes) in {:.1}s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn promote_admin(settings: &Settings, email: &str) -> Result<(), AnyError> {
    let db = persistence::Db::connect(&settings.database_url, 1)?;
    bootstrap::promote_admin(&db, email)?;
    println!("{email} is now an active admin");
    Ok(())
}

fn restore(settings: &Settings, path: &std::path::Path) -> Result<(), AnyError> {
    let kept = persistence::restore_sqlite(path, &settings.database_url)?;
    println!("restored {}", path.display());
    if let Some(kept) = kept {
        println!("the database it replaced is kept as {}", kept.display());
    }
    Ok(())
}
