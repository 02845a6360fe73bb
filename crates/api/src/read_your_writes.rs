//! Read-your-writes across nodes: the answer to every request whose write moved the catalogue
//! version names the version it produced, in an `X-Catalogue-Version` header and a short-lived
//! `shop_catalogue_version` cookie; a catalogue read that brings a newer version (the cookie,
//! which browsers send by themselves, or the header) than its node's cache knows reads the
//! version before answering (see [`crate::catalogue_cache`]). Whichever node the balancer
//! picks, the writer never sees the catalogue from before the write: an admin who created a
//! product opens it, a buyer who paid sees the new stock.
//!
//! Which writes move the version is the use cases' business (catalogue, apparel and show
//! admin, vocabulary, purchases that take counted stock, case breaks, refunds that restock:
//! whatever calls `bump_catalogue_version`), so it is found out where they commit: the store
//! notes the version on the thread of the blocking call ([`persistence::take_moved_version`]),
//! [`crate::state::blocking`] hands it to the request's task ([`produced`]), and the
//! [`ReadYourWrites`] middleware writes the header and cookie. No route says it.

use std::cell::Cell;
use std::future::{ready, Ready};

use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue, COOKIE, SET_COOKIE};
use futures_util::future::{FutureExt as _, Map};
use tokio::task::futures::TaskLocalFuture;

/// The cookie that carries the last catalogue version a client's write produced.
pub const COOKIE_NAME: &str = "shop_catalogue_version";

/// The header that carries it (answers to writes; requests may send it too).
pub const HEADER: HeaderName = HeaderName::from_static("x-catalogue-version");

/// How long the cookie lives: longer than any node needs to hear of a version by itself.
pub const COOKIE_MAX_AGE_SECONDS: u32 = 60;

/// What a request's writes produced, and whether its cookie is `Secure` (the middleware's
/// task-local state; nothing to build outside this module).
#[derive(Debug, Clone, Copy)]
pub struct Written {
    version: Option<i64>,
    secure: bool,
}

tokio::task_local! {
    static WRITTEN: Cell<Written>;
}

/// Notes that a write of the current request committed catalogue `version` (nothing outside
/// a request, such as a background job).
pub(crate) fn produced(version: i64) {
    let _outside_a_request = WRITTEN.try_with(|written| {
        let mut now = written.get();
        now.version = Some(now.version.map_or(version, |v| v.max(version)));
        written.set(now);
    });
}

/// The newest catalogue version a request names (its `X-Catalogue-Version` header or its
/// `shop_catalogue_version` cookie), 0 when none. No allocation: a look-up of two headers and
/// a scan of the cookie's bytes.
#[must_use]
pub fn requested_version(headers: &HeaderMap) -> i64 {
    let mut newest = headers.get(&HEADER).map_or(0, |v| digits(v.as_bytes()));
    for cookies in headers.get_all(COOKIE) {
        for pair in cookies.as_bytes().split(|&b| b == b';') {
            if let Some(value) = pair
                .trim_ascii_start()
                .strip_prefix(COOKIE_NAME.as_bytes())
                .and_then(|rest| rest.strip_prefix(b"="))
            {
                newest = newest.max(digits(value));
            }
        }
    }
    newest
}

/// A version written in decimal (at most 18 digits); 0 for anything else.
fn digits(text: &[u8]) -> i64 {
    let text = text.trim_ascii();
    if text.is_empty() || text.len() > 18 {
        return 0;
    }
    text.iter()
        .try_fold(0i64, |n, &b| {
            b.is_ascii_digit().then(|| n * 10 + i64::from(b - b'0'))
        })
        .unwrap_or(0)
}

/// The middleware that gives each request's answer the version its writes produced (see the
/// module documentation). `secure`: the cookie is `Secure` (the shop is served over https).
#[derive(Debug, Clone, Copy)]
pub struct ReadYourWrites {
    secure: bool,
}

impl ReadYourWrites {
    /// The middleware; `secure` when the shop is served over https (`SHOP_PUBLIC_URL`).
    #[must_use]
    pub fn new(secure: bool) -> Self {
        ReadYourWrites { secure }
    }
}

impl<S, B> Transform<S, ServiceRequest> for ReadYourWrites
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = ReadYourWritesService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, ()>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(ReadYourWritesService {
            service,
            secure: self.secure,
        }))
    }
}

/// [`ReadYourWrites`] around a service.
pub struct ReadYourWritesService<S> {
    service: S,
    secure: bool,
}

type Answer<B> = Result<ServiceResponse<B>, actix_web::Error>;

impl<S, B> Service<ServiceRequest> for ReadYourWritesService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    // Named types, no box: the request's future runs inside the task-local's scope, and the
    // answer is marked inside it too.
    type Future = TaskLocalFuture<Cell<Written>, Map<S::Future, fn(Answer<B>) -> Answer<B>>>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let written = Written {
            version: None,
            secure: self.secure,
        };
        let mark: fn(Answer<B>) -> Answer<B> = mark::<B>;
        WRITTEN.scope(Cell::new(written), self.service.call(req).map(mark))
    }
}

/// Adds the header and the cookie when the request's writes moved the version.
fn mark<B>(mut answer: Answer<B>) -> Answer<B> {
    let Ok(written) = WRITTEN.try_with(Cell::get) else {
        return answer;
    };
    if let (Some(version), Ok(res)) = (written.version, answer.as_mut()) {
        let headers = res.headers_mut();
        headers.insert(HEADER, HeaderValue::from(version));
        let secure = if written.secure { "; Secure" } else { "" };
        let cookie = format!(
            "{COOKIE_NAME}={version}; Max-Age={COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly{secure}"
        );
        if let Ok(cookie) = HeaderValue::from_str(&cookie) {
            headers.append(SET_COOKIE, cookie);
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::HeaderValue;

    fn headers(pairs: &[(&HeaderName, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append((*name).clone(), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_cookie_and_the_header_name_a_version() {
        assert_eq!(requested_version(&HeaderMap::new()), 0);
        assert_eq!(
            requested_version(&headers(&[(
                &COOKIE,
                "a=1; shop_catalogue_version=42; b=2"
            )])),
            42
        );
        assert_eq!(
            requested_version(&headers(&[(&COOKIE, "shop_catalogue_version=7")])),
            7
        );
        assert_eq!(requested_version(&headers(&[(&HEADER, " 9 ")])), 9);
        assert_eq!(
            requested_version(&headers(&[
                (&HEADER, "9"),
                (&COOKIE, "shop_catalogue_version=12")
            ])),
            12
        );
    }

    #[test]
    fn anything_but_a_plain_number_names_none() {
        for bad in [
            "shop_catalogue_version=-3",
            "shop_catalogue_version=1e9",
            "shop_catalogue_version=",
            "shop_catalogue_version=99999999999999999999",
            "xshop_catalogue_version=5",
            "shop_catalogue_versions=5",
        ] {
            let value = HeaderValue::from_str(bad).expect("header");
            let mut map = HeaderMap::new();
            map.insert(COOKIE, value);
            assert_eq!(requested_version(&map), 0, "{bad}");
        }
    }
}
