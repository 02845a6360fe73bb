//! The authorization matrix (issue 13), generated from the route table and the OpenAPI
//! document rather than from a hand list:
//! - every route the source registers under `/api` is an operation of the document, so a new
//!   route cannot escape the matrix;
//! - every operation declares its guard in its `security`: none (public), `bearer: []` (any
//!   signed-in user, owner checks inside) or `bearer: ["ADMIN"]`;
//! - the server answers as declared: public operations without a token; admin operations 401
//!   without a token and 403 to USER, MANAGER and MEMBER; signed-in operations 401 without a
//!   token, 404 to another user for an owned resource (cart, order, profile, payment session),
//!   and never another user's data; no operation answers 5xx to any of these callers.

use std::collections::BTreeSet;
use std::path::Path;

use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};
use shop_api::guards::{guard_of, Guard};

use crate::catalogue::demo_app;
use crate::checkout::{buyer, pay_ok, Buyer};
use crate::helpers::{body, expect, TestApp, PASSWORD};

/// One operation of the OpenAPI document.
#[derive(Debug)]
pub struct Operation {
    pub method: Method,
    pub path: String,
    guard: Guard,
    /// Its declared request body's content type, if it takes one.
    pub body: Option<String>,
}

impl std::fmt::Display for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.method, self.path)
    }
}

/// Routes served outside the `/api` scope although their handlers live in `routes/`.
const OUTSIDE_API: &[(&str, &str)] = &[("GET", "/uploads/{name}")];

/// Every operation of the document.
pub fn operations(doc: &Value) -> Vec<Operation> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("operations") {
            ops.push(Operation {
                method: Method::from_bytes(method.to_uppercase().as_bytes()).expect("method"),
                path: path.clone(),
                guard: guard_of(op).unwrap_or_else(|e| panic!("{method} {path}: {e}")),
                body: op["requestBody"]["content"]
                    .as_object()
                    .and_then(|c| c.keys().next().cloned()),
            });
        }
    }
    ops
}

/// `(METHOD, path)` of every route the api crate's `routes/` registers: the actix route macros
/// (`#[get("/x")]`) and `cfg.route("/x", web::get()...)` calls, read from the source.
fn routes_in_source() -> BTreeSet<(String, String)> {
    fn walk(dir: &Path, found: &mut BTreeSet<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("routes dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                scan(&text, found);
            }
        }
    }
    fn scan(text: &str, found: &mut BTreeSet<(String, String)>) {
        for line in text.lines().map(str::trim) {
            for method in ["get", "post", "put", "patch", "delete"] {
                if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                    let route = rest.split('"').next().expect("a quoted path");
                    found.insert((method.to_uppercase(), route.to_owned()));
                }
                if let Some(at) = line.find(&format!("web::{method}()")) {
                    if let Some(start) = line[..at].find(".route(\"") {
                        let route = line[start + 8..].split('"').next().expect("a quoted path");
                        found.insert((method.to_uppercase(), route.to_owned()));
                    }
                }
            }
        }
    }
    let mut found = BTreeSet::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes"),
        &mut found,
    );
    found
}

/// A path with its parameters' names left out (`/api/cart/{}`): the router and the document
/// name them differently (`cart_id`, `cartId`).
fn template(path: &str) -> String {
    path.split('/')
        .map(|s| if s.starts_with('{') { "{}" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn every_route_is_an_operation_of_the_document_with_a_declared_guard() {
    let app = crate::helpers::spawn_app().await;
    let doc = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let documented: BTreeSet<(String, String)> = operations(&doc)
        .iter()
        .map(|op| (op.method.to_string(), template(&op.path)))
        .collect();
    let routes = routes_in_source();
    assert!(routes.len() >= 60, "the scan found the routes: {routes:?}");
    let missing: Vec<_> = routes
        .iter()
        .filter(|(m, p)| !OUTSIDE_API.contains(&(m.as_str(), p.as_str())))
        .map(|(m, p)| (m.clone(), template(&format!("/api{p}"))))
        .filter(|r| !documented.contains(r))
        .collect();
    assert!(
        missing.is_empty(),
        "routes missing from the OpenAPI document: {missing:?}"
    );
    // And the other way: the document describes nothing the server does not route.
    let routed: BTreeSet<_> = routes
        .iter()
        .filter(|(m, p)| !OUTSIDE_API.contains(&(m.as_str(), p.as_str())))
        .map(|(m, p)| (m.clone(), template(&format!("/api{p}"))))
        .collect();
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(extra.is_empty(), "documented but not routed: {extra:?}");
}

/// A user with `role`, created by the admin; answers their token.
async fn token_with_role(app: &TestApp, admin: &str, role: &str) -> String {
    let email = format!("{}@example.com", role.to_lowercase());
    let created = app
        .send(
            Method::POST,
            "/api/admin/users",
            Some(admin),
            Some(&json!({"email": email, "password": PASSWORD, "role": role})),
        )
        .await;
    expect(created, StatusCode::CREATED).await;
    let v = expect(app.login(&email, PASSWORD).await, StatusCode::OK).await;
    v["token"].as_str().expect("token").to_owned()
}

/// The owner's resources that another user must not reach.
pub struct Owned {
    pub buyer: Buyer,
    email: &'static str,
    order: String,
    open_session: String,
    /// A product in the owner's cart.
    product: String,
}

/// `owner@example.com` with a paid order and a second payment session still open, both for a
/// case-only firework; answers also the quote that session was opened for.
pub async fn owner_with_an_order_and_an_open_session(app: &TestApp) -> (Owned, Value) {
    let samples = app.db.quote_samples().expect("samples");
    let owner = buyer(app, "owner@example.com").await;
    owner.add(app, &samples.case_only.0, false, None).await;
    let (token, quote) = owner.checkout(app).await;
    pay_ok(app, &token).await;
    let order = expect(owner.complete(app, &token, &quote).await, StatusCode::OK).await;
    owner.add(app, &samples.case_only.0, false, None).await;
    let (open_session, open_quote) = owner.checkout(app).await;
    let owned = Owned {
        buyer: owner,
        email: "owner@example.com",
        order: order["id"].as_str().expect("order id").to_owned(),
        open_session,
        product: samples.case_only.0.clone(),
    };
    (owned, open_quote)
}

/// The operation's path with its parameters filled: the owner's cart and order, or ids that
/// name nothing.
pub fn concrete(path: &str, owned: &Owned) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').expect("closing brace") + start;
        out.push_str(match &rest[start + 1..end] {
            "cartId" => owned.buyer.cart.as_str(),
            "orderId" => owned.order.as_str(),
            "checkoutToken" => "no-such-session",
            "kind" => "brands",
            "brand" => "Cody%20B",
            _ => "00000000-0000-4000-8000-000000000000",
        });
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A well-formed body for a write on the owner's cart, so that only ownership can refuse it.
fn cart_body(path: &str, owned: &Owned) -> Option<Value> {
    let product = owned.product.as_str();
    Some(match path.rsplit('/').next()? {
        "add" => json!({"productId": product, "isUnit": false}),
        "remove" => json!({"productId": product}),
        "updateQuantity" => json!({"productId": product, "quantity": 2}),
        "purchase" => json!({"amount": 1}),
        "cancel" => json!({"checkoutToken": owned.open_session}),
        _ => return None,
    })
}

/// Sends the operation: a write carries a well-formed cart body on a cart path, otherwise an
/// empty JSON object.
async fn call(
    app: &TestApp,
    op: &Operation,
    path: &str,
    owned: &Owned,
    token: Option<&str>,
) -> Response {
    let payload = [Method::POST, Method::PUT, Method::PATCH]
        .contains(&op.method)
        .then(|| {
            cart_body(&op.path, owned)
                .filter(|_| op.path.contains("{cartId}"))
                .unwrap_or_else(|| json!({}))
        });
    app.send(op.method.clone(), path, token, payload.as_ref())
        .await
}

#[tokio::test]
async fn every_operation_answers_each_kind_of_caller_as_its_guard_declares() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    // The owner has a paid order and a second session still open.
    let (owned, open_quote) = owner_with_an_order_and_an_open_session(&app).await;
    let stranger = buyer(&app, "stranger@example.com").await;
    let others = [
        ("USER", stranger.token.clone()),
        ("MANAGER", token_with_role(&app, &admin, "MANAGER").await),
        ("MEMBER", token_with_role(&app, &admin, "MEMBER").await),
    ];

    let doc = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let ops = operations(&doc);
    let mut rows = 0;
    for op in &ops {
        let path = concrete(&op.path, &owned);
        let anonymous = call(&app, op, &path, &owned, None).await.status();
        assert!(
            !anonymous.is_server_error(),
            "{op} without a token: {anonymous}"
        );
        match op.guard {
            Guard::Public => assert!(
                anonymous != StatusCode::UNAUTHORIZED && anonymous != StatusCode::FORBIDDEN,
                "{op} is declared public but answers {anonymous} without a token"
            ),
            Guard::SignedIn | Guard::Admin => {
                assert_eq!(anonymous, StatusCode::UNAUTHORIZED, "{op} without a token")
            }
        }
        rows += 1;
        match op.guard {
            Guard::Admin => {
                for (role, token) in &others {
                    let status = call(&app, op, &path, &owned, Some(token)).await.status();
                    assert_eq!(status, StatusCode::FORBIDDEN, "{op} as {role}");
                    rows += 1;
                }
                let status = call(&app, op, &path, &owned, Some(&admin)).await.status();
                assert!(
                    !status.is_server_error()
                        && status != StatusCode::UNAUTHORIZED
                        && status != StatusCode::FORBIDDEN,
                    "{op} as ADMIN: {status}"
                );
                rows += 1;
            }
            Guard::SignedIn => {
                let res = call(&app, op, &path, &owned, Some(&stranger.token)).await;
                let status = res.status();
                let text = res.text().await.expect("body");
                assert!(!status.is_server_error(), "{op} as another user: {status}");
                if op.path.contains("{cartId}") || op.path.contains("{orderId}") {
                    assert_eq!(
                        status,
                        StatusCode::NOT_FOUND,
                        "{op} on another user's resource"
                    );
                } else {
                    assert!(
                        status != StatusCode::UNAUTHORIZED && status != StatusCode::FORBIDDEN,
                        "{op} as a signed-in user: {status}"
                    );
                }
                for secret in [
                    owned.buyer.user.as_str(),
                    owned.buyer.cart.as_str(),
                    owned.order.as_str(),
                    owned.email,
                ] {
                    assert!(
                        !text.contains(secret),
                        "{op} shows another user's {secret}: {text}"
                    );
                }
                rows += 1;
            }
            Guard::Public => {}
        }
    }

    // Owned resources named in a body rather than the path: the profile and the payment session.
    let res = app
        .post_json_as(
            "/api/user/userInfo",
            &stranger.token,
            &json!({"userId": owned.buyer.user, "firstName": "Mallory"}),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "another user's profile"
    );
    let owner_profile = expect(
        app.get_as("/api/user/userInfo", &owned.buyer.token).await,
        StatusCode::OK,
    )
    .await;
    assert_ne!(owner_profile["firstName"], "Mallory");
    pay_ok(&app, &owned.open_session).await;
    let res = stranger
        .complete(&app, &owned.open_session, &open_quote)
        .await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "another user's payment session"
    );
    let res = app
        .post_json_as(
            &format!("/api/cart/{}/purchase/cancel", stranger.cart),
            &stranger.token,
            &json!({"checkoutToken": owned.open_session}),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "cancelling another user's session"
    );
    // The owner's session is still theirs to cancel.
    let res = owned.buyer.cancel(&app, &owned.open_session).await;
    assert!(res.status().is_success(), "{}", body(res).await);

    let admin_ops = ops.iter().filter(|o| o.guard == Guard::Admin).count();
    let signed_in = ops.iter().filter(|o| o.guard == Guard::SignedIn).count();
    let public = ops.iter().filter(|o| o.guard == Guard::Public).count();
    assert!(
        admin_ops >= 30 && signed_in >= 10 && public >= 10,
        "{admin_ops}/{signed_in}/{public}"
    );
    eprintln!(
        "authorization matrix: {} operations ({admin_ops} admin, {signed_in} signed-in, {public} public), {rows} rows",
        ops.len()
    );
}

/// Issue 31: every answer of an admin or signed-in operation, to its rightful caller and to a
/// caller without a token, says `Cache-Control: no-store`; the public catalogue keeps its own
/// caching.
#[tokio::test]
async fn every_admin_and_signed_in_answer_is_never_stored() {
    let app = demo_app().await;
    let admin = app.login_as_admin().await;
    let (owned, _) = owner_with_an_order_and_an_open_session(&app).await;

    let doc = expect(app.get("/api/openapi.json").await, StatusCode::OK).await;
    let mut checked = 0;
    let mut stored = Vec::new();
    for op in operations(&doc) {
        let token = match op.guard {
            Guard::Public => continue,
            Guard::Admin => admin.as_str(),
            Guard::SignedIn => owned.buyer.token.as_str(),
        };
        let path = concrete(&op.path, &owned);
        for (who, token) in [("the caller", Some(token)), ("no token", None)] {
            let res = call(&app, &op, &path, &owned, token).await;
            let status = res.status();
            let cache = res
                .headers()
                .get("cache-control")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            if cache != "no-store" {
                stored.push(format!("{op} ({who}, {status}): {cache:?}"));
            }
            checked += 1;
        }
    }
    assert!(stored.is_empty(), "answers without no-store: {stored:#?}");
    assert!(checked >= 80, "{checked} answers checked");

    // The public catalogue is cached as before.
    let res = app.get("/api/products?page=1&pageSize=5").await;
    assert_eq!(res.status(), StatusCode::OK);
    let cache = res
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(!cache.contains("no-store"), "{cache}");
}
