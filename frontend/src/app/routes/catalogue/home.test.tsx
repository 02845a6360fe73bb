import { screen } from '@testing-library/react';
import { mockApi, renderAt, signedOutState } from '@/test/render';
import { metadata, pageOf, product, show } from '@/features/catalogue/test/fixtures';
import Home from './home';

const calls = (fetch: jest.SpyInstance, pathname: string) =>
  fetch.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((u) => u.pathname === pathname)
    .map((u) => u.search);

describe('/ (home)', () => {
  it('shows the newest in-stock fireworks as new arrivals, as the API orders them', async () => {
    const fetch = mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/shows': () => [200, { shows: [show('s1', 'Big Night')], pagination: { page: 1, total: 1, totalPages: 1 } }],
      'GET /api/products': () => [200, pageOf([product('p2', 'Zulu Cake'), product('p1', 'Alpha Cake')])],
    });
    renderAt(<Home />, { path: '/', route: '/', preloadedState: signedOutState });
    const arrivals = await screen.findByRole('region', { name: 'New arrivals' });
    const titles = Array.from(arrivals.querySelectorAll('h3')).map((h) => h.textContent);
    expect(titles).toEqual(['Zulu Cake', 'Alpha Cake']);
    expect(calls(fetch, '/api/products')[0]).toBe('?page=1&pageSize=4&isShow=false&isApparel=false&inStock=true&sort=newest');
  });
});
