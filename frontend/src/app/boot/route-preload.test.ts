import { preloadLandingChunks } from './route-preload';

const FILES = {
  'product-detail': ['/assets/309.js', '/assets/product-detail.js'],
  products: ['/assets/products.js'],
};

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => [
    l.getAttribute('as'),
    l.getAttribute('href'),
    l.getAttribute('crossorigin'),
  ]);

afterEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

it("preloads a landing page's chunks and its API reads", () => {
  window.history.replaceState(null, '', '/products/p-1?ref=mail');
  preloadLandingChunks(FILES);
  expect(preloads()).toEqual([
    ['script', '/assets/309.js', null],
    ['script', '/assets/product-detail.js', null],
    ['fetch', '/api/products/p-1', 'anonymous'],
  ]);
});

it("preloads a list page's first reads, from its address", () => {
  window.history.replaceState(null, '', '/products?page=2&pageSize=10');
  preloadLandingChunks(FILES);
  expect(preloads()).toEqual([
    ['script', '/assets/products.js', null],
    ['fetch', '/api/metadata', 'anonymous'],
    ['fetch', '/api/products?page=2&pageSize=10&isShow=false&isApparel=false&inStock=true', 'anonymous'],
    ['fetch', '/api/products/facets?isShow=false&isApparel=false&inStock=true', 'anonymous'],
  ]);
});

it('rewrites /products to the address the page would, before preloading its reads', () => {
  window.history.replaceState({ kept: true }, '', '/products?categories=c1#top');
  preloadLandingChunks(FILES);
  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/products?page=1&pageSize=25&categories=c1');
  expect(window.history.state).toEqual({ kept: true });
  expect(preloads()).toContainEqual(['fetch', '/api/products?page=1&pageSize=25&isShow=false&isApparel=false&inStock=true&categories=c1', 'anonymous']);
});

it('preloads nothing on another page, or for a chunk the build did not list', () => {
  window.history.replaceState(null, '', '/profile');
  preloadLandingChunks(FILES);
  window.history.replaceState(null, '', '/');
  preloadLandingChunks(FILES);
  expect(preloads()).toEqual([]);
});
