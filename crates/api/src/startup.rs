//! Builds the application: database, seed, state and HTTP server. Tests call
//! [`Application::build`] with port 0 and a temporary database.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Server, Service, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, QueryPayloadError};
use actix_web::middleware::{from_fn, Next};
use actix_web::middleware::{Compress, Condition, DefaultHeaders};
use actix_web::{web, App, HttpResponse, HttpServer};
use auth::{Passwords, Tokens};
use persistence::Db;
use tracing_actix_web::TracingLogger;

use crate::config::Settings;
use crate::error::ApiError;
use crate::mail_sender::MailSender;
use crate::metrics::Metrics;
use crate::rate_limit::Limits;
use crate::report_jobs::ReportJobs;
use crate::shutdown::Shutdown;
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

/// A built, not yet running server: the shop's listener and the metrics listener, and the
/// background tasks that stop with them.
pub struct Application {
    port: u16,
    metrics_port: Option<u16>,
    server: Server,
    metrics: Option<Server>,
    shutdown: Shutdown,
    mail: MailSender,
    jobs: Arc<ReportJobs>,
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
        // The catalogue's list index is read from the tables in a thread of its own, and
        // SQLite's WAL is checkpointed in another, not by the writer whose commit fills it.
        db.start_catalogue_index();
        db.start_wal_checkpoints();
        if settings.catalogue_listen {
            if let Some(guard) = db.start_catalogue_listener() {
                // The listener thread stops when this task is dropped (with the runtime that
                // serves the application).
                tokio::spawn(async move {
                    let _guard = guard;
                    std::future::pending::<()>().await;
                });
            }
        }
        let secret = settings.resolve_jwt_secret().map_err(|e| setup(&e))?;
        let ledger = Arc::new(persistence::SandboxLedgerDb::new(db.clone()));
        let sandbox = payments::SandboxPayments::new(ledger);
        let provider = settings
            .payments
            .provider(&sandbox)
            .map_err(|e| setup(&e))?;
        // On PostgreSQL the limits count in the database, so that they hold across nodes; a
        // SQLite shop is one node and counts them in memory.
        let limits = if db.backend() == persistence::Backend::Postgres {
            Limits::shared(settings.limits(), db.clone(), &secret)
        } else {
            Limits::new(settings.limits())
        };
        let state = AppState {
            payments: provider,
            stripe: settings.payments.stripe(),
            mailing: Arc::new(settings.mailing()),
            sandbox,
            store: db,
            tokens: Arc::new(Tokens::new(&secret)),
            passwords: Arc::new(passwords),
            limits: Arc::new(limits),
            metrics: Arc::new(Metrics::default()),
            proxies: Arc::new(settings.proxy_trust()),
            checkout_limits: settings.checkout_limits(),
        };
        let mailer = settings
            .mail
            .mailer(&settings.data_dir)
            .map_err(|e| setup(&e))?;
        let mail = crate::mail_sender::start(
            state.store.clone(),
            Arc::from(mailer),
            settings.mail_retry(),
            std::time::Duration::from_millis(settings.mail_poll_ms.max(10)),
        );
        let listener = TcpListener::bind(settings.addr)?;
        let port = listener.local_addr()?.port();
        let shutdown = Shutdown::new(
            Duration::from_secs(settings.drain_seconds),
            Duration::from_secs(settings.shutdown_seconds),
        );
        let (metrics, metrics_port) = match settings.metrics_addr {
            Some(addr) => {
                let listener = TcpListener::bind(addr)?;
                let port = listener.local_addr()?.port();
                (
                    Some(serve_metrics(
                        listener,
                        state.metrics.clone(),
                        state.store.clone(),
                        &shutdown,
                    )?),
                    Some(port),
                )
            }
            None => (None, None),
        };
        let jobs = ReportJobs::start(state.store.clone())?;
        let server = run(listener, state, jobs.clone(), &shutdown, &settings)?;
        Ok(Application {
            port,
            metrics_port,
            server,
            metrics,
            shutdown,
            mail,
            jobs,
        })
    }

    /// The bound port.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The metrics listener's port (`None` when `SHOP_METRICS_ADDR=off`).
    #[must_use]
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_port
    }

    /// The node's shutdown: [`Shutdown::begin`] drains and stops it as SIGTERM does (the
    /// `shop` binary connects the signals with [`crate::shutdown::listen_for_signals`]).
    #[must_use]
    pub fn shutdown(&self) -> Shutdown {
        self.shutdown.clone()
    }

    /// Serves until [`Application::shutdown`] is begun and the servers have drained and
    /// stopped, then lets the background tasks finish (within `SHOP_SHUTDOWN_SECONDS`).
    ///
    /// # Errors
    /// I/O errors of either server.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let served = match self.metrics {
            Some(metrics) => futures_util::future::try_join(self.server, metrics)
                .await
                .map(|_| ()),
            None => self.server.await,
        };
        let grace = self.shutdown.grace();
        tracing::info!("servers stopped; waiting for the background tasks");
        futures_util::future::join(self.mail.stop(grace), self.jobs.stop(grace)).await;
        tracing::info!("stopped");
        served
    }
}

/// `GET /metrics` on its own listener (`SHOP_METRICS_ADDR`, loopback by default), so the
/// counters are not public on the shop's address. One worker: scrapes are rare.
fn serve_metrics(
    listener: TcpListener,
    metrics: Arc<Metrics>,
    store: persistence::Db,
    shutdown: &Shutdown,
) -> Result<Server, StartupError> {
    let metrics = web::Data::from(metrics);
    let store = web::Data::new(store);
    Ok(HttpServer::new(move || {
        App::new()
            .app_data(metrics.clone())
            .app_data(store.clone())
            .route("/metrics", web::get().to(crate::routes_system::metrics))
    })
    .workers(1)
    .listen(listener)?
    .shutdown_signal(shutdown.stop_accepting())
    .shutdown_timeout(1)
    .run())
}

/// Answers 405 (with `Allow`) to any method the shop does not use, before logging and
/// metrics see it: a made-up method can be 100 KB long.
async fn reject_unknown_methods(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if crate::metrics::method_label(req.method()) == "OTHER" {
        let allow = crate::metrics::STANDARD_METHODS
            .iter()
            .map(actix_web::http::Method::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        let answer = HttpResponse::MethodNotAllowed()
            .insert_header((actix_web::http::header::ALLOW, allow))
            .json(serde_json::json!({"message": "Method not allowed"}));
        return Ok(req.into_response(answer).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// The headers of every answer; with `https` (`SHOP_PUBLIC_URL` is `https://...`), HSTS for a
/// year, so a browser that has seen the shop once never tries it over plain HTTP again. Never
/// on plain HTTP (a browser ignores it there, and loopback development must keep working).
fn security_headers(https: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("X-Frame-Options", "SAMEORIGIN"));
    if https {
        headers.add(("Strict-Transport-Security", "max-age=31536000"))
    } else {
        headers
    }
}

/// The answer to a JSON body that could not be read (shared by routes that read their body
/// with a limit of their own).
pub(crate) fn json_error(err: JsonPayloadError) -> ApiError {
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
    jobs: Arc<ReportJobs>,
    shutdown: &Shutdown,
    settings: &Settings,
) -> Result<Server, StartupError> {
    let max_body = settings.max_body_bytes;
    let https = settings.https();
    let error_tracking = settings.sentry_dsn.is_some();
    // A read cache per worker, one bound on misses for the server (see `catalogue_cache`).
    let misses = crate::catalogue_cache::CatalogueCache::miss_bound();
    let writes = crate::catalogue_cache::CatalogueCache::write_counter();
    let freshness = settings.freshness(state.store.catalogue_signal().clone());
    let frontend = Arc::new(
        web_assets::Frontend::new(&settings.frontend_dir).with_sentry(settings.sentry_dsn.clone()),
    );
    let openapi = crate::openapi::document();
    let guards = web::Data::new(crate::guards::Guards::from_document(&openapi));
    let jobs = web::Data::from(jobs);
    let draining = web::Data::new(shutdown.clone());
    let state = web::Data::new(state);
    let workers = settings.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
    });
    let proxies = web::Data::from(state.proxies.clone());
    let uploads = web::Data::new(
        crate::image_store::ImageStore::open(&settings.images, &settings.data_dir)
            .map_err(|e| StartupError::Setup(e.to_string()))?,
    );
    let server = HttpServer::new(move || {
        let metrics = state.metrics.clone();
        App::new()
            .app_data(state.clone())
            .app_data(jobs.clone())
            .app_data(draining.clone())
            .app_data(proxies.clone())
            .app_data(guards.clone())
            .app_data(web::Data::new(crate::text_guard::JsonLimit(max_body)))
            .app_data(web::Data::new(
                crate::catalogue_cache::CatalogueCache::for_worker(
                    workers,
                    misses.clone(),
                    writes.clone(),
                    freshness.clone(),
                ),
            ))
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
            .wrap(crate::read_your_writes::ReadYourWrites::new(https))
            .wrap(from_fn(crate::head::as_get))
            .wrap(from_fn(web_assets::html_policy))
            .wrap(Compress::default())
            .wrap(security_headers(https))
            .wrap_fn(move |req, srv| {
                let started = crate::access_log::Started::new(&req);
                let metrics = metrics.clone();
                let id = started.request_id();
                // Routing and the middlewares' first steps run in `call`: for the request too.
                let fut = crate::request_scope::within(id, || srv.call(req));
                crate::request_scope::InRequest::new(id, async move {
                    let outcome = fut.await;
                    started.finish(&metrics, &outcome);
                    outcome
                })
            })
            .wrap(Condition::new(
                error_tracking,
                from_fn(crate::error_tracking::tag_request_id),
            ))
            .wrap(TracingLogger::<crate::telemetry::ShopRootSpan>::new())
            .wrap(from_fn(reject_unknown_methods))
            .wrap(Condition::new(
                error_tracking,
                crate::error_tracking::middleware(),
            ))
            .service(
                utoipa_actix_web::scope("/api")
                    .guard(actix_web::guard::fn_guard(|ctx| {
                        !crate::api_docs::serves(&ctx.head().method, ctx.head().uri.path())
                    }))
                    .wrap(from_fn(crate::text_guard::refuse_nul))
                    .wrap(from_fn(crate::guards::enforce))
                    .configure(routes::configure)
                    .default_service(web::to(routes::api_not_found)),
            )
            .configure(|cfg| crate::api_docs::configure(cfg, openapi.clone()))
            .app_data(uploads.clone())
            .configure(crate::routes::catalogue::uploads::configure_files)
            .configure(crate::payment_window::configure)
            .configure(web_assets::configure)
    })
    .workers(workers)
    .worker_max_blocking_threads(settings.blocking_threads())
    .backlog(2048)
    .tcp_nodelay(true)
    // Our own signal handling (crate::shutdown): drain first, then stop accepting and give
    // the requests in flight SHOP_SHUTDOWN_SECONDS.
    .shutdown_signal(shutdown.stop_accepting())
    .shutdown_timeout(settings.shutdown_seconds)
    .listen(listener)?
    .run();
    Ok(server)
}
