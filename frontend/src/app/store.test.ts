import { waitFor } from '@testing-library/react';
import type { ApiRootState } from '@/lib/api';
import { sessionEnded } from '@/lib/session/session-slice';
import { readSession, writeSession } from '@/lib/session/session-storage';
import { themeChanged } from '@/lib/theme/theme-slice';
import { mockApi, signedInState, user } from '@/test/render';

// Each test loads the modules afresh (jest.isolateModulesAsync), so that the API module is not in
// before the store is made unless the test loads it.

describe('the store', () => {
  it('gains the API cache when the API module loads after it was made, as in the browser', async () => {
    const requests = mockApi({ 'GET /api/metadata': () => [200, { brands: [] }] });
    await jest.isolateModulesAsync(async () => {
      const { makeStore } = await import('@/app/store');
      const store = makeStore();
      // main.js makes the store; RTK Query arrives with the first page that reads data.
      expect(store.getState()).not.toHaveProperty('api');

      const { catalogueApi } = await import('@/features/catalogue/api/catalogue-api');
      // Initialised at once, before any component reads it: the middleware ran too.
      expect(store.getState()).toHaveProperty('api.config.middlewareRegistered', true);

      await store.dispatch(catalogueApi.endpoints.getMetadata.initiate());
      expect(catalogueApi.endpoints.getMetadata.select()(store.getState() as ApiRootState).data).toEqual({ brands: [] });
      expect(requests).toHaveBeenCalledTimes(1);
    });
  });

  it('forgets the stored session and every cached answer when the session ends', async () => {
    mockApi({ 'GET /api/metadata': () => [200, { brands: [] }] });
    await jest.isolateModulesAsync(async () => {
      const { makeStore } = await import('@/app/store');
      const { catalogueApi } = await import('@/features/catalogue/api/catalogue-api');
      writeSession('token-123', user());
      const store = makeStore(signedInState());
      await store.dispatch(catalogueApi.endpoints.getMetadata.initiate());
      expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(1);

      store.dispatch(sessionEnded());
      expect(readSession()).toBeNull();
      expect(store.getState().api?.queries).toEqual({});
    });
  });

  it('stores and shows a chosen theme', async () => {
    await jest.isolateModulesAsync(async () => {
      const { makeStore } = await import('@/app/store');
      const store = makeStore();
      store.dispatch(themeChanged('dark'));
      expect(store.getState().theme.name).toBe('dark');
      await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'dark'));
      expect(localStorage.getItem('theme')).toBe('dark');
    });
  });
});
