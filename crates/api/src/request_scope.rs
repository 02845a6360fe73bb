//! Which request a thread is working for: its `request_id`, for the log lines written meanwhile.
//!
//! A request's future sets the id on its thread for each poll ([`InRequest`]), and
//! [`crate::state::blocking`] carries it to the blocking pool's thread for the closure it runs;
//! every line the `fmt` layer writes there ends with ` request_id=...` ([`RequestIdFields`]).
//! This replaces a `tracing` span per request, which cost each request a slab entry, its fields'
//! formatting and locked filter lookups on every enter and exit, for lines that are mostly
//! never written (warnings and errors inside a request are rare; the access line is
//! [`crate::access_log`]'s).

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use tracing_subscriber::field::RecordFields;
use tracing_subscriber::fmt::format::{DefaultFields, Writer};
use tracing_subscriber::fmt::FormatFields;
use uuid::Uuid;

thread_local! {
    static CURRENT: Cell<Option<Uuid>> = const { Cell::new(None) };
}

/// The id of the request this thread is working for, if any.
#[must_use]
pub fn current() -> Option<Uuid> {
    CURRENT.with(Cell::get)
}

/// Runs `work` as part of request `id` (a blocking pool's thread, for its caller's request).
pub fn within<T>(id: Option<Uuid>, work: impl FnOnce() -> T) -> T {
    let _scope = Scope::enter(id);
    work()
}

/// Sets the thread's request for as long as it lives, and puts back the one before.
struct Scope(Option<Uuid>);

impl Scope {
    fn enter(id: Option<Uuid>) -> Self {
        Scope(CURRENT.with(|current| current.replace(id)))
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        CURRENT.with(|current| current.set(self.0));
    }
}

pin_project_lite::pin_project! {
    /// A request's future: each poll runs with the request's id set on its thread.
    pub struct InRequest<F> {
        id: Option<Uuid>,
        #[pin]
        inner: F,
    }
}

impl<F> InRequest<F> {
    /// `inner`, run as part of request `id`.
    pub fn new(id: Option<Uuid>, inner: F) -> Self {
        InRequest { id, inner }
    }
}

impl<F: Future> Future for InRequest<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.project();
        let _scope = Scope::enter(*this.id);
        this.inner.poll(cx)
    }
}

/// The `fmt` layer's fields, then ` request_id=...` when the line is written for a request.
#[derive(Debug, Default)]
pub struct RequestIdFields(DefaultFields);

impl<'writer> FormatFields<'writer> for RequestIdFields {
    fn format_fields<R: RecordFields>(
        &self,
        mut writer: Writer<'writer>,
        fields: R,
    ) -> std::fmt::Result {
        self.0.format_fields(writer.by_ref(), fields)?;
        match current() {
            Some(id) => write!(writer, " request_id={id}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future as _;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    use uuid::Uuid;

    use super::{current, within, InRequest};

    #[test]
    fn a_request_s_id_is_set_only_while_its_future_is_polled() {
        let id = Uuid::new_v4();
        let mut seen = None;
        {
            let mut future = pin!(InRequest::new(Some(id), async {
                seen = current();
            }));
            let mut cx = Context::from_waker(Waker::noop());
            assert_eq!(future.as_mut().poll(&mut cx), Poll::Ready(()));
        }
        assert_eq!(seen, Some(id));
        assert_eq!(current(), None);
    }

    #[test]
    fn a_nested_scope_puts_back_the_outer_request() {
        let outer = Uuid::new_v4();
        let inner = Uuid::new_v4();
        within(Some(outer), || {
            assert_eq!(within(Some(inner), current), Some(inner));
            assert_eq!(current(), Some(outer));
        });
        assert_eq!(current(), None);
    }

    #[test]
    fn a_line_written_for_a_request_names_it() {
        use std::sync::{Arc, Mutex};
        let out = Arc::new(Mutex::new(Vec::<u8>::new()));
        let sink = out.clone();
        let subscriber = tracing_subscriber::fmt()
            .fmt_fields(super::RequestIdFields::default())
            .with_ansi(false)
            .with_writer(move || Sink(sink.clone()))
            .finish();
        let id = Uuid::new_v4();
        tracing::subscriber::with_default(subscriber, || {
            within(Some(id), || tracing::warn!(cause = "x", "in a request"));
            tracing::warn!("outside");
        });
        let text = String::from_utf8(out.lock().expect("lock").clone()).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].ends_with(&format!("in a request cause=\"x\" request_id={id}")),
            "{text}"
        );
        assert!(lines[1].ends_with("outside"), "{text}");
    }

    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("lock").extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
}
