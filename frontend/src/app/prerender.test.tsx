import { prerenderHome } from './prerender';

it('renders the home page as a first visit shows it: shell, hero, shelves still loading', async () => {
  const html = await prerenderHome();
  const doc = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
  const text = doc.body.textContent ?? '';
  expect(doc.querySelectorAll('main#main')).toHaveLength(1);
  expect(doc.querySelector('h1')?.textContent).toBe('Light up the night');
  expect(doc.querySelector('nav[aria-label="Main"]')).not.toBeNull();
  expect(doc.querySelector('footer')).not.toBeNull();
  for (const line of ['Loading featured shows...', 'Loading categories...', 'Loading new arrivals...']) expect(text).toContain(line);
  // The session is not read yet: no account links, as in the app's first render.
  expect(text).not.toContain('Sign In');
  expect(text).not.toContain('Please sign in to continue.');
});
