//! The built frontend (single-page app with an `index.html` fallback), after the demo shop's
//! generated pictures (`demo_images`).

use std::path::{Path, PathBuf};

use actix_web::http::header::{
    CacheControl, CacheDirective, ContentEncoding, ContentType, HeaderValue,
};
use actix_web::{web, HttpRequest, HttpResponse};

use domain::catalogue::{self, PageSubject, ProductFilter, StockFilter};
use domain::ids::ProductId;
use domain::paging::PageRequest;
use domain::store::Store as _;

use crate::app_routes::{Needs, Page};
use crate::error_tracking::SentryDsn;
use crate::first_view;
use crate::routes::catalogue::dto::{PageJson, ProductJson};
use crate::state::AppState;

/// Where the built frontend lives, and what its pages are told.
#[derive(Debug)]
pub struct Frontend {
    root: PathBuf,
    /// `SHOP_SENTRY_DSN`, given to the pages in a `<meta>` tag.
    sentry: Option<SentryDsn>,
    /// The Content-Security-Policy of every HTML answer.
    policy: HeaderValue,
}

/// The product list's first page, where a product page's back link leads before the app has
/// taken over (the app then links back to the list with the filters it came from).
const PRODUCTS_PAGE: &str = "/products?page=1&pageSize=25";

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><title>Fireworks shop</title></head>\
<body><main><h1>The frontend is not built</h1><p>Run <code>make run</code> (or \
<code>npm --prefix frontend run build</code>) and reload. The API is at <a href=\"/api/docs/\">/api/docs/</a>.</p></main></body></html>";

impl Frontend {
    /// Serves files below `root`.
    #[must_use]
    pub fn new(root: &Path) -> Self {
        if !root.join("index.html").is_file() {
            tracing::warn!(dir = %root.display(), "no built frontend found; serving a notice until it is built");
        }
        Frontend {
            root: root.to_path_buf(),
            sentry: None,
            policy: HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        }
    }

    /// Tells the pages the error tracking DSN (`<meta name="shop-sentry-dsn">`), which makes
    /// them load the browser SDK, and lets them reach its origin (`connect-src`). Without a
    /// DSN the pages get neither.
    #[must_use]
    pub fn with_sentry(mut self, dsn: Option<SentryDsn>) -> Self {
        self.policy = dsn
            .as_ref()
            .and_then(|dsn| {
                let policy = CONTENT_SECURITY_POLICY.replacen(
                    "connect-src 'self'",
                    &format!("connect-src 'self' {}", dsn.origin()),
                    1,
                );
                HeaderValue::from_str(&policy).ok()
            })
            .unwrap_or(HeaderValue::from_static(CONTENT_SECURITY_POLICY));
        self.sentry = dsn;
        self
    }

    /// `index.html` with the DSN's `<meta>` tag, when there is a DSN.
    fn index_html(&self, body: Vec<u8>) -> Vec<u8> {
        let Some(dsn) = &self.sentry else {
            return body;
        };
        let Ok(html) = String::from_utf8(body) else {
            return NOT_BUILT.as_bytes().to_vec();
        };
        let meta = format!(
            "<meta name=\"shop-sentry-dsn\" content=\"{}\" />",
            escape_xml(dsn.as_str())
        );
        match html.find("</head>") {
            Some(at) => format!("{}{meta}{}", &html[..at], &html[at..]).into_bytes(),
            None => html.into_bytes(),
        }
    }

    /// `index.html` is read on every page load (small, and in the OS cache) so that rebuilding
    /// the frontend never leaves a running server pointing at deleted bundles; it is never
    /// stored by browsers or proxies for the same reason. (The policy header comes from the
    /// middleware that gives one to every HTML answer.)
    fn index_response(&self) -> HttpResponse {
        self.index_with(actix_web::http::StatusCode::OK)
    }

    /// `index.html` with `status` (404 for a page or record the app does not have).
    fn index_with(&self, status: actix_web::http::StatusCode) -> HttpResponse {
        page_response(status, self.index_bytes())
    }

    fn index_bytes(&self) -> Vec<u8> {
        self.index_html(
            std::fs::read(self.root.join("index.html"))
                .unwrap_or_else(|_| NOT_BUILT.as_bytes().to_vec()),
        )
    }

    /// A page with its first view (`first_view`): `index.html` with `body` in the layout and
    /// `title`, or as it is when the build has no prerendered layout to put it in.
    fn view_response(&self, title: &str, body: &str) -> HttpResponse {
        let index = self.index_bytes();
        let page = std::str::from_utf8(&index)
            .ok()
            .and_then(|html| first_view::in_layout(html, title, body))
            .map_or(index, String::into_bytes);
        page_response(actix_web::http::StatusCode::OK, page)
    }

    /// The file of the build at `rel`, when it is a regular file really inside the build
    /// folder: no segment may start with a dot (`.git/config`, `.env`), and a link that leads
    /// out of the folder (to `/etc/passwd`) is not followed.
    fn file(&self, rel: &str) -> Option<PathBuf> {
        let path = Path::new(rel);
        let plain = !rel.is_empty()
            && path.components().all(|c| match c {
                std::path::Component::Normal(part) => {
                    !part.to_str().is_some_and(|p| p.starts_with('.'))
                }
                _ => false,
            });
        if !plain {
            return None;
        }
        let root = self.root.canonicalize().ok()?;
        let real = root.join(path).canonicalize().ok()?;
        (real.starts_with(&root) && real.is_file()).then_some(real)
    }
}

/// An HTML page of the app: never stored by browsers or proxies (see `index_response`).
fn page_response(status: actix_web::http::StatusCode, body: Vec<u8>) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header(CacheControl(vec![
            CacheDirective::NoStore,
            CacheDirective::MustRevalidate,
        ]))
        .content_type(ContentType::html())
        .body(body)
}

/// What the app's pages may load: only this origin, plus embedded videos from YouTube. Inline
/// styles are allowed (React `style` attributes); inline scripts are not. With
/// `SHOP_SENTRY_DSN`, `connect-src` also names the DSN's origin ([`Frontend::with_sentry`]).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
frame-src https://www.youtube.com https://www.youtube-nocookie.com; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'self'";

/// Gives every HTML answer (the app's pages, the API docs, error pages) the
/// Content-Security-Policy, whatever route produced it, unless it brings its own.
pub async fn html_policy(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let policy = req
        .app_data::<web::Data<Frontend>>()
        .map_or(HeaderValue::from_static(CONTENT_SECURITY_POLICY), |f| {
            f.policy.clone()
        });
    let mut res = next.call(req).await?;
    let is_html = res
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    // A page with a policy of its own (Stripe's payment window) keeps it.
    if is_html
        && !res
            .headers()
            .contains_key(actix_web::http::header::CONTENT_SECURITY_POLICY)
    {
        res.headers_mut()
            .insert(actix_web::http::header::CONTENT_SECURITY_POLICY, policy);
    }
    Ok(res)
}

/// Registers the image generator and the SPA.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(crate::demo_images::configure)
        .default_service(web::to(spa));
}

/// The pre-compressed copy of a build output (`main.3f2a9c1b.js.br` or `.gz`, written by the
/// frontend build beside it) in an encoding the request accepts, brotli first.
fn precompressed(req: &HttpRequest, path: &Path) -> Option<(PathBuf, ContentEncoding)> {
    let accepts = req
        .headers()
        .get(actix_web::http::header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    // "br", "gzip;q=0.8": a coding is accepted unless its q is 0.
    let accepted = |coding: &str| {
        accepts.split(',').any(|part| {
            let mut params = part.split(';').map(str::trim);
            params.next() == Some(coding)
                && !params.any(|p| {
                    p.strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                })
        })
    };
    [
        ("br", "br", ContentEncoding::Brotli),
        ("gzip", "gz", ContentEncoding::Gzip),
    ]
    .into_iter()
    .filter(|(coding, _, _)| accepted(coding))
    .find_map(|(_, ext, encoding)| {
        let mut packed = path.as_os_str().to_owned();
        packed.push(".");
        packed.push(ext);
        let packed = PathBuf::from(packed);
        packed.is_file().then_some((packed, encoding))
    })
}

/// Content-hashed build outputs (`main.3f2a9c1b.js`) never change: cache them for a year.
fn is_hashed(name: &str) -> bool {
    name.split('.')
        .any(|part| part.len() >= 8 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Serves a file of the build, or `index.html` for any other GET so the router can handle it:
/// with status 200 for a page of the app, 404 for an address it does not have or a product or
/// show that does not exist (see `app_routes`).
async fn spa(
    req: HttpRequest,
    frontend: web::Data<Frontend>,
    state: Option<web::Data<AppState>>,
) -> HttpResponse {
    if req.method() != actix_web::http::Method::GET && req.method() != actix_web::http::Method::HEAD
    {
        return HttpResponse::MethodNotAllowed()
            .json(serde_json::json!({"message": "Method not allowed"}));
    }
    let rel = req.path().trim_start_matches('/');
    if rel == "index.html" {
        return frontend.index_response();
    }
    if let Some(path) = frontend.file(rel) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let hashed = is_hashed(name);
        // A build output the client accepts pre-compressed (brotli at its best level is a
        // fifth smaller than what the server compresses on the fly): that file, named as
        // the original, and the Compress middleware leaves it alone.
        let opened = match hashed.then(|| precompressed(&req, &path)).flatten() {
            Some((packed, encoding)) => actix_files::NamedFile::open(&packed).map(|file| {
                let ext = path
                    .extension()
                    .and_then(|e| e.to_str())
                    .unwrap_or_default();
                file.set_content_type(actix_files::file_extension_to_mime(ext))
                    .set_content_encoding(encoding)
            }),
            None => actix_files::NamedFile::open(&path),
        };
        if let Ok(file) = opened {
            let cache = if hashed {
                vec![
                    CacheDirective::Public,
                    CacheDirective::MaxAge(31_536_000),
                    CacheDirective::Extension("immutable".into(), None),
                ]
            } else {
                vec![CacheDirective::Public, CacheDirective::MaxAge(3600)]
            };
            // No ETag: actix-files builds it from the inode and the modification time.
            let mut res = file
                .use_etag(false)
                .use_last_modified(true)
                .into_response(&req);
            if let Ok(v) = CacheControl(cache).to_string().parse() {
                res.headers_mut()
                    .insert(actix_web::http::header::CACHE_CONTROL, v);
            }
            if hashed {
                res.headers_mut().insert(
                    actix_web::http::header::VARY,
                    HeaderValue::from_static("accept-encoding"),
                );
            }
            return res;
        }
    }
    if rel
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'))
    {
        // A missing, hidden or outside asset (not a route): 404 instead of the app's HTML.
        return HttpResponse::NotFound()
            .content_type(ContentType::plaintext())
            .body("Not Found");
    }
    if matches!(rel, "products" | "products/") {
        if let Some(view) = product_list_view(&req, state.as_ref()).await {
            return frontend.view_response(first_view::LIST_TITLE, &view);
        }
    }
    let (found, view) = match crate::app_routes::page(req.path()) {
        None => (false, None),
        Some(Page {
            needs: Needs::Nothing,
            ..
        }) => (true, None),
        Some(Page { needs, id }) => match (state, id) {
            (Some(state), Some(id)) => {
                let id = ProductId::from(id);
                // A product page (not apparel's) gets its first view from the server.
                let view = needs == Needs::Product && rel.starts_with("products/");
                // A database failure answers the page as found: the app shows what it can.
                state
                    .call(move |s| {
                        s.store
                            .read(|tx| catalogue::page_subject(tx, &id, needs == Needs::Show))
                            .map(|subject| match subject {
                                PageSubject::Missing => (false, None),
                                PageSubject::Show => (true, None),
                                PageSubject::Product(p) => {
                                    (true, view.then(|| ProductJson::from(*p)))
                                }
                            })
                    })
                    .await
                    .unwrap_or((true, None))
            }
            _ => (true, None),
        },
    };
    if !found {
        return frontend.index_with(actix_web::http::StatusCode::NOT_FOUND);
    }
    match view {
        Some(product) => frontend.view_response(
            &first_view::product_title(&product),
            &first_view::product_detail(&product, PRODUCTS_PAGE),
        ),
        None => frontend.index_response(),
    }
}

/// The first view of the product list at the request's address, when it is one the server
/// renders (`first_view::list_paging`) and the page has products.
async fn product_list_view(
    req: &HttpRequest,
    state: Option<&web::Data<AppState>>,
) -> Option<String> {
    let (page, size) = first_view::list_paging(req.query_string())?;
    let request = PageRequest {
        page,
        page_size: size,
    };
    // What the app's list asks for: fireworks in stock (`productsQuery` of filters.ts).
    let filter = ProductFilter {
        is_show: Some(false),
        is_apparel: Some(false),
        stock: StockFilter::InStock,
        ..ProductFilter::default()
    };
    let found = state?
        .call(move |s| {
            s.store
                .read(|tx| catalogue::list_products(tx, &filter, request, None))
        })
        .await
        .ok()?;
    first_view::product_list(&PageJson::<ProductJson>::new(request, found), page, size)
}

pub(crate) fn escape_xml(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '<' => "&lt;".into(),
            '>' => "&gt;".into(),
            '&' => "&amp;".into(),
            '"' => "&quot;".into(),
            '\'' => "&apos;".into(),
            c => c.to_string(),
        })
        .collect()
}
