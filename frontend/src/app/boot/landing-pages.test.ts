import { paths } from '@/lib/paths';
import { canonicalAddress, LANDING_PAGES, landingPage, matchPattern } from './landing-pages';

it('names only patterns of paths.ts', () => {
  const patterns = Object.values(paths).map((route) => route.path as string);
  for (const [pattern] of LANDING_PAGES) expect(patterns).toContain(pattern);
});

it('matches a pattern segment by segment', () => {
  expect(matchPattern('/', '/')).toEqual({});
  expect(matchPattern('/products', '/products/')).toEqual({});
  expect(matchPattern('/products/:productId', '/products/p-1')).toEqual({ productId: 'p-1' });
  expect(matchPattern('/products/:productId', '/products')).toBeNull();
  expect(matchPattern('/products', '/apparel')).toBeNull();
});

it('answers the landing page of a path, with the API reads it starts with', () => {
  expect(landingPage('/')).toEqual({ chunk: 'home', api: [] });
  expect(landingPage('/products')).toEqual({
    chunk: 'products',
    api: [
      '/api/metadata',
      '/api/products?page=1&pageSize=25&isShow=false&isApparel=false&inStock=true',
      '/api/products/facets?isShow=false&isApparel=false&inStock=true',
    ],
  });
  expect(landingPage('/products', '?page=2&pageSize=10&categories=c1,c2&showOutOfStock=true')?.api).toEqual([
    '/api/metadata',
    '/api/products?page=2&pageSize=10&isShow=false&isApparel=false&showOutOfStock=true&categories=c1&categories=c2',
    '/api/products/facets?isShow=false&isApparel=false&showOutOfStock=true&categories=c1&categories=c2',
  ]);
  expect(landingPage('/shows', '?showType=st-1')?.api).toEqual([
    '/api/shows/types/all',
    '/api/shows?page=1&pageSize=25&typeId=st-1',
    '/api/shows/facets?facets=showTypes',
  ]);
  expect(landingPage('/products/p-1')).toEqual({ chunk: 'product-detail', api: ['/api/products/p-1'] });
  expect(landingPage('/apparel/a-1')).toEqual({ chunk: 'apparel-detail', api: ['/api/products/a-1'] });
  expect(landingPage('/shows/s-1')).toEqual({ chunk: 'show-detail', api: ['/api/shows/s-1'] });
  expect(landingPage('/codyb')).toEqual({ chunk: 'brand', api: [] });
  expect(landingPage('/profile')).toBeNull();
  expect(landingPage('/products/p-1/more')).toBeNull();
});

it('rewrites /products without valid paging as the page would, and nothing else', () => {
  expect(canonicalAddress('/products', '')).toBe('/products?page=1&pageSize=25');
  expect(canonicalAddress('/products', '?categories=c1&page=0')).toBe('/products?page=1&pageSize=25&categories=c1');
  expect(canonicalAddress('/products/', '?pageSize=10')).toBe('/products/?page=1&pageSize=10');
  expect(canonicalAddress('/products', '?page=2&pageSize=10')).toBeNull();
  expect(canonicalAddress('/apparel', '')).toBeNull();
  expect(canonicalAddress('/products/p-1', '')).toBeNull();
});
