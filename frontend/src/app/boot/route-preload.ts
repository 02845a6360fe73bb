import { canonicalAddress, landingPage } from './landing-pages';

/**
 * On a landing page (landing-pages.ts), first rewrites an address the page would rewrite (its
 * canonical address), then adds `<link rel="preload" as="script">` for the page's
 * lazy chunks (`files`: chunk name -> its script files beyond main's) and `as="fetch"` for the API
 * reads the page starts with, so that they download beside main.js instead of after it has run:
 * two round trips less before a product page shows its picture, or a list its first cards.
 */
export function preloadLandingChunks(files: Record<string, string[]>, doc: Document = document): void {
  const canonical = canonicalAddress(doc.location?.pathname ?? '/', doc.location?.search ?? '');
  // Before the app reads the address (its router, the page's first reads).
  if (canonical) doc.defaultView?.history.replaceState(doc.defaultView.history.state, '', canonical);
  const page = landingPage(doc.location?.pathname ?? '/', doc.location?.search ?? '');
  if (!page) return;
  const preload = (href: string, as: string) => {
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', as);
    link.setAttribute('href', href);
    // No higher than main.js (a deferred script): the page's first paint waits for main, not these.
    link.setAttribute('fetchpriority', 'low');
    // A fetch preload is used by the page's own fetch() (same URL, CORS mode, same-origin credentials).
    if (as === 'fetch') link.setAttribute('crossorigin', 'anonymous');
    doc.head.appendChild(link);
  };
  for (const href of files[page.chunk] ?? []) preload(href, 'script');
  for (const href of page.api) preload(href, 'fetch');
}
