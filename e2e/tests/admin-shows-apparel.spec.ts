import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signInAsAdmin, toast } from './helpers';

// The back office's shows (a show's lines chosen in the product picker) and apparel (variants
// generated for a colour), each seen afterwards on the storefront. Wording from back-office.md
// §5 and §8; every name carries the run's stamp, since specs share one database.

interface ApiProduct {
  id: string;
  sku: string;
  title: string;
  inStock: boolean;
  isCaseBreakable: boolean;
  unitProduct: { sku: string } | null;
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('cell') });

/** Two fireworks of the demo shop: one for a case line, one that sells units for a unit line. */
async function pickLineProducts(page: Page): Promise<{ caseProduct: ApiProduct; unitProduct: ApiProduct }> {
  const res = await page.request.get('/api/products?page=1&pageSize=100');
  expect(res.status()).toBe(200);
  const products = (await res.json()).contents as ApiProduct[];
  const unitProduct = products.find((p) => p.inStock && p.isCaseBreakable && p.unitProduct !== null);
  const caseProduct = products.find((p) => p.inStock && p.id !== unitProduct?.id);
  expect(unitProduct, 'a product that sells units in the demo shop').toBeTruthy();
  expect(caseProduct, 'another product in the demo shop').toBeTruthy();
  return { caseProduct: caseProduct!, unitProduct: unitProduct! };
}

/** Searches the picker by title and waits for the product's row. */
async function findInPicker(picker: Locator, title: string): Promise<void> {
  await picker.getByLabel('Search products by title').fill(title);
  await expect(picker.getByRole('list', { name: 'Products' }).getByText(title, { exact: true })).toBeVisible();
}

test('an admin builds a show from the picker (a case line and a unit line) and the shop shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const title = `E2E Backyard Show ${id}`;
  const renamed = `${title} Encore`;
  await signInAsAdmin(page);
  const { caseProduct, unitProduct } = await pickLineProducts(page);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'All Shows' }).click();
  await expect(page).toHaveURL(/\/admin\/shows$/);
  await expect(heading(page, 'Shows')).toBeVisible();
  const list = page.getByRole('table', { name: 'All Shows' });
  await expect(dataRows(list).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create Show' }).click();
  await expect(page).toHaveURL(/\/admin\/shows\/create$/);
  await expect(heading(page, 'Create Show')).toBeVisible();

  // The §5 messages on an empty form.
  const form = page.getByRole('form', { name: 'Create Show' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await form.getByRole('button', { name: 'Create Show' }).click();
  for (const message of [
    'Title is required',
    'Show Type is required',
    'Valid price is required',
    'At least one product is required',
    'Brand is required',
    'Category is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByRole('group', { name: /^Products/ })).toHaveAccessibleDescription('At least one product is required');
  await expectAccessible(page);

  await field('Title').fill(title);
  await field('Description').fill('A backyard show built in the end-to-end tests.');
  await field('Price ($)').fill('349.50');
  await field('Show Type').selectOption({ label: 'WEDDING' });
  await field('Brand').selectOption({ label: 'Cody B' });
  await field('Category').selectOption({ label: 'Assortments' });
  await expect(field('In Stock')).toBeChecked();

  // The picker: a modal dialog, 10 products a page, a case, a refused duplicate, a unit.
  const addProducts = form.getByRole('button', { name: 'Add products' });
  await addProducts.click();
  const picker = page.getByRole('dialog', { name: 'Add Products' });
  await expect(picker).toBeVisible();
  await expect(picker.getByLabel('Search products by title')).toBeFocused();
  await expect(picker.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(10);
  await expect(picker.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expectAccessible(page);

  await findInPicker(picker, caseProduct.title);
  await picker.getByRole('button', { name: `Add case of ${caseProduct.title}`, exact: true }).click();
  await expect(picker.getByRole('status')).toHaveText(`Added "${caseProduct.title}" as a case`);
  await picker.getByRole('button', { name: `Add case of ${caseProduct.title}`, exact: true }).click();
  await expect(picker.getByRole('alert')).toHaveText(`"${caseProduct.title}" is already in the show as a case`);

  await findInPicker(picker, unitProduct.title);
  await picker.getByRole('button', { name: `Add unit of ${unitProduct.title}`, exact: true }).click();
  await expect(picker.getByRole('status')).toHaveText(`Added "${unitProduct.title}" as a unit`);
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
  await expect(addProducts).toBeFocused();

  // The two lines: the case line takes two, the unit line a note.
  const caseLine = form.getByRole('group', { name: `${caseProduct.title} as a case` });
  const unitLine = form.getByRole('group', { name: `${unitProduct.title} as a unit` });
  await expect(form.getByRole('group', { name: /^Products/ })).toContainText('2 lines');
  await expect(caseLine).toContainText(caseProduct.sku);
  await expect(unitLine).toContainText(unitProduct.sku);
  await expect(unitLine.getByRole('radio', { name: 'Unit' })).toBeChecked();
  await caseLine.getByLabel('Quantity').fill('2');
  await unitLine.getByLabel('Notes').fill('Finale');
  await expect(form.getByText('At least one product is required', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Show' }).click();

  await expect(toast(page, 'Show created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/shows$/);
  await page.getByLabel('Search shows by title').fill(title);
  await expect(dataRows(list)).toHaveCount(1);
  const row = dataRows(list).filter({ hasText: title });
  await expect(row.getByRole('cell').nth(2)).toHaveText(title);
  await expect(row.getByRole('cell').nth(3)).toHaveText('WEDDING');
  await expect(row.getByRole('cell').nth(6)).toHaveText(money(349.5));
  await expect(row.getByRole('cell').nth(7)).toHaveText('2');

  // The storefront page of the show: its price, type and both lines.
  await row.getByRole('link', { name: `View ${title}` }).click();
  await expect(page).toHaveURL(/\/shows\/[^/]+$/);
  const showId = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(money(349.5), { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Show details' })).toContainText('Wedding');
  await expect(page.getByText('A backyard show built in the end-to-end tests.')).toBeVisible();
  const included = page.getByRole('region', { name: 'Included products' }).getByRole('table');
  await expect(dataRows(included)).toHaveCount(2);
  await expect(dataRows(included).filter({ hasText: caseProduct.title }).getByRole('cell')).toHaveText([
    `${caseProduct.title} (${caseProduct.sku})`,
    'Case',
    '2',
    '—',
  ]);
  await expect(dataRows(included).filter({ hasText: unitProduct.title }).getByRole('cell')).toHaveText([
    `${unitProduct.title} (${unitProduct.sku})`,
    'Unit',
    '1',
    'Finale',
  ]);

  // Edit: the lines come back as saved; a new title reaches the shop.
  await page.goto(`/admin/shows/${showId}/edit`);
  const edit = page.getByRole('form', { name: 'Edit Show' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(edit.getByRole('group', { name: `${caseProduct.title} as a case` }).getByLabel('Quantity')).toHaveValue('2');
  await expect(edit.getByRole('group', { name: `${unitProduct.title} as a unit` }).getByLabel('Notes')).toHaveValue('Finale');
  await expectAccessible(page);
  await edit.getByLabel('Title', { exact: true }).fill(renamed);
  await edit.getByRole('button', { name: 'Update Show' }).click();
  await expect(toast(page, 'Show updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/shows$/);
  await page.goto(`/shows/${showId}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // Delete after the question; the shop no longer has it.
  await page.goto('/admin/shows');
  await page.getByLabel('Search shows by title').fill(renamed);
  await expect(dataRows(list)).toHaveCount(1);
  await dataRows(list).getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Show' });
  await expect(dialog).toHaveAccessibleDescription(`Are you sure you want to delete "${renamed}"?`);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Show deleted successfully')).toBeVisible();
  await expect(list.getByRole('cell', { name: 'No data found.' })).toBeVisible();
  await page.goto(`/shows/${showId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Show not found' })).toBeVisible();
});
