/**
 * index.html carries the home page as the app first renders it for a first-time visitor
 * (scripts/prerender.mjs, from src/app/prerender.tsx), hidden by a rule beside it unless the boot
 * script marks the document as being at the home page: the server sends the same index.html for
 * every address. So on / the page paints as soon as the HTML and the stylesheet are in, before any
 * script has run (the largest paint, the hero's text, with it); main.tsx then hydrates it (React
 * takes the same elements over, so nothing is painted twice).
 * This file imports nothing: it is part of the boot script.
 */

/** The attribute of <html> that boot.ts sets when the prerendered home page is to be shown. */
export const PRERENDER_MARK = 'data-prerendered';

/**
 * Whether the prerendered page is what the app would first render at `location` with the stored
 * `theme`: the home page without a sign-in prompt, in the default theme (the footer's theme
 * chooser shows the theme, and lists a stored theme it does not offer).
 */
export function prerenderedHere(location: { pathname: string; search: string }, theme: string, defaultTheme: string): boolean {
  return location.pathname === '/' && !new URLSearchParams(location.search).has('redirect') && theme === defaultTheme;
}

/**
 * Marks the document so that index.html's rule shows the prerendered page (boot.ts, before the
 * first paint); answers whether it did.
 */
export function markPrerendered(theme: string, defaultTheme: string, doc: Document = document): boolean {
  const here = prerenderedHere(doc.location, theme, defaultTheme);
  if (here) doc.documentElement.setAttribute(PRERENDER_MARK, '');
  return here;
}

/**
 * The attribute of <html> with which the server marks a page it sent with its first view in
 * place (a product page, the product list's first page: crates/api/src/first_view.rs). The app
 * renders the page in place of that view (it is not React's markup to hydrate), and starts after
 * the first paint, as on the prerendered home page.
 */
export const SERVER_VIEW_MARK = 'data-server-view';

/** Whether the server sent this page with its first view in place. */
export function hasServerView(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(SERVER_VIEW_MARK);
}

/** The prerendered page's element when it is on screen (main.tsx hydrates it), else null. */
export function shownPrerender(doc: Document = document): HTMLElement | null {
  return doc.documentElement.hasAttribute(PRERENDER_MARK) ? doc.querySelector<HTMLElement>('[data-prerender]') : null;
}
