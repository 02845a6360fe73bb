import type { ReactElement } from 'react';
import { Toaster } from '@/components/toaster';
import type { RootState } from '@/lib/root-reducer';
import { LocationProbe, mockApi, renderRoutes, signedOutState } from '@/test/render';
import ForgotPasswordRoute from '../routes/forgot-password';
import LoginRoute from '../routes/login';
import ResetPasswordRoute from '../routes/reset-password';

type Handlers = Parameters<typeof mockApi>[0];

const withProbe = (page: ReactElement) => (
  <>
    {page}
    <LocationProbe />
    <Toaster />
  </>
);

/**
 * The sign-in, forgot-password and reset-password pages at `path` (signed out unless told),
 * answering `handlers`; any other address shows the probe only.
 */
export function renderAuthPage(path: string, handlers: Handlers = {}, preloadedState: Partial<RootState> = signedOutState) {
  const calls = mockApi(handlers);
  const view = renderRoutes(
    [
      { path: '/user/login', element: withProbe(<LoginRoute />) },
      { path: '/user/forgot-password', element: withProbe(<ForgotPasswordRoute />) },
      { path: '/reset-password', element: withProbe(<ResetPasswordRoute />) },
      { path: '*', element: <LocationProbe /> },
    ],
    { path, preloadedState },
  );
  /** The requests sent to `pathname` ("/api/user/forgot-password"). */
  const sent = (pathname: string) => calls.mock.calls.map(([r]) => r).filter((r) => new URL(r.url).pathname === pathname);
  return { ...view, calls, sent };
}
