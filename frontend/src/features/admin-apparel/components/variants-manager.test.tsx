import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ApparelVariantsRoute from '../routes/apparel-variants';
import { apparel, options, variant } from '../test/fixtures';
import { apparelMessages as m } from './apparel-schema';

type Handlers = Parameters<typeof mockApi>[0];

function setup(handlers: Handlers = {}) {
  const calls = mockApi({
    'GET /api/metadata': () => [200, options()],
    'GET /api/products/a1': () => [200, apparel()],
    ...handlers,
  });
  const view = renderAt(
    <>
      <ApparelVariantsRoute />
      <Toaster />
    </>,
    { path: '/admin/apparel/a1/variants', route: '/admin/apparel/:productId/variants', preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const sent = (method: string, path: string) =>
    Promise.all(
      calls.mock.calls.filter(([r]) => r.method === method && new URL(r.url).pathname === path).map(([r]) => r.clone().json() as Promise<Record<string, unknown>>),
    );
  return { ...view, calls, sent };
}

const stockTable = () => screen.getByRole('table', { name: 'Variants and Stock' });
const editForm = () => screen.getByRole('form', { name: 'Edit Variants' });
const gridCell = (name: string) => within(editForm()).getByRole(/Size|Gender|Color/.test(name) ? 'combobox' : 'textbox', { name });

describe('/admin/apparel/{productId}/variants', () => {
  it('lists the variants: SKU, size, gender label, colour, unit price and stock', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Apparel Variants' })).toBeInTheDocument();
    expect(await screen.findByText('Cody B Tee (APP-0007)')).toBeInTheDocument();
    const rows = within(stockTable()).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 6).map((c) => c.textContent))).toEqual([
      ['APP-0007-M-M-BLU', 'M', "Men's", 'Blue', '$20.00', '12'],
      ['APP-0007-L-F', 'L', "Women's", 'None', '$22.50', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit product' })).toHaveAttribute('href', '/admin/apparel/a1/edit');
  });

  it("saves one variant's stock with PUT /api/apparel/variants/{id}/stock and shows the new count", async () => {
    let stock = 0;
    const { sent } = setup({
      'GET /api/products/a1': () => [200, apparel({ variants: [variant(), variant({ id: 'v2', sku: 'APP-0007-L-F', size: 'L', gender: 'FEMALE', colorId: null, color: null, availableStock: stock })] })],
      'PUT /api/apparel/variants/v2/stock': () => {
        stock = 25;
        return [200, { id: 'v2', sku: 'APP-0007-L-F', availableStock: 25 }];
      },
    });
    const input = await screen.findByRole('textbox', { name: 'Stock for APP-0007-L-F' });
    expect(input).toHaveValue('0');
    await userEvent.clear(input);
    await userEvent.type(input, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock for APP-0007-L-F' }));
    expect(input).toHaveAccessibleDescription(m.stock);
    expect(await sent('PUT', '/api/apparel/variants/v2/stock')).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '25{Enter}');
    expect(await screen.findByText('Stock updated for APP-0007-L-F')).toBeInTheDocument();
    expect(await sent('PUT', '/api/apparel/variants/v2/stock')).toEqual([{ availableStock: 25 }]);
    const row = within(stockTable()).getByRole('row', { name: /APP-0007-L-F/ });
    await waitFor(() => expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('25'));
    expect(input).toHaveValue('25');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's stock message", async () => {
    setup({
      'PUT /api/apparel/variants/v1/stock': () => [422, { message: m.stock, errors: { availableStock: [m.stock] } }],
    });
    const input = await screen.findByRole('textbox', { name: 'Stock for APP-0007-M-M-BLU' });
    await userEvent.clear(input);
    await userEvent.type(input, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock for APP-0007-M-M-BLU' }));
    expect(await screen.findByText(`Error updating stock: ${m.stock}`)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(m.stock);
  });

  it('edits prices, adds and removes variants with the product PUT (the product as stored, stock only for new variants)', async () => {
    const { sent } = setup({
      'PUT /api/apparel/products/a1': () => [
        200,
        apparel({ variants: [variant({ unitPrice: 19 }), variant({ id: 'v3', sku: 'APP-0007-S-U-RED', size: 'S', gender: 'UNISEX', colorId: 'co2', color: { id: 'co2', name: 'Red' }, availableStock: 999 })] }),
      ],
    });
    await screen.findByRole('form', { name: 'Edit Variants' });
    expect(gridCell('Size for variant 1')).toHaveValue('M');
    // Stored variants' stock is set in the table above.
    expect(within(editForm()).queryByRole('textbox', { name: 'Stock for variant 1' })).not.toBeInTheDocument();
    expect(screen.getByText(/Estimated unit price/)).toHaveTextContent('$20.00');

    await userEvent.clear(gridCell('Unit price for variant 1'));
    await userEvent.type(gridCell('Unit price for variant 1'), '19');
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Remove variant 2' }));
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Add Variant' }));
    await userEvent.selectOptions(gridCell('Size for variant 2'), 'S');
    await userEvent.selectOptions(gridCell('Color for variant 2'), 'Red');
    expect(within(editForm()).getByText('APP-0007-S-U-RED')).toBeInTheDocument();
    expect(gridCell('Stock for variant 2')).toHaveValue('999');
    await userEvent.click(screen.getByRole('button', { name: 'Save Variants' }));
    expect(await screen.findByText('Apparel product updated successfully!')).toBeInTheDocument();
    expect(await sent('PUT', '/api/apparel/products/a1')).toEqual([
      {
        title: 'Cody B Tee',
        description: 'Soft cotton',
        casePrice: 240,
        inStock: true,
        package: '12,1',
        image: '/placeholder.png',
        brandId: 'b1',
        categoryId: 'c1',
        apparelTypeId: 't1',
        colors: ['co1'],
        variants: [
          { size: 'M', gender: 'MALE', colorId: 'co1', unitPrice: 19 },
          { size: 'S', gender: 'UNISEX', colorId: 'co2', unitPrice: 20, availableStock: 999 },
        ],
      },
    ]);
    // The form starts again from the saved product.
    await waitFor(() => expect(gridCell('Unit price for variant 1')).toHaveValue('19.00'));
    expect(within(editForm()).queryByRole('textbox', { name: 'Stock for variant 2' })).not.toBeInTheDocument();
  });

  it('refuses duplicate variants before sending, and shows the server\'s product messages in the alert', async () => {
    const { sent } = setup({
      'PUT /api/apparel/products/a1': () => [422, { message: 'Validation failed', errors: { title: [m.title] } }],
    });
    await screen.findByRole('form', { name: 'Edit Variants' });
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Duplicate variant 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Variants' }));
    expect(await within(editForm()).findByText(m.duplicates)).toBeInTheDocument();
    expect(await sent('PUT', '/api/apparel/products/a1')).toEqual([]);
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Remove variant 2' }));
    await waitFor(() => expect(within(editForm()).queryByText(m.duplicates)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save Variants' }));
    expect(await screen.findByText('Error updating apparel product: Validation failed')).toBeInTheDocument();
    expect(within(editForm()).getByRole('alert')).toHaveTextContent(m.title);
  });
});
