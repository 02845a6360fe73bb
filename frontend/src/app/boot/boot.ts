/**
 * The first script of index.html, an entry of its own, run before the page is parsed (the one
 * script that is not deferred: a few hundred bytes). It applies the stored theme and shows the
 * prerendered home page (prerender.ts) before the first paint, then starts fetching the landing
 * page's chunks and first API read while main.js is still downloading (route-preload.ts). The
 * build (scripts/route-preload-plugin.mjs) replaces the token with the JSON of each landing page
 * chunk's script files.
 */
import { applyTheme, readStoredTheme } from '@/lib/theme/themes';
import { markPrerendered } from './prerender';
import { preloadLandingChunks } from './route-preload';

try {
  // Before the first paint, so a stored dark theme never flashes light.
  applyTheme(readStoredTheme());
  markPrerendered();
  preloadLandingChunks(JSON.parse('__SHOP_ROUTE_CHUNKS__') as Record<string, string[]>);
} catch {
  // Preloading is an optimisation only (and the token is not replaced in a development build).
}
