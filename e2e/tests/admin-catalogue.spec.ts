import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dataRows, expectAccessible, heading, mainNav, money, signIn, signInAsAdmin, signUp, stamp, storedSession, toast, uniqueEmail } from './helpers';

// The back office's catalogue (issue 11): products from create to delete as the shop shows
// them, brands, show types and apparel types, a brand in use that cannot go, the inventory
// views against the API, and the admin area closed to a buyer. The wording is back-office.md's
// (§5 validation, §8 toasts). Every name carries the run's stamp: specs share one database.

interface Named {
  id: string;
  name: string;
}

interface InventoryItem {
  kind: 'unit' | 'variant';
  sku: string;
  product: { title: string };
  unitPrice: number;
  package: number[];
  availableStock: number;
}

interface InventoryPage {
  items: InventoryItem[];
  pagination: { totalItems: number; hasMore: boolean };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });
const rowOf = (table: Locator, name: string) => dataRows(table).filter({ has: table.page().getByText(name, { exact: true }) });

async function metadata(request: APIRequestContext): Promise<Record<'brands' | 'categories' | 'colors' | 'effects', Named[]>> {
  const res = await request.get('/api/metadata');
  expect(res.status()).toBe(200);
  return res.json();
}

/** Confirms the open delete dialog after checking its question. */
async function confirmDelete(page: Page, title: string, question: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(question);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the dashboard: four tiles with the summary, the top bar and the sidebar', async ({ page }) => {
  await signInAsAdmin(page);
  const { token } = await storedSession(page);
  const summary = await (await page.request.get('/api/admin/summary', { headers: bearer(token) })).json();

  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  const tiles: [string, string, number][] = [
    ['Users', '/admin/users', summary.users],
    ['Inventory', '/admin/inventory', summary.inventory],
    ['Products', '/admin/products', summary.products],
    ['Shows', '/admin/shows', summary.shows],
  ];
  for (const [name, href, value] of tiles) {
    const tile = page.getByRole('main').getByRole('link').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
    await expect(tile).toHaveAttribute('href', href);
    await expect(tile).toContainText(new Intl.NumberFormat('en-US').format(value));
  }
  const top = page.getByRole('navigation', { name: 'Admin', exact: true });
  await expect(top.getByRole('link')).toHaveText(['Home', 'Apparel Products', 'Reports']);
  await expect(top.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  for (const [section, links] of [
    ['Users', ['All Users']],
    ['Inventory', ['All Inventory', 'Low Stock', 'Out of Stock']],
    ['Shows', ['All Shows', 'Manage Types']],
    ['Products', ['All Products', 'Out of Stock', 'Manage Metadata']],
    ['Reports', ['Case Break', 'Sales', 'Inventory', 'User Activity', 'Financial']],
    ['Mail', ['Outgoing mail']],
  ] as const) {
    await expect(sidebar(page).getByRole('list', { name: section }).getByRole('link')).toHaveText([...links]);
  }
  await expectAccessible(page);
});

test('an admin creates a product, finds it in the shop, renames it and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  const id = stamp();
  const sku = `E2E-${id}`;
  const title = `E2E Comet Cake ${id}`;
  const renamed = `${title} Deluxe`;
  await signInAsAdmin(page);

  await page.goto('/admin/products');
  await expect(heading(page, 'Products')).toBeVisible();
  const list = page.getByRole('table', { name: 'All Products' });
  await expect(dataRows(list).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  await expect(heading(page, 'Create Product')).toBeVisible();

  // The §5 messages first: an empty form, then a package that is not a list of counts.
  const form = page.getByRole('form', { name: 'Create Product' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await form.getByRole('button', { name: 'Create Product' }).click();
  const required: [string, string][] = [
    ['SKU', 'SKU is required'],
    ['Title', 'Title is required'],
    ['Case Price ($)', 'Valid case price is required'],
    ['Package', 'Package information is required'],
    ['Brand', 'Brand is required'],
    ['Category', 'Category is required'],
  ];
  for (const [label, message] of required) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(field('SKU')).toBeFocused();
  await expectAccessible(page);
  await field('Package').fill('12,six');
  await field('Package').blur();
  await expect(form.getByText('Package must be a comma-separated list of positive numbers', { exact: true })).toBeVisible();

  await field('SKU').fill(sku);
  await field('Title').fill(title);
  await field('Description').fill('Thirty-six shots of gold comets with a crackling finale.');
  await field('Case Price ($)').fill('120');
  await field('Package').fill('12, 6');
  await field('Brand').selectOption({ label: 'Black Cat' });
  await field('Category').selectOption({ label: '500 Gram Cakes' });
  await form.getByRole('group', { name: /^Colors/ }).getByRole('checkbox', { name: 'Gold' }).check();
  await form.getByRole('group', { name: /^Effects/ }).getByRole('checkbox', { name: 'Crackles' }).check();
  await expect(form.getByRole('group', { name: /^Colors/ })).toContainText('1 selected');
  await expect(field('In Stock')).toBeChecked();
  await field('Case Breakable (also sold by the unit)').check();
  // The form prices nothing itself (issue 32, item 4): before the first save it says the unit
  // product comes with it, priced by the shop from the case price and package.
  await expect(form.getByText(/The unit product is created when you save\./)).toBeVisible();
  await expect(form.getByLabel('Unit Price ($)')).toHaveValue('');
  for (const [, message] of required) await expect(form.getByText(message, { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Product' }).click();

  await expect(toast(page, 'Product created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByLabel('Search products by title').fill(title);
  await expect(dataRows(list)).toHaveCount(1);
  const row = rowOf(list, title);
  await expect(row.getByRole('cell')).toHaveText([
    '',
    sku,
    title,
    'Black Cat',
    '500 Gram Cakes',
    money(120),
    '12, 6',
    'Yes',
    'Yes',
    'EditDelete',
  ]);

  // The edit link names the product's id: the shop shows it under that id.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[^/]+\/edit$/);
  const productId = new URL(page.url()).pathname.split('/')[3]!;

  await page.goto(`/products?page=1&pageSize=25&searchTitle=${encodeURIComponent(title)}`);
  await expect(page.getByRole('list', { name: 'Product results' }).getByRole('heading', { name: title })).toBeVisible();
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`SKU ${sku}`)).toBeVisible();
  const facts = page.getByRole('main').getByRole('definition');
  await expect(facts.nth(0)).toHaveText('500 Gram Cakes');
  await expect(facts.nth(1)).toHaveText('Black Cat');
  await expect(facts.nth(2)).toContainText(money(120));
  await expect(facts.nth(3)).not.toHaveText('Case only');
  await expect(page.getByText('Thirty-six shots of gold comets with a crackling finale.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Colors' })).toContainText('Gold');
  await expect(page.getByRole('region', { name: 'Effects' })).toContainText('Crackles');

  // The new unit has no stock yet: Out of Stock lists it.
  await page.goto('/admin/inventory?view=out-of-stock');
  await page.getByLabel('Search inventory').fill(sku);
  const inventory = page.getByRole('table', { name: 'Out of Stock' });
  await expect(dataRows(inventory)).toHaveCount(1);
  await expect(dataRows(inventory).getByRole('cell').first()).toHaveText(`${sku}-u`);
  await expect(dataRows(inventory).getByRole('cell').nth(1)).toHaveText(title);

  // Edit: the SKU stays, the title changes, the shop follows.
  await page.goto(`/admin/products/${productId}/edit`);
  const edit = page.getByRole('form', { name: 'Edit Product' });
  await expect(edit.getByLabel('SKU', { exact: true })).toHaveValue(sku);
  await expect(edit.getByLabel('SKU', { exact: true })).toHaveAttribute('readonly');
  await expect(edit.getByLabel('SKU', { exact: true })).toHaveAccessibleDescription('The SKU cannot be changed.');
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(edit.getByLabel('Case Price ($)', { exact: true })).toHaveValue('120.00');
  await expect(edit.getByLabel('Package', { exact: true })).toHaveValue('12,6');
  await expect(edit.getByLabel('Brand', { exact: true }).locator('option:checked')).toHaveText('Black Cat');
  await expect(edit.getByRole('group', { name: /^Colors/ }).getByRole('checkbox', { name: 'Gold' })).toBeChecked();
  await expect(edit.getByLabel('Case Breakable (also sold by the unit)')).toBeChecked();
  await expectAccessible(page);
  await edit.getByLabel('Title', { exact: true }).fill(renamed);
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await page.goto(`/products?page=1&pageSize=25&searchTitle=${encodeURIComponent(renamed)}`);
  await expect(page.getByRole('list', { name: 'Product results' }).getByRole('heading', { name: renamed })).toBeVisible();

  // Delete, after the §5 question; the shop no longer has it.
  await page.goto('/admin/products');
  await page.getByLabel('Search products by title').fill(renamed);
  await expect(dataRows(list)).toHaveCount(1);
  await rowOf(list, renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
  await confirmDelete(page, 'Delete Product', `Are you sure you want to delete "${renamed}"?`);
  await expect(toast(page, 'Product deleted successfully')).toBeVisible();
  await expect(rowOf(list, renamed)).toHaveCount(0);
  await expect(list.getByRole('cell', { name: 'No data found.' })).toBeVisible();

  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.goto(`/products?page=1&pageSize=25&searchTitle=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
});

test('an admin adds a brand, a show type and an apparel type, and removes them again', async ({ page }) => {
  test.setTimeout(90_000);
  const id = stamp();
  const brand = `E2E Brand ${id}`;
  const showType = `E2E_SHOW_${id}`;
  const apparelType = `E2E Poncho ${id}`;
  await signInAsAdmin(page);

  // Brands: the first tab, with its count.
  const brandsBefore = (await metadata(page.request)).brands.length;
  await page.goto('/admin');
  await sidebar(page).getByRole('link', { name: 'Manage Metadata' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/metadata$/);
  await expect(heading(page, 'Manage Metadata')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Metadata kinds' });
  await expect(tabs.getByRole('tab')).toHaveText([/^Brands\d+$/, /^Categories\d+$/, /^Colors\d+$/, /^Effects\d+$/]);
  await expect(tabs.getByRole('tab', { name: /^Brands/ })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: /^Brands/ })).toHaveText(`Brands${brandsBefore}`);
  const brands = page.getByRole('table', { name: 'Brands' });
  await expect(dataRows(brands)).toHaveCount(brandsBefore);
  await expectAccessible(page);

  const add = page.getByRole('form', { name: 'Add Brand' });
  await expect(add.getByRole('button', { name: 'Add Brand' })).toBeDisabled();
  await add.getByLabel('New brand name').fill(`  ${brand}  `);
  await add.getByRole('button', { name: 'Add Brand' }).click();
  await expect(toast(page, 'Brand created successfully')).toBeVisible();
  await expect(add.getByLabel('New brand name')).toHaveValue('');
  await expect(rowOf(brands, brand).getByRole('cell')).toHaveText([brand, '0', 'EditDelete']);
  await expect(tabs.getByRole('tab', { name: /^Brands/ })).toHaveText(`Brands${brandsBefore + 1}`);
  expect((await metadata(page.request)).brands.map((b) => b.name)).toContain(brand);

  // The same name again, in another case: the server's refusal in the toast.
  await add.getByLabel('New brand name').fill(brand.toLowerCase());
  await add.getByRole('button', { name: 'Add Brand' }).click();
  await expect(toast(page, `Error creating brand: A brand named "${brand.toLowerCase()}" already exists`, 'error')).toBeVisible();
  await expect(rowOf(brands, brand)).toHaveCount(1);

  await rowOf(brands, brand).getByRole('button', { name: `Delete ${brand}` }).click();
  await confirmDelete(page, 'Delete Brand', `Are you sure you want to delete "${brand}"?`);
  await expect(toast(page, 'Brand deleted successfully')).toBeVisible();
  await expect(rowOf(brands, brand)).toHaveCount(0);

  // Show types: one form at a time; the description is optional.
  await sidebar(page).getByRole('link', { name: 'Manage Types' }).click();
  await expect(page).toHaveURL(/\/admin\/shows\/showTypes$/);
  await expect(heading(page, 'Manage Show Types')).toBeVisible();
  const showTypes = page.getByRole('table', { name: 'Show Types' });
  // Seeded types by their names (issue 32, item 6); an added one with underscores as spaces.
  await expect(rowOf(showTypes, 'Wedding')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Show Type' }).click();
  const showForm = page.getByRole('form', { name: 'Create Show Type' });
  await expect(showForm.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Create Show Type' })).toBeDisabled();
  await expect(rowOf(showTypes, 'Wedding').getByRole('button', { name: 'Edit Wedding' })).toBeDisabled();
  await expect(showForm.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
  await showForm.getByLabel('Name', { exact: true }).fill(showType);
  await showForm.getByLabel('Description (optional)').fill('Shows for the end-to-end tests.');
  await expectAccessible(page);
  await showForm.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Show type created successfully')).toBeVisible();
  await expect(showForm).toBeHidden();
  const showTypeName = showType.replace(/_/g, ' ');
  await expect(rowOf(showTypes, showTypeName).getByRole('cell')).toHaveText([showTypeName, 'Shows for the end-to-end tests.', 'EditDelete']);
  const typesNow = (await (await page.request.get('/api/shows/types/all')).json()) as Named[];
  expect(typesNow.map((t) => t.name)).toContain(showType);
  await rowOf(showTypes, showTypeName).getByRole('button', { name: `Delete ${showTypeName}` }).click();
  await confirmDelete(page, 'Delete Show Type', `Are you sure you want to delete "${showTypeName}"?`);
  await expect(toast(page, 'Show type deleted successfully')).toBeVisible();
  await expect(rowOf(showTypes, showTypeName)).toHaveCount(0);

  // Apparel types: an add form that opens and closes, and the summary counts.
  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Apparel Products' }).click();
  await expect(page).toHaveURL(/\/admin\/apparel$/);
  await page.getByRole('navigation', { name: 'Apparel sections' }).getByRole('link', { name: 'Manage Types' }).click();
  await expect(page).toHaveURL(/\/admin\/apparel\/types$/);
  await expect(heading(page, 'Apparel Types')).toBeVisible();
  const apparelTypes = page.getByRole('table', { name: 'Apparel Types' });
  await expect(rowOf(apparelTypes, 'Hoodie')).toHaveCount(1);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('term')).toHaveText(['Total Types', 'Most Common', 'With Descriptions', 'Total Products', 'Unique Apparel Types']);
  const totalTypes = summary.getByRole('definition').first();
  const before = Number(await totalTypes.textContent());
  await expectAccessible(page);
  const open = page.getByRole('button', { name: 'Add Apparel Type' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(page.getByRole('button', { name: 'Close Form' })).toHaveAttribute('aria-expanded', 'true');
  const apparelForm = page.getByRole('form', { name: 'Add Apparel Type' });
  await apparelForm.getByLabel('Name', { exact: true }).fill(apparelType);
  await apparelForm.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, 'Apparel type created successfully!')).toBeVisible();
  await expect(apparelForm).toBeHidden();
  await expect(rowOf(apparelTypes, apparelType).getByRole('cell')).toHaveText([apparelType, 'No description', '0', 'EditDelete']);
  await expect(totalTypes).toHaveText(String(before + 1));
  await expectAccessible(page);
  await rowOf(apparelTypes, apparelType).getByRole('button', { name: `Delete ${apparelType}` }).click();
  await confirmDelete(page, 'Delete Apparel Type', `Are you sure you want to delete "${apparelType}"? This action cannot be undone.`);
  await expect(toast(page, 'Apparel type deleted successfully!')).toBeVisible();
  await expect(rowOf(apparelTypes, apparelType)).toHaveCount(0);
  await expect(totalTypes).toHaveText(String(before));
});

test('a brand that a product uses cannot be deleted, and can once the product is gone', async ({ page }) => {
  const id = stamp();
  const brand = `E2E Used Brand ${id}`;
  await signInAsAdmin(page);
  const { token } = await storedSession(page);

  await page.goto('/admin/products/metadata?tab=brands');
  const brands = page.getByRole('table', { name: 'Brands' });
  const add = page.getByRole('form', { name: 'Add Brand' });
  await add.getByLabel('New brand name').fill(brand);
  await add.getByRole('button', { name: 'Add Brand' }).click();
  await expect(toast(page, 'Brand created successfully')).toBeVisible();

  const meta = await metadata(page.request);
  const created = await page.request.post('/api/products', {
    headers: bearer(token),
    data: {
      sku: `E2E-USES-${id}`,
      title: `E2E Brand Holder ${id}`,
      casePrice: 80,
      inStock: true,
      package: '24',
      isCaseBreakable: false,
      image: '/placeholder.png',
      brandId: meta.brands.find((b) => b.name === brand)!.id,
      categoryId: meta.categories.find((c) => c.name === 'Fountains')!.id,
      colors: [],
      effects: [],
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { id: string };

  await page.reload();
  await expect(rowOf(brands, brand).getByRole('cell').nth(1)).toHaveText('1');
  await rowOf(brands, brand).getByRole('button', { name: `Delete ${brand}` }).click();
  await confirmDelete(page, 'Delete Brand', `Are you sure you want to delete "${brand}"?`);
  await expect(
    toast(page, `Error deleting brand: Brand "${brand}" is used by 1 product and cannot be deleted`, 'error'),
  ).toBeVisible();
  await expect(rowOf(brands, brand)).toHaveCount(1);
  await page.reload();
  await expect(rowOf(brands, brand)).toHaveCount(1);

  expect((await page.request.delete(`/api/products/${product.id}`, { headers: bearer(token) })).status()).toBe(204);
  await page.reload();
  await expect(rowOf(brands, brand).getByRole('cell').nth(1)).toHaveText('0');
  await rowOf(brands, brand).getByRole('button', { name: `Delete ${brand}` }).click();
  await confirmDelete(page, 'Delete Brand', `Are you sure you want to delete "${brand}"?`);
  await expect(toast(page, 'Brand deleted successfully')).toBeVisible();
  await expect(rowOf(brands, brand)).toHaveCount(0);
});

test('the inventory views show the rows the API answers, page by page', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const { token } = await storedSession(page);
  const api = async (query: string): Promise<InventoryPage> => {
    const res = await page.request.get(`/api/admin/inventory?${query}`, { headers: bearer(token) });
    expect(res.status()).toBe(200);
    return res.json();
  };
  const stockText = (n: number) => (n <= 0 ? `${n} (out of stock)` : n < 10 ? `${n} (low)` : String(n));
  const expectRows = async (table: Locator, items: InventoryItem[]) => {
    await expect(dataRows(table)).toHaveCount(items.length);
    for (const [i, item] of items.entries()) {
      await expect(dataRows(table).nth(i).getByRole('cell')).toHaveText([
        item.sku,
        item.product.title,
        item.kind === 'variant' ? 'Apparel variant' : 'Unit',
        money(item.unitPrice),
        item.package.join(', '),
        stockText(item.availableStock),
      ]);
    }
  };

  await page.goto('/admin');
  for (const [link, view, url] of [
    ['All Inventory', '', /\/admin\/inventory$/],
    ['Low Stock', '&view=low-stock', /\/admin\/inventory\?view=low-stock$/],
    ['Out of Stock', '&view=out-of-stock', /\/admin\/inventory\?view=out-of-stock$/],
  ] as const) {
    await sidebar(page).getByRole('list', { name: 'Inventory' }).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(sidebar(page).getByRole('list', { name: 'Inventory' }).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('table', { name: link });
    const first = await api(`page=1&pageSize=10${view}`);
    expect(first.items.length, `${link}: the demo shop has rows here`).toBeGreaterThan(0);
    await expectRows(table, first.items);
    await expect(page.getByText(`Showing 1-${first.items.length} of ${first.pagination.totalItems}`)).toBeVisible();
    if (view) {
      for (const item of first.items) {
        expect(item.availableStock, `${link}: ${item.sku}`).toBeLessThan(view === '&view=low-stock' ? 10 : 1);
        if (view === '&view=low-stock') expect(item.availableStock).toBeGreaterThan(0);
      }
    }
    await expectAccessible(page);

    // The next page, as the server pages it.
    expect(first.pagination.hasMore).toBe(true);
    const pager = page.getByRole('navigation', { name: `${link} pages` });
    await pager.getByRole('button', { name: 'Next' }).click();
    const second = await api(`page=2&pageSize=10${view}`);
    await expectRows(table, second.items);
    await expect(page.getByText(`Showing 11-${10 + second.items.length} of ${second.pagination.totalItems}`)).toBeVisible();
  }

  // A search over SKU and title, any case.
  await page.getByLabel('Search inventory').fill('light it up');
  const found = await api('page=1&pageSize=10&view=out-of-stock&search=light%20it%20up');
  expect(found.items.length).toBeGreaterThan(0);
  await expectRows(page.getByRole('table', { name: 'Out of Stock' }), found.items);
  await expect(page.getByText(`Showing 1-${found.items.length} of ${found.pagination.totalItems}`)).toBeVisible();
  await page.getByLabel('Search inventory').fill('app-0005-l-m');
  const bySku = await api('page=1&pageSize=10&view=out-of-stock&search=app-0005-l-m');
  expect(bySku.items.length).toBeGreaterThan(0);
  await expectRows(page.getByRole('table', { name: 'Out of Stock' }), bySku.items);
});

test('a buyer who opens /admin is sent to / and the admin API refuses them', async ({ page }) => {
  const email = uniqueEmail('not-admin');
  await signUp(page, email);
  await signIn(page, email);
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const { token } = await storedSession(page);

  for (const path of ['/admin', '/admin/products/create', '/admin/inventory?view=low-stock']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/?redirect=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  }
  expect((await page.request.get('/api/admin/inventory?page=1&pageSize=10', { headers: bearer(token) })).status()).toBe(403);
  expect((await page.request.get('/api/admin/summary', { headers: bearer(token) })).status()).toBe(403);
});
