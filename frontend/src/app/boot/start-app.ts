/**
 * Starts the app: index.html preloads main.js (`<link rel="preload" as="script" data-entry>`)
 * instead of running it as a deferred script, and the boot script runs it here once the page is
 * parsed, as `defer` would; on the prerendered home page (prerender.ts), only after the page has
 * been painted. main.js's 100-300 ms of work on a phone's CPU (React, the store, hydration) would
 * otherwise come before the first paint whenever the script is already in (a fast or cached load,
 * or Lighthouse's unthrottled trace), holding back the page that is ready to show. On a slow
 * network main.js arrives after that paint anyway. This file imports nothing: it is part of the
 * boot script.
 */

/** Runs the preloaded entry scripts, in their order. */
export function runEntryScripts(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"][data-entry]')) {
    const script = doc.createElement('script');
    script.src = link.href;
    // In order, as deferred scripts run.
    script.async = false;
    doc.head.appendChild(script);
  }
}

/** Calls `fn` once the document is parsed (at once when it is). */
export function whenParsed(fn: () => void, doc: Document = document): void {
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', fn, { once: true });
  else fn();
}

/**
 * Calls `fn` once the page has been painted: when the browser reports the first contentful paint
 * (paint timing: the time the frame was shown, which comes after the animation frame that drew
 * it), else two animation frames on. At once in a hidden tab, which paints nothing; after
 * `timeoutMs` whatever happens (a headless Chrome under load was seen to show its first frame
 * only after 1-2 s).
 */
export function afterFirstPaint(fn: () => void, { doc = document, timeoutMs = 5000 } = {}): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (doc.visibilityState !== 'visible') {
    go();
    return;
  }
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
  }
  doc.addEventListener('visibilitychange', go, { once: true });
  setTimeout(go, timeoutMs);
}

/** Starts the app as the page allows: after the prerendered page's first paint, else once parsed. */
export function startApp(prerendered: boolean, doc: Document = document): void {
  whenParsed(() => {
    if (prerendered) afterFirstPaint(() => runEntryScripts(doc), { doc });
    else runEntryScripts(doc);
  }, doc);
}
