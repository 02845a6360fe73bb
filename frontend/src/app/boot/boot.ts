/**
 * The first script of index.html, an entry of its own, run before the page is parsed (the one
 * script that is not deferred: a few KB). It applies the stored theme (with its stylesheet, when
 * it is not the default) and shows the
 * prerendered home page (prerender.ts) before the first paint, starts fetching the landing page's
 * chunks and first API read while main.js is still downloading (route-preload.ts), and runs
 * main.js once the page is parsed and, on the prerendered home page, painted (start-app.ts). The
 * build (scripts/route-preload-plugin.mjs) replaces the tokens with the JSON of each landing page
 * chunk's script files and with the themes' stylesheet.
 */
import { loadThemeStyles } from '@/lib/theme/theme-styles';
import { applyTheme, DEFAULT_THEME, readStoredTheme } from '@/lib/theme/themes';
import { hasServerView, markPrerendered } from './prerender';
import { preloadLandingChunks } from './route-preload';
import { startApp } from './start-app';

let prerendered = false;
try {
  // Before the first paint, so a stored dark theme never flashes light.
  const theme = readStoredTheme();
  applyTheme(theme);
  void loadThemeStyles(theme);
  // A page the server sent with its first view starts the app after the first paint too.
  prerendered = markPrerendered(theme, DEFAULT_THEME) || hasServerView();
  preloadLandingChunks(JSON.parse('__SHOP_ROUTE_CHUNKS__') as Record<string, string[]>);
} catch {
  // Preloading is an optimisation only (and the token is not replaced in a development build).
}
startApp(prerendered);
