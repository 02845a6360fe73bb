//! Accounts: users with their profile, addresses and cart.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use domain::ids::{CartId, UserId};
use domain::paging::{Page, PageRequest};
use domain::users::Contact;
use domain::users::{NewUser, Role, User as UserModel, UserColumn, UserFilter, UserListItem};
use uuid::Uuid;

use crate::models::{Cart, User};
use crate::native::CacheDsl as _;
use crate::native::Native as _;
use crate::schema::{carts, profiles, users};
use crate::search::{like_anywhere, lower};
use crate::{DbConnection, DbError};
fn to_record(u: User) -> Result<UserModel, DbError> {
    let role = u
        .role
        .parse::<Role>()
        .map_err(|_| DbError::other(format!("unknown role {:?} for user {}", u.role, u.id)))?;
    Ok(UserModel {
        id: u.id.into(),
        email: u.email,
        password_hash: u.password_hash,
        role,
        active: u.active,
        last_login: u.last_login,
        created_on: u.created_on,
        token_version: u.token_version,
    })
}

/// Inserts a user with a new id.
///
/// # Errors
/// [`StoreError::Duplicate`] when the e-mail is taken.
pub fn insert_user(
    conn: &mut DbConnection,
    new: &NewUser,
    at: NaiveDateTime,
) -> Result<UserModel, DbError> {
    let user = User {
        id: Uuid::now_v7().to_string(),
        email: new.email.clone(),
        password_hash: new.password_hash.clone(),
        role: new.role.as_str().to_owned(),
        active: true,
        last_login: None,
        created_on: at,
        updated_on: at,
        token_version: 0,
    };
    diesel::insert_into(users::table)
        .values(&user)
        .execute_native(conn)?;
    to_record(user)
}

/// Inserts the empty cart of a user and answers its id.
///
/// # Errors
/// [`StoreError::Duplicate`] when the user has one; [`StoreError::Conflict`] for an unknown user.
pub fn insert_empty_cart(
    conn: &mut DbConnection,
    user_id: &UserId,
    at: NaiveDateTime,
) -> Result<CartId, DbError> {
    let cart = Cart {
        id: Uuid::now_v7().to_string(),
        user_id: user_id.as_str().to_owned(),
        created_on: at,
        updated_on: at,
    };
    diesel::insert_into(carts::table)
        .values(&cart)
        .execute_native(conn)?;
    Ok(cart.id.into())
}

/// The user with this (normalised) e-mail.
///
/// # Errors
/// Database failures.
pub fn find_by_email(conn: &mut DbConnection, email: &str) -> Result<Option<UserModel>, DbError> {
    native!(conn, |c| users::table
        .filter(users::email.eq(email))
        .select(User::as_select())
        .first(c)
        .optional())?
    .map(to_record)
    .transpose()
}

/// The user with this id.
///
/// # Errors
/// Database failures.
pub fn find_by_id(conn: &mut DbConnection, id: &UserId) -> Result<Option<UserModel>, DbError> {
    native!(conn, |c| users::table
        .find(id.as_str())
        .select(User::as_select())
        .first(c)
        .optional())?
    .map(to_record)
    .transpose()
}

/// Whether any active admin exists.
///
/// # Errors
/// Database failures.
pub fn any_admin(conn: &mut DbConnection) -> Result<bool, DbError> {
    let n: i64 = users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::active.eq(true))
        .count()
        .get_result_native(conn)?;
    Ok(n > 0)
}

/// The active admins' ids, their rows locked until the transaction ends on PostgreSQL.
///
/// # Errors
/// Database failures.
pub fn lock_active_admins(conn: &mut DbConnection) -> Result<Vec<UserId>, DbError> {
    let query = users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::active.eq(true))
        .order(users::id)
        .select(users::id);
    // PostgreSQL: two admins demoting each other take turns; the second sees the first's
    // change (a row it waited for is read again), not the state before it. In id order, so
    // that two of these never wait on each other. SQLite's write lock does it.
    let ids: Vec<String> = match conn {
        DbConnection::Postgresql(c) => query.for_update().load(c)?,
        DbConnection::Sqlite(_) => query.load_native(conn)?,
    };
    Ok(ids.into_iter().map(UserId::from).collect())
}

/// Records a successful sign-in.
///
/// # Errors
/// Database failures.
pub fn record_login(
    conn: &mut DbConnection,
    id: &UserId,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(users::table.find(id.as_str()))
        .set(users::last_login.eq(Some(at)))
        .cached()
        .execute_native(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// The id of the user's cart.
///
/// # Errors
/// Database failures.
pub fn cart_id_of(conn: &mut DbConnection, user_id: &UserId) -> Result<Option<CartId>, DbError> {
    Ok(carts::table
        .filter(carts::user_id.eq(user_id.as_str()))
        .select(carts::id)
        .first_native::<String>(conn)
        .optional()?
        .map(CartId::from))
}

/// Activates or deactivates a user. A deactivated user cannot sign in and their tokens stop
/// working at once.
///
/// # Errors
/// [`StoreError::NotFound`] for an unknown user.
pub fn set_active(
    conn: &mut DbConnection,
    id: &UserId,
    active: bool,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(users::table.find(id.as_str()))
        .set((users::active.eq(active), users::updated_on.eq(at)))
        .cached()
        .execute_native(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// Changes a user's role (effective on the next request: roles are read per request).
///
/// # Errors
/// [`StoreError::NotFound`] for an unknown user.
pub fn set_role(
    conn: &mut DbConnection,
    id: &UserId,
    role: Role,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(users::table.find(id.as_str()))
        .set((users::role.eq(role.as_str()), users::updated_on.eq(at)))
        .cached()
        .execute_native(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// A user with first name, last name and phone.
type ListRow = (User, Option<String>, Option<String>, Option<String>);

/// One page of users (sorted by name: first name, last name, users without a name last, then
/// e-mail and id) and the total matching.
///
/// # Errors
/// Database failures.
pub fn list_users(
    conn: &mut DbConnection,
    filter: &UserFilter,
    page: PageRequest,
) -> Result<Page<UserListItem>, DbError> {
    let query = || {
        let mut q = users::table.inner_join(profiles::table).into_boxed();
        if let Some(s) = filter
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let pattern = like_anywhere(s);
            q = q.filter(
                lower(users::email)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(profiles::first_name.assume_not_null())
                        .like(pattern.clone())
                        .escape('\\'))
                    .or(lower(profiles::last_name.assume_not_null())
                        .like(pattern)
                        .escape('\\')),
            );
        }
        if let Some(role) = filter.role {
            q = q.filter(users::role.eq(role.as_str()));
        }
        if let Some(active) = filter.active {
            q = q.filter(users::active.eq(active));
        }
        q
    };
    let total: i64 = query().count().get_result(conn)?;
    // Users without a name, or who never signed in, come last either way (NULLs sort first on
    // SQLite and last on PostgreSQL, hence the explicit `is_null`).
    let (q, down) = (query(), filter.sort.descending);
    let sorted = match (filter.sort.column, down) {
        (UserColumn::Name, false) => q.order((
            profiles::first_name.is_null().asc(),
            lower(profiles::first_name.assume_not_null()).asc(),
            lower(profiles::last_name.assume_not_null()).asc(),
            users::email.asc(),
            users::id.asc(),
        )),
        (UserColumn::Name, true) => q.order((
            profiles::first_name.is_null().asc(),
            lower(profiles::first_name.assume_not_null()).desc(),
            lower(profiles::last_name.assume_not_null()).desc(),
            users::email.desc(),
            users::id.desc(),
        )),
        (UserColumn::Email, false) => q.order((users::email.asc(), users::id.asc())),
        (UserColumn::Email, true) => q.order((users::email.desc(), users::id.desc())),
        (UserColumn::Role, false) => {
            q.order((users::role.asc(), users::email.asc(), users::id.asc()))
        }
        (UserColumn::Role, true) => {
            q.order((users::role.desc(), users::email.asc(), users::id.asc()))
        }
        (UserColumn::LastLogin, false) => q.order((
            users::last_login.is_null().asc(),
            users::last_login.asc(),
            users::email.asc(),
            users::id.asc(),
        )),
        (UserColumn::LastLogin, true) => q.order((
            users::last_login.is_null().asc(),
            users::last_login.desc(),
            users::email.asc(),
            users::id.asc(),
        )),
        (UserColumn::CreatedOn, false) => q.order((users::created_on.asc(), users::id.asc())),
        (UserColumn::CreatedOn, true) => q.order((users::created_on.desc(), users::id.desc())),
    };
    let rows: Vec<ListRow> = sorted
        .limit(page.page_size)
        .offset(page.offset())
        .select((
            User::as_select(),
            profiles::first_name,
            profiles::last_name,
            profiles::phone_number,
        ))
        .load(conn)?;
    let items = rows
        .into_iter()
        .map(|(u, first_name, last_name, phone_number)| {
            Ok(UserListItem {
                user: to_record(u)?,
                first_name,
                last_name,
                phone_number,
            })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    Ok(Page { items, total })
}

/// Accounts, counted.
///
/// # Errors
/// Database failures.
pub fn count_users(conn: &mut DbConnection) -> Result<i64, DbError> {
    Ok(users::table
        .select(diesel::dsl::count_star())
        .first_native(conn)?)
}

/// One user with their profile's names and phone.
///
/// # Errors
/// Database failures.
pub fn user_row(conn: &mut DbConnection, id: &UserId) -> Result<Option<UserListItem>, DbError> {
    let row: Option<ListRow> = users::table
        .inner_join(profiles::table)
        .filter(users::id.eq(id.as_str()))
        .select((
            User::as_select(),
            profiles::first_name,
            profiles::last_name,
            profiles::phone_number,
        ))
        .first(conn)
        .optional()?;
    row.map(|(u, first_name, last_name, phone_number)| {
        Ok(UserListItem {
            user: to_record(u)?,
            first_name,
            last_name,
            phone_number,
        })
    })
    .transpose()
}

/// Changes a user's e-mail and role.
///
/// # Errors
/// [`StoreError::NotFound`] for an unknown user; [`StoreError::Duplicate`] when the e-mail is taken.
pub fn update_account(
    conn: &mut DbConnection,
    id: &UserId,
    email: &str,
    role: Role,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(users::table.find(id.as_str()))
        .set((
            users::email.eq(email),
            users::role.eq(role.as_str()),
            users::updated_on.eq(at),
        ))
        .cached()
        .execute_native(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// Sets a new password hash and moves the token version on, so that every token issued
/// before stops working.
///
/// # Errors
/// [`StoreError::NotFound`] for an unknown user.
pub fn set_password(
    conn: &mut DbConnection,
    id: &UserId,
    password_hash: &str,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(users::table.find(id.as_str()))
        .set((
            users::password_hash.eq(password_hash),
            users::token_version.eq(users::token_version + 1),
            users::updated_on.eq(at),
        ))
        .cached()
        .execute_native(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// Sets the names and phone of a user's profile.
///
/// # Errors
/// [`StoreError::NotFound`] for a user without a profile.
pub fn set_contact(
    conn: &mut DbConnection,
    id: &UserId,
    contact: &Contact,
    at: NaiveDateTime,
) -> Result<(), DbError> {
    let n = diesel::update(profiles::table.filter(profiles::user_id.eq(id.as_str())))
        .set((
            profiles::first_name.eq(&contact.first_name),
            profiles::last_name.eq(&contact.last_name),
            profiles::phone_number.eq(&contact.phone_number),
            profiles::updated_on.eq(at),
        ))
        .cached()
        .execute_native(conn)?;
    if n == 0 {
        return Err(DbError::NOT_FOUND);
    }
    Ok(())
}

/// The domain's port over the queries above.
mod port {
    use crate::store::{q, Tx};
    use crate::users;
    use chrono::NaiveDateTime;
    use domain::ids::UserId;
    use domain::paging::{Page, PageRequest};
    use domain::store::StoreError;
    use domain::users::Contact;
    use domain::users::{Accounts, UserAdmin};
    use domain::users::{NewUser, Role, User, UserFilter, UserListItem};

    impl Accounts for Tx<'_> {
        fn insert_user(&mut self, user: &NewUser, at: NaiveDateTime) -> Result<User, StoreError> {
            q(users::insert_user(self.conn, user, at))
        }

        fn user_by_email(&mut self, email: &str) -> Result<Option<User>, StoreError> {
            q(users::find_by_email(self.conn, email))
        }

        fn user_by_id(&mut self, id: &UserId) -> Result<Option<User>, StoreError> {
            q(users::find_by_id(self.conn, id))
        }

        fn count_users(&mut self) -> Result<i64, StoreError> {
            q(users::count_users(self.conn))
        }

        fn any_active_admin(&mut self) -> Result<bool, StoreError> {
            q(users::any_admin(self.conn))
        }

        fn record_login(&mut self, id: &UserId, at: NaiveDateTime) -> Result<(), StoreError> {
            q(users::record_login(self.conn, id, at))
        }
    }

    impl UserAdmin for Tx<'_> {
        fn lock_active_admins(&mut self) -> Result<Vec<UserId>, StoreError> {
            q(users::lock_active_admins(self.conn))
        }

        fn set_active(
            &mut self,
            id: &UserId,
            active: bool,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(users::set_active(self.conn, id, active, at))
        }

        fn set_role(
            &mut self,
            id: &UserId,
            role: Role,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(users::set_role(self.conn, id, role, at))
        }

        fn user_row(&mut self, id: &UserId) -> Result<Option<UserListItem>, StoreError> {
            q(users::user_row(self.conn, id))
        }

        fn update_account(
            &mut self,
            id: &UserId,
            email: &str,
            role: Role,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(users::update_account(self.conn, id, email, role, at))
        }

        fn set_password(
            &mut self,
            id: &UserId,
            password_hash: &str,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(users::set_password(self.conn, id, password_hash, at))
        }

        fn set_contact(
            &mut self,
            id: &UserId,
            contact: &Contact,
            at: NaiveDateTime,
        ) -> Result<(), StoreError> {
            q(users::set_contact(self.conn, id, contact, at))
        }

        fn list_users(
            &mut self,
            filter: &UserFilter,
            page: PageRequest,
        ) -> Result<Page<UserListItem>, StoreError> {
            q(users::list_users(self.conn, filter, page))
        }
    }
}
