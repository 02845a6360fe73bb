import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from '@/components/toaster';
import { LocationProbe, mockApi, renderRoutes, signedInState } from '@/test/render';
import UserEditRoute from '../routes/user-edit';
import UserNewRoute from '../routes/user-new';
import UserPermissionsRoute from '../routes/user-permissions';
import UserResetPasswordRoute from '../routes/user-reset-password';

type Handlers = Parameters<typeof mockApi>[0];

const withToasts = (page: ReactElement) => (
  <>
    {page}
    <Toaster />
  </>
);

/** The four user screens and a probe at /admin/users (where each returns), signed in as an admin. */
export function renderUserScreen(path: string, handlers: Handlers = {}) {
  const calls = mockApi(handlers);
  const view = renderRoutes(
    [
      { path: '/admin/users', element: withToasts(<LocationProbe />) },
      { path: '/admin/users/new', element: withToasts(<UserNewRoute />) },
      { path: '/admin/users/:userId/edit', element: withToasts(<UserEditRoute />) },
      { path: '/admin/users/:userId/reset-password', element: withToasts(<UserResetPasswordRoute />) },
      { path: '/admin/users/:userId/permissions', element: withToasts(<UserPermissionsRoute />) },
    ],
    { path, preloadedState: signedInState({ role: 'ADMIN', id: 'me' }) },
  );
  const sent = (method: string) => calls.mock.calls.filter(([r]) => r.method === method).map(([r]) => r);
  return { ...view, calls, sent };
}

/** A form control by its exact label ("Password" is not "Confirm Password"). */
export const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });
