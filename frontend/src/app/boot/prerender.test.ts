import { markPrerendered, PRERENDER_MARK, prerenderedHere } from './prerender';

afterEach(() => {
  document.documentElement.removeAttribute(PRERENDER_MARK);
  window.history.replaceState(null, '', '/');
});

it('shows the prerendered page only at the home page without a sign-in prompt', () => {
  expect(prerenderedHere({ pathname: '/', search: '' })).toBe(true);
  expect(prerenderedHere({ pathname: '/', search: '?utm_source=mail' })).toBe(true);
  expect(prerenderedHere({ pathname: '/', search: '?redirect=%2Fprofile' })).toBe(false);
  expect(prerenderedHere({ pathname: '/products', search: '' })).toBe(false);
  expect(prerenderedHere({ pathname: '/about', search: '' })).toBe(false);
});

it('marks the document at the home page only', () => {
  window.history.replaceState(null, '', '/products?page=1');
  markPrerendered();
  expect(document.documentElement.hasAttribute(PRERENDER_MARK)).toBe(false);
  window.history.replaceState(null, '', '/');
  markPrerendered();
  expect(document.documentElement.hasAttribute(PRERENDER_MARK)).toBe(true);
});
