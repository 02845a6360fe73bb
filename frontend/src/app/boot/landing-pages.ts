import {
  apparelQuery,
  facetsQuery,
  filtersToParams,
  hasValidPaging,
  parseFilters,
  productsQuery,
  SHOW_TYPE_FACETS,
  showsQuery,
} from '@/features/catalogue/lib/filters';

/** The API reads a landing page starts with, from its address's parameters and search. */
type Reads = (params: Record<string, string>, search: URLSearchParams) => string[];

const listing = (query: (search: URLSearchParams) => string, list: string, extra: string[]): Reads => (_, search) => {
  const q = query(search);
  return [...extra, `/api/${list}?${q}`, `/api/${list}/facets?${facetsQuery(q)}`];
};

/**
 * The storefront pages a visitor lands on from outside (a search result, a shared link), each
 * with the webpack chunk name of its lazy page in router.tsx and the API reads its first render
 * makes (the same URLs: landing-reads.test.tsx renders each page and compares). `route-preload.ts`
 * fetches them while main.js is still downloading; the build (scripts/route-preload-plugin.mjs)
 * fails when a name has no chunk. The patterns are paths.ts's (landing-pages.test.ts checks them).
 * This file is part of the boot script: it imports nothing but the catalogue's query builders.
 */
export const LANDING_PAGES: readonly (readonly [pattern: string, chunk: string, reads?: Reads])[] = [
  ['/', 'home'],
  ['/products', 'products', listing((s) => productsQuery(parseFilters(s)), 'products', ['/api/metadata'])],
  ['/products/:productId', 'product-detail', ({ productId }) => [`/api/products/${productId}`]],
  ['/apparel', 'apparel', listing((s) => apparelQuery(parseFilters(s)), 'apparel', ['/api/metadata', '/api/apparel/types/all'])],
  ['/apparel/:productId', 'apparel-detail', ({ productId }) => [`/api/products/${productId}`]],
  ['/shows', 'shows', (_, s) => ['/api/shows/types/all', `/api/shows?${showsQuery(parseFilters(s))}`, `/api/shows/facets?${SHOW_TYPE_FACETS}`]],
  ['/shows/:showId', 'show-detail', ({ showId }) => [`/api/shows/${showId}`]],
  ['/codyb', 'brand'],
];

/**
 * The address a landing page rewrites itself to before anything else, or null: /products without
 * valid page and pageSize numbers gets them (what its useCatalogueFilters({requirePaging}) would
 * do after the first render, at the cost of a second render of the whole page).
 */
export function canonicalAddress(pathname: string, search: string): string | null {
  if (matchPattern('/products', pathname) === null) return null;
  const params = new URLSearchParams(search);
  return hasValidPaging(params) ? null : `${pathname}?${filtersToParams(parseFilters(params))}`;
}

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

/** The landing page at `pathname` (with `search`): its chunk name and the API reads it starts with. */
export function landingPage(pathname: string, search = ''): { chunk: string; api: string[] } | null {
  for (const [pattern, chunk, reads] of LANDING_PAGES) {
    const params = matchPattern(pattern, pathname);
    if (params) return { chunk, api: reads ? reads(params, new URLSearchParams(search)) : [] };
  }
  return null;
}
