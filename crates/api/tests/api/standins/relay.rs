//! A TCP relay on loopback in front of a stand-in, which the test can switch off: then it
//! takes each connection and closes it at once, as a provider that has gone away (the
//! stand-in itself keeps its state). Not a fake: while on, every byte goes to the real
//! stand-in and back.

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A running relay, stopped when dropped.
pub struct Relay {
    /// `http://127.0.0.1:{port}`.
    pub url: String,
    on: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Relay {
    /// Relays a new loopback port to `target` (`host:port`).
    pub async fn to(target: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let port = listener.local_addr().expect("address").port();
        let (on, relaying) = watch::channel(true);
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !*relaying.borrow() {
                    drop(inbound);
                    continue;
                }
                let target = target.clone();
                let mut switched = relaying.clone();
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(&target).await else {
                        return;
                    };
                    // Switching off also cuts the connections a client keeps alive.
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = switched.wait_for(|on| !*on) => {}
                    }
                });
            }
        });
        Relay {
            url: format!("http://127.0.0.1:{port}"),
            on,
            task,
        }
    }

    /// Switches the relay on (`true`) or off.
    pub fn set(&self, on: bool) {
        self.on.send_replace(on);
    }
}
