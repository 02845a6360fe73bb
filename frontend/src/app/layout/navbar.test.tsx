import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession, writeSession } from '@/lib/session/session-storage';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState, signedOutState, user } from '@/test/render';
import { Navbar } from './navbar';

const cartPath = '/api/cart/0190f1c2-0000-7000-8000-0000000000c1';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('Navbar', () => {
  it('links the logo home and the catalogues to their first page', () => {
    mockApi({});
    renderAt(<Navbar />, { preloadedState: signedOutState });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Fireworks Shop home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products?page=1&pageSize=25');
    expect(nav.getByRole('link', { name: 'Shows' })).toHaveAttribute('href', '/shows?page=1&pageSize=25');
    expect(nav.getByRole('link', { name: 'Apparel' })).toHaveAttribute('href', '/apparel?page=1&pageSize=25');
  });

  it('offers Sign Up and Sign In when signed out', () => {
    renderAt(<Navbar />, { preloadedState: signedOutState });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/user/register');
    expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/user/login');
    expect(nav.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('carries a pending redirect value into the Sign In link', () => {
    renderAt(<Navbar />, { path: '/?redirect=%2Fprofile', preloadedState: signedOutState });
    expect(mainNav().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/user/login?redirect=%2Fprofile');
  });

  it('shows Profile, the cart with its item count and Logout when signed in', async () => {
    mockApi({
      [`GET ${cartPath}`]: () => [
        200,
        {
          id: 'c-1',
          userId: 'u-1',
          cartProducts: [
            { id: 'l1', caseQuantity: 2, unitQuantity: 3 },
            { id: 'l2', caseQuantity: 1, unitQuantity: 0 },
          ],
        },
      ],
    });
    renderAt(<Navbar />, { preloadedState: signedInState() });
    const nav = mainNav();
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    const cart = await nav.findByRole('link', { name: 'Cart, 6 items' });
    expect(cart).toHaveAttribute('href', '/profile/cart/0190f1c2-0000-7000-8000-0000000000c1');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows no count, never a 0, until the cart is read', async () => {
    const answer = deferred<[number, unknown]>();
    const fetch = mockApi({ [`GET ${cartPath}`]: () => answer.promise });
    renderAt(<Navbar />, { preloadedState: signedInState() });
    const nav = mainNav();
    const noCountYet = () => {
      expect(nav.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/profile/cart/0190f1c2-0000-7000-8000-0000000000c1');
      expect(nav.queryByTestId('cart-badge')).not.toBeInTheDocument();
      expect(nav.queryByText('0')).not.toBeInTheDocument();
    };
    // The cart's chunk on its way, then its read.
    noCountYet();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    noCountYet();
    answer.resolve([200, { id: 'c', userId: 'u', cartProducts: [{ id: 'l1', caseQuantity: 2, unitQuantity: 0 }] }]);
    expect(await nav.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(nav.getByTestId('cart-badge')).toHaveTextContent(/^2$/);
  });

  it('keeps the cart in the bar, out of the phone menu', async () => {
    mockApi({ [`GET ${cartPath}`]: () => [200, { id: 'c', userId: 'u', cartProducts: [] }] });
    const ue = userEvent.setup();
    renderAt(<Navbar />, { preloadedState: signedInState() });
    expect(await mainNav().findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(mobile.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(mobile.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
  });

  it('sends the bearer token with the cart call', async () => {
    let auth: string | null = null;
    mockApi({
      [`GET ${cartPath}`]: (req) => {
        auth = req.headers.get('authorization');
        return [200, { id: 'c', userId: 'u', cartProducts: [] }];
      },
    });
    renderAt(<Navbar />, { preloadedState: signedInState() });
    await waitFor(() => expect(auth).toBe('Bearer token-123'));
  });

  it('shows a 0 badge when the cart call fails', async () => {
    const fetch = mockApi({});
    renderAt(<Navbar />, { preloadedState: signedInState() });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(await mainNav().findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('shows the Admin link to ADMIN only', () => {
    mockApi({});
    const { unmount } = renderAt(<Navbar />, { preloadedState: signedInState({ role: 'ADMIN' }) });
    expect(mainNav().getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    unmount();
    renderAt(<Navbar />, { preloadedState: signedInState({ role: 'MANAGER' }) });
    expect(mainNav().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out: clears the session and goes to /', async () => {
    mockApi({});
    writeSession('token-123', user());
    const ue = userEvent.setup();
    const view = renderAt(<Navbar />, { path: '/profile', preloadedState: signedInState() });
    await ue.click(mainNav().getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(view.store.getState().session.status).toBe('unauthenticated'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(readSession()).toBeNull();
  });

  it('ends the session on a 401 from the API', async () => {
    mockApi({ [`GET ${cartPath}`]: () => [401, { message: 'Unauthorized' }] });
    writeSession('token-123', user());
    const view = renderAt(<Navbar />, { preloadedState: signedInState() });
    await waitFor(() => expect(view.store.getState().session.status).toBe('unauthenticated'));
    expect(readSession()).toBeNull();
    expect(await mainNav().findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens a mobile menu with the same links', async () => {
    const ue = userEvent.setup();
    renderAt(<Navbar />, { preloadedState: signedOutState });
    await ue.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(mobile.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
