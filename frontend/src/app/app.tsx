import { useState } from 'react';
import { Provider } from 'react-redux';
import { registerPreloader } from '@/lib/preload';
import { makeStore } from './store';
import { AppRouter } from './browser-router';
import { AppRoutes, preloadRoute } from './router';

registerPreloader(preloadRoute);

export function App() {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </Provider>
  );
}
