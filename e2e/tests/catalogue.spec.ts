import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mainNav, pickVariant, signIn, signUp, uniqueEmail, type ApiVariant } from './helpers';

interface Named {
  id: string;
  name: string;
}

async function metadata(request: APIRequestContext): Promise<{ brands: Named[]; categories: Named[] }> {
  return (await request.get('/api/metadata')).json();
}

async function total(request: APIRequestContext, query: string): Promise<number> {
  return (await (await request.get(`/api/products?${query}`)).json()).totalItems;
}

const results = (page: Page) => page.getByRole('list', { name: 'Product results' });
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });

test('browse products: the first page, paging forward and back, page sizes', async ({ page, request }) => {
  const inStock = await total(request, 'page=1&pageSize=1&inStock=true');
  await page.goto('/products?page=1&pageSize=25');
  await expect(page.getByRole('heading', { level: 1, name: 'Fireworks' })).toBeVisible();
  await expect(page.getByText(`Showing 25 of ${inStock}`)).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(25);

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const firstTitle = await results(page).getByRole('heading').first().textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/products\?page=2&pageSize=25$/);
  await expect(pager.getByText('Page 2')).toBeVisible();
  await expect(results(page).getByRole('heading').first()).not.toHaveText(firstTitle ?? '');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();

  await pager.getByRole('button', { name: '10' }).click();
  await expect(page).toHaveURL(/\/products\?page=1&pageSize=10$/);
  await expect(page.getByText(`Showing 10 of ${inStock}`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?page=2&pageSize=25$/);
  await expect(pager.getByText('Page 2')).toBeVisible();
});

test('the address gets page and pageSize when they are missing', async ({ page }) => {
  await page.goto('/products');
  await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);
  await expect(page.getByText(/^Showing 25 of \d+$/)).toBeVisible();
});

test('apply and clear filters: the address follows, the back button restores', async ({ page, request }) => {
  const meta = await metadata(request);
  const sparklers = meta.categories.find((c) => c.name === 'Sparklers')!;
  const expected = await total(request, `page=1&pageSize=1&inStock=true&categories=${sparklers.id}`);

  await page.goto('/products?page=3&pageSize=25');
  const categories = filters(page).getByRole('group', { name: /Categories/ });
  await expect(categories.getByLabel('Apparel', { exact: true })).toHaveCount(0);
  await categories.getByLabel('Sparklers').check();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=1&pageSize=25&categories=${sparklers.id}$`));
  await expect(page.getByText(`Showing ${Math.min(25, expected)} of ${expected}`)).toBeVisible();
  await expect(categories).toContainText('1 selected');

  await filters(page).getByLabel('Search').fill('gold');
  await expect(page).toHaveURL(/searchTitle=gold/);
  await expect(results(page).getByRole('heading').first()).toContainText(/gold/i);

  await filters(page).getByLabel('Show out-of-stock products').check();
  await expect(page).toHaveURL(/showOutOfStock=true/);

  await page.goBack();
  await expect(page).not.toHaveURL(/showOutOfStock/);
  await expect(filters(page).getByLabel('Show out-of-stock products')).not.toBeChecked();
  await page.goBack();
  await expect(page).not.toHaveURL(/searchTitle/);
  await expect(filters(page).getByLabel('Search')).toHaveValue('');
  await expect(categories.getByLabel('Sparklers')).toBeChecked();

  await filters(page).getByLabel('Search').fill('no such firework anywhere');
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
  await page.getByRole('region', { name: 'Products' }).getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);
  await expect(categories.getByLabel('Sparklers')).not.toBeChecked();
  await expect(filters(page).getByLabel('Search')).toHaveValue('');
});

test('open a product and come back with the filters kept', async ({ page, request }) => {
  const meta = await metadata(request);
  const sparklers = meta.categories.find((c) => c.name === 'Sparklers')!;
  const listing = `/products?page=1&pageSize=10&categories=${sparklers.id}`;
  await page.goto(listing);
  const first = results(page).getByRole('heading').first();
  const title = (await first.textContent())!;
  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/products/[0-9a-f-]{36}\\?page=1&pageSize=10&categories=${sparklers.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Sparklers', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Colors' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Please sign-in to add product to cart' })).toBeVisible();

  await page.getByRole('link', { name: /Back to products/ }).click();
  await expect(page).toHaveURL(new RegExp(`${listing.replace(/[?]/g, '\\?')}$`));
  await expect(filters(page).getByRole('group', { name: /Categories/ }).getByLabel('Sparklers')).toBeChecked();
});

test('a product with a video embeds it and a case-only product says so', async ({ page, request }) => {
  const all = (await (await request.get('/api/products?page=1&pageSize=100&showOutOfStock=true')).json()).contents as {
    id: string;
    title: string;
    videoURL: string | null;
    unitProduct: unknown;
  }[];
  const withVideo = all.find((p) => p.videoURL?.includes('youtube.com/watch'))!;
  await page.goto(`/products/${withVideo.id}`);
  // A still with a play button and a link; the player loads when play is pressed.
  await expect(page.getByRole('link', { name: `Watch the video of ${withVideo.title}` })).toHaveAttribute('href', withVideo.videoURL!);
  await page.getByRole('button', { name: `Play the video of ${withVideo.title}` }).click();
  await expect(page.getByTitle(`Video: ${withVideo.title}`)).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/[\w-]+\?autoplay=1$/);
  const caseOnly = all.find((p) => p.unitProduct === null)!;
  await page.goto(`/products/${caseOnly.id}`);
  await expect(page.getByText('Case only')).toBeVisible();
});

test('signed in, Add Case puts a case in the cart and the badge counts it', async ({ page }) => {
  const email = uniqueEmail('catalogue');
  await signUp(page, email);
  await signIn(page, email);
  const badge = mainNav(page).getByTestId('cart-badge');
  await expect(badge).toHaveText('0');
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: 'Add Unit' }) }).first();
  const title = (await card.getByRole('heading').textContent())!;
  await expect(card.getByRole('button', { name: 'Add Case' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Add Unit' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Sign in to add to cart' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Add Case' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${title} added to cart!` })).toBeVisible();
  await expect(badge).toHaveText('1');
  await expect(mainNav(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('pick an apparel variant', async ({ page, request }) => {
  const list = (await (await request.get('/api/apparel?page=1&pageSize=25')).json()).contents as {
    title: string;
    variants: ApiVariant[];
  }[];
  const product = list.find((p) => new Set(p.variants.map((v) => v.size)).size > 1) ?? list[0];
  const inStock = product.variants.find((v) => v.availableStock > 0)!;
  const soldOut = product.variants.find((v) => v.availableStock <= 0);

  await page.goto('/apparel?page=1&pageSize=25');
  await expect(page.getByRole('heading', { level: 1, name: 'Apparel' })).toBeVisible();
  await page.getByRole('list', { name: 'Apparel results' }).getByRole('link', { name: product.title, exact: true }).click();
  await expect(page).toHaveURL(/\/apparel\/[0-9a-f-]{36}\?page=1&pageSize=25$/);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toBeVisible();

  await pickVariant(page, inStock);
  await expect(page.getByText(inStock.sku, { exact: true })).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(inStock.unitPrice);
  await expect(page.getByText(`${price} per item`)).toBeVisible();
  if (soldOut) {
    await pickVariant(page, soldOut);
    await expect(page.getByText(soldOut.sku, { exact: true })).toBeVisible();
    await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: /Back to apparel/ }).click();
  await expect(page).toHaveURL(/\/apparel\?page=1&pageSize=25$/);
});

test('an apparel card picks its variant in place', async ({ page, request }) => {
  const list = (await (await request.get('/api/apparel?page=1&pageSize=25')).json()).contents as {
    title: string;
    variants: ApiVariant[];
  }[];
  const product = list[0];
  const variant = product.variants.find((v) => v.availableStock > 0)!;
  await page.goto('/apparel?page=1&pageSize=25');
  const card = page.getByTestId('apparel-card').filter({ has: page.getByRole('link', { name: product.title, exact: true }) });
  await pickVariant(card, variant);
  await expect(card.getByText(variant.sku, { exact: true })).toBeVisible();
});

test('apparel filters: sizes and genders go into the address', async ({ page }) => {
  await page.goto('/apparel?page=1&pageSize=25');
  const drawer = filters(page);
  await drawer.getByRole('group', { name: /Sizes/ }).getByLabel('3XL').check();
  await expect(page).toHaveURL(/sizes=3XL/);
  await drawer.getByRole('group', { name: /Genders/ }).getByLabel("Women's").check();
  await expect(page).toHaveURL(/genders=FEMALE/);
  await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
});

test('open a show from the list filtered by type', async ({ page }) => {
  await page.goto('/shows?page=1&pageSize=25');
  await expect(page.getByRole('heading', { level: 1, name: 'Fireworks Shows' })).toBeVisible();
  await expect(page.getByText('Showing 14 of 14')).toBeVisible();
  const types = page.getByRole('group', { name: 'Show type' });
  await expect(types.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await types.getByRole('button', { name: 'Wedding' }).click();
  await expect(page).toHaveURL(/showType=/);
  const cards = page.getByTestId('show-card');
  await expect(cards.first().getByText('Wedding', { exact: true })).toBeVisible();
  const count = await cards.count();
  for (let i = 0; i < count; i++) await expect(cards.nth(i).getByText('Wedding', { exact: true })).toBeVisible();

  const title = (await cards.first().getByRole('heading').textContent())!;
  await cards.first().getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/shows\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^\d+ products included$/)).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Case or unit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Please sign in to add this show to your cart' })).toBeVisible();

  // No such show: the app's page says so, and the answer's status too.
  const missing = await page.goto('/shows/00000000-0000-4000-8000-000000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Show not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Back to shows/ })).toBeVisible();
});

test('the Cody B page: tabs with counts, merged products, shows by type', async ({ page, request }) => {
  const meta = await metadata(request);
  const cody = meta.brands.find((b) => b.name === 'Cody B')!;
  const fireworks = await total(request, `page=1&pageSize=1&inStock=true&brands=${cody.id}`);
  const apparel = (await (await request.get(`/api/apparel?page=1&pageSize=1&brands=${cody.id}`)).json()).totalItems;
  const shows = (await (await request.get('/api/shows/brand/Cody%20B')).json()).pagination.total;

  await page.goto('/codyb');
  await expect(page.getByRole('heading', { level: 1, name: 'Cody B Fireworks' })).toBeVisible();
  const productsTab = page.getByRole('tab', { name: /Products/ });
  const showsTab = page.getByRole('tab', { name: /Shows/ });
  await expect(productsTab).toHaveAttribute('aria-selected', 'true');
  await expect(productsTab).toContainText(String(fireworks + apparel));
  await expect(showsTab).toContainText(String(shows));
  // Each list is paged on its own (25 + 25 at most on a page).
  await expect(page.getByText(`Showing ${Math.min(25, fireworks) + Math.min(25, apparel)} of ${fireworks + apparel}`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Cody B products' });
  await expect(list.getByTestId('apparel-card').first()).toBeVisible();
  await expect(list.getByTestId('product-card').first()).toBeVisible();
  const titles = await list.getByRole('heading').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '10' }).click();
  await expect(page).toHaveURL(/\/codyb\?page=1&pageSize=10$/);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/codyb\?page=2&pageSize=10$/);

  await showsTab.click();
  await expect(page).toHaveURL(/\/codyb\?page=1&pageSize=10&tab=shows$/);
  await expect(showsTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('show-card')).toHaveCount(Math.min(shows, 10));
  await page.getByRole('group', { name: 'Show type' }).getByRole('button', { name: 'All' }).click();

  await productsTab.click();
  await expect(page).toHaveURL(/\/codyb\?page=1&pageSize=10&tab=products$/);
  // The brand page replaces history: back leaves it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/codyb/);
});

test('the footer keeps its place while /products loads its first page', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/products\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/products?page=1&pageSize=10');
  await expect(page.getByRole('status', { name: 'Loading products...' })).toBeVisible();
  await expect(page.getByTestId('skeleton-card')).toHaveCount(10);
  const footer = page.locator('footer');
  const loading = await footer.boundingBox();
  release();
  await expect(page.getByTestId('product-card')).toHaveCount(10);
  await expect(page.getByTestId('skeleton-card')).toHaveCount(0);
  await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))));
  const loaded = await footer.boundingBox();
  expect(loading).not.toBeNull();
  expect(Math.abs(loaded!.y - loading!.y)).toBeLessThanOrEqual(8);
});

test('a search longer than the server takes is cut to its 200 characters, never an error line', async ({ page, request }) => {
  // Typed: the box holds 200 characters at most, and the results answer.
  await page.goto('/products?page=1&pageSize=10');
  await expect(results(page).getByTestId('product-card')).toHaveCount(10);
  const box = filters(page).getByLabel('Search');
  await expect(box).toHaveAttribute('maxlength', '200');
  await box.fill('a'.repeat(250));
  await expect(box).toHaveValue('a'.repeat(200));
  await expect(page).toHaveURL(new RegExp(`searchTitle=${'a'.repeat(200)}(&|$)`));
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
  // Given in the address (a pasted link): cut the same way, and the page shows results.
  const word = 'gold';
  expect(await total(request, `page=1&pageSize=10&searchTitle=${word}`)).toBeGreaterThan(0);
  await page.goto(`/products?page=1&pageSize=10&searchTitle=${word}${'%20'.repeat(300)}`);
  await expect(results(page).getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByText(/searchTitle|must be at most|Bad Request/i)).toHaveCount(0);
});
