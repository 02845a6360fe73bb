import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'Admin#2026pass' };
export const PASSWORD = 'Fire#Works2026';

/**
 * Waits until the app runs the page: its session has been read, so the navbar shows the account
 * links. On the home page, index.html's prerendered copy is on screen before that (the app then
 * takes it over): its links work, its buttons do nothing yet.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('nav[aria-label="Main"]').getByRole('link', { name: /^(Sign In|Profile)$/, includeHidden: true })).toBeAttached();
}

let counter = 0;
/** A fresh address per call, unique across runs on the same database. */
export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/user/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account created successfully! Please log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login$/);
}

/** Fills the sign-in form on the current page (which must be /user/login...). */
export async function submitSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/user/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/products\?page=1&pageSize=25$/);
}

/** Signs in as the suite's first admin (start-server.sh sets SHOP_ADMIN_EMAIL / SHOP_ADMIN_PASSWORD). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toBeVisible();
}

/** A success toast (role status) or an error toast (role alert) saying exactly `message`. */
export const toast = (page: Page, message: string, kind: 'success' | 'error' = 'success'): Locator =>
  page.getByRole(kind === 'success' ? 'status' : 'alert').filter({ has: page.getByText(message, { exact: true }) });

/** Fails on any serious or critical axe-core violation (WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** The signed-in session the app keeps in localStorage: the bearer token and the user's cart. */
export async function storedSession(page: Page): Promise<{ token: string; userId: string; cartId: string }> {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
  expect(session?.token, 'a signed-in session in localStorage').toBeTruthy();
  return { token: session.token, userId: session.userInfo.id, cartId: session.userInfo.Cart.id };
}

/** An apparel variant as GET /api/apparel states it. */
export interface ApiVariant {
  id: string;
  sku: string;
  size: string;
  gender: string;
  color: { name: string } | null;
  unitPrice: number;
  availableStock: number;
}

/** How the apparel pages word a variant's gender. */
export const STYLE: Record<string, string> = { MALE: "Men's", FEMALE: "Women's", UNISEX: 'Unisex' };

/** Chooses `v` on an apparel detail page or card (style and colour only when the page offers them). */
export async function pickVariant(scope: Page | Locator, v: ApiVariant): Promise<void> {
  await scope.getByRole('group', { name: 'Size' }).getByRole('radio', { name: v.size, exact: true }).check();
  const style = scope.getByRole('group', { name: 'Style' });
  if (await style.isVisible()) await style.getByRole('radio', { name: STYLE[v.gender], exact: true }).check();
  const color = scope.getByRole('group', { name: 'Color' });
  if (await color.isVisible()) await color.getByRole('radio', { name: v.color?.name ?? 'Standard', exact: true }).check();
}

/** A run-unique upper-case tag for names, since the specs share one database. */
export const stamp = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** Dollars as the shop shows them ($1,234.50). */
export const money = (n: number): string => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** An order's short number, as the screens show it (the last eight hex digits of its id, upper case). */
export const orderNumber = (id: string): string => id.replace(/-/g, '').slice(-8).toUpperCase();

/** The page's level-1 heading named exactly `name`. */
export const heading = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name, exact: true });

/** A table's data rows (the header row has no cells). */
export const dataRows = (table: Locator): Locator => table.getByRole('row').filter({ has: table.page().getByRole('cell') });
