import { act, screen } from '@testing-library/react';
import { api } from '@/lib/api';
import { metadata, product, show } from '@/features/catalogue/test/fixtures';
import { mockApi, renderAt, signedOutState } from '@/test/render';
import ApparelDetail from './apparel-detail';
import BrandPage from './brand';

// What an admin edit will do: invalidate the item it changed. Every page showing it refetches.
describe('an item invalidation on the pages', () => {
  it('refetches the apparel detail', async () => {
    let title = 'Cody B Hoodie';
    mockApi({ 'GET /api/products/a1': () => [200, product('a1', title, { isApparel: true })] });
    const view = renderAt(<ApparelDetail />, { path: '/apparel/a1', route: '/apparel/:productId', preloadedState: signedOutState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cody B Hoodie' })).toBeInTheDocument();

    title = 'Cody B Zip Hoodie';
    act(() => {
      view.store.dispatch(api.util.invalidateTags([{ type: 'Apparel', id: 'a1' }]));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cody B Zip Hoodie' })).toBeInTheDocument();
  });

  it('refetches the brand shows', async () => {
    let title = 'Midnight Countdown Show';
    mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/shows/types/all': () => [200, []],
      'GET /api/shows/brand/Cody%20B': () => [200, { shows: [show('s1', title)], pagination: { page: 1, total: 1, totalPages: 1 } }],
    });
    const view = renderAt(<BrandPage />, { path: '/codyb?tab=shows', route: '/codyb', preloadedState: signedOutState });
    expect(await screen.findByText('Midnight Countdown Show')).toBeInTheDocument();

    title = 'Midnight Countdown Show Deluxe';
    act(() => {
      view.store.dispatch(api.util.invalidateTags([{ type: 'Show', id: 's1' }]));
    });
    expect(await screen.findByText('Midnight Countdown Show Deluxe')).toBeInTheDocument();
  });
});
