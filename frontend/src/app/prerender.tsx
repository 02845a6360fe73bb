/**
 * The build's render of the home page as the app first renders it in a browser (signed-in state
 * unknown, the catalogue reads still loading, the default theme), which scripts/prerender.mjs
 * puts into index.html (see boot/prerender.ts). Built for Node by webpack.config.js.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { paths } from '@/lib/paths';
import { AppRoutes, preloadRoute } from './router';
import { makeStore } from './store';

export async function prerenderHome(): Promise<string> {
  const home = paths.home.getHref();
  // The page's chunk in first: the page then renders at once instead of suspending.
  await preloadRoute(home);
  return renderToStaticMarkup(
    <Provider store={makeStore()}>
      <StaticRouter location={home}>
        <AppRoutes />
      </StaticRouter>
    </Provider>,
  );
}
