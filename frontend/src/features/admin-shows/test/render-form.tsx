import { Toaster } from '@/components/toaster';
import { LocationProbe, mockApi, renderRoutes, signedInState } from '@/test/render';
import ShowCreateRoute from '../routes/show-create';
import ShowEditRoute from '../routes/show-edit';
import { options, showTypes } from './fixtures';

export type Handlers = Parameters<typeof mockApi>[0];

/** The show list, create and edit routes, with the form's choices answered. */
export function renderShowForm(path: string, handlers: Handlers = {}) {
  const calls = mockApi({ 'GET /api/metadata': () => [200, options()], 'GET /api/shows/types/all': () => [200, showTypes()], ...handlers });
  const withToasts = (element: React.ReactNode) => (
    <>
      {element}
      <Toaster />
    </>
  );
  const view = renderRoutes(
    [
      { path: '/admin/shows', element: withToasts(<LocationProbe />) },
      { path: '/admin/shows/create', element: withToasts(<ShowCreateRoute />) },
      { path: '/admin/shows/:showId/edit', element: withToasts(<ShowEditRoute />) },
    ],
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const sent = (method: string) => calls.mock.calls.filter(([r]) => r.method === method).map(([r]) => r);
  return { calls, sent, ...view };
}
