import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import { rootReducer, type RootState } from '@/lib/root-reducer';
import { sessionEnded } from '@/lib/session/session-slice';
import { clearSession } from '@/lib/session/session-storage';
import { themeChanged } from '@/lib/theme/theme-slice';
import { loadThemeStyles } from '@/lib/theme/theme-styles';
import { applyTheme, readStoredTheme, storeTheme } from '@/lib/theme/themes';

export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();

  // Logout, expiry and 401 all end here: forget the stored session and every cached answer.
  listener.startListening({
    actionCreator: sessionEnded,
    effect: (_action, listenerApi) => {
      clearSession();
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  listener.startListening({
    actionCreator: themeChanged,
    effect: async (action) => {
      storeTheme(action.payload);
      // Its colours first, so that the page does not show the theme in the default's meanwhile.
      await loadThemeStyles(action.payload);
      applyTheme(action.payload);
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState: { theme: { name: readStoredTheme() }, ...preloadedState },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
