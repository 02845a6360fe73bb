/**
 * The storefront pages a visitor lands on from outside (a search result, a shared link), each
 * with the webpack chunk name of its lazy page in router.tsx. `route-preload.ts` fetches that
 * chunk while main.js is still downloading; the build (scripts/route-preload-plugin.mjs) fails
 * when a name has no chunk. The patterns are paths.ts's (landing-pages.test.ts checks them): this
 * file imports nothing, so that the first script stays a few hundred bytes.
 */
export const LANDING_PAGES: readonly (readonly [pattern: string, chunk: string, api?: string])[] = [
  ['/', 'home'],
  ['/products', 'products'],
  ['/products/:productId', 'product-detail', '/api/products/:productId'],
  ['/apparel', 'apparel'],
  ['/apparel/:productId', 'apparel-detail', '/api/products/:productId'],
  ['/shows', 'shows'],
  ['/shows/:showId', 'show-detail', '/api/shows/:showId'],
  ['/codyb', 'brand'],
];

/**
 * The parameters of `pathname` when it matches `pattern` (`:name` is one non-empty segment; a
 * trailing slash is allowed), else null.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = have[i];
    else if (part !== have[i]) return null;
  }
  return params;
}

/** The landing page at `pathname`: its chunk name and the API read it starts with, if known. */
export function landingPage(pathname: string): { chunk: string; api: string | null } | null {
  for (const [pattern, chunk, api] of LANDING_PAGES) {
    const params = matchPattern(pattern, pathname);
    if (params) return { chunk, api: api ? api.replace(/:(\w+)/g, (_, name: string) => params[name]) : null };
  }
  return null;
}
