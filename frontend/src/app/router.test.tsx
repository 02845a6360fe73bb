import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { writeSession } from '@/lib/session/session-storage';
import { mockApi, renderRoutes, signedInState, signedOutState, user } from '@/test/render';
import { RootLayout } from './layout/root-layout';
import { catalogueApi } from '@/features/catalogue/api/catalogue-api';
import type { ApiRootState } from '@/lib/api';
import { makeStore } from '@/test/render';
import { loadRoute, routes } from './router';

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
    for (const path of ['user/login', 'user/register', 'user/forgot-password', 'reset-password', 'about', 'shipping-info', 'events/fourth-july', 'products', 'products/:productId', 'apparel', 'apparel/:productId', 'shows', 'shows/:showId', 'codyb', 'edit', 'cart/:cartId', 'cart/:cartId/success', '*', 'inventory', 'products/create', 'products/:productId/edit', 'products/metadata', 'shows/showTypes', 'shows/create', 'shows/:showId/edit', 'apparel/types', 'apparel/create', 'apparel/:productId/edit', 'apparel/:productId/variants', 'users', 'users/new', 'users/:userId/edit', 'users/:userId/reset-password', 'users/:userId/permissions', 'reports', 'mail']) {
      const route = findRoute(routes, path);
      expect(route?.element).toBeTruthy();
      expect((route?.handle as { preload?: unknown })?.preload).toBeInstanceOf(Function);
    }
  });

  it("reads a landing page's data with its chunk, before the first render", async () => {
    const requests = mockApi({ 'GET /api/products/p-1': () => [200, { id: 'p-1', title: 'Gold Sparklers' }] });
    const store = makeStore(signedOutState);
    await loadRoute('/products/p-1?page=2', store.dispatch);
    expect(catalogueApi.endpoints.getProduct.select('p-1')(store.getState() as ApiRootState).data).toMatchObject({ title: 'Gold Sparklers' });
    expect(requests).toHaveBeenCalledTimes(1);
    // A page without a loader: its chunk only.
    await loadRoute('/about', store.dispatch);
    expect(requests).toHaveBeenCalledTimes(1);
  });

  it('renders an unknown address as Not Found', async () => {
    renderRoutes(routes, { path: '/no/such/page', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('renders the checkout success page to a signed-in user', async () => {
    mockApi({});
    // The root layout re-reads the stored session on start.
    writeSession('token-123', user());
    renderRoutes(routes, { path: '/profile/cart/c-1/success', preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase. Your transaction was successful.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  });

  it('guards the profile pages and answers Not Found under /profile for an unknown address', async () => {
    const { router, unmount } = renderRoutes(routes, { path: '/profile/edit', preloadedState: signedOutState });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?redirect=%2Fprofile%2Fedit');
    unmount();
    mockApi({});
    writeSession('token-123', user());
    renderRoutes(routes, { path: '/profile/nothing-here', preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('shows the back office inside its layout to an admin', async () => {
    mockApi({
      'GET /api/admin/summary': () => [200, { users: 1, inventory: 2, products: 3, shows: 4 }],
      'GET /api/user/getAll': () => [200, { items: [], pagination: { page: 1, pageSize: 10, totalItems: 0, totalPages: 0, hasMore: false } }],
      'GET /api/admin/users/u1': () => [404, { message: 'User not found' }],
      'GET /api/shows': () => [200, { shows: [], pagination: { page: 1, pageSize: 25, total: 0, totalPages: 0, hasMore: false } }],
      'GET /api/reports/purchases': () => [200, { data: [], count: 0, totalSales: 0 }],
      'GET /api/reports/case-break': () => [200, { data: [], count: 0, totalQuantity: 0, statusCounts: {} }],
      'GET /api/reports': () => [200, { contents: [], totalItems: 0, hasMore: false }],
      'GET /api/admin/mail': () => [200, { contents: [], totalItems: 0, hasMore: false, totalPages: 0 }],
    });
    writeSession('token-123', user({ role: 'ADMIN' }));
    const { router } = renderRoutes(routes, { path: '/admin', preloadedState: signedInState({ role: 'ADMIN' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
    await act(() => router.navigate('/admin/reports?type=sales'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Report' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    await act(() => router.navigate('/admin/admin'));
    // §2: /admin/admin is the shows management screen.
    expect(await screen.findByRole('heading', { level: 1, name: 'Shows' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'All Shows' })).toBeInTheDocument();
    for (const [path, heading] of [
      ['/admin/products/', 'Products'],
      ['/admin/products/create', 'Create Product'],
      ['/admin/products/metadata', 'Manage Metadata'],
      ['/admin/inventory?view=low-stock', 'Inventory'],
      ['/admin/shows/showTypes', 'Manage Show Types'],
      ['/admin/shows', 'Shows'],
      ['/admin/shows/create', 'Create Show'],
      ['/admin/apparel/types', 'Apparel Types'],
      ['/admin/apparel', 'Apparel Products'],
      ['/admin/apparel/create', 'Create Apparel Product'],
      ['/admin/apparel/a1/variants', 'Apparel Variants'],
      ['/admin/users', 'Users'],
      ['/admin/users/new', 'New User'],
      ['/admin/users/u1/edit', 'Edit User'],
      ['/admin/users/u1/reset-password', 'Reset Password'],
      ['/admin/users/u1/permissions', 'User Permissions'],
      ['/admin/reports?type=case-break', 'Case Break Report'],
      ['/admin/reports?type=inventory', 'Inventory Report'],
      ['/admin/reports?type=sales&run=1', 'Sales Summary Report'],
      ['/admin/reports', 'Reports'],
      ['/admin/mail', 'Outgoing mail'],
    ]) {
      await act(() => router.navigate(path!));
      // A lazy page compiles on its first import under Jest: give it time.
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    }
    await act(() => router.navigate('/admin/no-such-screen'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  }, 30_000);

  it('renders the password reset pages inside the shell: the forgot-password page under /user, the link\'s page at the top', async () => {
    const { router } = renderRoutes(routes, { path: '/user/forgot-password', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await act(() => router.navigate('/reset-password?token=abc'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
    await act(() => router.navigate('/user/reset-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('keeps the outgoing mail to admins', async () => {
    mockApi({});
    writeSession('token-123', user());
    const { router } = renderRoutes(routes, { path: '/admin/mail', preloadedState: signedInState() });
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fmail');
    expect(screen.queryByRole('heading', { name: 'Outgoing mail' })).not.toBeInTheDocument();
  });

  it('renders a static page inside the shell', async () => {
    renderRoutes(routes, { path: '/fireworks-safety', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fireworks Safety' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('North Dakota, USA');
  });

  it('shows the crash screen inside the shell when a page throws, until the next address', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({});
    function Boom(): never {
      throw new Error('kaboom');
    }
    const { router } = renderRoutes(
      [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <Boom /> }, { path: 'fine', element: <h1>Fine</h1> }] }],
      { preloadedState: signedOutState },
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await act(() => router.navigate('/fine'));
    expect(await screen.findByRole('heading', { name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong!' })).not.toBeInTheDocument();
  });
});
