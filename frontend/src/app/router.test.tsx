import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { RouteCrashScreen } from '@/components/crash-screen';
import { renderRoutes, signedOutState } from '@/test/render';
import { routes } from './router';

function findRoute(list: RouteObject[], path: string): RouteObject | undefined {
  for (const r of list) {
    if (r.path === path) return r;
    const inner = r.children && findRoute(r.children, path);
    if (inner) return inner;
  }
  return undefined;
}

describe('app routes', () => {
  it('gives every page its own lazy module and a preload hook', () => {
    for (const path of ['user/login', 'user/register', 'about', 'shipping-info', 'events/fourth-july', 'products', 'products/:productId', 'apparel', 'apparel/:productId', 'shows', 'shows/:showId', 'codyb', '*']) {
      const route = findRoute(routes, path);
      expect(route?.lazy).toBeInstanceOf(Function);
      expect((route?.handle as { preload?: unknown })?.preload).toBeInstanceOf(Function);
    }
  });

  it('renders an unknown address as Not Found', async () => {
    renderRoutes(routes, { path: '/no/such/page', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('renders a static page inside the shell', async () => {
    renderRoutes(routes, { path: '/fireworks-safety', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fireworks Safety' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('North Dakota, USA');
  });

  it('shows the crash screen when a page throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('kaboom');
    }
    renderRoutes([{ path: '/', element: <Boom />, errorElement: <RouteCrashScreen /> }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeInTheDocument();
  });
});
