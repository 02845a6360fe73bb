/**
 * The build's render of the home page as the app first renders it for a first-time visitor
 * (signed-in state unknown, the catalogue reads still loading, the default theme), which
 * scripts/prerender.mjs puts into index.html and main.tsx hydrates (see boot/prerender.ts): the
 * tree is main.tsx's, with the page's address in place of the browser's history.
 * Built for Node by webpack.config.js.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { paths } from '@/lib/paths';
import { AppRoutes, preloadRoute } from './router';
import { makeStore } from './store';

export async function prerenderHome(): Promise<string> {
  const home = paths.home.getHref();
  // The page's chunk in first: the page then renders at once instead of suspending.
  await preloadRoute(home);
  return renderToString(
    <StrictMode>
      <Provider store={makeStore()}>
        <StaticRouter location={home}>
          <AppRoutes />
        </StaticRouter>
      </Provider>
    </StrictMode>,
  );
}
