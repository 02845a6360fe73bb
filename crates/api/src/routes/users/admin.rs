//! The back office's user management (ADMIN only): `POST /api/admin/users`,
//! `GET|PUT /api/admin/users/{id}`, `PUT /api/admin/users/{id}/password`,
//! `PUT /api/admin/users/{id}/permissions`, and the CSV export
//! `GET /api/admin/users/export` (the whole filtered list, streamed page by page).

use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::web::Bytes;
use actix_web::{get, post, put, web, HttpResponse};
use chrono::Utc;
use domain::ids::UserId;
use domain::paging::PageRequest;
use domain::users::{self, UserForm};
use domain::users::{UserFilter, UserListItem};
use futures_util::{stream, StreamExt as _};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::list::{rfc3339, user_row, UserRow};
use crate::error::ApiError;
use crate::extractors::AdminUser;
use crate::state::AppState;

/// The admin's user form.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserBody {
    /// E-mail.
    #[serde(default)]
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// Password (create only): 8+ characters with upper, lower, digit and one of `#?!@$%^&*-`.
    #[serde(default)]
    #[schema(max_length = 128)]
    pub password: Option<String>,
    /// USER (default), MANAGER, ADMIN or MEMBER.
    #[serde(default)]
    pub role: Option<String>,
    /// First name.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub first_name: Option<String>,
    /// Last name.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub last_name: Option<String>,
    /// Phone number.
    #[serde(default)]
    #[schema(max_length = 30)]
    pub phone_number: Option<String>,
}

impl From<UserBody> for UserForm {
    fn from(b: UserBody) -> Self {
        UserForm {
            email: b.email,
            password: b.password,
            role: b.role,
            first_name: b.first_name,
            last_name: b.last_name,
            phone_number: b.phone_number,
        }
    }
}

/// A new password set by the admin.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordBody {
    /// The new password (the registration rule).
    #[schema(max_length = 128)]
    pub password: String,
}

/// Role and activity, each optional.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PermissionsBody {
    /// USER, MANAGER, ADMIN or MEMBER.
    #[serde(default)]
    pub role: Option<String>,
    /// Whether the user may sign in.
    #[serde(default)]
    pub active: Option<bool>,
}

/// Creates an account with any role (with its empty profile and cart).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), request_body = UserBody,
    responses((status = 201, body = UserRow), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 409, description = "Email is already registered"), (status = 422, description = "validation failures by field"),
    (status = 503, description = "password hashing busy: try again in a moment")))]
#[post("/admin/users")]
pub async fn create(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<UserBody>,
) -> Result<HttpResponse, ApiError> {
    let form = UserForm::from(body.into_inner());
    let actor = admin.0.id;
    let created = state
        .call(move |s| {
            users::create_user(
                &s.store,
                &*s.passwords,
                &actor,
                &form,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Created().json(user_row(created)))
}

/// One user.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "User id")),
    responses((status = 200, body = UserRow), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "User not found")))]
#[get("/admin/users/{id}")]
pub async fn get(
    state: web::Data<AppState>,
    _admin: AdminUser,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    // Text that cannot be an id names no user: the answer an unknown id gets.
    let id: UserId = path.parse().map_err(|_| users::UserAdminError::NotFound)?;
    let found = state.call(move |s| users::get_user(&s.store, &id)).await?;
    Ok(HttpResponse::Ok().json(user_row(found)))
}

/// Changes a user's e-mail, role, names and phone (an admin keeps their own ADMIN role).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "User id")), request_body = UserBody,
    responses((status = 200, body = UserRow), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "User not found"), (status = 409, description = "e-mail taken, the admin's own role, or the last active admin"),
    (status = 422, description = "validation failures by field")))]
#[put("/admin/users/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<UserBody>,
) -> Result<HttpResponse, ApiError> {
    let form = UserForm::from(body.into_inner());
    let (actor, id) = (admin.0.id, UserId::from(path.into_inner()));
    let updated = state
        .call(move |s| users::update_user(&s.store, &actor, &id, &form, Utc::now().naive_utc()))
        .await?;
    Ok(HttpResponse::Ok().json(user_row(updated)))
}

/// Sets a new password; every token issued before stops working.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "User id")), request_body = PasswordBody,
    responses((status = 204, description = "password changed"), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "User not found"), (status = 422, description = "the password breaks the rule"),
    (status = 503, description = "password hashing busy: try again in a moment")))]
#[put("/admin/users/{id}/password")]
pub async fn reset_password(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<PasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let password = body.into_inner().password;
    let (actor, id) = (admin.0.id, UserId::from(path.into_inner()));
    state
        .call(move |s| {
            users::reset_password(
                &s.store,
                &*s.passwords,
                &actor,
                &id,
                &password,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Changes a user's role and activity (an admin can neither demote nor deactivate themselves).
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "User id")), request_body = PermissionsBody,
    responses((status = 200, body = UserRow), (status = 401, description = "not signed in"), (status = 403, description = "not an admin"),
    (status = 404, description = "User not found"), (status = 409, description = "the admin's own role or activity, or the last active admin"),
    (status = 422, description = "unknown role")))]
#[put("/admin/users/{id}/permissions")]
pub async fn permissions(
    state: web::Data<AppState>,
    admin: AdminUser,
    path: web::Path<String>,
    body: web::Json<PermissionsBody>,
) -> Result<HttpResponse, ApiError> {
    let PermissionsBody { role, active } = body.into_inner();
    let (actor, id) = (admin.0.id, UserId::from(path.into_inner()));
    let changed = state
        .call(move |s| {
            users::set_permissions(
                &s.store,
                &actor,
                &id,
                role.as_deref(),
                active,
                Utc::now().naive_utc(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(user_row(changed)))
}

/// The export's filters (those of the list).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ExportQuery {
    /// Text matched anywhere in e-mail, first or last name.
    #[param(max_length = 200)]
    pub search: Option<String>,
    /// USER, MANAGER, ADMIN or MEMBER (blank: every role).
    #[param(schema_with = super::list::role_schema)]
    pub role: Option<String>,
    /// Only active (true) or inactive (false) users.
    pub active: Option<bool>,
}

/// Users read per database round trip of the export.
const EXPORT_PAGE: i64 = 500;

fn csv_line(u: &UserListItem) -> String {
    let name = [u.first_name.as_deref(), u.last_name.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let fields = [
        name,
        u.user.email.clone(),
        u.user.role.as_str().to_owned(),
        u.user.last_login.map(rfc3339).unwrap_or_default(),
        u.user.id.as_str().to_owned(),
        rfc3339(u.user.created_on),
    ];
    crate::csv::record(&fields)
}

/// The filtered user list as CSV (users-export-{date}.csv: Name, Email, Role, Last Login, ID,
/// Created At), sorted by name, streamed 500 users at a time so that memory stays flat.
#[utoipa::path(tag = "back office", security(("bearer" = ["ADMIN"])), params(ExportQuery),
    responses((status = 200, description = "text/csv", content_type = "text/csv"), (status = 400, description = "unknown role"),
    (status = 401, description = "not signed in"), (status = 403, description = "not an admin")))]
#[get("/admin/users/export")]
pub async fn export(
    state: web::Data<AppState>,
    _admin: AdminUser,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let filter = super::list::user_filter(q.search, q.role.as_deref(), q.active)?;
    // The first page is read before answering, so that a failing store is a clean error.
    let first = read_page(&state, &filter, 1).await?;
    let header = Bytes::from(crate::csv::record(&[
        "Name",
        "Email",
        "Role",
        "Last Login",
        "ID",
        "Created At",
    ]));
    let body = stream::unfold(
        (Some(first), Some(1_i64), state, filter),
        |(pending, page, state, filter)| async move {
            let page = page?;
            let rows = match pending {
                Some(rows) => rows,
                None => match read_page(&state, &filter, page).await {
                    Ok(rows) => rows,
                    Err(e) => {
                        tracing::error!(error = %e, "users export failed mid-stream");
                        return Some((Err(e), (None, None, state, filter)));
                    }
                },
            };
            if rows.is_empty() {
                return None;
            }
            let next = next_page(&rows, page);
            let chunk: String = rows.iter().map(csv_line).collect();
            Some((Ok(Bytes::from(chunk)), (None, next, state, filter)))
        },
    );
    let date = Utc::now().format("%Y-%m-%d");
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(format!(
                "users-export-{date}.csv"
            ))],
        })
        .streaming(stream::iter([Ok::<_, ApiError>(header)]).chain(body)))
}

/// The page after `page` when `rows` (page `page`) was full.
fn next_page(rows: &[UserListItem], page: i64) -> Option<i64> {
    (i64::try_from(rows.len()).unwrap_or(0) == EXPORT_PAGE).then_some(page + 1)
}

async fn read_page(
    state: &web::Data<AppState>,
    filter: &UserFilter,
    page: i64,
) -> Result<Vec<UserListItem>, ApiError> {
    let filter = filter.clone();
    let found = state
        .call(move |s| {
            domain::users::list(
                &s.store,
                &filter,
                PageRequest {
                    page,
                    page_size: EXPORT_PAGE,
                },
            )
        })
        .await?;
    Ok(found.items)
}
