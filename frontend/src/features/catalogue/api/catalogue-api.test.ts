import { waitFor } from '@testing-library/react';
import { api } from '@/lib/api';
import { makeStore, mockApi } from '@/test/render';
import { pageOf, product, show } from '../test/fixtures';
import { catalogueApi } from './catalogue-api';

type Tag = { type: 'Product' | 'Apparel' | 'Show'; id: string };
type Store = ReturnType<typeof makeStore>;

const cake = product('p1', 'Apollo Cake');
const hoodie = product('a1', 'Cody B Hoodie', { isApparel: true });
const shows = { shows: [show('s1', 'Midnight Countdown Show')], pagination: { page: 1, total: 1, totalPages: 1 } };
const { endpoints } = catalogueApi;

/** Every view of a catalogue item: its request path, how to subscribe to it, and the item tags that must reach it. */
const views: [string, string, (store: Store) => { unsubscribe: () => void }, Tag[]][] = [
  ['product list', '/api/products', (s) => s.dispatch(endpoints.getProducts.initiate('page=1&pageSize=25')), [{ type: 'Product', id: 'p1' }, { type: 'Product', id: 'a1' }, { type: 'Apparel', id: 'a1' }]],
  ['product detail', '/api/products/p1', (s) => s.dispatch(endpoints.getProduct.initiate('p1')), [{ type: 'Product', id: 'p1' }]],
  ['apparel list', '/api/apparel', (s) => s.dispatch(endpoints.getApparel.initiate('page=1&pageSize=25')), [{ type: 'Product', id: 'a1' }, { type: 'Apparel', id: 'a1' }]],
  ['apparel detail', '/api/products/a1', (s) => s.dispatch(endpoints.getProduct.initiate('a1')), [{ type: 'Product', id: 'a1' }, { type: 'Apparel', id: 'a1' }]],
  ['shows list', '/api/shows', (s) => s.dispatch(endpoints.getShows.initiate('page=1&pageSize=25')), [{ type: 'Show', id: 's1' }]],
  ['brand shows', '/api/shows/brand/Cody%20B', (s) => s.dispatch(endpoints.getBrandShows.initiate({ brand: 'Cody B', search: 'page=1&pageSize=25' })), [{ type: 'Show', id: 's1' }]],
  ['show detail', '/api/shows/s1', (s) => s.dispatch(endpoints.getShow.initiate('s1')), [{ type: 'Show', id: 's1' }]],
];

function setup() {
  const requests = mockApi({
    'GET /api/products': () => [200, pageOf([cake, hoodie])],
    'GET /api/products/p1': () => [200, cake],
    'GET /api/products/a1': () => [200, hoodie],
    'GET /api/apparel': () => [200, pageOf([hoodie])],
    'GET /api/shows': () => [200, shows],
    'GET /api/shows/brand/Cody%20B': () => [200, shows],
    'GET /api/shows/s1': () => [200, shows.shows[0]],
  });
  const count = (path: string) => requests.mock.calls.filter(([request]) => new URL(request.url).pathname === path).length;
  return { store: makeStore(), count };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('catalogue cache tags', () => {
  it.each(views)('an invalidation of an item refetches the %s', async (_name, path, subscribe, tags) => {
    const { store, count } = setup();
    const subscription = subscribe(store);
    await waitFor(() => expect(count(path)).toBe(1));
    for (const [i, tag] of tags.entries()) {
      store.dispatch(api.util.invalidateTags([tag]));
      await waitFor(() => expect(count(path)).toBe(i + 2));
    }
    subscription.unsubscribe();
  });

  it.each(views)('an invalidation of another item leaves the %s alone', async (_name, path, subscribe) => {
    const { store, count } = setup();
    const subscription = subscribe(store);
    await waitFor(() => expect(count(path)).toBe(1));
    store.dispatch(api.util.invalidateTags([{ type: 'Product', id: 'p9' }, { type: 'Apparel', id: 'a9' }, { type: 'Show', id: 's9' }]));
    await settle();
    expect(count(path)).toBe(1);
    subscription.unsubscribe();
  });
});
