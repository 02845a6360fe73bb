import { hasServerView, markPrerendered, PRERENDER_MARK, prerenderedHere, SERVER_VIEW_MARK, shownPrerender } from './prerender';

afterEach(() => {
  document.documentElement.removeAttribute(PRERENDER_MARK);
  document.documentElement.removeAttribute(SERVER_VIEW_MARK);
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

it("sees the server's first view of a page, which the app renders over instead of hydrating", () => {
  expect(hasServerView()).toBe(false);
  document.documentElement.setAttribute(SERVER_VIEW_MARK, '');
  document.body.innerHTML = '<div id="root"><div data-server-view><main id="main"><h1>Cake</h1></main></div></div>';
  window.history.replaceState(null, '', '/products/p1');
  expect(hasServerView()).toBe(true);
  expect(markPrerendered('light', 'light')).toBe(false);
  expect(shownPrerender()).toBeNull();
});
