import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { makeStore, mockApi, renderRoutes, signedOutState } from '@/test/render';
import type { PageLoader } from '../routes/page-loader';
import { landingPage } from './landing-pages';

/**
 * The boot script preloads the API reads landing-pages.ts names for a page; they are only used
 * when the page's own first reads are those very URLs, and its loader's (main.tsx reads them
 * before the first render). Each page is rendered here, and its loader run, and their requests
 * compared with the table's.
 */
const PAGES: [string, string, () => Promise<{ default: ComponentType; load?: PageLoader }>][] = [
  ['/products', '?page=2&pageSize=10&categories=c1,c2&searchTitle=big%20cake', () => import('@/app/routes/catalogue/products')],
  ['/products', '', () => import('@/app/routes/catalogue/products')],
  ['/apparel', '?sizes=XL&genders=MALE&showOutOfStock=true', () => import('@/app/routes/catalogue/apparel')],
  ['/shows', '?showType=st-1&page=3', () => import('@/app/routes/catalogue/shows')],
  ['/products/:productId', 'p-1', () => import('@/app/routes/catalogue/product-detail')],
  ['/apparel/:productId', 'a-1', () => import('@/app/routes/catalogue/apparel-detail')],
  ['/shows/:showId', 's-1', () => import('@/app/routes/catalogue/show-detail')],
];

const where = (pattern: string, tail: string) => {
  const path = pattern.includes(':') ? pattern.replace(/:\w+$/, tail) : `${pattern}${tail}`;
  const [pathname, search = ''] = path.split('?');
  return { path, pathname, search: search ? `?${search}` : '' };
};

const urls = (requests: jest.Mock<void, [Request]>) => [
  ...new Set(requests.mock.calls.map(([r]) => `${new URL(r.url).pathname}${new URL(r.url).search}`)),
];

it.each(PAGES)('%s%s starts with the reads the boot script preloads', async (pattern, tail, load) => {
  const Page = (await load()).default;
  const { path, pathname, search } = where(pattern, tail);
  const expected = landingPage(pathname, search)!.api;
  const requests = mockApi({});
  renderRoutes([{ path: pattern, element: <Page /> }], { path, preloadedState: signedOutState });
  await waitFor(() => expect(urls(requests).length).toBeGreaterThanOrEqual(expected.length));
  expect(urls(requests).sort()).toEqual([...expected].sort());
});

it.each(PAGES)('%s%s has a loader that reads the same', async (pattern, tail, load) => {
  const loader = (await load()).load;
  const { pathname, search } = where(pattern, tail);
  const requests = mockApi({});
  const store = makeStore(signedOutState);
  const params = matchPath(pattern, pathname)?.params ?? {};
  await Promise.all(loader!(store.dispatch, { params, search }));
  expect(urls(requests).sort()).toEqual([...landingPage(pathname, search)!.api].sort());
});
