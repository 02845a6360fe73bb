import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderAt, signedOutState } from '@/test/render';
import { metadata, pageOf, product, showTypes } from '@/features/catalogue/test/fixtures';
import Apparel from './apparel';
import BrandPage from './brand';
import Products from './products';
import Shows from './shows';

// Every filter option shows the server's count of what it would give with the other filters
// ("Cody B (12)"); options without any are hidden unless chosen. The page never counts itself.

const searches = (fetch: jest.SpyInstance, path: string) =>
  fetch.mock.calls.map(([input]) => new URL((input as Request).url)).filter((u) => u.pathname === path).map((u) => u.search);

const group = (name: RegExp) => screen.findByRole('group', { name });

describe('filter counts', () => {
  it('/products shows each option with its count, hides options without products, keeps a chosen one', async () => {
    const fetch = mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/products': () => [200, pageOf([product('p1', 'Apollo Cake')])],
      'GET /api/products/facets': () => [
        200,
        { brands: [{ id: 'b-cody', count: 12 }], categories: [{ id: 'c-cakes', count: 3 }], colors: [], effects: [{ id: 'e-peony', count: 5 }] },
      ],
    });
    renderAt(<Products />, { path: '/products?page=2&pageSize=10&brands=b-apollo', route: '/products', preloadedState: signedOutState });
    const brands = await group(/Brands/);
    expect(await within(brands).findByRole('checkbox', { name: 'Cody B (12)' })).not.toBeChecked();
    // Chosen but giving nothing with the other filters: still there, so it can be unchecked.
    expect(within(brands).getByRole('checkbox', { name: 'Apollo Fireworks (0)' })).toBeChecked();
    expect(within(await group(/Categories/)).getByRole('checkbox', { name: '500 Gram Cakes (3)' })).toBeInTheDocument();
    expect(within(await group(/Colors/)).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(await group(/Effects/)).getByRole('checkbox', { name: 'Peony (5)' })).toBeInTheDocument();
    // The list's own filters, without paging.
    expect(searches(fetch, '/api/products/facets')).toEqual(['?isShow=false&isApparel=false&inStock=true&brands=b-apollo']);
  });

  it('/products shows the options without counts while the counts are unavailable', async () => {
    mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/products': () => [200, pageOf([product('p1', 'Apollo Cake')])],
      'GET /api/products/facets': () => [400, { message: 'facets must be among brands' }],
    });
    renderAt(<Products />, { path: '/products?page=1&pageSize=25', route: '/products', preloadedState: signedOutState });
    expect(await within(await group(/Brands/)).findByRole('checkbox', { name: 'Apollo Fireworks' })).toBeInTheDocument();
  });

  it('/apparel offers only brands with apparel, and counts genders and sizes', async () => {
    const fetch = mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/apparel/types/all': () => [200, metadata.apparelTypes],
      'GET /api/apparel': () => [200, pageOf([])],
      'GET /api/apparel/facets': () => [
        200,
        {
          brands: [{ id: 'b-cody', count: 4 }],
          colors: [{ id: 'col-red', count: 2 }],
          apparelTypes: [{ id: 't-hoodie', count: 4 }],
          genders: [{ id: 'MALE', count: 3 }],
          sizes: [{ id: 'XL', count: 1 }],
        },
      ],
    });
    renderAt(<Apparel />, { path: '/apparel?sizes=XL', route: '/apparel', preloadedState: signedOutState });
    const brands = await group(/Brands/);
    expect(await within(brands).findByRole('checkbox', { name: 'Cody B (4)' })).toBeInTheDocument();
    expect(within(brands).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(await group(/Apparel Types/)).getByRole('checkbox', { name: 'Hoodie (4)' })).toBeInTheDocument();
    const genders = await group(/Genders/);
    expect(within(genders).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(genders).getByRole('checkbox', { name: "Men's (3)" })).toBeInTheDocument();
    expect(within(await group(/Sizes/)).getByRole('checkbox', { name: 'XL (1)' })).toBeChecked();
    expect(searches(fetch, '/api/apparel/facets')).toEqual(['?sizes=XL']);
  });

  it('/shows counts the shows of each type and hides types without shows', async () => {
    mockApi({
      'GET /api/shows/types/all': () => [200, showTypes],
      'GET /api/shows': () => [200, { shows: [], pagination: { page: 1, total: 0, totalPages: 0 } }],
      'GET /api/shows/facets': (req) => [200, new URL(req.url).searchParams.get('facets') === 'showTypes' ? { showTypes: [{ id: 'st-july', count: 2 }] } : {}],
    });
    renderAt(<Shows />, { path: '/shows', route: '/shows', preloadedState: signedOutState });
    const types = await group(/Show type/);
    expect(await within(types).findByRole('button', { name: 'Fourth of July (2)' })).toBeInTheDocument();
    expect(within(types).queryByRole('button', { name: /Wedding/ })).not.toBeInTheDocument();
    expect(within(types).getByRole('button', { name: 'All' })).toBeInTheDocument();
  });

  it('/codyb adds the counts of its fireworks and apparel lists', async () => {
    const fetch = mockApi({
      'GET /api/metadata': () => [200, metadata],
      'GET /api/apparel/types/all': () => [200, metadata.apparelTypes],
      'GET /api/shows/types/all': () => [200, showTypes],
      'GET /api/products': () => [200, pageOf([product('p1', 'Apollo Cake')])],
      'GET /api/apparel': () => [200, pageOf([])],
      'GET /api/shows/brand/Cody%20B': () => [200, { shows: [], pagination: { page: 1, total: 0, totalPages: 0 } }],
      'GET /api/products/facets': () => [200, { colors: [{ id: 'col-red', count: 2 }], effects: [{ id: 'e-peony', count: 2 }], categories: [], apparelTypes: [] }],
      'GET /api/apparel/facets': () => [200, { colors: [{ id: 'col-red', count: 1 }], effects: [], categories: [], apparelTypes: [{ id: 't-hoodie', count: 1 }] }],
    });
    renderAt(<BrandPage />, { path: '/codyb', route: '/codyb', preloadedState: signedOutState });
    expect(await within(await group(/Colors/)).findByRole('checkbox', { name: 'Red (3)' })).toBeInTheDocument();
    expect(within(await group(/Effects/)).getByRole('checkbox', { name: 'Peony (2)' })).toBeInTheDocument();
    expect(within(await group(/Apparel Types/)).getByRole('checkbox', { name: 'Hoodie (1)' })).toBeInTheDocument();
    await waitFor(() => expect(searches(fetch, '/api/apparel/facets')).toHaveLength(1));
    expect(searches(fetch, '/api/products/facets')[0]).toBe(
      '?isShow=false&isApparel=false&inStock=true&brands=b-cody&facets=categories%2Ccolors%2Ceffects%2CapparelTypes%2Cgenders%2Csizes',
    );
  });
});
