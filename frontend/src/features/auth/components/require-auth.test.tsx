import { screen } from '@testing-library/react';
import type { RootState } from '@/lib/root-reducer';
import { LocationProbe, renderRoutes, signedInState, signedOutState } from '@/test/render';
import { RequireAdmin, RequireAuth } from './require-auth';

const routes = [
  { path: '/', element: <LocationProbe /> },
  {
    path: '/profile',
    element: <RequireAuth />,
    children: [{ index: true, element: <h1>Your Account</h1> }, { path: '*', element: <h1>Your Account</h1> }],
  },
  {
    path: '/admin',
    element: <RequireAdmin />,
    children: [{ index: true, element: <h1>Dashboard</h1> }, { path: '*', element: <h1>Dashboard</h1> }],
  },
];

const loading: Partial<RootState> = { session: { status: 'loading', token: null, userInfo: null, expiresAt: null } };

describe('route guards', () => {
  it('shows Loading while the session check is pending', () => {
    renderRoutes(routes, { path: '/profile', preloadedState: loading });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a signed-out visitor to / with the original address', async () => {
    renderRoutes(routes, { path: '/profile/cart/c-1?step=2#pay', preloadedState: signedOutState });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/?redirect=${encodeURIComponent('/profile/cart/c-1?step=2#pay')}`,
    );
  });

  it('lets a signed-in user into the authenticated area', async () => {
    renderRoutes(routes, { path: '/profile', preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Your Account' })).toBeInTheDocument();
  });

  it.each(['USER', 'MANAGER', 'MEMBER'] as const)('turns role %s away from /admin with the original address', async (role) => {
    renderRoutes(routes, { path: '/admin/orders?page=2', preloadedState: signedInState({ role }) });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/?redirect=${encodeURIComponent('/admin/orders?page=2')}`);
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('turns a signed-out visitor away from /admin', async () => {
    renderRoutes(routes, { path: '/admin', preloadedState: signedOutState });
    expect(await screen.findByTestId('location')).toHaveTextContent('/?redirect=%2Fadmin');
  });

  it('lets an ADMIN into /admin', async () => {
    renderRoutes(routes, { path: '/admin', preloadedState: signedInState({ role: 'ADMIN' }) });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
