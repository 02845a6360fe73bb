//! The outbox's sender: a task of the server that, every poll, takes the due mails
//! ([`domain::notifications::deliver_due`], on the blocking pool) and sends them. Every node
//! runs one; the rows' leases keep two nodes from sending one mail at once. It ends with the
//! server's runtime, or, at a shutdown, after the round it is in ([`MailSender::stop`]).

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use domain::notifications::{deliver_due, Mailer, RetryPolicy};

use crate::state::Store;

/// Mails taken in one round.
const BATCH: u32 = 50;

/// The running sender.
#[derive(Debug)]
pub struct MailSender {
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl MailSender {
    /// Lets the round in progress finish (its mails sent and marked so), starts no other, and
    /// waits for that, at most `within`. A round cut short by the deadline loses nothing either:
    /// its mails' leases expire and another round sends them.
    pub async fn stop(self, within: Duration) {
        self.stop.send_replace(true);
        if tokio::time::timeout(within, self.task).await.is_err() {
            tracing::warn!(
                "mail: the sender's round did not end in time; its mails are sent again later"
            );
        }
    }
}

/// Starts the sender on the current runtime.
pub fn start(
    store: Store,
    mailer: Arc<dyn Mailer>,
    policy: RetryPolicy,
    poll: Duration,
) -> MailSender {
    let (stop, mut stopped) = tokio::sync::watch::channel(false);
    let task = tokio::spawn(async move {
        loop {
            if *stopped.borrow() {
                return;
            }
            let (store, mailer) = (store.clone(), Arc::clone(&mailer));
            let round = tokio::task::spawn_blocking(move || {
                deliver_due(
                    &store,
                    mailer.as_ref(),
                    &policy,
                    BATCH,
                    Utc::now().naive_utc(),
                )
            })
            .await;
            match &round {
                Ok(Ok(done)) if done.failed > 0 => {
                    tracing::warn!(
                        sent = done.sent,
                        failed = done.failed,
                        "mail: some mails were not delivered; they are retried"
                    );
                }
                Ok(Ok(done)) if done.sent > 0 => {
                    tracing::info!(sent = done.sent, "mail: delivered")
                }
                Ok(Ok(_)) => {}
                Ok(Err(error)) => tracing::warn!(%error, "mail: the outbox could not be read"),
                Err(error) => tracing::error!(%error, "mail: the sender's round panicked"),
            }
            // A full batch: more are probably due, go on at once.
            if !matches!(&round, Ok(Ok(done)) if done.sent + done.failed >= BATCH as usize) {
                tokio::select! {
                    () = tokio::time::sleep(poll) => {}
                    _ = stopped.changed() => {}
                }
            }
        }
    });
    MailSender { stop, task }
}
