//! The adapter of the domain's [`PasswordResets`](domain::users::PasswordResets) port: table
//! `password_resets` (token hashes only).

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::ids::UserId;
use domain::users::PasswordReset;

use crate::native::Native as _;
use crate::schema::password_resets;
use crate::{DbConnection, DbError};

/// Stores a link.
///
/// # Errors
/// Database failures.
pub fn insert(
    conn: &mut DbConnection,
    token_hash: &str,
    user: &UserId,
    expires_at: NaiveDateTime,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    diesel::insert_into(password_resets::table)
        .values((
            password_resets::token_hash.eq(token_hash),
            password_resets::user_id.eq(user.as_str()),
            password_resets::expires_at.eq(expires_at),
            password_resets::created_at.eq(at),
        ))
        .execute_native(conn)?;
    Ok(())
}

/// The link of a token hash, its row locked on PostgreSQL with `lock`.
///
/// # Errors
/// Database failures.
pub fn find(
    conn: &mut DbConnection,
    token_hash: &str,
    lock: bool,
) -> Result<Option<PasswordReset>, DbError> {
    let query = password_resets::table.find(token_hash).select((
        password_resets::user_id,
        password_resets::expires_at,
        password_resets::used_at,
    ));
    let row: Option<(String, NaiveDateTime, Option<NaiveDateTime>)> = match conn {
        DbConnection::Postgresql(c) if lock => query.for_update().first(c).optional()?,
        _ => query.first_native(conn).optional()?,
    };
    Ok(row.map(|(user, expires_at, used_at)| PasswordReset {
        user_id: UserId::from(user),
        expires_at,
        used_at,
    }))
}

/// Marks every unused link of `user` used.
///
/// # Errors
/// Database failures.
pub fn use_all(conn: &mut DbConnection, user: &UserId, at: NaiveDateTime) -> Result<(), DbError> {
    diesel::update(
        password_resets::table
            .filter(password_resets::user_id.eq(user.as_str()))
            .filter(password_resets::used_at.is_null()),
    )
    .set(password_resets::used_at.eq(at))
    .execute_native(conn)?;
    Ok(())
}

/// Links sent to `user` since `since`.
///
/// # Errors
/// Database failures.
pub fn count_since(
    conn: &mut DbConnection,
    user: &UserId,
    since: NaiveDateTime,
) -> Result<i64, DbError> {
    Ok(password_resets::table
        .filter(password_resets::user_id.eq(user.as_str()))
        .filter(password_resets::created_at.ge(since))
        .count()
        .get_result_native(conn)?)
}

/// The domain's port over the queries above.
mod port {
    use crate::password_resets as resets;
    use crate::store::{q, Tx};
    use chrono::NaiveDateTime;
    use domain::ids::UserId;
    use domain::store::StoreError;
    use domain::users::{PasswordReset, PasswordResets};

    impl PasswordResets for Tx<'_> {
        fn insert_password_reset(
            &mut self,
            token_hash: &str,
            user: &UserId,
            expires_at: NaiveDateTime,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(resets::insert(self.conn, token_hash, user, expires_at, at))
        }

        fn password_reset(
            &mut self,
            token_hash: &str,
            lock: bool,
        ) -> Result<Option<PasswordReset>, StoreError> {
            q(resets::find(self.conn, token_hash, lock))
        }

        fn use_password_resets(
            &mut self,
            user: &UserId,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(resets::use_all(self.conn, user, at))
        }

        fn password_resets_since(
            &mut self,
            user: &UserId,
            since: NaiveDateTime,
        ) -> Result<i64, StoreError> {
            q(resets::count_since(self.conn, user, since))
        }
    }
}
