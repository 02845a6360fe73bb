//! A small pool of dedicated threads for password hashing, with a bounded admission.
//!
//! argon2id takes 19 MiB per hash on purpose. Run on the server's general blocking pool (up to
//! 512 threads per worker), a burst of registrations allocated that much on hundreds of
//! threads at once, and the allocator kept most of it (one arena per thread). Here at most
//! `threads` hashes run at a time, always on the same few threads, and a request that cannot
//! be admitted within `wait` is refused ([`PoolError::Busy`]) instead of queueing without end.
//! When no job has come for a while, the pool says so once ([`HashPool::with_idle`]'s
//! `on_idle`), so that working memory kept between hashes can be given back.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// What the pool runs once when no job came for its idle time.
type OnIdle = Arc<dyn Fn() + Send + Sync + 'static>;

/// Why a job did not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// Every thread stayed busy for the whole admission wait.
    #[error("every password hashing thread is busy")]
    Busy,
    /// The pool's threads are gone (a panic in a job).
    #[error("the password hashing threads stopped")]
    Stopped,
}

/// Admitted jobs (running or about to run), at most `limit`.
#[derive(Debug)]
struct Gate {
    admitted: Mutex<usize>,
    freed: Condvar,
    limit: usize,
}

impl Gate {
    fn lock(&self) -> MutexGuard<'_, usize> {
        // A counter: a panic elsewhere cannot leave it half-written.
        self.admitted.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a place within `wait`; false when none came free in time.
    fn enter(&self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        let mut admitted = self.lock();
        while *admitted >= self.limit {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            admitted = self
                .freed
                .wait_timeout(admitted, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        *admitted += 1;
        true
    }

    fn leave(&self) {
        let mut admitted = self.lock();
        *admitted = admitted.saturating_sub(1);
        self.freed.notify_one();
    }
}

/// Gives the gate's place back when the job is done (or dropped unrun).
struct Place(Arc<Gate>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.leave();
    }
}

/// The pool. Cheap to share (`Arc`); its threads end when the last handle is dropped.
#[derive(Debug)]
pub struct HashPool {
    jobs: Mutex<Sender<Job>>,
    gate: Arc<Gate>,
    wait: Duration,
}

impl HashPool {
    /// `threads` dedicated threads (at least one); a job waits at most `wait` to be admitted.
    #[must_use]
    pub fn new(threads: usize, wait: Duration) -> Arc<Self> {
        Self::with_idle(threads, wait, Duration::MAX, || {})
    }

    /// As [`HashPool::new`]; besides, when no job has come for `idle`, one thread runs
    /// `on_idle` (once, until jobs come again).
    #[must_use]
    pub fn with_idle(
        threads: usize,
        wait: Duration,
        idle: Duration,
        on_idle: impl Fn() + Send + Sync + 'static,
    ) -> Arc<Self> {
        let threads = threads.max(1);
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let on_idle: OnIdle = Arc::new(on_idle);
        for i in 0..threads {
            let (queue, on_idle) = (Arc::clone(&queue), Arc::clone(&on_idle));
            // A thread that cannot be started leaves the others to do the work.
            let _ = thread::Builder::new()
                .name(format!("password-hash-{i}"))
                .spawn(move || work(&queue, idle, &*on_idle));
        }
        Arc::new(HashPool {
            jobs: Mutex::new(jobs),
            gate: Arc::new(Gate {
                admitted: Mutex::new(0),
                freed: Condvar::new(),
                limit: threads,
            }),
            wait,
        })
    }

    /// Runs `f` on one of the pool's threads and answers its result, or refuses when no
    /// thread is free within the admission wait.
    ///
    /// # Errors
    /// [`PoolError::Busy`] or [`PoolError::Stopped`].
    pub fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        if !self.gate.enter(self.wait) {
            return Err(PoolError::Busy);
        }
        let place = Place(Arc::clone(&self.gate));
        let (reply, answer) = mpsc::channel();
        let job: Job = Box::new(move || {
            let _place = place;
            let _ = reply.send(f());
        });
        self.jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(job)
            .map_err(|_| PoolError::Stopped)?;
        answer.recv().map_err(|_| PoolError::Stopped)
    }
}

/// One thread's loop. The thread that holds the queue waits for the next job; the others wait
/// for the queue. So when the holder has waited `idle` in vain, every thread is idle.
fn work(queue: &Mutex<Receiver<Job>>, idle: Duration, on_idle: &(dyn Fn() + Send + Sync)) {
    loop {
        let job = {
            let queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
            match queue.recv_timeout(idle) {
                Ok(job) => job,
                Err(RecvTimeoutError::Timeout) => {
                    on_idle();
                    match queue.recv() {
                        Ok(job) => job,
                        Err(_) => return, // every sender is gone
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        };
        job();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A gate the test opens: jobs block on it, so the outcome does not depend on timing.
    #[derive(Default)]
    struct Release(Mutex<bool>, Condvar);

    impl Release {
        fn wait(&self) {
            let mut open = self.0.lock().expect("lock");
            while !*open {
                open = self.1.wait(open).expect("wait");
            }
        }

        fn open(&self) {
            *self.0.lock().expect("lock") = true;
            self.1.notify_all();
        }
    }

    #[test]
    fn at_most_the_thread_count_runs_and_the_rest_is_refused_after_the_wait() {
        let pool = HashPool::new(2, Duration::from_millis(50));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let refused = Arc::new(AtomicUsize::new(0));
        let release = Arc::new(Release::default());
        let callers: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
                let (refused, release) = (refused.clone(), release.clone());
                thread::spawn(move || {
                    let result = pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        // Both places stay taken until every other caller was refused.
                        release.wait();
                        running.fetch_sub(1, Ordering::SeqCst);
                        thread::current().name().map(str::to_owned)
                    });
                    if result == Err(PoolError::Busy) {
                        refused.fetch_add(1, Ordering::SeqCst);
                    }
                    result
                })
            })
            .collect();
        while refused.load(Ordering::SeqCst) < 6 {
            thread::sleep(Duration::from_millis(5));
        }
        release.open();
        let results: Vec<_> = callers
            .into_iter()
            .map(|c| c.join().expect("caller"))
            .collect();
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        let ran: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(ran.len(), 2, "{results:?}");
        assert!(ran.iter().all(|name| name
            .as_deref()
            .is_some_and(|n| n.starts_with("password-hash-"))));
        assert_eq!(
            results
                .iter()
                .filter(|r| **r == Err(PoolError::Busy))
                .count(),
            6
        );
        // The places came back: the pool takes work again.
        assert_eq!(pool.run(|| 7), Ok(7));
    }

    #[test]
    fn the_idle_hook_runs_once_after_a_quiet_spell_and_not_between_close_jobs() {
        let idled = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&idled);
        let pool = HashPool::with_idle(
            2,
            Duration::from_secs(1),
            Duration::from_millis(200),
            move || {
                counter.fetch_add(1, Ordering::SeqCst);
            },
        );
        for _ in 0..5 {
            assert_eq!(pool.run(|| 1), Ok(1));
            thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(idled.load(Ordering::SeqCst), 0, "jobs came every 20 ms");
        thread::sleep(Duration::from_millis(700));
        assert_eq!(idled.load(Ordering::SeqCst), 1, "once per quiet spell");
        assert_eq!(pool.run(|| 2), Ok(2));
        thread::sleep(Duration::from_millis(500));
        assert_eq!(idled.load(Ordering::SeqCst), 2, "again after the next job");
    }
}
