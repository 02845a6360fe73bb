import { Component, useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';
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

interface CrashBoundaryProps {
  children: ReactNode;
  /** The crash screen replaces the whole shell: it provides the main landmark itself. */
  standalone?: boolean;
  /** A new value (the next address) clears a crash, so the visitor can navigate away from it. */
  resetKey?: unknown;
}

interface CrashBoundaryState {
  error: unknown;
  crashed: boolean;
  /** The `resetKey` of the address rendered (or crashed on). */
  at: unknown;
}

/**
 * An error boundary: the crash screen in place of `children` when they throw while rendering
 * (a page, or a lazy page's chunk that failed to load), until `resetKey` changes.
 */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  constructor(props: CrashBoundaryProps) {
    super(props);
    this.state = { error: null, crashed: false, at: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<CrashBoundaryState> {
    return { error, crashed: true };
  }

  static getDerivedStateFromProps(props: CrashBoundaryProps, state: CrashBoundaryState): Partial<CrashBoundaryState> | null {
    if (state.at === props.resetKey) return null;
    // Crashed somewhere the visitor has since left: render the new address.
    return { error: null, crashed: false, at: props.resetKey };
  }

  render() {
    if (!this.state.crashed) return this.props.children;
    const screen = <CrashScreen error={this.state.error} />;
    return this.props.standalone ? <main>{screen}</main> : screen;
  }
}
