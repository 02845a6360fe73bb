import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { deferred } from '@/test/deferred';
import { MAX_DESCRIPTION_LEN, MAX_IMAGE_URL_LEN, MAX_SKU_LEN, MAX_TITLE_LEN, MAX_VIDEO_URL_LEN } from '@/lib/limits';
import { mockApi, renderRoutes, signedInState, LocationProbe } from '@/test/render';
import ProductCreateRoute from '../routes/product-create';
import ProductEditRoute from '../routes/product-edit';
import { options, product } from '../test/fixtures';
import { productMessages as m } from './product-schema';

type Handlers = Parameters<typeof mockApi>[0];

function setup(path: string, handlers: Handlers = {}) {
  const calls = mockApi({ 'GET /api/metadata': () => [200, options()], ...handlers });
  const view = renderRoutes(
    [
      {
        path: '/admin/products',
        element: (
          <>
            <LocationProbe />
            <Toaster />
          </>
        ),
      },
      {
        path: '/admin/products/create',
        element: (
          <>
            <ProductCreateRoute />
            <Toaster />
          </>
        ),
      },
      {
        path: '/admin/products/:productId/edit',
        element: (
          <>
            <ProductEditRoute />
            <Toaster />
          </>
        ),
      },
    ],
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  return { calls, ...view };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, select, textarea' });

async function fillValid(ue = userEvent) {
  await ue.type(field('SKU'), ' CB-300 ');
  await ue.type(field('Title'), 'Golden Rain');
  await ue.type(field('Description'), 'Falling gold');
  await ue.type(field('Case Price ($)'), '96.5');
  await ue.type(field('Package'), '12, 6');
  await ue.selectOptions(field('Brand'), 'Generic');
  await ue.selectOptions(field('Category'), 'Cakes');
  await ue.click(within(screen.getByRole('group', { name: /^Colors/ })).getByRole('checkbox', { name: 'Red' }));
  await ue.click(within(screen.getByRole('group', { name: /^Effects/ })).getByRole('checkbox', { name: 'Crackle' }));
  await ue.click(within(screen.getByRole('group', { name: /^Effects/ })).getByRole('checkbox', { name: 'Strobe' }));
}

describe('/admin/products/create', () => {
  it('shows every §5 message when submitted empty, on its field', async () => {
    const { calls } = setup('/admin/products/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Product' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Cody B' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    for (const message of [m.sku, m.title, m.casePrice, m.packageRequired, m.brand, m.category]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('SKU')).toHaveAccessibleDescription(m.sku);
    expect(field('Brand')).toHaveAccessibleDescription(m.brand);
    expect(field('SKU')).toHaveFocus();
    expect(calls.mock.calls.filter(([r]) => r.method === 'POST')).toHaveLength(0);
  });

  it('checks the case price and the package format', async () => {
    setup('/admin/products/create');
    await screen.findByRole('form', { name: 'Create Product' });
    for (const [price, ok] of [['0', false], ['abc', false], ['12.345', false], ['12.5', true]] as const) {
      await userEvent.clear(field('Case Price ($)'));
      await userEvent.type(field('Case Price ($)'), price);
      await userEvent.tab();
      if (ok) await waitFor(() => expect(screen.queryByText(m.casePrice)).not.toBeInTheDocument());
      else expect(await screen.findByText(m.casePrice)).toBeInTheDocument();
    }
    for (const [pkg, ok] of [['12,x', false], ['12,,6', false], ['0,6', false], ['-1', false], ['12, 6', true]] as const) {
      await userEvent.clear(field('Package'));
      await userEvent.type(field('Package'), pkg);
      await userEvent.tab();
      if (ok) await waitFor(() => expect(screen.queryByText(m.packageInvalid)).not.toBeInTheDocument());
      else expect(await screen.findByText(m.packageInvalid)).toBeInTheDocument();
    }
    expect(field('Package')).toHaveAccessibleDescription('Comma-separated counts, outermost first: 12,6 is 12 packs of 6.');
  });

  it("carries the server's limits on its text fields, and says so for an overlong pasted title", async () => {
    const { calls } = setup('/admin/products/create');
    await screen.findByRole('option', { name: 'Generic' });
    for (const [label, max] of [
      ['SKU', MAX_SKU_LEN],
      ['Title', MAX_TITLE_LEN],
      ['Description', MAX_DESCRIPTION_LEN],
      ['Image URL', MAX_IMAGE_URL_LEN],
      ['Video URL', MAX_VIDEO_URL_LEN],
    ] as const) {
      expect(field(label)).toHaveAttribute('maxLength', String(max));
    }
    await fillValid();
    // A value that got past maxLength (set by a script, or an older browser's paste).
    fireEvent.input(field('Title'), { target: { value: 'x'.repeat(MAX_TITLE_LEN + 1) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Title must be at most 200 characters')).toBeInTheDocument();
    expect(field('Title')).toHaveAccessibleDescription(m.titleLength);
    expect(calls.mock.calls.filter(([r]) => r.method === 'POST')).toHaveLength(0);
  });

  it('a new case-breakable product: no price computed on the page; a unit price and stock typed are sent', async () => {
    let body: Record<string, unknown> = {};
    setup('/admin/products/create', {
      'POST /api/products': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return [201, product({ id: 'p3' })];
      },
    });
    await screen.findByRole('option', { name: 'Generic' });
    expect(screen.queryByLabelText('Unit Price ($)')).not.toBeInTheDocument();
    await fillValid();
    await userEvent.click(screen.getByRole('checkbox', { name: /Case Breakable/ }));
    // The issue 32 page said "Estimated unit price: $30.00" while the shop sold the unit at $39.99.
    expect(screen.queryByText(/Estimated unit price/)).not.toBeInTheDocument();
    expect(screen.getByText(/The unit product is created when you save/)).toBeInTheDocument();
    expect(field('Unit Price ($)')).toHaveValue('');
    await userEvent.type(field('Unit Price ($)'), '0');
    await userEvent.type(field('Units in Stock'), '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText(m.unitPrice)).toBeInTheDocument();
    expect(field('Units in Stock')).toHaveAccessibleDescription(expect.stringContaining(m.unitStock));
    await userEvent.clear(field('Unit Price ($)'));
    await userEvent.type(field('Unit Price ($)'), '39.99');
    await userEvent.clear(field('Units in Stock'));
    await userEvent.type(field('Units in Stock'), '24');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    expect(body).toMatchObject({ isCaseBreakable: true, unitPrice: 39.99, unitStock: 24 });
  });

  it('a blank unit price and stock are left out: the server prices the unit', async () => {
    let body: Record<string, unknown> = {};
    setup('/admin/products/create', {
      'POST /api/products': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return [201, product({ id: 'p3' })];
      },
    });
    await screen.findByRole('option', { name: 'Generic' });
    await fillValid();
    await userEvent.click(screen.getByRole('checkbox', { name: /Case Breakable/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    expect(body.isCaseBreakable).toBe(true);
    expect(body).not.toHaveProperty('unitPrice');
    expect(body).not.toHaveProperty('unitStock');
  });

  it('creates the product (placeholder image, package text, colours and effects), says so and returns to the list', async () => {
    const answer = deferred<[number, unknown]>();
    let body: unknown;
    const { router } = setup('/admin/products/create', {
      'POST /api/products': async (req) => {
        body = await req.json();
        return answer.promise;
      },
    });
    await screen.findByRole('option', { name: 'Generic' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve([201, product({ id: 'p3' })]);
    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    expect(body).toEqual({
      sku: 'CB-300',
      title: 'Golden Rain',
      description: 'Falling gold',
      casePrice: 96.5,
      inStock: true,
      package: '12,6',
      isCaseBreakable: false,
      image: '/placeholder.png',
      brandId: 'b2',
      categoryId: 'c2',
      colors: ['co2'],
      effects: ['e1', 'e2'],
    });
  });

  it("puts the server's field errors (422) on their fields and says \"Error creating product: {message}\"", async () => {
    setup('/admin/products/create', {
      'POST /api/products': () => [
        422,
        {
          message: 'SKU must not contain spaces',
          errors: { sku: ['SKU must not contain spaces'], videoURL: ['Video URL must be a web address'], unitPrice: ['Valid unit price is required'] },
        },
      ],
    });
    await screen.findByRole('option', { name: 'Generic' });
    await fillValid();
    await userEvent.type(field('Video URL'), 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Error creating product: SKU must not contain spaces')).toBeInTheDocument();
    await waitFor(() => expect(field('SKU')).toHaveAccessibleDescription('SKU must not contain spaces'));
    expect(field('Video URL')).toHaveAccessibleDescription('Video URL must be a web address');
    // A field the form does not show: in the form's alert.
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Valid unit price is required')).toBe(true);
    expect(screen.getByRole('form', { name: 'Create Product' })).toBeInTheDocument();
  });

  it('says "Failed to create product" when the server gives no message', async () => {
    setup('/admin/products/create', { 'POST /api/products': () => [403, {}] });
    await screen.findByRole('option', { name: 'Generic' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findAllByText('Failed to create product')).toHaveLength(2);
  });
});

describe('/admin/products/{productId}/edit', () => {
  it('loads the product with the SKU read-only, and saves it with "Product updated successfully!"', async () => {
    let body: unknown;
    const { router } = setup('/admin/products/p1/edit', {
      'GET /api/products/p1': () => [200, product()],
      'PUT /api/products/p1': async (req) => {
        body = await req.json();
        return [200, product({ title: 'Sky Dragon II' })];
      },
    });
    expect(await screen.findByRole('form', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeInTheDocument();
    expect(field('SKU')).toHaveValue('CB-100');
    expect(field('SKU')).toHaveAttribute('readonly');
    expect(field('SKU')).toHaveAccessibleDescription('The SKU cannot be changed.');
    expect(field('Case Price ($)')).toHaveValue('120.00');
    expect(field('Package')).toHaveValue('12,6');
    expect(field('Image URL')).toHaveValue('');
    await waitFor(() => expect(field('Brand')).toHaveValue('b1'));
    expect(within(screen.getByRole('group', { name: /Colors/ })).getByRole('checkbox', { name: 'Gold' })).toBeChecked();
    // The unit as the shop sells it, from the API.
    expect(screen.getByText(/The shop sells a unit/)).toHaveTextContent('The shop sells a unit (CB-100-u) at $10.00, with 0 units in stock.');
    expect(field('Unit Price ($)')).toHaveValue('10.00');
    expect(field('Units in Stock')).toHaveValue('0');

    await userEvent.type(field('SKU'), 'X');
    expect(field('SKU')).toHaveValue('CB-100');
    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'Sky Dragon II');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    expect(body).toMatchObject({ sku: 'CB-100', title: 'Sky Dragon II', casePrice: 120, package: '12,6', colors: ['co1'], isCaseBreakable: true });
    // Untouched, the unit price stays the server's and the count is not overwritten.
    expect(body).not.toHaveProperty('unitPrice');
    expect(body).not.toHaveProperty('unitStock');
  });

  it("shows the unit's real price and stock, and sends the admin's new ones", async () => {
    let body: Record<string, unknown> = {};
    setup('/admin/products/p1/edit', {
      'GET /api/products/p1': () => [200, product({ casePrice: 360, unitProduct: { id: 'u1', sku: 'CB-100-u', unitPrice: 39.99, availableStock: 7 } })],
      'PUT /api/products/p1': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return [200, product()];
      },
    });
    await screen.findByRole('form', { name: 'Edit Product' });
    await waitFor(() => expect(field('Brand')).toHaveValue('b1'));
    expect(screen.getByText(/The shop sells a unit/)).toHaveTextContent('at $39.99, with 7 units in stock.');
    expect(screen.queryByText(/\$30\.00/)).not.toBeInTheDocument();
    await userEvent.clear(field('Unit Price ($)'));
    await userEvent.type(field('Unit Price ($)'), '41.5');
    await userEvent.clear(field('Units in Stock'));
    await userEvent.type(field('Units in Stock'), '48');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(body).toMatchObject({ unitPrice: 41.5, unitStock: 48 });
  });

  it('shows "SKU cannot be changed" from the server on the SKU', async () => {
    setup('/admin/products/p1/edit', {
      'GET /api/products/p1': () => [200, product()],
      'PUT /api/products/p1': () => [422, { message: 'SKU cannot be changed', errors: { sku: ['SKU cannot be changed'] } }],
    });
    await screen.findByRole('form', { name: 'Edit Product' });
    await waitFor(() => expect(field('Brand')).toHaveValue('b1'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Error updating product: SKU cannot be changed')).toBeInTheDocument();
    expect(field('SKU')).toHaveAccessibleDescription('The SKU cannot be changed. SKU cannot be changed');
  });

  it('says when the product cannot be read', async () => {
    setup('/admin/products/nope/edit', { 'GET /api/products/nope': () => [404, { message: 'Product not found' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading product: Product not found');
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/admin/products');
  });
});
