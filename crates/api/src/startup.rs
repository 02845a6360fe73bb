//! Builds the application: database, seed, state and HTTP server. Tests call
//! [`Application::build`] with port 0 and a temporary database.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::dev::{Server, Service};
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::middleware::{Compress, DefaultHeaders};
use actix_web::{web, App, HttpServer};
use auth::{Passwords, Tokens};
use persistence::Db;
use tracing_actix_web::TracingLogger;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::config::Settings;
use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::openapi::ApiDoc;
use crate::rate_limit::RateLimiter;
use crate::state::AppState;
use crate::{bootstrap, routes, web_assets};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// Configuration, database, migration or seed failure.
    #[error("{0}")]
    Setup(String),
    /// Binding the listening socket failed.
    #[error("cannot listen: {0}")]
    Io(#[from] std::io::Error),
}

/// A built, not yet running server.
pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    /// Connects, migrates, seeds and binds. Port 0 in `settings.addr` picks a free port.
    ///
    /// # Errors
    /// [`StartupError`] when any step fails.
    pub async fn build(settings: Settings) -> Result<Self, StartupError> {
        let setup = |e: &dyn std::fmt::Display| StartupError::Setup(e.to_string());
        let db =
            Db::connect(&settings.database_url, settings.db_pool_size).map_err(|e| setup(&e))?;
        let passwords = Passwords::new(settings.password_cost).map_err(|e| setup(&e))?;
        {
            let db = db.clone();
            let settings = settings.clone();
            let passwords = passwords.clone();
            web::block(move || bootstrap::prepare_database(&db, &settings, &passwords))
                .await
                .map_err(|e| setup(&e))?
                .map_err(|e| setup(&e))?;
        }
        let secret = settings.resolve_jwt_secret().map_err(|e| setup(&e))?;
        let state = AppState {
            store: db,
            tokens: Arc::new(Tokens::new(&secret)),
            passwords: Arc::new(passwords),
            login_limiter: Arc::new(RateLimiter::new(
                settings.login_rate_per_minute,
                Duration::from_secs(60),
            )),
            metrics: Arc::new(Metrics::default()),
            trust_proxy: settings.trust_proxy,
        };
        let listener = TcpListener::bind(settings.addr)?;
        let port = listener.local_addr()?.port();
        let server = run(listener, state, &settings)?;
        Ok(Application { port, server })
    }

    /// The bound port.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the process is stopped.
    ///
    /// # Errors
    /// I/O errors of the server.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

fn json_error(err: JsonPayloadError) -> ApiError {
    match err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::PayloadTooLarge("Request body is too large".into())
        }
        JsonPayloadError::ContentType => {
            ApiError::bad_request("Content-Type must be application/json")
        }
        JsonPayloadError::Deserialize(e) if e.is_data() => {
            ApiError::bad_request(format!("Invalid request data: {e}"))
        }
        JsonPayloadError::Deserialize(e) => ApiError::bad_request(format!("Malformed JSON: {e}")),
        other => ApiError::bad_request(format!("Invalid request body: {other}")),
    }
}

fn query_error(err: QueryPayloadError) -> ApiError {
    ApiError::bad_request(format!("Invalid query string: {err}"))
}

fn run(
    listener: TcpListener,
    state: AppState,
    settings: &Settings,
) -> Result<Server, StartupError> {
    let max_body = settings.max_body_bytes;
    // One read cache for every worker (see `catalogue_cache`).
    let catalogue_cache = web::Data::new(crate::catalogue_cache::CatalogueCache::for_server());
    let frontend = Arc::new(web_assets::Frontend::new(&settings.frontend_dir));
    let openapi = ApiDoc::openapi();
    let state = web::Data::new(state);
    let workers = settings.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
    });
    let server = HttpServer::new(move || {
        let metrics = state.metrics.clone();
        App::new()
            .app_data(state.clone())
            .app_data(catalogue_cache.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(max_body)
                    .error_handler(|err, _| json_error(err).into()),
            )
            .app_data(web::QueryConfig::default().error_handler(|err, _| query_error(err).into()))
            .app_data(web::PathConfig::default().error_handler(|err, _| {
                ApiError::bad_request(format!("Invalid path: {err}")).into()
            }))
            .app_data(web::PayloadConfig::new(max_body))
            .app_data(web::Data::from(frontend.clone()))
            .wrap(Compress::default())
            .wrap(
                DefaultHeaders::new()
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
                    .add(("X-Frame-Options", "SAMEORIGIN")),
            )
            .wrap_fn(move |req, srv| {
                let start = Instant::now();
                let method = req.method().to_string();
                let metrics = metrics.clone();
                let fut = srv.call(req);
                async move {
                    let res = fut.await?;
                    let route = res
                        .request()
                        .match_pattern()
                        .unwrap_or_else(|| "other".into());
                    metrics.record(&method, &route, res.status().as_u16(), start.elapsed());
                    Ok(res)
                }
            })
            .wrap(TracingLogger::default())
            .route("/metrics", web::get().to(crate::routes_system::metrics))
            .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi.clone()))
            .route(
                "/api/docs",
                web::get().to(crate::routes_system::docs_redirect),
            )
            .service(
                web::scope("/api")
                    .configure(routes::configure)
                    .default_service(web::to(routes::api_not_found)),
            )
            .configure(web_assets::configure)
    })
    .workers(workers)
    .backlog(2048)
    .tcp_nodelay(true)
    .shutdown_timeout(5)
    .listen(listener)?
    .run();
    Ok(server)
}
