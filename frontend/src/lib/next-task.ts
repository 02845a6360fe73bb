/**
 * Yielding the main thread between pieces of start-up work, so that each piece is a task of its
 * own: input and paint can come between them, and no piece is one long task with the rest.
 */

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task: `scheduler.yield()` where the browser has it (the rest runs before
 * other queued tasks of the page, but after input), else a message posted to a channel (unlike
 * `setTimeout`, never clamped to 4 ms; `setTimeout` where there is no channel either).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Calls `fn` when the browser is idle (at the latest after `timeoutMs`), else after a short delay. */
export function whenIdle(fn: () => void, timeoutMs = 3000): void {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 1);
}
