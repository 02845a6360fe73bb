//! Request extractors: the signed-in user, the admin, and the client address.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use domain::ids::UserId;
use domain::users::Role;

use crate::catalogue_cache::CatalogueCache;
use crate::error::ApiError;
pub use crate::error::{SESSION_EXPIRED, SIGN_IN_REQUIRED};
use crate::state::AppState;
/// Message for a signed-in user without the admin role.
pub const ADMIN_REQUIRED: &str = "You do not have permission to do that.";

/// A signed-in, active user. The role is read from the database on every request, so a
/// deactivated user or a changed role takes effect at once on every node.
#[derive(Debug, Clone)]
pub struct AuthUser {
    /// The user id.
    pub id: UserId,
    /// The user's current role.
    pub role: Role,
}

/// The caller of a signed-in operation, before or after the database confirmed them: the user
/// the guard middleware already authenticated, or the bearer token still to be checked by
/// [`Caller::resolve`] inside the handler's own blocking call (one trip to the blocking pool
/// instead of two).
#[derive(Debug, Clone)]
pub enum Caller {
    /// Authenticated already.
    Known(AuthUser),
    /// A bearer token to check.
    Token(String),
}

impl Caller {
    /// The active user the caller is (call it inside a blocking call).
    ///
    /// # Errors
    /// 401 without a valid token of an active user; store failures.
    pub fn resolve(self, state: &AppState) -> Result<AuthUser, ApiError> {
        match self {
            Caller::Known(user) => Ok(user),
            Caller::Token(token) => {
                let user = domain::users::authenticate(&state.store, &*state.tokens, &token)?;
                Ok(AuthUser {
                    id: user.id,
                    role: user.role,
                })
            }
        }
    }
}

impl Caller {
    /// The user the guard middleware authenticated, else the request's bearer token.
    fn of(req: &HttpRequest) -> Result<Self, ApiError> {
        match req.extensions().get::<AuthUser>().cloned() {
            Some(user) => Ok(Caller::Known(user)),
            None => bearer(req)
                .map(Caller::Token)
                .ok_or_else(|| ApiError::Unauthorized(SIGN_IN_REQUIRED.into())),
        }
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Caller::of(req))
    }
}

/// A signed-in, active user with role ADMIN (403 for any other role).
#[derive(Debug, Clone)]
pub struct AdminUser(pub AuthUser);

/// The request's bearer token, if it sent one (not checked).
pub(crate) fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
}

/// The request's signed-in user: the one the guard middleware ([`crate::guards`]) already
/// authenticated, or else the bearer token checked against the database ([`AppState::read`]).
///
/// # Errors
/// 401 without a valid token of an active user; store failures.
pub async fn authenticate(req: HttpRequest) -> Result<AuthUser, ApiError> {
    let caller = match Caller::of(&req)? {
        Caller::Known(user) => return Ok(user),
        token => token,
    };
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal("application state missing"))?
        .get_ref()
        .clone();
    // One short read (the token's signature, then the user's row by id): on SQLite with an idle
    // connection it runs right here, without the two thread switches of the blocking pool.
    state.read(move |s| caller.resolve(s)).await
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(authenticate(req.clone()))
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = authenticate(req).await?;
            if user.role.is_admin() {
                Ok(AdminUser(user))
            } else {
                Err(ApiError::Forbidden(ADMIN_REQUIRED.into()))
            }
        })
    }
}

/// The client's address: the peer, or the address its trusted proxy names (see
/// [`crate::client`]).
#[must_use]
pub fn client_ip(req: &HttpRequest, state: &AppState) -> IpAddr {
    let peer = req
        .peer_addr()
        .map_or(IpAddr::from([0, 0, 0, 0]), |a| a.ip());
    state.proxies.client(peer, req.headers())
}

/// `Cache-Control: no-store`, for answers that carry a token or personal data.
#[must_use]
pub fn no_store() -> actix_web::http::header::CacheControl {
    use actix_web::http::header::{CacheControl, CacheDirective};
    CacheControl(vec![CacheDirective::NoStore])
}

/// A catalogue write by an admin (ADMIN only: 401/403): the state, the node's catalogue
/// cache and the admin, taken by each back-office write handler as one extractor.
pub struct CatalogueWrite {
    /// The shared state.
    pub state: web::Data<AppState>,
    cache: web::Data<CatalogueCache>,
    /// The admin.
    pub admin: AdminUser,
}

impl actix_web::FromRequest for CatalogueWrite {
    type Error = ApiError;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, ApiError>>>>;

    fn from_request(
        req: &actix_web::HttpRequest,
        payload: &mut actix_web::dev::Payload,
    ) -> Self::Future {
        let admin = AdminUser::from_request(req, payload);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let cache = req.app_data::<web::Data<CatalogueCache>>().cloned();
        Box::pin(async move {
            let admin = admin.await?;
            match (state, cache) {
                (Some(state), Some(cache)) => Ok(CatalogueWrite {
                    state,
                    cache,
                    admin,
                }),
                _ => Err(ApiError::internal("write route without its state or cache")),
            }
        })
    }
}

impl CatalogueWrite {
    /// Runs one catalogue write use case as the admin; once it committed, every worker of
    /// this node reads the catalogue version again on its next request.
    ///
    /// # Errors
    /// The use case's error as an answer.
    pub async fn run<T, E, F>(self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&AppState, &domain::ids::UserId) -> Result<T, E> + Send + 'static,
        E: Into<ApiError>,
        T: Send + 'static,
    {
        let actor = self.admin.0.id;
        let done = self.state.call(move |s| work(s, &actor)).await?;
        self.cache.note_write();
        Ok(done)
    }
}
