import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainNav, signIn, signUp, storedSession, uniqueEmail } from './helpers';

// Issue 32 item 10: toasts cover nothing in the header and merge repeats; a cart line's count
// can be typed (one change), bounded by 9999.

interface ApiProduct {
  id: string;
  title: string;
  inStock: boolean;
  isShow: boolean;
  isApparel: boolean;
}

const overlaps = async (a: Locator, b: Locator): Promise<boolean> => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

async function cartWithOneCase(page: Page): Promise<{ cartId: string; product: ApiProduct }> {
  const email = uniqueEmail('toasts');
  await signUp(page, email);
  await signIn(page, email);
  const session = await storedSession(page);
  const products = (await (await page.request.get('/api/products?page=1&pageSize=50')).json()).contents as ApiProduct[];
  const product = products.find((p) => p.inStock && !p.isShow && !p.isApparel);
  expect(product, 'a firework in stock in the demo catalogue').toBeTruthy();
  const added = await page.request.post(`/api/cart/${session.cartId}/add`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { productId: product!.id, isUnit: false },
  });
  expect(added.status()).toBe(200);
  return { cartId: session.cartId, product: product! };
}

test('repeated cart toasts merge into one, below the header: the badge, Profile and Logout stay free', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { cartId, product } = await cartWithOneCase(page);
  await page.goto(`/profile/cart/${cartId}`);
  const increase = page.getByRole('button', { name: `Increase cases of ${product.title}` });
  const badge = mainNav(page).getByTestId('cart-badge');
  await expect(badge).toHaveText('1');

  for (let n = 2; n <= 4; n += 1) {
    await expect(increase).toBeEnabled();
    await increase.click();
    await expect(badge).toHaveText(String(n));
  }
  const toasts = page.getByRole('status').filter({ hasText: `Updated quantity for ${product.title}` });
  await expect(toasts).toHaveCount(1);
  await expect(toasts.getByTestId('toast-count')).toHaveText('×3(3 times)');

  const toast = toasts.first();
  for (const target of [
    badge,
    mainNav(page).getByRole('link', { name: 'Profile' }),
    mainNav(page).getByRole('button', { name: 'Logout' }),
    page.getByRole('banner'),
  ]) {
    await expect(target).toBeVisible();
    expect(await overlaps(toast, target), `the toast covers ${String(target)}`).toBe(false);
  }
  // Clicks go through beside the toast: the badge link works while the toast is shown.
  await expect(toast).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Account' })).toBeVisible();
});

test("a cart line's count can be typed: 20 is one change, and 9999 is the most", async ({ page }) => {
  const { cartId, product } = await cartWithOneCase(page);
  await page.goto(`/profile/cart/${cartId}`);
  const badge = mainNav(page).getByTestId('cart-badge');
  await expect(badge).toHaveText('1');
  const changes: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/cart/${cartId}/updateQuantity`)) changes.push(r.postDataJSON().quantity);
  });

  const cases = page.getByRole('spinbutton', { name: `Cases of ${product.title}` });
  await expect(cases).toHaveValue('1');
  await cases.fill('20');
  await cases.press('Enter');
  await expect(badge).toHaveText('20');
  await expect(cases).toHaveValue('20');
  expect(changes).toEqual([20]);
  await expect(page.getByRole('status').filter({ hasText: `Updated quantity for ${product.title}` })).toHaveCount(1);

  await cases.fill('123456');
  await cases.blur();
  await expect(badge).toHaveText('9999');
  expect(changes).toEqual([20, 9999]);
  await expect(page.getByRole('button', { name: `Increase cases of ${product.title}` })).toBeDisabled();
});
