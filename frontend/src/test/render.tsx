import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { makeStore } from '@/app/store';
import type { RootState } from '@/lib/root-reducer';
import type { StoredSession, UserInfo } from '@/lib/session/types';

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

/**
 * Replaces fetch with `handlers`, keyed "METHOD /api/path". Unknown calls answer 404.
 * Returns the jest mock so tests can count calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const handler = handlers[`${request.method} ${url.pathname}`];
    const [status, body] = handler ? await handler(request) : [404, { message: 'Not found' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}
