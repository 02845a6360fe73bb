//! The background job that computes reports (issue 12): one thread per API node claims waiting
//! reports through `domain::reports::run_next_report` (a conditional update, so that of several
//! nodes on one PostgreSQL exactly one computes each report, and a report whose node died is
//! claimed again after `STALE_AFTER_SECONDS`). A new request wakes the node's thread at once;
//! otherwise it looks every two seconds. The thread ends when the server's state is dropped,
//! or, at a shutdown, once the report it computes is done ([`ReportJobs::stop`]).

use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::Duration;

use chrono::Utc;
use domain::reports::{run_next_report, JobOutcome};

use crate::state::Store;

/// How long an idle job waits before looking again.
const IDLE: Duration = Duration::from_secs(2);
/// How long it waits after the store failed.
const BACKOFF: Duration = Duration::from_secs(5);

/// The node's report job: a bell the request handler rings.
#[derive(Debug, Default)]
pub struct ReportJobs {
    rung: Mutex<bool>,
    bell: Condvar,
    stopping: std::sync::atomic::AtomicBool,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl ReportJobs {
    /// Starts the job's thread on `store`; it runs while the returned value lives.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start(store: Store) -> std::io::Result<Arc<ReportJobs>> {
        let jobs = Arc::new(ReportJobs::default());
        let weak = Arc::downgrade(&jobs);
        let thread = std::thread::Builder::new()
            .name("report-jobs".into())
            .spawn(move || work(&store, &weak))?;
        if let Ok(mut slot) = jobs.thread.lock() {
            *slot = Some(thread);
        }
        Ok(jobs)
    }

    /// Lets the report being computed finish, claims no other, and waits for that, at most
    /// `within`. A report cut short by the deadline is not lost: it stays claimed until it is
    /// stale, then another node computes it.
    pub async fn stop(&self, within: Duration) {
        self.stopping
            .store(true, std::sync::atomic::Ordering::SeqCst);
        self.wake();
        let thread = self.thread.lock().ok().and_then(|mut slot| slot.take());
        let Some(thread) = thread else {
            return;
        };
        let joined =
            tokio::time::timeout(within, tokio::task::spawn_blocking(move || thread.join()));
        if joined.await.is_err() {
            tracing::warn!(
                "the report being computed did not finish in time; another node computes it later"
            );
        }
    }

    fn stopping(&self) -> bool {
        self.stopping.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Wakes the job (a report was just requested).
    pub fn wake(&self) {
        if let Ok(mut rung) = self.rung.lock() {
            *rung = true;
            self.bell.notify_one();
        }
    }

    fn wait(&self, timeout: Duration) {
        if let Ok(rung) = self.rung.lock() {
            if let Ok((mut rung, _)) = self.bell.wait_timeout_while(rung, timeout, |r| !*r) {
                *rung = false;
            }
        }
    }
}

fn work(store: &Store, jobs: &Weak<ReportJobs>) {
    loop {
        let Some(jobs) = jobs.upgrade().filter(|j| !j.stopping()) else {
            return;
        };
        match run_next_report(store, || Utc::now().naive_utc()) {
            Ok(JobOutcome::Idle) => jobs.wait(IDLE),
            Ok(JobOutcome::Completed(id)) => tracing::info!(report = %id, "report completed"),
            Ok(JobOutcome::Failed(id, why)) => tracing::warn!(report = %id, %why, "report failed"),
            Err(e) => {
                tracing::warn!(error = %e, "report job could not reach the store");
                jobs.wait(BACKOFF);
            }
        }
    }
}
