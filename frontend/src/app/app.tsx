import { useState } from 'react';
import { Provider } from 'react-redux';
import { registerPreloader } from '@/lib/preload';
import { makeStore, type AppStore } from './store';
import { AppRouter } from './browser-router';
import { AppRoutes, preloadRoute } from './router';

registerPreloader(preloadRoute);

/** The app; `store`: main.tsx's, which read the landing page's data before the first render. */
export function App({ store: given }: { store?: AppStore }) {
  const [store] = useState(() => given ?? makeStore());
  return (
    <Provider store={store}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </Provider>
  );
}
