import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { lazyMiddleware } from '@/lib/lazy-middleware';
import { rootReducer, type RootState } from '@/lib/root-reducer';
import { sessionEnded } from '@/lib/session/session-slice';
import { clearSession } from '@/lib/session/session-storage';
import { themeChanged } from '@/lib/theme/theme-slice';
import { loadThemeStyles } from '@/lib/theme/theme-styles';
import { applyTheme, readStoredTheme, storeTheme, type Theme } from '@/lib/theme/themes';

async function showTheme(theme: Theme) {
  storeTheme(theme);
  // Its colours first, so that the page does not show the theme in the default's meanwhile.
  await loadThemeStyles(theme);
  applyTheme(theme);
}

/**
 * What the client slices' actions do outside the state, once the reducers have run. Two plain
 * checks rather than RTK's listener middleware, which the first script of every page would carry.
 */
const effects: Middleware = () => (next) => (action) => {
  const result = next(action);
  // Logout, expiry and 401 all end here: forget the stored session (and lib/api.ts every cached
  // answer).
  if (sessionEnded.match(action)) clearSession();
  else if (themeChanged.match(action)) void showTheme(action.payload);
  return result;
};

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { theme: { name: readStoredTheme() }, ...preloadedState },
    middleware: (getDefault) => getDefault().concat(effects, lazyMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
