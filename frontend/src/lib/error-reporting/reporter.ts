/**
 * Sends the page's errors to the shop (`POST /api/client-errors`): the crash screen's error and
 * what the browser reports as uncaught (`error`, `unhandledrejection`). A page sends at most a
 * few reports, each message once, with `fetch` keepalive (so a report survives the page being
 * left), and reporting never throws: a broken reporter must not turn one error into two.
 */
import { readSession } from '@/lib/session/session-storage';

export type ErrorKind = 'boundary' | 'error' | 'unhandledrejection';

/** The body of `POST /api/client-errors`. */
export interface ClientErrorReport {
  kind: ErrorKind;
  message: string;
  stack?: string;
  url?: string;
  userAgent?: string;
  release?: string;
}

/** Each field's bound in characters: the server's (400 beyond). */
export const FIELD_LIMITS = { message: 1000, stack: 4000, url: 1000, userAgent: 500, release: 100 } as const;
/** The server's body limit (413 beyond). */
export const MAX_BODY_BYTES = 8 * 1024;
/** Reports a page sends at most, however many errors it meets. */
export const MAX_REPORTS_PER_PAGE = 5;

export const CLIENT_ERRORS_PATH = '/api/client-errors';

declare const __SHOP_RELEASE__: string | undefined;

/** The frontend build (set by webpack; 'dev' in tests). */
export const RELEASE = typeof __SHOP_RELEASE__ === 'string' ? __SHOP_RELEASE__ : 'dev';

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The message and stack of anything thrown or rejected (an Error, a string, a plain object...). */
export function describeError(error: unknown): { message: string; stack?: string } {
  try {
    if (error instanceof Error) {
      const message = error.message ? `${error.name}: ${error.message}` : error.name || 'Error';
      return { message, stack: typeof error.stack === 'string' ? error.stack : undefined };
    }
    if (typeof error === 'string') return { message: error || '(empty message)' };
    if (error === undefined || error === null) return { message: `(${String(error)})` };
    if (typeof error === 'object') {
      const e = error as { message?: unknown; status?: unknown; statusText?: unknown };
      if (typeof e.message === 'string' && e.message) return { message: e.message };
      if (typeof e.status === 'number') return { message: `${e.status} ${typeof e.statusText === 'string' ? e.statusText : ''}`.trim() };
      return { message: JSON.stringify(error) ?? Object.prototype.toString.call(error) };
    }
    return { message: String(error) };
  } catch {
    return { message: '(an error that cannot be described)' };
  }
}

/** The report's JSON, each field within its bound and the whole within the body limit. */
export function reportBody(report: ClientErrorReport): string {
  const bounded: ClientErrorReport = { ...report };
  for (const field of Object.keys(FIELD_LIMITS) as (keyof typeof FIELD_LIMITS)[]) {
    const value = bounded[field];
    if (typeof value === 'string') bounded[field] = clip(value, FIELD_LIMITS[field]);
  }
  let body = JSON.stringify(bounded);
  // Non-ASCII text takes up to 3 bytes a character: give up the stack, then shorten the rest.
  if (new TextEncoder().encode(body).length > MAX_BODY_BYTES) {
    delete bounded.stack;
    bounded.message = clip(bounded.message, 200);
    bounded.url = bounded.url && clip(bounded.url, 200);
    bounded.userAgent = bounded.userAgent && clip(bounded.userAgent, 200);
    body = JSON.stringify(bounded);
  }
  return body;
}

/** How a report leaves the page: `fetch` keepalive, or a beacon where there is no fetch. */
export function sendReport(body: string, token: string | null): void {
  const url = `${globalThis.location?.origin ?? ''}${CLIENT_ERRORS_PATH}`;
  if (typeof fetch === 'function') {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    fetch(url, { method: 'POST', headers, body, keepalive: true, credentials: 'same-origin' }).catch(() => {
      // Nothing to do: the report is best effort.
    });
    return;
  }
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  }
}

export interface ReporterOptions {
  /** Sends one report's JSON (default: `sendReport`). */
  send?: (body: string, token: string | null) => void;
  /** The signed-in user's token, if any (the server only logs whose page it was). */
  token?: () => string | null;
  /** Reports per page at most (default `MAX_REPORTS_PER_PAGE`). */
  max?: number;
  /** Also hands the error to the error tracking SDK, once it is loaded. */
  capture?: (kind: ErrorKind, error: unknown) => void;
}

/**
 * A reporter: `report(kind, error)` sends the error unless the same message was sent already or
 * the page's quota is spent; it answers whether it sent, and never throws.
 */
export function createReporter(options: ReporterOptions = {}) {
  const send = options.send ?? sendReport;
  const token = options.token ?? (() => readSession()?.token ?? null);
  const max = options.max ?? MAX_REPORTS_PER_PAGE;
  const seen = new Set<string>();
  return function report(kind: ErrorKind, error: unknown): boolean {
    try {
      options.capture?.(kind, error);
    } catch {
      // The tracking SDK's trouble is not the page's.
    }
    try {
      if (seen.size >= max) return false;
      const { message, stack } = describeError(error);
      // By message alone: the same error can reach the crash screen and a window handler.
      if (seen.has(message)) return false;
      seen.add(message);
      const body = reportBody({
        kind,
        message,
        stack,
        url: globalThis.location?.pathname,
        userAgent: globalThis.navigator?.userAgent,
        release: RELEASE,
      });
      let bearer: string | null = null;
      try {
        bearer = token();
      } catch {
        bearer = null;
      }
      send(body, bearer);
      return true;
    } catch {
      return false;
    }
  };
}

/** Errors that say nothing: a cross-origin script's error is reduced to this by the browser. */
const OPAQUE = /^Script error\.?$/;

/**
 * Reports what the window sees as uncaught; answers a function that stops listening.
 */
export function installGlobalHandlers(report: (kind: ErrorKind, error: unknown) => boolean, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    if (event.error === undefined || event.error === null) {
      if (!event.message || OPAQUE.test(event.message)) return;
      report('error', event.message);
      return;
    }
    report('error', event.error);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    report('unhandledrejection', event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/**
 * Hands errors to the tracking SDK. Before it is loaded every kind is kept (the first few): the
 * SDK's own window handlers were not there to see them. Once loaded, it sees uncaught errors
 * itself, so only the crash screen's errors (caught by the router) are handed on.
 */
function captureHub() {
  let capture: ((error: unknown) => void) | null = null;
  const pending: unknown[] = [];
  return {
    capture(kind: ErrorKind, error: unknown) {
      if (capture) {
        if (kind === 'boundary') capture(error);
      } else if (pending.length < MAX_REPORTS_PER_PAGE) {
        pending.push(error);
      }
    },
    setCapture(fn: (error: unknown) => void) {
      capture = fn;
      for (const error of pending.splice(0)) {
        try {
          fn(error);
        } catch {
          // As above.
        }
      }
    },
  };
}

const hub = captureHub();

/** Lets the error tracking SDK (loaded later, when configured) receive the page's errors. */
export const setErrorCapture = hub.setCapture;

/** The page's reporter. */
export const reportError = createReporter({ capture: hub.capture });
