/**
 * The optional error tracking SDK (`@sentry/react`), off unless the server is configured with
 * `SHOP_SENTRY_DSN`: then index.html carries `<meta name="shop-sentry-dsn">` (and the page's
 * Content-Security-Policy allows the DSN's origin). The SDK is its own lazy chunk, fetched only
 * in that case, so it adds nothing to the first load.
 */
import { RELEASE, setErrorCapture } from './reporter';

/** What the SDK may send besides the error: no user, cookies, headers, bodies or query strings. */
export const PRIVATE = { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false };

/** The DSN the server put in the page, or null (then nothing is loaded or sent). */
export function sentryDsn(doc: Document = document): string | null {
  const dsn = doc.querySelector('meta[name="shop-sentry-dsn"]')?.getAttribute('content')?.trim();
  return dsn ? dsn : null;
}

/** Loads and starts the SDK when the page names a DSN; answers whether it started. Never throws. */
export async function startErrorTracking(dsn: string | null = sentryDsn()): Promise<boolean> {
  if (!dsn) return false;
  try {
    const Sentry = await import(/* webpackChunkName: "sentry" */ '@sentry/react');
    Sentry.init({ dsn, release: RELEASE, dataCollection: PRIVATE });
    setErrorCapture((error) => Sentry.captureException(error));
    return true;
  } catch {
    return false;
  }
}
