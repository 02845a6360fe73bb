/**
 * The first script of index.html, an entry of its own that runs before main.js has downloaded
 * (see route-preload.ts). The build (scripts/route-preload-plugin.mjs) replaces the token with
 * the JSON of each landing page chunk's script files.
 */
import { preloadLandingChunks } from './route-preload';

try {
  preloadLandingChunks(JSON.parse('__SHOP_ROUTE_CHUNKS__') as Record<string, string[]>);
} catch {
  // Preloading is an optimisation only (and the token is not replaced in a development build).
}
