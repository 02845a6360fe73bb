import { expect, test } from '@playwright/test';
import { appStarted, expectAccessible } from './helpers';

test('hovering a link fetches its page chunk before the click', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Light up the night' })).toBeVisible();
  await appStarted(page);
  const chunk = page.waitForRequest(/\/assets\/fireworks-safety\.[0-9a-f]+\.js$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Fireworks Safety' }).hover();
  await chunk;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Fireworks Safety' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fireworks Safety' })).toBeVisible();
});

test('the home page is in the HTML, shown before any app script runs, and only at /', async ({ page }) => {
  await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Light up the night' })).toBeVisible();
  await expect(page.getByText('Loading featured shows...')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Fargo, North Dakota, USA');
  await page.goto('/shows');
  await expect(page.locator('h1')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await page.goto('/?redirect=%2Fprofile');
  await expect(page.locator('h1')).toBeHidden();
});

test('the app takes the prerendered home page over: one page, its buttons working', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await appStarted(page);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Light up the night');
  await expect(page.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
  await expect(page.getByText('Loading new arrivals...')).toBeHidden();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // React hydrated the prerendered page without a mismatch.
  expect(errors).toEqual([]);
});

test("a product page's first view is in the HTML, then the app renders the page in its place", async ({ page, request }) => {
  const { contents } = await (await request.get('/api/products?page=1&pageSize=1')).json();
  const product = contents[0] as { id: string; title: string };
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const details = page.getByRole('main').locator('dl');
  // Without the app: the server's view, with the picture, the title and the prices.
  await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  await expect(page.getByRole('img', { name: product.title })).toBeVisible();
  await expect(page).toHaveTitle(`${product.title} | Fireworks Shop`);
  await expect(details).toContainText('Case');
  const served = await details.innerText();
  const description = await page.getByRole('region', { name: 'Description' }).innerText();
  await page.unrouteAll();
  // The aborted script's error is not the app's.
  errors.length = 0;
  // With the app: one page, the app's own (its cart prompt), showing what the server showed.
  await page.goto(`/products/${product.id}`);
  await appStarted(page);
  await expect(page.getByRole('link', { name: 'Please sign-in to add product to cart' })).toBeVisible();
  await expect(page.locator('#root div[data-server-view]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  expect(await details.innerText()).toBe(served);
  expect(await page.getByRole('region', { name: 'Description' }).innerText()).toBe(description);
  expect(errors).toEqual([]);
});

test("the product list's first page is in the HTML, then the app renders the list in its place", async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const results = page.getByRole('region', { name: 'Products' });
  const cards = results.getByTestId('product-card');
  const titles = () => cards.getByRole('heading', { level: 2 }).allInnerTexts();
  // Without the app: the server's view of the first page, with its cards and paging.
  await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fireworks');
  await expect(results.getByText(/^Showing 25 of \d+$/)).toBeVisible();
  await expect(cards).toHaveCount(25);
  await expect(cards.first().locator('img')).toBeVisible();
  await expect(page).toHaveTitle('Products | Fireworks Shop');
  // Its buttons wait for the app (a click before it would be lost); its links work.
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Open Filters', includeHidden: true })).toBeDisabled();
  const served = { line: await results.getByText(/^Showing/).innerText(), titles: await titles(), details: await cards.locator('dl').allInnerTexts() };
  await page.unrouteAll();
  errors.length = 0;
  // With the app: its list (the cart's sign-in prompts), showing what the server showed.
  await page.goto('/products');
  await appStarted(page);
  await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);
  await expect(cards.first().getByRole('link', { name: 'Sign in to add to cart' })).toBeVisible();
  await expect(page.locator('#root div[data-server-view]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  expect(await results.getByText(/^Showing/).innerText()).toBe(served.line);
  expect(await titles()).toEqual(served.titles);
  expect(await cards.locator('dl').allInnerTexts()).toEqual(served.details);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens with the catalogue and account links', async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Products', 'Shows', 'Apparel', 'Sign Up', 'Sign In']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(menu).toBeHidden();
  });
});
