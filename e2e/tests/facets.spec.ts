import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Issue 14: every filter option shows how many products it would give with the other active
// filters ("Cody B (12)"), and options that give none are hidden. The expected numbers come from
// the lists themselves, so the test holds on any demo data.

interface Named {
  id: string;
  name: string;
}

async function metadata(request: APIRequestContext): Promise<{ brands: Named[]; categories: Named[] }> {
  return (await request.get('/api/metadata')).json();
}

async function total(request: APIRequestContext, list: string, query: string): Promise<number> {
  return (await (await request.get(`${list}?page=1&pageSize=1&${query}`)).json()).totalItems;
}

const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const group = (page: Page, name: string) => filters(page).getByRole('group', { name: new RegExp(`^${name}`) });

test('product filters show their counts, which follow the other filters, and hide options without products', async ({ page, request }) => {
  const meta = await metadata(request);
  const cody = meta.brands.find((b) => b.name === 'Cody B')!;
  const sparklers = meta.categories.find((c) => c.name === 'Sparklers')!;
  const codyAll = await total(request, '/api/products', `inStock=true&brands=${cody.id}`);

  await page.goto('/products?page=1&pageSize=25');
  const brands = group(page, 'Brands');
  await expect(brands.getByRole('checkbox', { name: `Cody B (${codyAll})`, exact: true })).toBeVisible();

  // Another kind chosen: the brand counts are those of the sparklers.
  await group(page, 'Categories').getByRole('checkbox', { name: /^Sparklers \(\d+\)$/ }).check();
  await expect(page).toHaveURL(new RegExp(`categories=${sparklers.id}`));
  const perBrand = await Promise.all(
    meta.brands.map(async (b) => ({ ...b, count: await total(request, '/api/products', `inStock=true&categories=${sparklers.id}&brands=${b.id}`) })),
  );
  const offered = perBrand.filter((b) => b.count > 0);
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.length).toBeLessThan(meta.brands.length);
  for (const b of offered) await expect(brands.getByRole('checkbox', { name: `${b.name} (${b.count})`, exact: true })).toBeVisible();
  await expect(brands.getByRole('checkbox')).toHaveCount(offered.length);

  // Choosing an offered brand lists exactly its count.
  const pick = offered[0];
  await brands.getByRole('checkbox', { name: `${pick.name} (${pick.count})`, exact: true }).check();
  await expect(page.getByText(`Showing ${Math.min(25, pick.count)} of ${pick.count}`)).toBeVisible();
});

test('the apparel Brands list offers only brands with apparel, each with its count', async ({ page, request }) => {
  const meta = await metadata(request);
  const perBrand = await Promise.all(meta.brands.map(async (b) => ({ ...b, count: await total(request, '/api/apparel', `brands=${b.id}`) })));
  const offered = perBrand.filter((b) => b.count > 0);
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.length).toBeLessThan(meta.brands.length);

  await page.goto('/apparel');
  const brands = group(page, 'Brands');
  for (const b of offered) await expect(brands.getByRole('checkbox', { name: `${b.name} (${b.count})`, exact: true })).toBeVisible();
  await expect(brands.getByRole('checkbox')).toHaveCount(offered.length);

  // A size narrows the brand counts to products with a variant of that size.
  const xl = await Promise.all(offered.map(async (b) => ({ ...b, count: await total(request, '/api/apparel', `sizes=XL&brands=${b.id}`) })));
  await group(page, 'Sizes').getByRole('checkbox', { name: /^XL \(\d+\)$/ }).check();
  for (const b of xl.filter((x) => x.count > 0)) {
    await expect(brands.getByRole('checkbox', { name: `${b.name} (${b.count})`, exact: true })).toBeVisible();
  }
});
