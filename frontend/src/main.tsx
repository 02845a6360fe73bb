import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { shownPrerender } from '@/app/boot/prerender';
import { loadRoute, preloadRoute } from '@/app/router';
import { makeStore } from '@/app/store';
import { installGlobalHandlers, reportError } from '@/lib/error-reporting/reporter';
import { startErrorTracking } from '@/lib/error-reporting/sentry';
import { whenIdle } from '@/lib/when-idle';
import { sessionChecked, sessionSlice } from '@/lib/session/session-slice';
import { readSession } from '@/lib/session/session-storage';
import { loadThemeStyles } from '@/lib/theme/theme-styles';
import { applyTheme, readStoredTheme } from '@/lib/theme/themes';
import './index.css';

// Before anything renders, so an error of the first render is reported too.
installGlobalHandlers(reportError);

// Before the first paint, so a stored dark theme never flashes light (boot.ts did it already, and
// added the stylesheet of the themes but the default).
const theme = readStoredTheme();
applyTheme(theme);
void loadThemeStyles(theme);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const prerendered = shownPrerender();
// Where React renders the page afresh (not the prerendered home page, whose signed-out-or-unknown
// navbar hydration must match), the stored session is read before the first render, as the
// session watcher reads it just after: a first render as 'loading' (no account links, every
// card's add-to-cart as signed out) was followed at once by a second, synchronous one of the
// navbar and every card. The watcher's check then finds the session unchanged.
const store = prerendered
  ? makeStore()
  : makeStore({ session: sessionSlice.reducer(undefined, sessionChecked(readSession())) });
const app = (
  <StrictMode>
    <App store={store} />
  </StrictMode>
);

/** How long the first render waits for the landing page's data before showing it loading. */
const DATA_WAIT_MS = 1500;

// The first render waits for the page's chunk (the boot script fetches a landing page's beside
// main.js), so that it shows the page itself, never Loading first (React would keep a shown
// Suspense fallback up for at least 300 ms); and, but for the prerendered home page (hydrated as
// it is), for the page's first API reads (also preloaded), so that it shows the data at once
// instead of a page of placeholders first: one render of the page instead of two.
const ready = prerendered
  ? preloadRoute(window.location.pathname)
  : Promise.race([
      loadRoute(`${window.location.pathname}${window.location.search}`, store.dispatch),
      new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS)),
    ]);

void ready.then(() => {
  // The prerendered home page on screen: React takes its elements over (a click meanwhile is
  // replayed once hydrated), in a transition too (time-sliced; a click hydrates its part at once).
  // Replacing them would repaint the page's largest text.
  if (prerendered) startTransition(() => void hydrateRoot(prerendered, app));
  // In a transition: React renders the page in slices of a few ms, yielding to the browser between
  // them, instead of one long task (a list page's 25 cards: ~150 ms on a phone) that input waits
  // for. Its data and chunks are in, so nothing suspends.
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
});

// Only when the server names a DSN, once the browser is idle after the start: a chunk of its own.
whenIdle(() => void startErrorTracking());
