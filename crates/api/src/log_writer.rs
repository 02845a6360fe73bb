//! The server's log writer: a worker formats its line and hands it to a queue, and one thread
//! writes what is queued to standard output in batches (one `write` for all the lines that
//! arrived meanwhile, every 10 ms while they keep coming). A request never waits for the disk, a
//! slow reader of the pipe or another worker's write, as nginx buffers its access log.
//!
//! The access lines take a shorter way ([`LogWriter::write_line`]): each worker thread formats
//! its line straight into a buffer of its own (its shelf), which the writer empties on each
//! round: no allocation, no queue and no other thread's lock per line.
//!
//! The queue holds [`QUEUE_LINES`] lines. When it is full (the output cannot keep up), a line is
//! dropped rather than making the request wait; the writer then writes how many were dropped.
//! [`LogWriter::flush`] waits until every queued line is written: the server calls it on its way
//! out. A process killed outright loses what was still queued (milliseconds of lines).

use std::cell::RefCell;
use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Lines the queue holds before new ones are dropped (about 5 MB of access lines).
pub const QUEUE_LINES: usize = 16_384;

/// Bytes gathered before a write even while lines keep coming.
const BATCH_BYTES: usize = 64 * 1024;

/// How long the writer lets lines gather between writes while they keep coming.
const LINGER: Duration = Duration::from_millis(10);

/// Bytes a thread's shelf holds before its lines are dropped (the output cannot keep up).
const SHELF_BYTES: usize = 1024 * 1024;

/// How long [`LogWriter::flush`] waits for the writer.
const FLUSH_WAIT: Duration = Duration::from_secs(2);

enum Message {
    Line(Vec<u8>),
    /// A shelf got a line while the writer was waiting for the queue.
    Wake,
    /// Answered once everything queued before it is written.
    Flush(SyncSender<()>),
}

/// The workers' end of the queue: a `MakeWriter` for the `fmt` layer.
#[derive(Clone)]
pub struct LogWriter {
    queue: SyncSender<Message>,
    shared: Arc<Shared>,
}

/// What the workers' ends and the writer thread share.
struct Shared {
    /// Tells this writer's shelves from an earlier one's (a thread keeps its shelf).
    id: usize,
    dropped: AtomicU64,
    shelves: Mutex<Vec<Arc<Mutex<Shelf>>>>,
}

/// One thread's lines not yet taken by the writer.
struct Shelf {
    lines: Vec<u8>,
    /// The writer found this shelf empty and waits for the queue: the next line wakes it.
    writer_waits: bool,
}

static WRITERS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's shelf, and the writer it belongs to.
    static SHELF: RefCell<Option<(usize, Arc<Mutex<Shelf>>)>> = const { RefCell::new(None) };
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl LogWriter {
    /// Starts the writer thread over `out` (standard output for the server).
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn<W: Write + Send + 'static>(out: W, capacity: usize) -> std::io::Result<Self> {
        let (queue, lines) = mpsc::sync_channel(capacity);
        let shared = Arc::new(Shared {
            id: WRITERS.fetch_add(1, Ordering::Relaxed),
            dropped: AtomicU64::new(0),
            shelves: Mutex::new(Vec::new()),
        });
        let theirs = shared.clone();
        std::thread::Builder::new()
            .name("log-writer".into())
            .spawn(move || write_queued(&lines, &theirs, out))?;
        Ok(LogWriter { queue, shared })
    }

    /// Writes one line through this thread's shelf: `format` appends it, newline included.
    /// When the shelf is full (the output cannot keep up) the line is dropped and counted.
    pub fn write_line(&self, format: impl FnOnce(&mut Vec<u8>)) {
        let wake = SHELF.with(|mine| {
            let mut mine = mine.borrow_mut();
            let shelf = match &*mine {
                Some((id, shelf)) if *id == self.shared.id => shelf,
                _ => {
                    let shelf = Arc::new(Mutex::new(Shelf {
                        lines: Vec::new(),
                        writer_waits: true,
                    }));
                    lock(&self.shared.shelves).push(shelf.clone());
                    &mine.insert((self.shared.id, shelf)).1
                }
            };
            let mut shelf = lock(shelf);
            if shelf.lines.len() >= SHELF_BYTES {
                self.shared.dropped.fetch_add(1, Ordering::Relaxed);
                return false;
            }
            format(&mut shelf.lines);
            std::mem::take(&mut shelf.writer_waits)
        });
        if wake {
            let _ = self.queue.try_send(Message::Wake);
        }
    }

    /// Queues one line (or drops and counts it when the queue is full).
    fn send(&self, line: &[u8]) {
        match self.queue.try_send(Message::Line(line.to_vec())) {
            Ok(()) | Err(TrySendError::Disconnected(_)) => {}
            Err(TrySendError::Full(_)) => {
                self.shared.dropped.fetch_add(1, Ordering::Relaxed);
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
/// coming, it sleeps [`LINGER`] between rounds and writes what gathered meanwhile in the queue
/// and on the shelves (up to [`BATCH_BYTES`] a write): a worker's line never has to wake it,
/// which cost a context switch per line. It ends when every worker's end is gone.
fn write_queued<W: Write>(lines: &Receiver<Message>, shared: &Shared, mut out: W) {
    let mut batch = Vec::with_capacity(BATCH_BYTES);
    loop {
        let mut gathered = false;
        loop {
            match lines.try_recv() {
                Ok(message) => gathered |= take(message, shared, &mut batch, &mut out),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    shared.take_shelves(&mut batch, false);
                    write_batch(&mut out, &mut batch, &shared.dropped);
                    return;
                }
            }
        }
        gathered |= shared.take_shelves(&mut batch, false);
        write_batch(&mut out, &mut batch, &shared.dropped);
        if gathered {
            std::thread::sleep(LINGER);
            continue;
        }
        // A round without a line: the shelves are told to wake the writer, which waits.
        if shared.take_shelves(&mut batch, true) {
            continue;
        }
        match lines.recv() {
            Ok(message) => {
                take(message, shared, &mut batch, &mut out);
            }
            Err(_) => return,
        }
    }
}

/// Takes one message of the queue; whether it was a line.
fn take<W: Write>(message: Message, shared: &Shared, batch: &mut Vec<u8>, out: &mut W) -> bool {
    match message {
        Message::Line(line) => {
            batch.extend_from_slice(&line);
            if batch.len() >= BATCH_BYTES {
                write_batch(out, batch, &shared.dropped);
            }
            true
        }
        Message::Wake => false,
        Message::Flush(done) => {
            shared.take_shelves(batch, false);
            write_batch(out, batch, &shared.dropped);
            let _ = done.try_send(());
            false
        }
    }
}

impl Shared {
    /// Moves every shelf's lines to `batch`; whether there were any. With `waiting`, an empty
    /// shelf is told that the writer waits for the queue.
    fn take_shelves(&self, batch: &mut Vec<u8>, waiting: bool) -> bool {
        let mut any = false;
        for shelf in lock(&self.shelves).iter() {
            let mut shelf = lock(shelf);
            if shelf.lines.is_empty() {
                shelf.writer_waits |= waiting;
            } else {
                batch.extend_from_slice(&shelf.lines);
                shelf.lines.clear();
                // A burst's buffer is given back rather than kept for the process's life.
                if shelf.lines.capacity() > BATCH_BYTES * 4 {
                    shelf.lines.shrink_to(BATCH_BYTES);
                }
                any = true;
            }
        }
        any
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

    /// The 500 lines ("thread {t} line {i}") of each of 4 threads, each thread's in its order.
    fn every_thread_s_lines_in_order(text: &str) {
        assert_eq!(text.lines().count(), 2000, "{text}");
        for t in 0..4 {
            let mine: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with(&format!("thread {t} ")))
                .collect();
            let expected: Vec<String> = (0..500).map(|i| format!("thread {t} line {i}")).collect();
            assert_eq!(mine, expected);
        }
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
        every_thread_s_lines_in_order(&text(&out));
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
    fn lines_on_the_threads_shelves_are_written_whole_and_in_each_thread_s_order() {
        let out = Output::default();
        let writer = LogWriter::spawn(out.clone(), 64).expect("thread");
        std::thread::scope(|s| {
            for t in 0..4 {
                let w = writer.clone();
                s.spawn(move || {
                    for i in 0..500 {
                        w.write_line(|buf| {
                            buf.extend_from_slice(format!("thread {t} line {i}\n").as_bytes());
                        });
                    }
                });
            }
        });
        writer.flush();
        every_thread_s_lines_in_order(&text(&out));
    }

    #[test]
    fn a_line_on_a_shelf_wakes_a_waiting_writer() {
        let out = Output::default();
        let writer = LogWriter::spawn(out.clone(), 64).expect("thread");
        for round in 0..3 {
            // Long enough for the writer to find nothing and wait for the queue.
            std::thread::sleep(std::time::Duration::from_millis(100));
            writer.write_line(|buf| buf.extend_from_slice(format!("round {round}\n").as_bytes()));
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
            while !text(&out).contains(&format!("round {round}\n")) {
                assert!(
                    std::time::Instant::now() < deadline,
                    "round {round} not written"
                );
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }

    #[test]
    fn a_full_shelf_drops_lines_and_says_how_many() {
        let gate = Arc::new(Barrier::new(2));
        let out = Output {
            gate: Some(gate.clone()),
            ..Output::default()
        };
        let writer = LogWriter::spawn(out.clone(), 64).expect("thread");
        // The writer takes the first line and is held at the gate while the shelf fills.
        writer.write_line(|buf| buf.extend_from_slice(b"first\n"));
        std::thread::sleep(std::time::Duration::from_millis(100));
        let line = [b'x'; 1023];
        for _ in 0..(super::SHELF_BYTES / 1024 + 5) {
            writer.write_line(|buf| {
                buf.extend_from_slice(&line);
                buf.push(b'\n');
            });
        }
        gate.wait();
        writer.flush();
        let text = text(&out);
        assert_eq!(
            text.lines().filter(|l| l.starts_with('x')).count(),
            super::SHELF_BYTES / 1024
        );
        assert!(
            text.contains("WARN 5 log line(s) dropped"),
            "{}",
            &text[text.len() - 200..]
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
