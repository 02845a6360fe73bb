import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { makeStore } from '@/app/store';
import { markAddressRendered } from '@/lib/navigation';
import type { RootState } from '@/lib/root-reducer';
import type { StoredSession, UserInfo } from '@/lib/session/types';
import { server } from './server';

// Tests of features and shared components get the app's store through this harness, so they
// keep the one-way imports (features and components never import src/app).
export { makeStore };

/** Shows the current address so tests can assert where a redirect went. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: '0190f1c2-0000-7000-8000-000000000001',
  email: 'buyer@example.com',
  role: 'USER',
  profile: null,
  Cart: { id: '0190f1c2-0000-7000-8000-0000000000c1', userId: '0190f1c2-0000-7000-8000-000000000001' },
  ...over,
});

export const storedSession = (over: Partial<UserInfo> = {}, expiresAt = Date.now() + 3_600_000): StoredSession => ({
  token: 'token-123',
  userInfo: user(over),
  expiresAt,
});

export function signedInState(over: Partial<UserInfo> = {}): Partial<RootState> {
  const s = storedSession(over);
  return { session: { status: 'authenticated', token: s.token, userInfo: s.userInfo, expiresAt: s.expiresAt } };
}

export const signedOutState: Partial<RootState> = {
  session: { status: 'unauthenticated', token: null, userInfo: null, expiresAt: null },
};

/** Renders `routes` in a memory router at `path` with a fresh store. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', preloadedState }: { path?: string; preloadedState?: Partial<RootState> } = {},
) {
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // What the app's router does once it has rendered an address (src/app/browser-router.tsx).
  router.subscribe(() => markAddressRendered());
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router };
}

/** Renders one element at `path`, with a probe route for every other address. */
export function renderAt(element: ReactElement, opts: { path?: string; route?: string; preloadedState?: Partial<RootState> } = {}) {
  const route = opts.route ?? (opts.path ?? '/').split('?')[0];
  return renderRoutes(
    [
      { path: route, element: <>{element}<LocationProbe /></> },
      { path: '*', element: <LocationProbe /> },
    ],
    opts,
  );
}

type Handler = (request: Request) => Promise<[number, unknown]> | [number, unknown];

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/**
 * Answers the API calls keyed "METHOD /api/path" with `handlers`, as MSW handlers on the shared
 * server (dropped after the test); any other API call answers 404 `{message}`.
 * Returns a jest mock called with every request the server sees, so tests can count calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests = jest.fn<void, [Request]>();
  server.events.on('request:start', ({ request }) => requests(request));
  server.use(
    ...Object.entries(handlers).map(([key, handler]) => {
      const [method, pathname] = key.split(' ');
      const on = METHODS[method as keyof typeof METHODS];
      if (!on || !pathname?.startsWith('/api/')) throw new Error(`mockApi: expected "METHOD /api/path", got "${key}"`);
      return on(`${location.origin}${pathname}`, async ({ request }) => {
        const [status, body] = await handler(request);
        // 204 and 304 carry no body (a Response refuses one).
        if (status === 204 || status === 304) return new HttpResponse(null, { status });
        return HttpResponse.json(body as JsonBodyType, { status });
      });
    }),
  );
  return requests;
}
