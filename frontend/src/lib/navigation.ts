/**
 * When the router has rendered an address. The app's router renders each new address in a
 * transition (src/app/browser-router.tsx), so `navigate()` returns before the next page is on
 * screen; a caller that must act after it (logout ends the session once the visitor is on the
 * home page, or the profile guard would send them back with ?redirect=) awaits `addressRendered()`.
 */
let waiting: (() => void)[] = [];

/** Resolves the next time the router has rendered an address (call it before navigating). */
export function addressRendered(): Promise<void> {
  return new Promise((resolve) => waiting.push(resolve));
}

/** The router calls this after rendering an address. */
export function markAddressRendered(): void {
  const resolve = waiting;
  waiting = [];
  for (const fn of resolve) fn();
}
