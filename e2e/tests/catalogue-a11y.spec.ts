import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './helpers';

async function ids(request: APIRequestContext) {
  const product = (await (await request.get('/api/products?page=1&pageSize=1')).json()).contents[0].id as string;
  const apparel = (await (await request.get('/api/apparel?page=1&pageSize=1')).json()).contents[0].id as string;
  const show = (await (await request.get('/api/shows?page=1&pageSize=1')).json()).shows[0].id as string;
  return { product, apparel, show };
}

const pages: [string, (i: Awaited<ReturnType<typeof ids>>) => string, string | RegExp][] = [
  ['home', () => '/', 'Light up the night'],
  ['products', () => '/products?page=1&pageSize=25', 'Fireworks'],
  ['product detail', (i) => `/products/${i.product}`, /.+/],
  ['apparel', () => '/apparel?page=1&pageSize=25', 'Apparel'],
  ['apparel detail', (i) => `/apparel/${i.apparel}`, /.+/],
  ['shows', () => '/shows?page=1&pageSize=25', 'Fireworks Shows'],
  ['show detail', (i) => `/shows/${i.show}`, /.+/],
  ['Cody B products', () => '/codyb', 'Cody B Fireworks'],
  ['Cody B shows', () => '/codyb?tab=shows', 'Cody B Fireworks'],
];

for (const [name, path, heading] of pages) {
  test(`${name}: no serious accessibility violation and a clean console`, async ({ page, request }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(path(await ids(request)));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters open with the Open Filters button', async ({ page }) => {
    await page.goto('/products?page=1&pageSize=25');
    const search = page.getByLabel('Search');
    await expect(search).toBeHidden();
    await page.getByRole('button', { name: 'Open Filters' }).click();
    await expect(search).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close Filters' }).click();
    await expect(search).toBeHidden();
  });
});
