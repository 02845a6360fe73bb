import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, dataRows, mainNav, signIn, signInAsAdmin, signUp, uniqueEmail } from './helpers';

// The shop on a laptop screen and on a phone (issue 32, items 2, 8 and 12): the back office's row
// actions in view without scrolling sideways from 1280 px up; on a phone the cart badge outside
// the menu, a show's table whole, admin pages starting with their content, and no page wider
// than the screen.

const PHONE = { width: 390, height: 844 };

/** Whether the document scrolls sideways (a part wider than the screen). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Whether `target` is wholly in view as it is: inside the screen and not clipped by a scrolling
 * ancestor (IntersectionObserver counts both), with no ancestor scrolled sideways to show it.
 */
async function expectShownWithoutScrolling(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect(target).toBeInViewport({ ratio: 1 });
  const scrolled = await target.evaluate((el) => {
    for (let a = el.parentElement; a; a = a.parentElement) if (a.scrollLeft > 0) return true;
    return false;
  });
  expect(scrolled, 'an ancestor scrolled sideways').toBe(false);
}

/** Every admin list, and the row actions that must be in view on its first row. */
const ADMIN_LISTS: { path: string; table: string; actions: RegExp[] }[] = [
  { path: '/admin/products', table: 'All Products', actions: [/^Edit /, /^Delete /] },
  { path: '/admin/apparel', table: 'All Apparel', actions: [/^View /, /^Manage variants of /, /^Edit /, /^Delete /] },
  { path: '/admin/shows', table: 'All Shows', actions: [/^View /, /^Edit /, /^Delete /] },
  { path: '/admin/users', table: 'All Users', actions: [/^Edit /, /^Reset password of /, /^Permissions of /] },
  { path: '/admin/inventory', table: 'All Inventory', actions: [] },
  { path: '/admin/products/metadata', table: 'Brands', actions: [/^Edit /, /^Delete /] },
  { path: '/admin/shows/showTypes', table: 'Show Types', actions: [/^Edit /, /^Delete /] },
  { path: '/admin/apparel/types', table: 'Apparel Types', actions: [/^Edit /, /^Delete /] },
];

for (const width of [1280, 1366]) {
  test(`every admin list shows its row actions without scrolling at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page);
    for (const list of ADMIN_LISTS) {
      await page.goto(list.path);
      const table = page.getByRole('table', { name: list.table });
      const row = dataRows(table).first();
      await expect(row).toBeVisible();
      await expectNoSidewaysScroll(page);
      // The last column (Actions, or the last figure) is not cut off by the table's scroll box.
      await expectShownWithoutScrolling(table.getByRole('columnheader').last());
      for (const name of list.actions) {
        await expectShownWithoutScrolling(row.getByRole('link', { name }).or(row.getByRole('button', { name })).first());
      }
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the cart badge is in the navbar without opening the menu', async ({ page }) => {
    const email = uniqueEmail('phone');
    await signUp(page, email);
    await signIn(page, email);
    const nav = mainNav(page);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    const cart = nav.getByRole('link', { name: /^Cart, \d+ items?$/ });
    await expect(cart).toBeVisible();
    await expect(nav.getByTestId('cart-badge')).toHaveText('0');
    await expect(cart).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    // The menu still has the rest, and no second cart link.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(1);
  });

  test("a show's table shows every column inside its card", async ({ page, request }) => {
    const res = await request.get('/api/shows?page=1&pageSize=50');
    expect(res.ok()).toBe(true);
    const shows = (await res.json()).shows as { id: string; showProducts: unknown[] }[];
    const show = shows.find((s) => s.showProducts.length > 0);
    expect(show, 'a demo show with products').toBeTruthy();
    await page.goto(`/shows/${show!.id}`);
    const table = page.getByRole('table', { name: /Included products/ });
    await expect(table).toBeVisible();
    await table.locator('thead').scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    for (const column of ['Product', 'Case or unit', 'Quantity', 'Notes']) {
      const header = table.getByRole('columnheader', { name: column, exact: true });
      await expect(header).toBeVisible();
      await expectShownWithoutScrolling(header);
    }
    const firstRow = dataRows(table).first();
    for (const cell of await firstRow.getByRole('cell').all()) {
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport();
    }
  });

  test('admin pages start with their content and fit the screen', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const [path, name] of [
      ['/admin', 'Dashboard'],
      ['/admin/products', 'All Products'],
      ['/admin/apparel', 'All Apparel'],
      ['/admin/shows', 'All Shows'],
      ['/admin/users', 'All Users'],
      ['/admin/inventory', 'All Inventory'],
      ['/admin/reports?type=sales', 'Purchase Orders'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
      // The screen's heading is high on the first screen, not below the sidebar's links.
      const content = page.getByRole('main').getByRole('heading', { level: 1 }).first();
      const box = await content.boundingBox();
      expect(box, `${path}: its heading`).not.toBeNull();
      expect(box!.y + box!.height, `${path}: the heading's bottom`).toBeLessThan(PHONE.height / 2);
      await expectNoSidewaysScroll(page);
    }
    // The sections are one tap away.
    await page.getByRole('button', { name: 'Admin sections' }).click();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'All Shows' }).click();
    await expect(page).toHaveURL(/\/admin\/shows$/);
  });
});
