/**
 * index.html carries the home page as the app first renders it (scripts/prerender.mjs, from
 * src/app/prerender.tsx), hidden by a rule beside it unless the boot script marks the document
 * as being at the home page: the server sends the same index.html for every address. So on / the
 * page paints as soon as the HTML and the stylesheet are in, before any script has run (the
 * largest paint, the hero's text, with it); main.tsx then renders the same page in its place.
 * This file imports nothing: it is part of the boot script.
 */

/** The attribute of <html> that boot.ts sets when the prerendered home page is to be shown. */
export const PRERENDER_MARK = 'data-prerendered';

/** Whether the prerendered page is the one at `location`: the home page, without a sign-in prompt. */
export function prerenderedHere(location: { pathname: string; search: string }): boolean {
  return location.pathname === '/' && !new URLSearchParams(location.search).has('redirect');
}

/** Marks the document so that index.html's rule shows the prerendered page (boot.ts, before the first paint). */
export function markPrerendered(doc: Document = document): void {
  if (prerenderedHere(doc.location)) doc.documentElement.setAttribute(PRERENDER_MARK, '');
}
