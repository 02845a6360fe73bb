import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { mockApi, renderRoutes, signedOutState } from '@/test/render';
import { landingPage } from './landing-pages';

/**
 * The boot script preloads the API reads landing-pages.ts names for a page; they are only used
 * when the page's own first reads are those very URLs. Each list page is rendered here and its
 * requests compared with the table's.
 */
const PAGES: [string, string, () => Promise<{ default: ComponentType }>][] = [
  ['/products', '?page=2&pageSize=10&categories=c1,c2&searchTitle=big%20cake', () => import('@/app/routes/catalogue/products')],
  ['/products', '', () => import('@/app/routes/catalogue/products')],
  ['/apparel', '?sizes=XL&genders=MALE&showOutOfStock=true', () => import('@/app/routes/catalogue/apparel')],
  ['/shows', '?showType=st-1&page=3', () => import('@/app/routes/catalogue/shows')],
  ['/products/:productId', 'p-1', () => import('@/app/routes/catalogue/product-detail')],
  ['/shows/:showId', 's-1', () => import('@/app/routes/catalogue/show-detail')],
];

it.each(PAGES)('%s%s starts with the reads the boot script preloads', async (pattern, tail, load) => {
  const Page = (await load()).default;
  const path = pattern.includes(':') ? pattern.replace(/:\w+$/, tail) : `${pattern}${tail}`;
  const [pathname, search = ''] = path.split('?');
  const expected = landingPage(pathname, search ? `?${search}` : '')!.api;
  const requests = mockApi({});
  renderRoutes([{ path: pattern, element: <Page /> }], { path, preloadedState: signedOutState });
  const seen = () => [...new Set(requests.mock.calls.map(([r]) => `${new URL(r.url).pathname}${new URL(r.url).search}`))];
  await waitFor(() => expect(seen().length).toBeGreaterThanOrEqual(expected.length));
  expect(seen().sort()).toEqual([...expected].sort());
});
