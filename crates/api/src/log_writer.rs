//! The server's log writer: a worker formats its line and hands it to a queue, and one thread
//! writes what is queued to standard output in batches (one `write` for all the lines that
//! arrived meanwhile, every 10 ms while they keep coming). A request never waits for the disk, a
//! slow reader of the pipe or another worker's write, as nginx buffers its access log.
//!
//! The queue holds [`QUEUE_LINES`] lines. When it is full (the output cannot keep up), a line is
//! dropped rather than making the request wait; the writer then writes how many were dropped.
//! [`LogWriter::flush`] waits until every queued line is written: the server calls it on its way
//! out. A process killed outright loses what was still queued (milliseconds of lines).

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Lines the queue holds before new ones are dropped (about 5 MB of access lines).
pub const QUEUE_LINES: usize = 16_384;

/// Bytes gathered before a write even while lines keep coming.
const BATCH_BYTES: usize = 64 * 1024;

/// How long the writer lets lines gather between writes while they keep coming.
const LINGER: Duration = Duration::from_millis(10);

/// How long [`LogWriter::flush`] waits for the writer.
const FLUSH_WAIT: Duration = Duration::from_secs(2);

enum Message {
    Line(Vec<u8>),
    /// Answered once everything queued before it is written.
    Flush(SyncSender<()>),
}

/// The workers' end of the queue: a `MakeWriter` for the `fmt` layer.
#[derive(Clone)]
pub struct LogWriter {
    queue: SyncSender<Message>,
    dropped: Arc<AtomicU64>,
}

impl LogWriter {
    /// Starts the writer thread over `out` (standard output for the server).
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn<W: Write + Send + 'static>(out: W, capacity: usize) -> std::io::Result<Self> {
        let (queue, lines) = mpsc::sync_channel(capacity);
        let dropped = Arc::new(AtomicU64::new(0));
        let counted = dropped.clone();
        std::thread::Builder::new()
            .name("log-writer".into())
            .spawn(move || write_queued(&lines, &counted, out))?;
        Ok(LogWriter { queue, dropped })
    }

    /// Queues one line (or drops and counts it when the queue is full).
    fn send(&self, line: &[u8]) {
        match self.queue.try_send(Message::Line(line.to_vec())) {
            Ok(()) | Err(TrySendError::Disconnected(_)) => {}
            Err(TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Waits (at most two seconds in all) until every line queued so far is written. A full
    /// queue behind a stuck output (a reader of the pipe that stopped reading) must not hold
    /// the process on its way out, so the flush is queued without blocking too.
    pub fn flush(&self) {
        let deadline = Instant::now() + FLUSH_WAIT;
        let (done, written) = mpsc::sync_channel(1);
        let mut message = Message::Flush(done);
        loop {
            match self.queue.try_send(message) {
                Ok(()) => break,
                Err(TrySendError::Full(back)) if Instant::now() < deadline => {
                    message = back;
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(_) => return,
            }
        }
        let _ = written.recv_timeout(deadline.saturating_duration_since(Instant::now()));
    }
}

impl std::io::Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // The fmt layer formats a whole event first and writes it at once: one line, one send.
        self.send(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for LogWriter {
    type Writer = LogWriter;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

/// The writer thread. Idle, it waits for a line and writes it at once. Then, while lines keep
/// coming, it sleeps [`LINGER`] between rounds and writes what gathered meanwhile (up to
/// [`BATCH_BYTES`] a write): a worker's send never has to wake it, which cost a context switch
/// per line. It ends when every worker's end is gone.
fn write_queued<W: Write>(lines: &Receiver<Message>, dropped: &AtomicU64, mut out: W) {
    let mut batch = Vec::with_capacity(BATCH_BYTES);
    while let Ok(first) = lines.recv() {
        let mut next = Some(first);
        loop {
            while let Some(message) = next {
                match message {
                    Message::Line(line) => batch.extend_from_slice(&line),
                    Message::Flush(done) => {
                        write_batch(&mut out, &mut batch, dropped);
                        let _ = done.try_send(());
                    }
                }
                if batch.len() >= BATCH_BYTES {
                    write_batch(&mut out, &mut batch, dropped);
                }
                next = lines.try_recv().ok();
            }
            write_batch(&mut out, &mut batch, dropped);
            std::thread::sleep(LINGER);
            match lines.try_recv() {
                Ok(message) => next = Some(message),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
    }
}

fn write_batch<W: Write>(out: &mut W, batch: &mut Vec<u8>, dropped: &AtomicU64) {
    let lost = dropped.swap(0, Ordering::Relaxed);
    if lost > 0 {
        let now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.6fZ");
        let _ = writeln!(
            batch,
            "{now}  WARN {lost} log line(s) dropped: the log's queue was full (the output is slower than the server)"
        );
    }
    if batch.is_empty() {
        return;
    }
    // Nothing to do about a failed write of the log itself: the lines are lost either way.
    let _ = out.write_all(batch);
    let _ = out.flush();
    batch.clear();
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;
    use std::sync::{Arc, Barrier, Mutex};

    use super::LogWriter;

    /// Collects what the writer thread writes, counting the writes.
    #[derive(Clone, Default)]
    struct Output {
        bytes: Arc<Mutex<Vec<u8>>>,
        writes: Arc<Mutex<usize>>,
        /// Held up once, before its first write, until the test lets it go.
        gate: Option<Arc<Barrier>>,
    }

    impl std::io::Write for Output {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if let Some(gate) = self.gate.take() {
                gate.wait();
            }
            *self.writes.lock().expect("lock") += 1;
            self.bytes.lock().expect("lock").extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn text(out: &Output) -> String {
        String::from_utf8(out.bytes.lock().expect("lock").clone()).expect("utf-8")
    }

    /// A writer with room for `queue` lines whose thread has taken the line "first" and is
    /// held at the returned gate; then `lines` more lines ("line 0", ...) are written.
    fn held_writer(queue: usize, lines: usize) -> (LogWriter, Output, Arc<Barrier>) {
        let gate = Arc::new(Barrier::new(2));
        let out = Output {
            gate: Some(gate.clone()),
            ..Output::default()
        };
        let mut writer = LogWriter::spawn(out.clone(), queue).expect("thread");
        writer.write_all(b"first\n").expect("queued");
        std::thread::sleep(std::time::Duration::from_millis(100));
        for i in 0..lines {
            writer
                .write_all(format!("line {i}\n").as_bytes())
                .expect("queued");
        }
        (writer, out, gate)
    }

    #[test]
    fn every_line_of_every_thread_is_written_whole_and_in_its_order() {
        let out = Output::default();
        // Room for every line: the writer lets lines gather for 10 ms while they keep coming.
        let writer = LogWriter::spawn(out.clone(), 4096).expect("thread");
        std::thread::scope(|s| {
            for t in 0..4 {
                let mut w = writer.clone();
                s.spawn(move || {
                    for i in 0..500 {
                        w.write_all(format!("thread {t} line {i}\n").as_bytes())
                            .expect("queued");
                    }
                });
            }
        });
        writer.flush();
        let text = text(&out);
        assert_eq!(text.lines().count(), 2000, "{text}");
        for t in 0..4 {
            let mine: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with(&format!("thread {t} ")))
                .collect();
            let expected: Vec<String> = (0..500).map(|i| format!("thread {t} line {i}")).collect();
            assert_eq!(mine, expected);
        }
        // Batched: far fewer writes than lines.
        assert!(*out.writes.lock().expect("lock") < 2000);
    }

    #[test]
    fn a_full_queue_drops_lines_without_waiting_and_says_how_many() {
        // The first line is taken by the writer, which then waits at the gate; 8 more fill the
        // queue; the last 11 are dropped, and none of these writes waits.
        let (writer, out, gate) = held_writer(8, 19);
        gate.wait();
        writer.flush();
        let text = text(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "first", "{text}");
        assert_eq!(
            &lines[1..9],
            (0..8).map(|i| format!("line {i}")).collect::<Vec<_>>()
        );
        assert!(
            lines[9].ends_with("WARN 11 log line(s) dropped: the log's queue was full (the output is slower than the server)"),
            "{text}"
        );
        assert_eq!(lines.len(), 10, "{text}");
    }

    #[test]
    fn a_flush_behind_a_stuck_output_and_a_full_queue_gives_up_after_two_seconds() {
        // The writer takes the first line and is held at the gate; 4 more fill the queue.
        let (writer, _out, gate) = held_writer(4, 4);
        let started = std::time::Instant::now();
        writer.flush();
        let waited = started.elapsed();
        gate.wait();
        assert!(
            waited >= std::time::Duration::from_millis(1900)
                && waited < std::time::Duration::from_secs(4),
            "{waited:?}"
        );
    }

    #[test]
    fn the_fmt_layer_writes_through_it() {
        use tracing_subscriber::layer::SubscriberExt as _;

        let out = Output::default();
        let writer = LogWriter::spawn(out.clone(), 64).expect("thread");
        let subscriber = tracing_subscriber::registry().with(
            tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_writer(writer.clone()),
        );
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(status = 200, "served");
            tracing::warn!("second");
        });
        writer.flush();
        let text = text(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(
            lines[0].contains(" INFO ") && lines[0].ends_with("served status=200"),
            "{text}"
        );
        assert!(
            lines[1].contains(" WARN ") && lines[1].ends_with("second"),
            "{text}"
        );
    }
}
