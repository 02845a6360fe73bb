import { DEFAULT_THEME, type Theme } from './themes';

/**
 * The stylesheet of every theme but the default (src/themes.css): the build
 * (scripts/route-preload-plugin.mjs) puts its file in place of the token.
 */
const THEME_STYLES: string = '__SHOP_THEMES_CSS__';

let loading: Promise<void> | null = null;

/**
 * Adds the themes' stylesheet once; settles when it is in (or failed: a theme then shows the
 * default's colours). The boot script adds it before the first paint for a stored theme, holding
 * the paint until it is in (`blocking="render"`).
 */
export function addThemeStyles(doc: Document = document): Promise<void> {
  if (loading) return loading;
  const existing = doc.querySelector<HTMLLinkElement>('link[data-themes]');
  loading = new Promise<void>((resolve) => {
    // Anything but the build's file (a test, or the token left in place) adds nothing.
    if (existing?.sheet || !THEME_STYLES.startsWith('/')) {
      resolve();
      return;
    }
    const link = existing ?? doc.createElement('link');
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    if (existing) return;
    link.setAttribute('rel', 'stylesheet');
    link.setAttribute('href', THEME_STYLES);
    link.setAttribute('blocking', 'render');
    link.setAttribute('data-themes', '');
    doc.head.appendChild(link);
  });
  return loading;
}

/** Loads the themes' stylesheet when `theme` needs it (any but the default). */
export function loadThemeStyles(theme: Theme): Promise<void> {
  return theme === DEFAULT_THEME ? Promise.resolve() : addThemeStyles();
}
