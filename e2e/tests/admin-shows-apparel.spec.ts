import { expect, test, type Locator, type Page } from '@playwright/test';
import { dataRows, expectAccessible, heading, money, signInAsAdmin, stamp, toast } from './helpers';

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
  await field('Show Type').selectOption({ label: 'Wedding' });
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
  await expect(row.getByRole('cell').nth(3)).toHaveText('Wedding');
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

test('an admin creates apparel with the variants of one colour filled in, and the shop sells them', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `E2E Launch Hoodie ${stamp()}`;
  await signInAsAdmin(page);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Apparel Products' }).click();
  await expect(page).toHaveURL(/\/admin\/apparel$/);
  await expect(heading(page, 'Apparel Products')).toBeVisible();
  const list = page.getByRole('table', { name: 'All Apparel' });
  await expect(dataRows(list).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create Apparel Product' }).click();
  await expect(page).toHaveURL(/\/admin\/apparel\/create$/);
  await expect(heading(page, 'Create Apparel Product')).toBeVisible();

  // The §5 messages on an empty form (its one variant has no size yet).
  const form = page.getByRole('form', { name: 'Create Apparel Product' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await expect(field('Package')).toHaveValue('1,1');
  await form.getByRole('button', { name: 'Create Apparel Product' }).click();
  for (const message of [
    'Title is required',
    'Valid case price is required',
    'Brand is required',
    'Category is required',
    'Apparel type is required',
    'All variants must have a size',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  const base = form.getByText(/^Base SKU \(assigned when saved\): \S+$/);
  await expect(base).not.toContainText('Loading');
  const baseSku = /: (\S+)$/.exec((await base.textContent()) ?? '')![1]!;
  await field('Title').fill(title);
  await field('Apparel Type').selectOption({ label: 'Hoodie' });
  await field('Description').fill('A hoodie made in the end-to-end tests.');
  await field('Case Price ($)').fill('240');
  await field('Package').fill('12,1');
  await field('Brand').selectOption({ label: 'Cody B' });
  await field('Category').selectOption({ label: 'Apparel' });
  await form.getByRole('group', { name: /^Colors/ }).getByRole('checkbox', { name: 'Red' }).check();

  // Fill: every size for every gender in red, at the estimated price (240 / 12), 999 in stock.
  await form.getByRole('button', { name: 'Fill All Sizes and Genders' }).click();
  const grid = form.getByRole('table', { name: 'Variants' });
  const sizes = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'];
  const genders = ['M', 'F', 'U'];
  const skus = sizes.flatMap((size) => genders.map((g) => `${baseSku}-${size}-${g}-RED`));
  await expect(dataRows(grid)).toHaveCount(skus.length);
  for (const [i, sku] of skus.entries()) await expect(dataRows(grid).nth(i).getByRole('cell').nth(5)).toHaveText(sku);
  await expect(grid.getByLabel('Unit price for variant 1', { exact: true })).toHaveValue('20.00');
  await expect(grid.getByLabel('Unit price for variant 21', { exact: true })).toHaveValue('20.00');
  await expect(grid.getByLabel('Stock for variant 1', { exact: true })).toHaveValue('999');
  await expect(grid.getByLabel('Gender for variant 2', { exact: true }).locator('option:checked')).toHaveText("Women's");
  await expect(grid.getByLabel('Color for variant 21', { exact: true }).locator('option:checked')).toHaveText('Red');
  for (const message of ['Title is required', 'All variants must have a size']) {
    await expect(form.getByText(message, { exact: true })).toHaveCount(0);
  }
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Apparel Product' }).click();

  await expect(toast(page, 'Apparel product created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/apparel$/);
  await page.getByLabel('Search apparel by title').fill(title);
  await expect(dataRows(list)).toHaveCount(1);
  await expect(dataRows(list).getByRole('cell')).toHaveText([
    '',
    baseSku,
    title,
    'Hoodie',
    'Cody B',
    money(240),
    '21',
    'Yes',
    'ViewVariantsEditDelete',
  ]);

  // The variants screen: every variant with its stock; one of them sold out.
  await dataRows(list).getByRole('link', { name: `Manage variants of ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/apparel\/[^/]+\/variants$/);
  const productId = new URL(page.url()).pathname.split('/')[3]!;
  await expect(heading(page, 'Apparel Variants')).toBeVisible();
  const variants = page.getByRole('table', { name: 'Variants and Stock' });
  await expect(dataRows(variants)).toHaveCount(skus.length);
  await expectAccessible(page);
  const soldOut = `${baseSku}-M-F-RED`;
  const soldOutRow = dataRows(variants).filter({ has: page.getByText(soldOut, { exact: true }) });
  await expect(soldOutRow.getByRole('cell').nth(1)).toHaveText('M');
  await expect(soldOutRow.getByRole('cell').nth(2)).toHaveText("Women's");
  await expect(soldOutRow.getByRole('cell').nth(3)).toHaveText('Red');
  await expect(soldOutRow.getByRole('cell').nth(4)).toHaveText(money(20));
  await expect(soldOutRow.getByRole('cell').nth(5)).toHaveText('999');
  await page.getByLabel(`Stock for ${soldOut}`, { exact: true }).fill('0');
  await page.getByRole('button', { name: `Save stock for ${soldOut}` }).click();
  await expect(toast(page, `Stock updated for ${soldOut}`)).toBeVisible();
  await expect(soldOutRow.getByRole('cell').nth(5)).toHaveText('0');

  // The shop's page: sizes and styles to choose (one colour: no colour choice), price and stock per variant.
  await page.goto(`/apparel/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`SKU ${baseSku}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Hoodie', { exact: true })).toBeVisible();
  await expect(page.getByText('A hoodie made in the end-to-end tests.')).toBeVisible();
  const size = page.getByRole('group', { name: 'Size' });
  const style = page.getByRole('group', { name: 'Style' });
  await expect(size.getByRole('radio')).toHaveCount(sizes.length);
  for (const s of sizes) await expect(size.getByRole('radio', { name: s, exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Color' })).toHaveCount(0);
  await size.getByRole('radio', { name: 'M', exact: true }).check();
  await style.getByRole('radio', { name: "Women's", exact: true }).check();
  await expect(page.getByText(`Selected: ${soldOut}`)).toBeVisible();
  await expect(page.getByText(`${money(20)} per item`)).toBeVisible();
  // The stock badge and the add button both say so.
  await expect(page.getByText('Out of Stock', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await style.getByRole('radio', { name: "Men's", exact: true }).check();
  await expect(page.getByText(`Selected: ${baseSku}-M-M-RED`)).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

  // Delete after the question; the shop no longer has it.
  await page.goto('/admin/apparel');
  await page.getByLabel('Search apparel by title').fill(title);
  await expect(dataRows(list)).toHaveCount(1);
  await dataRows(list).getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Apparel Product' });
  await expect(dialog).toHaveAccessibleDescription(`Are you sure you want to delete "${title}"?`);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Apparel product deleted successfully')).toBeVisible();
  await expect(list.getByRole('cell', { name: 'No data found.' })).toBeVisible();
  await page.goto(`/apparel/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
});
