//! The guard every `/api` operation declares in the OpenAPI document (`security`: none, a
//! signed-in user `bearer: []`, or an admin `bearer: ["ADMIN"]`), enforced before the handler
//! runs for every operation that takes a request body.
//!
//! Why here and not only in the handlers' extractors: actix polls a handler's extractors
//! together, so a body that fails to parse could answer 400 before the token lookup answered
//! 403, telling a non-admin how an admin call validates. For an operation with a body this
//! middleware decides 401/403 first, then hands the authenticated user to the `AuthUser`
//! extractor through the request's extensions (one token lookup per request). An operation
//! without a body has nothing to parse before its guard, so its extractors decide alone (the
//! cart's read then checks the token in the same blocking call as the read).
//! `tests/api/authorization.rs` checks every operation either way.

use std::collections::HashMap;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage};
use serde_json::Value;

use crate::error::ApiError;
use crate::extractors::{authenticate, ADMIN_REQUIRED};
use crate::path_template::PathTemplate;

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    /// Anyone.
    Public,
    /// Any signed-in, active user (ownership is the use case's concern).
    SignedIn,
    /// An active user with the ADMIN role.
    Admin,
}

/// One operation's path template and guard.
#[derive(Debug)]
struct Template {
    path: PathTemplate,
    guard: Guard,
    /// Whether the operation takes a request body (only those are guarded here).
    has_body: bool,
}

/// The guards of the document's operations, by method.
#[derive(Debug, Default)]
pub struct Guards(HashMap<Method, Vec<Template>>);

impl Guards {
    /// Reads every operation's guard from the OpenAPI document.
    ///
    /// # Panics
    /// At start-up, on a `security` the shop does not know (a role other than ADMIN, another
    /// scheme): a route must not be served under a guard nobody enforces.
    #[must_use]
    pub fn from_document(doc: &utoipa::openapi::OpenApi) -> Self {
        let doc = serde_json::to_value(doc).unwrap_or_default();
        let mut guards = Guards::default();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                let Ok(method) = Method::from_bytes(method.to_uppercase().as_bytes()) else {
                    continue;
                };
                let template = Template {
                    path: PathTemplate::new(path.split('/'), |s| s.starts_with('{')),
                    guard: guard_of(op).unwrap_or_else(|e| panic!("{method} {path}: {e}")),
                    has_body: op.get("requestBody").is_some(),
                };
                guards.0.entry(method).or_default().push(template);
            }
        }
        guards
    }

    /// The guard of the operation with a body that `method path` names, if there is one.
    #[must_use]
    pub fn of(&self, method: &Method, path: &str) -> Option<Guard> {
        self.best(method, path, true)
    }

    /// The guard of the operation `method path` names, with a body or without.
    #[must_use]
    pub fn declared(&self, method: &Method, path: &str) -> Option<Guard> {
        self.best(method, path, false)
    }

    fn best(&self, method: &Method, path: &str, body_only: bool) -> Option<Guard> {
        let templates = self.0.get(method)?;
        // Most requests are reads without a body: no operation to fit, no path to split.
        if body_only && !templates.iter().any(|t| t.has_body) {
            return None;
        }
        let segments: Vec<&str> = path.split('/').collect();
        templates
            .iter()
            .filter(|t| t.has_body || !body_only)
            .filter_map(|t| t.path.fit(&segments).map(|score| (score, t.guard)))
            .max_by_key(|(score, _)| *score)
            .map(|(_, guard)| guard)
    }

    /// The methods the document declares for `path`: those of the templates that fit it
    /// best (`/api/shows/types` is its own path, not `/api/shows/{id}`), sorted; empty when
    /// no operation has that path.
    #[must_use]
    pub fn methods(&self, path: &str) -> Vec<Method> {
        let segments: Vec<&str> = path.split('/').collect();
        let fits: Vec<(usize, &Method)> = self
            .0
            .iter()
            .flat_map(|(method, templates)| {
                templates
                    .iter()
                    .filter_map(|t| t.path.fit(&segments))
                    .map(move |score| (score, method))
            })
            .collect();
        let best = fits.iter().map(|(score, _)| *score).max();
        let mut methods: Vec<Method> = fits
            .into_iter()
            .filter(|(score, _)| Some(*score) == best)
            .map(|(_, method)| method.clone())
            .collect();
        methods.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        methods.dedup();
        methods
    }
}

/// The guard an operation's `security` declares.
///
/// # Errors
/// A description of a requirement the shop does not enforce.
pub fn guard_of(op: &Value) -> Result<Guard, String> {
    let Some(requirements) = op.get("security").and_then(Value::as_array) else {
        return Ok(Guard::Public);
    };
    let [requirement] = requirements.as_slice() else {
        return Err(format!(
            "one security requirement expected, got {requirements:?}"
        ));
    };
    let scopes = requirement
        .get("bearer")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("only the bearer scheme is enforced, got {requirement}"))?;
    match scopes.iter().map(Value::as_str).collect::<Vec<_>>()[..] {
        [] => Ok(Guard::SignedIn),
        [Some("ADMIN")] => Ok(Guard::Admin),
        _ => Err(format!("unknown roles {scopes:?}")),
    }
}

/// Answers 401/403 before the handler when the operation's guard refuses the caller, and
/// otherwise passes the authenticated user on to the handler's `AuthUser`.
///
/// Every answer of an operation that is not public (an admin's, or a signed-in user's: their
/// profile, addresses, cart, orders, checkout) gets `Cache-Control: no-store` here, so that no
/// browser or proxy keeps personal data, whichever handler answered and however it failed.
/// Public answers keep their own caching (the catalogue's, `catalogue_cache.rs`).
///
/// # Errors
/// The guard's refusal as an [`ApiError`] answer.
pub async fn enforce(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let guard = req
        .app_data::<web::Data<Guards>>()
        .and_then(|g| g.of(req.method(), req.path()))
        .unwrap_or(Guard::Public);
    if guard != Guard::Public {
        let refusal = match authenticate(req.request().clone()).await {
            Ok(user) if guard == Guard::Admin && !user.role.is_admin() => {
                Some(ApiError::Forbidden(ADMIN_REQUIRED.into()))
            }
            Ok(user) => {
                req.extensions_mut().insert(user);
                None
            }
            Err(e) => Some(e),
        };
        if let Some(e) = refusal {
            // An answer, not an `Err`: an error would pass the outer middleware (security
            // headers, metrics) untouched on its way out.
            let mut answer = actix_web::ResponseError::error_response(&e);
            no_store(answer.headers_mut());
            return Ok(req.into_response(answer).map_into_right_body());
        }
    }
    next.call(req).await.map(|mut res| {
        // An answer that says how it may be kept has chosen (the catalogue's cached reads,
        // the hot path, say `public`); the operation's guard is looked up only for the others.
        if !res.headers().contains_key(CACHE_CONTROL) && is_private(res.request()) {
            no_store(res.headers_mut());
        }
        res.map_into_left_body()
    })
}

/// Whether the operation `req` calls is an admin's or a signed-in user's.
fn is_private(req: &actix_web::HttpRequest) -> bool {
    req.app_data::<web::Data<Guards>>()
        .and_then(|g| g.declared(req.method(), req.path()))
        .is_some_and(|g| g != Guard::Public)
}

fn no_store(headers: &mut actix_web::http::header::HeaderMap) {
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn guards() -> Guards {
        let value = json!({
            "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
            "paths": {
                "/api/shows/{id}": {"post": {"requestBody": {"content": {}}, "responses": {}}, "put": {"security": [{"bearer": ["ADMIN"]}], "requestBody": {"content": {}}, "responses": {}}},
                "/api/shows/types": {"post": {"security": [{"bearer": ["ADMIN"]}], "requestBody": {"content": {}}, "responses": {}}},
                "/api/cart/{cartId}": {"post": {"security": [{"bearer": []}], "requestBody": {"content": {}}, "responses": {}}, "get": {"security": [{"bearer": []}], "responses": {}}}
            }
        });
        let doc: utoipa::openapi::OpenApi = serde_json::from_value(value).expect("document");
        Guards::from_document(&doc)
    }

    #[test]
    fn each_method_and_path_finds_its_operations_guard() {
        let g = guards();
        assert_eq!(g.of(&Method::POST, "/api/shows/abc"), Some(Guard::Public));
        assert_eq!(g.of(&Method::PUT, "/api/shows/abc"), Some(Guard::Admin));
        assert_eq!(g.of(&Method::POST, "/api/shows/types"), Some(Guard::Admin));
        assert_eq!(g.of(&Method::POST, "/api/cart/c1"), Some(Guard::SignedIn));
        assert_eq!(g.of(&Method::POST, "/api/cart/c1/extra"), None);
        assert_eq!(g.of(&Method::DELETE, "/api/shows/abc"), None);
        // Without a body the extractors decide.
        assert_eq!(g.of(&Method::GET, "/api/cart/c1"), None);
        // ... but the operation's guard is still known (for `Cache-Control: no-store`).
        assert_eq!(
            g.declared(&Method::GET, "/api/cart/c1"),
            Some(Guard::SignedIn)
        );
        assert_eq!(
            g.declared(&Method::POST, "/api/shows/abc"),
            Some(Guard::Public)
        );
    }

    #[test]
    fn a_path_lists_the_methods_of_every_operation_it_fits() {
        let g = guards();
        assert_eq!(g.methods("/api/shows/abc"), [Method::POST, Method::PUT]);
        assert_eq!(g.methods("/api/shows/types"), [Method::POST]);
        assert_eq!(g.methods("/api/cart/c1"), [Method::GET, Method::POST]);
        assert!(g.methods("/api/cart/c1/extra").is_empty());
    }

    #[test]
    fn a_literal_segment_wins_over_a_parameter() {
        let g = guards();
        assert_eq!(g.of(&Method::POST, "/api/shows/types"), Some(Guard::Admin));
        // PUT /api/shows/types is not declared, so the parameter route is the only fit.
        assert_eq!(g.of(&Method::PUT, "/api/shows/types"), Some(Guard::Admin));
    }

    #[test]
    fn unknown_roles_and_schemes_are_refused() {
        assert_eq!(guard_of(&json!({})), Ok(Guard::Public));
        assert_eq!(
            guard_of(&json!({"security": [{"bearer": []}]})),
            Ok(Guard::SignedIn)
        );
        assert!(guard_of(&json!({"security": [{"bearer": ["OWNER"]}]})).is_err());
        assert!(guard_of(&json!({"security": [{"apiKey": []}]})).is_err());
        assert!(guard_of(&json!({"security": [{"bearer": []}, {"bearer": ["ADMIN"]}]})).is_err());
    }
}
