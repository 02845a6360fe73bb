import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '@/lib/error-reporting/reporter';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  if (typeof error === 'object' && error !== null) {
    const e = error as { status?: number; statusText?: string; data?: unknown };
    if (e.status) return `${e.status} ${e.statusText ?? ''}\n${typeof e.data === 'string' ? e.data : ''}`;
  }
  return String(error);
}

/** The fallback shown when rendering crashes; the error is reported to the shop. */
export function CrashScreen({ error }: { error: unknown }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // A 4xx answer the router threw is the visitor's path, not a fault of the page.
    if (isRouteErrorResponse(error) && error.status < 500) return;
    reportError('boundary', error);
  }, [error]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16" role="alert">
      <h1 className="text-3xl font-bold">Something went wrong!</h1>
      <p className="mt-3">Please reload the page or go back to the home page.</p>
      <div className="mt-6 flex gap-3">
        <button type="button" className="btn btn-outline" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {shown ? 'Hide Error' : 'Show Error'}
        </button>
        <a href="/" className="btn btn-primary">
          Home
        </a>
      </div>
      {shown && (
        <pre className="mt-6 overflow-auto whitespace-pre-wrap rounded-box bg-base-200 p-4 text-sm">{describe(error)}</pre>
      )}
    </div>
  );
}

/**
 * Route errorElement: the crash screen for whatever the route threw. `standalone` when it
 * replaces the whole shell (then it provides the main landmark itself).
 */
export function RouteCrashScreen({ standalone = false }: { standalone?: boolean }) {
  const screen = <CrashScreen error={useRouteError()} />;
  return standalone ? <main>{screen}</main> : screen;
}
