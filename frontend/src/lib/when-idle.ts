/** Deferring start-up work the first screen does not need until the browser is idle. */

/** Calls `fn` when the browser is idle (at the latest after `timeoutMs`), else after a short delay. */
export function whenIdle(fn: () => void, timeoutMs = 3000): void {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 1);
}
