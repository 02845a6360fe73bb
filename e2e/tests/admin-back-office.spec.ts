import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dataRows, heading, money, signInAsAdmin, stamp, storedSession, toast } from './helpers';

// The back office as issue 32 found it: inline renames that saved the unchanged name, products
// and apparel without an image upload, the product form's unit price, the lists' sorting and
// filters in the address, and the dashboard's work counts. Every name carries the run's stamp:
// the specs share one database.

interface Named {
  id: string;
  name: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const rowOf = (table: Locator, name: string) => dataRows(table).filter({ has: table.page().getByText(name, { exact: true }) });

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { headers: bearer(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** Renames the row `from` to `to` in the table `tableName`, by mouse or by keyboard. */
async function renameInPlace(page: Page, tableName: string, from: string, to: string, by: 'mouse' | 'keyboard', toastText: string) {
  const table = page.getByRole('table', { name: tableName });
  const edit = rowOf(table, from).getByRole('button', { name: `Edit ${from}` });
  if (by === 'mouse') {
    await edit.click();
  } else {
    await edit.focus();
    await page.keyboard.press('Enter');
  }
  // The editor opens and nothing has been saved yet.
  const form = page.getByRole('form', { name: `Edit ${from}` });
  const name = form.getByLabel('Name', { exact: true });
  await expect(name).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveValue(from);
  await expect(toast(page, toastText)).toHaveCount(0);
  await name.fill(to);
  const row = dataRows(table).filter({ has: form });
  if (by === 'mouse') await row.getByRole('button', { name: 'Save' }).click();
  else await page.keyboard.press('Enter');
  await expect(toast(page, toastText)).toBeVisible();
  await expect(rowOf(table, to)).toHaveCount(1);
}

test('an admin renames a brand, a category, a colour, an effect and an apparel type in place, and the shop shows the new names', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  await signInAsAdmin(page);
  const { token } = await storedSession(page);
  const req = page.request;
  const names = {
    brands: `E2E Brand ${id}`,
    categories: `E2E Category ${id}`,
    colors: `E2E Colour ${id}`,
    effects: `E2E Effect ${id}`,
  } as const;
  const made: Record<keyof typeof names, Named> = {
    brands: await post<Named>(req, token, '/api/metadata/brands', { name: names.brands }),
    categories: await post<Named>(req, token, '/api/metadata/categories', { name: names.categories }),
    colors: await post<Named>(req, token, '/api/metadata/colors', { name: names.colors }),
    effects: await post<Named>(req, token, '/api/metadata/effects', { name: names.effects }),
  };
  const apparelType = await post<Named>(req, token, '/api/apparel/types', { name: `E2E Cape ${id}` });
  const product = await post<{ id: string }>(req, token, '/api/products', {
    sku: `E2E-REN-${id}`,
    title: `E2E Rename Holder ${id}`,
    casePrice: 80,
    inStock: true,
    package: '24',
    isCaseBreakable: false,
    image: '/placeholder.png',
    brandId: made.brands.id,
    categoryId: made.categories.id,
    colors: [made.colors.id],
    effects: [made.effects.id],
  });
  const apparel = await post<{ id: string }>(req, token, '/api/apparel/products', {
    title: `E2E Rename Cape ${id}`,
    description: 'A cape for the rename test.',
    casePrice: 120,
    inStock: true,
    package: '12,1',
    image: '/placeholder.png',
    brandId: made.brands.id,
    categoryId: made.categories.id,
    apparelTypeId: apparelType.id,
    colors: [],
    variants: [{ size: 'M', gender: 'UNISEX', unitPrice: 10, availableStock: 5 }],
  });

  // Each metadata kind, alternating mouse and keyboard.
  const kinds = [
    ['brands', 'Brands', 'Brand updated successfully', 'mouse'],
    ['categories', 'Categories', 'Category updated successfully', 'keyboard'],
    ['colors', 'Colors', 'Color updated successfully', 'mouse'],
    ['effects', 'Effects', 'Effect updated successfully', 'keyboard'],
  ] as const;
  for (const [kind, title, message, by] of kinds) {
    await page.goto(`/admin/products/metadata?tab=${kind}`);
    await expect(heading(page, 'Manage Metadata')).toBeVisible();
    await renameInPlace(page, title, names[kind], `${names[kind]} Renamed`, by, message);
  }
  await page.goto('/admin/apparel/types');
  await expect(heading(page, 'Apparel Types')).toBeVisible();
  await renameInPlace(page, 'Apparel Types', apparelType.name, `${apparelType.name} Renamed`, 'mouse', 'Apparel type updated successfully!');

  // The storefront: the product page names the renamed brand, category, colour and effect.
  await page.goto(`/products/${product.id}`);
  const facts = page.getByRole('main');
  await expect(facts.getByRole('definition').filter({ hasText: `${names.brands} Renamed` })).toHaveCount(1);
  await expect(facts.getByRole('definition').filter({ hasText: `${names.categories} Renamed` })).toHaveCount(1);
  await expect(facts.getByText(`${names.colors} Renamed`, { exact: true })).toBeVisible();
  await expect(facts.getByText(`${names.effects} Renamed`, { exact: true })).toBeVisible();
  await page.goto(`/apparel/${apparel.id}`);
  await expect(page.getByRole('main').getByText(`${apparelType.name} Renamed`, { exact: true })).toBeVisible();
});

/** A real 1x1 PNG: the server checks an upload's bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function metadataIds(request: APIRequestContext): Promise<Record<'brands' | 'categories' | 'apparelTypes', Named[]>> {
  const res = await request.get('/api/metadata');
  expect(res.status()).toBe(200);
  const all = await res.json();
  const types = await (await request.get('/api/apparel/types/all')).json();
  return { brands: all.brands, categories: all.categories, apparelTypes: types };
}

/** Uploads the PNG in the form's image field and waits for its address in the field and the preview. */
async function uploadImage(form: Locator): Promise<string> {
  await expect(form.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', /placeholder/);
  await form.getByLabel('Upload an image').setInputFiles({ name: 'finale.png', mimeType: 'image/png', buffer: PNG });
  const field = form.getByLabel('Image URL', { exact: true });
  await expect(field).toHaveValue(/^\/uploads\/.+/);
  const url = await field.inputValue();
  await expect(form.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', url);
  return url;
}

test('an admin uploads an image for a product and for apparel, with a preview, and the shop shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  await signInAsAdmin(page);
  const { token } = await storedSession(page);
  const meta = await metadataIds(page.request);
  const brandId = meta.brands[0]!.id;
  const categoryId = meta.categories[0]!.id;
  // The form's default word "placeholder" is taken as no image (it was refused: issue 32).
  const product = await post<{ id: string; image: string }>(page.request, token, '/api/products', {
    sku: `E2E-IMG-${id}`,
    title: `E2E Picture Cake ${id}`,
    casePrice: 80,
    inStock: true,
    package: '24',
    isCaseBreakable: false,
    image: 'placeholder',
    brandId,
    categoryId,
    colors: [],
    effects: [],
  });
  expect(product.image).toBe('/placeholder.png');
  const apparel = await post<{ id: string; image: string }>(page.request, token, '/api/apparel/products', {
    title: `E2E Picture Tee ${id}`,
    casePrice: 120,
    inStock: true,
    package: '12,1',
    image: 'placeholder',
    brandId,
    categoryId,
    apparelTypeId: meta.apparelTypes[0]!.id,
    colors: [],
    variants: [{ size: 'M', gender: 'UNISEX', unitPrice: 10, availableStock: 5 }],
  });
  expect(apparel.image).toBe('/placeholder.png');

  await page.goto(`/admin/products/${product.id}/edit`);
  const productForm = page.getByRole('form', { name: 'Edit Product' });
  const productImage = await uploadImage(productForm);
  await productForm.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('main').getByRole('img', { name: `E2E Picture Cake ${id}` }).first()).toHaveAttribute('src', productImage);
  const served = await page.request.get(productImage);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  await page.goto(`/admin/apparel/${apparel.id}/edit`);
  const apparelForm = page.getByRole('form', { name: 'Edit Apparel Product' });
  const apparelImage = await uploadImage(apparelForm);
  await apparelForm.getByRole('button', { name: 'Update Apparel Product' }).click();
  await expect(toast(page, 'Apparel product updated successfully!')).toBeVisible();
  await page.goto(`/apparel/${apparel.id}`);
  await expect(page.getByRole('main').getByRole('img', { name: `E2E Picture Tee ${id}` }).first()).toHaveAttribute('src', apparelImage);
});

test('the product form shows the unit the shop sells, at its real price and stock, and the admin sets both', async ({ page }) => {
  test.setTimeout(90_000);
  const id = stamp();
  await signInAsAdmin(page);
  const { token } = await storedSession(page);
  const meta = await metadataIds(page.request);
  const created = await post<{ id: string; unitProduct: { unitPrice: number; availableStock: number } }>(page.request, token, '/api/products', {
    sku: `E2E-UNIT-${id}`,
    title: `E2E Unit Cake ${id}`,
    casePrice: 360,
    inStock: true,
    package: '12,6',
    isCaseBreakable: true,
    image: '',
    brandId: meta.brands[0]!.id,
    categoryId: meta.categories[0]!.id,
    colors: [],
    effects: [],
  });
  const shopPrice = created.unitProduct.unitPrice;

  await page.goto(`/admin/products/${created.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit Product' });
  const now = form.getByText(/^The shop sells a unit/);
  await expect(now).toHaveText(`The shop sells a unit (E2E-UNIT-${id}-u) at ${money(shopPrice)}, with 0 units in stock.`);
  // No price made up on the page (it said "Estimated unit price: $30.00").
  await expect(form.getByText(/Estimated unit price/)).toHaveCount(0);
  await expect(form.getByLabel('Unit Price ($)')).toHaveValue(shopPrice.toFixed(2));
  await form.getByLabel('Unit Price ($)').fill('39.99');
  await form.getByLabel('Units in Stock').fill('12');
  await form.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();

  const stored = await (await page.request.get(`/api/products/${created.id}`)).json();
  expect(stored.unitProduct).toMatchObject({ unitPrice: 39.99, availableStock: 12 });
  await page.goto(`/admin/products/${created.id}/edit`);
  await expect(page.getByText(/^The shop sells a unit/)).toHaveText(`The shop sells a unit (E2E-UNIT-${id}-u) at $39.99, with 12 units in stock.`);
  await page.goto(`/products/${created.id}`);
  await expect(page.getByRole('main').getByText('$39.99', { exact: true })).toBeVisible();
});
