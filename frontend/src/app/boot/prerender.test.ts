import { markPrerendered, PRERENDER_MARK, prerenderedHere, shownPrerender } from './prerender';

afterEach(() => {
  document.documentElement.removeAttribute(PRERENDER_MARK);
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

const at = (pathname: string, search = '') => ({ pathname, search });

it('shows the prerendered page only at the home page, without a sign-in prompt, in the default theme', () => {
  expect(prerenderedHere(at('/'), 'light', 'light')).toBe(true);
  expect(prerenderedHere(at('/', '?utm_source=mail'), 'light', 'light')).toBe(true);
  expect(prerenderedHere(at('/', '?redirect=%2Fprofile'), 'light', 'light')).toBe(false);
  expect(prerenderedHere(at('/'), 'dark', 'light')).toBe(false);
  expect(prerenderedHere(at('/products'), 'light', 'light')).toBe(false);
  expect(prerenderedHere(at('/about'), 'light', 'light')).toBe(false);
});

it('marks the document at the home page only, and finds the page to hydrate then', () => {
  document.body.innerHTML = '<div id="root"><div data-prerender></div></div>';
  window.history.replaceState(null, '', '/products?page=1');
  markPrerendered('light', 'light');
  expect(document.documentElement.hasAttribute(PRERENDER_MARK)).toBe(false);
  expect(shownPrerender()).toBeNull();
  window.history.replaceState(null, '', '/');
  markPrerendered('light', 'light');
  expect(document.documentElement.hasAttribute(PRERENDER_MARK)).toBe(true);
  expect(shownPrerender()).toBe(document.querySelector('[data-prerender]'));
});
