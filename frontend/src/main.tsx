import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { shownPrerender } from '@/app/boot/prerender';
import { preloadRoute } from '@/app/router';
import { installGlobalHandlers, reportError } from '@/lib/error-reporting/reporter';
import { startErrorTracking } from '@/lib/error-reporting/sentry';
import { applyTheme, readStoredTheme } from '@/lib/theme/themes';
import './index.css';

// Before anything renders, so an error of the first render is reported too.
installGlobalHandlers(reportError);

// Before the first paint, so a stored dark theme never flashes light (boot.ts did it already).
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const prerendered = shownPrerender();

// The first render waits for the page's chunk (the boot script fetches a landing page's beside
// main.js), so that it shows the page itself, never Loading first (React would keep a shown
// Suspense fallback up for at least 300 ms).
void preloadRoute(window.location.pathname).then(() => {
  // The prerendered home page on screen: React takes its elements over (a click meanwhile is
  // replayed once hydrated). Replacing them would repaint the page's largest text.
  if (prerendered) hydrateRoot(prerendered, app);
  // At once, not in a later task: the page is the app's (its buttons work) before the load event.
  else flushSync(() => createRoot(container).render(app));
});

// Only when the server names a DSN, after the first render: a chunk of its own.
void startErrorTracking();
