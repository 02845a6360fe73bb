//! Preparing a database for serving: migrations, reference data, the demo shop and the first
//! admin. Everything here is idempotent: a second start adds nothing. Each entry point runs
//! under the database's set-up lock ([`persistence::Db::setup_lock`]), so that of several nodes
//! started together one does the work and the others wait, then find nothing to do.

use auth::Passwords;
use chrono::Utc;
use domain::users::PasswordHasher;
use domain::users::RegisterError;
use domain::users::{check_password_rule, Email};
use persistence::{Db, DbError};

use crate::config::Settings;

/// Why the database could not be prepared.
#[derive(Debug, thiserror::Error)]
pub enum BootstrapError {
    /// A database step failed.
    #[error("database: {0}")]
    Db(#[from] DbError),
    /// The configured first admin is not acceptable.
    #[error("{0}")]
    Admin(String),
    /// Creating the first admin failed in the store.
    #[error("database: {0}")]
    Store(#[from] domain::store::StoreError),
}

/// Runs pending migrations, under the set-up lock.
///
/// # Errors
/// [`BootstrapError::Db`] when the lock cannot be taken or a migration fails.
pub fn migrate(db: &Db) -> Result<Vec<String>, BootstrapError> {
    db.with_setup_lock(|| migrate_locked(db))
}

/// Runs pending migrations; the caller holds the set-up lock.
fn migrate_locked(db: &Db) -> Result<Vec<String>, BootstrapError> {
    let applied = db.migrate()?;
    for name in &applied {
        tracing::info!(migration = %name, "applied migration");
    }
    Ok(applied)
}

/// Migrates, seeds the reference data (brands, categories, ...), the demo shop when the
/// catalogue is empty and `settings.seed_demo` is set, and the first admin, all under one hold
/// of the set-up lock.
///
/// # Errors
/// [`BootstrapError`] naming the failed step.
pub fn prepare_database(
    db: &Db,
    settings: &Settings,
    passwords: &Passwords,
) -> Result<(), BootstrapError> {
    db.with_setup_lock(|| {
        migrate_locked(db)?;
        db.seed_reference_data()?;
        if settings.seed_demo && db.is_catalogue_empty()? {
            tracing::info!("empty catalogue: seeding the demo shop");
            db.seed_demo_shop()?;
        }
        ensure_admin(db, settings, passwords)
    })
}

/// Seeds reference data, the demo shop (when `demo` and the catalogue is empty) and `products`
/// generated products, reporting progress as (done, total), under the set-up lock. Returns how
/// many were added.
///
/// # Errors
/// [`BootstrapError::Db`] when a step fails.
pub fn seed_catalogue(
    db: &Db,
    demo: bool,
    products: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<u64, BootstrapError> {
    db.with_setup_lock(|| {
        migrate_locked(db)?;
        db.seed_reference_data()?;
        let mut added = 0;
        if demo && db.is_catalogue_empty()? {
            added += db.seed_demo_shop()?;
        }
        if products > 0 {
            added += db.seed_bulk_products(products, progress)?;
        }
        Ok(added)
    })
}

/// Creates the first admin when there is none: `SHOP_ADMIN_EMAIL` / `SHOP_ADMIN_PASSWORD`, or
/// [`DEFAULT_ADMIN_EMAIL`] with a random password printed once.
/// The first admin's address when `SHOP_ADMIN_EMAIL` is not set. It follows the one e-mail
/// rule of the forms and the server (a domain with a dot), so the printed admin can sign in
/// through the sign-in form; `.localhost` is reserved (RFC 6761), so it is nobody's mailbox.
pub const DEFAULT_ADMIN_EMAIL: &str = "admin@shop.localhost";

fn ensure_admin(db: &Db, settings: &Settings, passwords: &Passwords) -> Result<(), BootstrapError> {
    // Settings of the first admin only matter while there is none.
    if domain::users::has_active_admin(db)? {
        return Ok(());
    }
    let email = match &settings.admin_email {
        Some(raw) => Email::parse(raw)
            .map_err(|m| BootstrapError::Admin(format!("SHOP_ADMIN_EMAIL: {m}")))?
            .as_str()
            .to_owned(),
        None => DEFAULT_ADMIN_EMAIL.to_owned(),
    };
    let (password, generated) = match &settings.admin_password {
        Some(p) => {
            check_password_rule(p)
                .map_err(|m| BootstrapError::Admin(format!("SHOP_ADMIN_PASSWORD: {m}")))?;
            (p.clone(), false)
        }
        None => (random_password(), true),
    };
    let created = domain::users::ensure_admin(
        db,
        &email,
        || PasswordHasher::hash(passwords, &password),
        Utc::now().naive_utc(),
    );
    match created {
        Ok(None) => return Ok(()),
        Ok(Some(_)) => {}
        Err(RegisterError::EmailTaken) => {
            return Err(BootstrapError::Admin(format!(
                "the shop has no active admin, and {email} already exists as a user who is not one: \
                 run `shop promote-admin {email}` (or with another user's e-mail) to make that user \
                 an active admin, or set SHOP_ADMIN_EMAIL to an address no account has"
            )))
        }
        Err(RegisterError::Store(e)) => return Err(e.into()),
        Err(e) => return Err(BootstrapError::Admin(e.to_string())),
    }
    if generated {
        hand_over_password(settings, &email, &password)?;
    } else {
        tracing::info!(%email, "created the first admin");
    }
    Ok(())
}

/// `shop promote-admin EMAIL`: makes that user an active ADMIN (the way back when the shop has
/// no active admin left, which the start-up error points to).
///
/// # Errors
/// [`BootstrapError::Admin`] for an unknown or malformed e-mail; [`BootstrapError::Store`].
pub fn promote_admin(db: &Db, email: &str) -> Result<(), BootstrapError> {
    use domain::users::UserAdminError;
    domain::users::promote_admin(db, email, Utc::now().naive_utc()).map_err(|e| match e {
        UserAdminError::NotFound => {
            BootstrapError::Admin(format!("no account has the e-mail {email}"))
        }
        UserAdminError::Store(e) => e.into(),
        other => BootstrapError::Admin(other.to_string()),
    })?;
    tracing::info!(%email, "promoted to an active admin");
    Ok(())
}

/// The file a generated first-admin password is written to when no terminal is attached.
pub const FIRST_ADMIN_PASSWORD_FILE: &str = "first-admin-password";

/// Tells the operator a generated first-admin password, and nobody else: on the terminal when
/// one is attached, otherwise in a 0600 file under the data folder whose path is logged (logs
/// are collected and kept; the password never goes into them).
fn hand_over_password(
    settings: &Settings,
    email: &str,
    password: &str,
) -> Result<(), BootstrapError> {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        tracing::warn!(%email, "created the first admin with a generated password (shown once on the terminal)");
        // One write: the log's own thread writes to the same terminal meanwhile, and `eprintln!`
        // writes each piece of its format by itself (a log line could land between the label
        // and the e-mail).
        let notice = format!("\n  First admin: {email}\n  Password:    {password}\n  (shown once; set SHOP_ADMIN_EMAIL/SHOP_ADMIN_PASSWORD to choose your own)\n\n");
        let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), notice.as_bytes());
        return Ok(());
    }
    let path = settings.data_dir.join(FIRST_ADMIN_PASSWORD_FILE);
    crate::config::create_private_dir(&settings.data_dir)
        .and_then(|()| {
            crate::config::write_private(&path, &format!("email: {email}\npassword: {password}\n"))
        })
        .map_err(|e| BootstrapError::Admin(format!("cannot write {}: {e}", path.display())))?;
    tracing::warn!(%email, file = %path.display(), "created the first admin with a generated password: it is in this file (readable by this user only); delete the file once you have signed in");
    Ok(())
}

/// 20 random letters and digits plus one of each class the password rule asks for.
fn random_password() -> String {
    use rand::Rng;
    const CHARS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    let mut p: String = (0..20)
        .map(|_| char::from(CHARS[rng.gen_range(0..CHARS.len())]))
        .collect();
    p.push_str("#Aa1");
    p
}

#[cfg(test)]
mod tests {
    /// The printed first admin must get through the sign-in form, which applies the same rule
    /// (frontend `features/auth/components/schemas.ts`, tested there with this address).
    #[test]
    fn the_default_first_admin_follows_the_one_email_rule() {
        let parsed = domain::users::Email::parse(super::DEFAULT_ADMIN_EMAIL).expect("valid");
        assert_eq!(parsed.as_str(), super::DEFAULT_ADMIN_EMAIL);
    }

    #[test]
    fn generated_passwords_pass_the_registration_rule() {
        for _ in 0..20 {
            assert_eq!(
                domain::users::check_password_rule(&super::random_password()),
                Ok(())
            );
        }
    }
}
