//! `GET /api/user/getAll` (admin): the user list with search, role and active filters.

use actix_web::{get, web, HttpResponse};
use chrono::{NaiveDateTime, SecondsFormat};
use domain::paging::PageRequest;
use domain::users;
use domain::users::{Role, UserFilter, UserListItem, UserSort};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};

use crate::routes::params::MAX_SEARCH_LEN;

use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;

/// Largest page the user list serves (the dashboard asks for 1000 rows).
pub const MAX_PAGE_SIZE: i64 = 1000;

/// Query of the user list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct UserListQuery {
    /// Page, from 1 (default 1).
    #[param(minimum = 1)]
    pub page: Option<i64>,
    /// Rows per page, 1..=1000 (default 10).
    #[param(minimum = 1, maximum = 1000)]
    pub page_size: Option<i64>,
    /// Text in e-mail or names.
    #[param(max_length = 200)]
    pub search: Option<String>,
    /// USER, MANAGER, ADMIN or MEMBER (blank: every role).
    #[param(schema_with = role_schema)]
    pub role: Option<String>,
    /// true or false.
    pub active: Option<bool>,
    /// The order: name (the default), email, role, lastLogin or createdOn, `-` first for
    /// descending (`-lastLogin`).
    #[param(schema_with = user_sort_schema)]
    pub sort: Option<String>,
}

/// The user list's orders in the document (blank: by name).
fn user_sort_schema() -> Object {
    crate::routes::params::text_enum(UserSort::values(UserSort::COLUMNS))
}

/// Profile names in a user row.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRowProfile {
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Phone number.
    pub phone_number: Option<String>,
}

/// A user row.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    /// User id.
    #[schema(format = Uuid)]
    pub id: String,
    /// E-mail.
    pub email: String,
    /// Role.
    pub role: String,
    /// Whether the user may sign in.
    pub active: bool,
    /// Last sign-in (RFC 3339) or null.
    pub last_login: Option<String>,
    /// Creation time (RFC 3339).
    pub created_on: String,
    /// Names and phone.
    pub profile: UserRowProfile,
}

/// Paging of the user list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    /// Page served.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
    /// Rows matching.
    pub total_items: i64,
    /// Pages in all.
    pub total_pages: i64,
    /// Whether a later page exists.
    pub has_more: bool,
}

/// The user list answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserList {
    /// The page's rows.
    pub items: Vec<UserRow>,
    /// Paging.
    pub pagination: Pagination,
}

/// RFC 3339 with `Z`, milliseconds.
#[must_use]
pub fn rfc3339(t: NaiveDateTime) -> String {
    t.and_utc().to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A user as the admin's lists and forms show it.
#[must_use]
pub fn user_row(r: UserListItem) -> UserRow {
    UserRow {
        id: r.user.id.into_string(),
        email: r.user.email,
        role: r.user.role.as_str().to_owned(),
        active: r.user.active,
        last_login: r.user.last_login.map(rfc3339),
        created_on: rfc3339(r.user.created_on),
        profile: UserRowProfile {
            first_name: r.first_name,
            last_name: r.last_name,
            phone_number: r.phone_number,
        },
    }
}

/// The role filter's values in the document: a role, or blank for every role.
pub fn role_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(
            std::iter::once("").chain(Role::ALL.iter().map(|r| r.as_str())),
        ))
        .build()
}

/// The filters of the user list and its export, checked as the document states them.
///
/// # Errors
/// 400 naming `search` (longer than 200 characters) or `role` (not a role).
pub fn user_filter(
    search: Option<String>,
    role: Option<&str>,
    active: Option<bool>,
) -> Result<UserFilter, ApiError> {
    if search
        .as_ref()
        .is_some_and(|s| s.chars().count() > MAX_SEARCH_LEN)
    {
        return Err(ApiError::bad_field(
            "search",
            format!("search must be at most {MAX_SEARCH_LEN} characters"),
        ));
    }
    let role = match role.filter(|r| !r.is_empty()) {
        None => None,
        Some(r) => Some(
            r.parse::<Role>()
                .map_err(|_| ApiError::bad_field("role", users::ROLE_MESSAGE))?,
        ),
    };
    Ok(UserFilter {
        search,
        role,
        active,
        sort: UserSort::default(),
    })
}

/// Lists users for the back office, by name unless `sort` names another column.
#[utoipa::path(tag = "user", security(("bearer" = ["ADMIN"])), params(UserListQuery),
    responses((status = 200, body = UserList), (status = 400, description = "bad paging or filter"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/user/getAll")]
pub async fn get_all(
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<UserListQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let page = q.page.unwrap_or(1);
    let page_size = q.page_size.unwrap_or(10);
    if page < 1 {
        return Err(ApiError::bad_field("page", "page must be 1 or more"));
    }
    if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
        return Err(ApiError::bad_field(
            "pageSize",
            format!("pageSize must be between 1 and {MAX_PAGE_SIZE}"),
        ));
    }
    let mut filter = user_filter(q.search, q.role.as_deref(), q.active)?;
    filter.sort = UserSort::parse(q.sort.as_deref())
        .map_err(|e| ApiError::bad_field("sort", e.to_string()))?;
    let paging = PageRequest { page, page_size };
    let found = state
        .call(move |s| domain::users::list(&s.store, &filter, paging))
        .await?;
    let total = found.total;
    let items = found.items.into_iter().map(user_row).collect();
    Ok(HttpResponse::Ok().json(UserList {
        items,
        pagination: Pagination {
            page,
            page_size,
            total_items: total,
            total_pages: paging.total_pages(total),
            has_more: paging.has_more(total),
        },
    }))
}
