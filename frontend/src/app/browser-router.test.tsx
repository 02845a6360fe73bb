import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { Link, Outlet, Route, Routes, useNavigate } from 'react-router';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { deferred } from '@/test/deferred';
import { LocationProbe, makeStore, signedInState } from '@/test/render';
import { AppRouter, useNavigationState } from './browser-router';
import { ScrollRestoration } from './layout/scroll-restoration';

function Shell() {
  const { pending, preventScrollReset } = useNavigationState();
  return (
    <>
      {pending && <progress aria-label="Loading page" />}
      <Suspense fallback={<p>Loading...</p>}>
        <Outlet />
        <ScrollRestoration preventScrollReset={preventScrollReset} />
      </Suspense>
      <LocationProbe />
    </>
  );
}

function Home() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Home</h1>
      <Link to="/slow">Slow page</Link>
      <button type="button" onClick={() => void navigate('/?filter=1', { preventScrollReset: true })}>
        Filter
      </button>
    </>
  );
}

function Profile() {
  const logout = useLogout();
  return (
    <>
      <h1>Profile</h1>
      <button type="button" onClick={() => void logout()}>
        Logout
      </button>
    </>
  );
}

type Module = Promise<{ default: ComponentType }>;

function renderApp(path: string, slow: Module = new Promise(() => {}), home: Module = Promise.resolve({ default: Home })) {
  window.history.replaceState(null, '', path);
  const Slow = lazy(() => slow);
  const LazyHome = lazy(() => home);
  const store = makeStore(signedInState());
  render(
    <Provider store={store}>
      <AppRouter>
        <Routes>
          <Route element={<Shell />}>
            <Route index element={<LazyHome />} />
            <Route path="slow" element={<Slow />} />
            <Route path="profile" element={<RequireAuth />}>
              <Route index element={<Profile />} />
            </Route>
          </Route>
        </Routes>
      </AppRouter>
    </Provider>,
  );
  return store;
}

afterEach(() => window.history.replaceState(null, '', '/'));

it('keeps the page and shows the loading bar while the next page loads', async () => {
  const slow = deferred<{ default: ComponentType }>();
  renderApp('/', slow.promise);
  await userEvent.click(await screen.findByRole('link', { name: 'Slow page' }));
  expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/slow');
  await act(async () => slow.resolve({ default: () => <h1>Slow</h1> }));
  expect(await screen.findByRole('heading', { name: 'Slow' })).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/slow');
});

it('starts a new page at the top, keeps the position when asked, and restores it going back', async () => {
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const slow = deferred<{ default: ComponentType }>();
  slow.resolve({ default: () => <h1>Slow</h1> });
  renderApp('/', slow.promise);
  await screen.findByRole('heading', { name: 'Home' });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 700 });
  window.dispatchEvent(new Event('scroll'));
  scrollTo.mockClear();
  await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/?filter=1');
  expect(scrollTo).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('link', { name: 'Slow page' }));
  expect(await screen.findByRole('heading', { name: 'Slow' })).toBeInTheDocument();
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

it('ends the session on logout only once the home page is shown (no redirect back)', async () => {
  const home = deferred<{ default: ComponentType }>();
  const store = renderApp('/profile', undefined, home.promise);
  await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  expect(store.getState().session.status).toBe('authenticated');
  await act(async () => home.resolve({ default: Home }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(store.getState().session.status).toBe('unauthenticated');
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});
