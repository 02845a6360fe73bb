import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { deferred } from '@/test/deferred';
import { LocationProbe, mockApi, renderRoutes, signedInState } from '@/test/render';
import ApparelCreateRoute from '../routes/apparel-create';
import ApparelEditRoute from '../routes/apparel-edit';
import { apparel, options, types } from '../test/fixtures';
import { apparelMessages as m, newRow, variantsProblem } from './apparel-schema';

type Handlers = Parameters<typeof mockApi>[0];

/** The tests that type into many grid inputs take a few seconds on a busy machine. */
const SLOW = 20_000;

function setup(path: string, handlers: Handlers = {}) {
  const calls = mockApi({
    'GET /api/metadata': () => [200, options()],
    'GET /api/apparel/types/all': () => [200, types()],
    'GET /api/apparel/sku/preview': () => [200, { nextSku: 'APP-0008' }],
    ...handlers,
  });
  const withToaster = (element: React.ReactNode) => (
    <>
      {element}
      <Toaster />
    </>
  );
  const view = renderRoutes(
    [
      { path: '/admin/apparel', element: withToaster(<LocationProbe />) },
      { path: '/admin/apparel/create', element: withToaster(<ApparelCreateRoute />) },
      { path: '/admin/apparel/:productId/edit', element: withToaster(<ApparelEditRoute />) },
    ],
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const bodies = async (method: string) =>
    Promise.all(calls.mock.calls.filter(([r]) => r.method === method).map(([r]) => r.clone().json() as Promise<Record<string, unknown>>));
  return { calls, bodies, ...view };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, select, textarea' });
const grid = () => screen.getByRole('table', { name: 'Variants' });
const gridRows = () => within(grid()).getAllByRole('row').slice(1);
const cell = (name: string) => within(grid()).getByRole(/Size|Gender|Color/.test(name) && !/Custom/.test(name) ? 'combobox' : 'textbox', { name });
const colourBox = (name: string) => within(screen.getByRole('group', { name: /^Colors/ })).getByRole('checkbox', { name });
const listError = () => screen.queryAllByRole('alert').find((a) => a.id === 'apparel-variants-error');

async function ready() {
  await screen.findByRole('form', { name: 'Create Apparel Product' });
  await screen.findByText('APP-0008');
}

async function fillProduct(ue = userEvent) {
  await ue.type(field('Title'), ' Cody B Tee ');
  await ue.selectOptions(field('Apparel Type'), 'Hoodie');
  await ue.type(field('Case Price ($)'), '240');
  await ue.clear(field('Package'));
  await ue.type(field('Package'), '12, 1');
  await ue.selectOptions(field('Brand'), 'Generic');
  await ue.selectOptions(field('Category'), 'Apparel');
}

describe('/admin/apparel/create', () => {
  it('shows the §5 messages when submitted empty, starting with the package 1,1 and one variant', async () => {
    const { calls } = setup('/admin/apparel/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Apparel Product' })).toBeInTheDocument();
    await ready();
    expect(field('Package')).toHaveValue('1,1');
    expect(gridRows()).toHaveLength(1);
    expect(cell('Stock for variant 1')).toHaveValue('999');
    expect(cell('Gender for variant 1')).toHaveDisplayValue('Unisex');
    await userEvent.click(screen.getByRole('button', { name: 'Create Apparel Product' }));
    for (const message of [m.title, m.casePrice, m.brand, m.category, m.apparelType]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Title')).toHaveAccessibleDescription(m.title);
    expect(field('Apparel Type')).toHaveAccessibleDescription(m.apparelType);
    expect(listError()).toHaveTextContent(m.variantSize);
    expect(cell('Size for variant 1')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('Size for variant 1')).toHaveAccessibleDescription(m.variantSize);
    expect(field('Title')).toHaveFocus();
    expect(calls.mock.calls.filter(([r]) => r.method === 'POST')).toHaveLength(0);
  }, SLOW);

  it('checks the case price and package, and every variant\'s size, unit price and uniqueness', async () => {
    setup('/admin/apparel/create');
    await ready();
    await userEvent.type(field('Case Price ($)'), '0');
    await userEvent.tab();
    expect(await screen.findByText(m.casePrice)).toBeInTheDocument();
    await userEvent.clear(field('Package'));
    await userEvent.tab();
    expect(await screen.findByText(m.packageRequired)).toBeInTheDocument();
    await userEvent.type(field('Package'), '12,x');
    expect(await screen.findByText(m.packageInvalid)).toBeInTheDocument();

    await userEvent.selectOptions(cell('Size for variant 1'), 'XL');
    await userEvent.click(screen.getByRole('button', { name: 'Create Apparel Product' }));
    await waitFor(() => expect(listError()).toHaveTextContent(m.variantPrice));
    expect(cell('Unit price for variant 1')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(cell('Unit price for variant 1'), '20');
    await waitFor(() => expect(listError()).toBeUndefined());

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate variant 1' }));
    await waitFor(() => expect(listError()).toHaveTextContent(m.duplicates));
    expect(cell('Size for variant 2')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('Gender for variant 1')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(cell('Gender for variant 2'), "Women's");
    await waitFor(() => expect(listError()).toBeUndefined());

    // A custom size is a size too; its text must not be blank.
    await userEvent.selectOptions(cell('Size for variant 2'), 'Custom...');
    await userEvent.click(screen.getByRole('button', { name: 'Create Apparel Product' }));
    await waitFor(() => expect(listError()).toHaveTextContent(m.variantSize));
    await userEvent.type(cell('Custom size for variant 2'), 'One Size');
    await waitFor(() => expect(listError()).toBeUndefined());
  }, SLOW);

  it('says "At least one variant is required" for an empty list (the grid always keeps one)', () => {
    expect(variantsProblem([])).toBe(m.variantsRequired);
    expect(variantsProblem([newRow({ sizeChoice: 'M', unitPrice: '5' })])).toBeNull();
  });

  it('applies the estimated price to all, adds, duplicates and removes a variant (one stays)', async () => {
    setup('/admin/apparel/create');
    await ready();
    expect(screen.getByRole('button', { name: 'Remove variant 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply Estimated Price to All' })).toBeDisabled();
    await userEvent.type(field('Case Price ($)'), '100');
    await userEvent.clear(field('Package'));
    await userEvent.type(field('Package'), '3,1');
    expect(screen.getByText(/Estimated unit price/)).toHaveTextContent('Estimated unit price: $33.33');

    await userEvent.click(screen.getByRole('button', { name: 'Apply Estimated Price to All' }));
    expect(cell('Unit price for variant 1')).toHaveValue('33.33');

    await userEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    expect(gridRows()).toHaveLength(2);
    expect(cell('Unit price for variant 2')).toHaveValue('33.33');
    expect(cell('Stock for variant 2')).toHaveValue('999');
    expect(cell('Size for variant 2')).toHaveFocus();
    await userEvent.selectOptions(cell('Size for variant 2'), 'S');
    await userEvent.selectOptions(cell('Color for variant 2'), 'Red');
    await userEvent.clear(cell('Stock for variant 2'));
    await userEvent.type(cell('Stock for variant 2'), '5');

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate variant 2' }));
    expect(gridRows()).toHaveLength(3);
    expect(cell('Size for variant 3')).toHaveValue('S');
    expect(cell('Color for variant 3')).toHaveDisplayValue('Red');
    expect(cell('Stock for variant 3')).toHaveValue('5');

    await userEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));
    expect(gridRows()).toHaveLength(2);
    expect(cell('Size for variant 1')).toHaveValue('S');
    expect(cell('Size for variant 1')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    expect(gridRows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove variant 1' })).toBeDisabled();
  }, SLOW);

  it('fills every size and gender for the chosen colours, keeping the rows it has', async () => {
    setup('/admin/apparel/create');
    await ready();
    await userEvent.type(field('Case Price ($)'), '100');
    await userEvent.clear(field('Package'));
    await userEvent.type(field('Package'), '3,1');
    await userEvent.selectOptions(cell('Size for variant 1'), 'S');
    await userEvent.selectOptions(cell('Color for variant 1'), 'Red');
    await userEvent.clear(cell('Stock for variant 1'));
    await userEvent.type(cell('Stock for variant 1'), '5');

    // 7 sizes x 3 genders for Blue and Red; the S/Unisex/Red row is kept with its stock.
    await userEvent.click(colourBox('Blue'));
    await userEvent.click(colourBox('Red'));
    await userEvent.click(screen.getByRole('button', { name: 'Fill All Sizes and Genders' }));
    expect(gridRows()).toHaveLength(42);
    expect(cell('Size for variant 1')).toHaveValue('XS');
    expect(cell('Gender for variant 1')).toHaveDisplayValue("Men's");
    expect(cell('Color for variant 1')).toHaveDisplayValue('Blue');
    expect(cell('Unit price for variant 1')).toHaveValue('33.33');
    // Red, S, Unisex: 21 Blue rows, then XS (3) and S Men's, Women's, Unisex.
    expect(cell('Color for variant 27')).toHaveDisplayValue('Red');
    expect(cell('Size for variant 27')).toHaveValue('S');
    expect(cell('Gender for variant 27')).toHaveDisplayValue('Unisex');
    expect(cell('Stock for variant 27')).toHaveValue('5');
    expect(cell('Stock for variant 26')).toHaveValue('999');
  }, SLOW);

  it('previews each variant SKU from the next base SKU: base-SIZE-G[-COL]', async () => {
    setup('/admin/apparel/create');
    await ready();
    expect(screen.getByText('Base SKU (assigned when saved):')).toHaveTextContent('APP-0008');
    const skuCell = () => within(gridRows()[0]!).getAllByRole('cell').at(-2)!;
    expect(skuCell()).toHaveTextContent('Choose a size');
    await userEvent.selectOptions(cell('Size for variant 1'), '2XL');
    expect(skuCell()).toHaveTextContent('APP-0008-2XL-U');
    await userEvent.selectOptions(cell('Gender for variant 1'), "Men's");
    await userEvent.selectOptions(cell('Color for variant 1'), 'Silver');
    expect(skuCell()).toHaveTextContent('APP-0008-2XL-M-SIL');
    await userEvent.selectOptions(cell('Size for variant 1'), 'Custom...');
    await userEvent.type(cell('Custom size for variant 1'), 'One Size');
    expect(skuCell()).toHaveTextContent('APP-0008-ONESIZE-M-SIL');
  });

  it('says "Failed to fetch SKU preview" when the preview cannot be read', async () => {
    setup('/admin/apparel/create', { 'GET /api/apparel/sku/preview': () => [404, {}] });
    await screen.findByRole('form', { name: 'Create Apparel Product' });
    expect(await screen.findByText('Failed to fetch SKU preview')).toBeInTheDocument();
    expect(screen.getByText('Base SKU (assigned when saved):')).toHaveTextContent('unavailable');
  });

  it('creates the product with its variants, says so and returns to /admin/apparel', async () => {
    const answer = deferred<[number, unknown]>();
    const { router, bodies } = setup('/admin/apparel/create', { 'POST /api/apparel/products': () => answer.promise });
    await ready();
    await fillProduct();
    await userEvent.type(field('Description'), 'Soft');
    await userEvent.click(colourBox('Blue'));
    await userEvent.selectOptions(cell('Size for variant 1'), 'M');
    await userEvent.selectOptions(cell('Gender for variant 1'), "Women's");
    await userEvent.selectOptions(cell('Color for variant 1'), 'Blue');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Estimated Price to All' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    await userEvent.selectOptions(cell('Size for variant 2'), 'Custom...');
    await userEvent.type(cell('Custom size for variant 2'), ' One Size ');
    await userEvent.clear(cell('Unit price for variant 2'));
    await userEvent.type(cell('Unit price for variant 2'), '25.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Apparel Product' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve([201, apparel({ id: 'a9' })]);
    expect(await screen.findByText('Apparel product created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/apparel'));
    expect(await bodies('POST')).toEqual([
      {
        title: 'Cody B Tee',
        description: 'Soft',
        casePrice: 240,
        inStock: true,
        package: '12,1',
        image: '/placeholder.png',
        brandId: 'b2',
        categoryId: 'c1',
        apparelTypeId: 't2',
        colors: ['co1'],
        variants: [
          { size: 'M', gender: 'FEMALE', colorId: 'co1', unitPrice: 20, availableStock: 999 },
          { size: 'One Size', gender: 'UNISEX', colorId: null, unitPrice: 25.5, availableStock: 999 },
        ],
      },
    ]);
  }, SLOW);

  it("puts the server's field errors (422) on their fields and rows, and says \"Error creating apparel product: {message}\"", async () => {
    setup('/admin/apparel/create', {
      'POST /api/apparel/products': () => [
        422,
        {
          message: 'Validation failed',
          errors: {
            title: ['Title must be at most 200 characters'],
            variants: [m.duplicates],
            'variants[0].unitPrice': [m.variantPrice],
            'variants[0].colorId': ['Color not found'],
            colors: ['Color not found'],
          },
        },
      ],
    });
    await ready();
    await fillProduct();
    await userEvent.selectOptions(cell('Size for variant 1'), 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Estimated Price to All' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Apparel Product' }));
    expect(await screen.findByText('Error creating apparel product: Validation failed')).toBeInTheDocument();
    await waitFor(() => expect(field('Title')).toHaveAccessibleDescription('Title must be at most 200 characters'));
    expect(field('Title')).toHaveFocus();
    expect(listError()).toHaveTextContent(m.duplicates);
    expect(cell('Unit price for variant 1')).toHaveAccessibleDescription(m.variantPrice);
    expect(cell('Color for variant 1')).toHaveAccessibleDescription('Color not found');
    // A field the form does not show: in the form's alert.
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Color not found')).toBe(true);
  });

  it('says "Failed to create apparel product" when the server gives no message', async () => {
    setup('/admin/apparel/create', { 'POST /api/apparel/products': () => [403, {}] });
    await ready();
    await fillProduct();
    await userEvent.selectOptions(cell('Size for variant 1'), 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Estimated Price to All' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Apparel Product' }));
    expect(await screen.findAllByText('Failed to create apparel product')).toHaveLength(2);
  });

  it('says "Error loading apparel types: {message}" when the types cannot be read', async () => {
    setup('/admin/apparel/create', { 'GET /api/apparel/types/all': () => [400, { message: 'bad' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading apparel types: bad');
  });
});

describe('/admin/apparel/{productId}/edit', () => {
  it('loads the product and its variants, and sends a stock only for the variants whose stock changed', async () => {
    const { router, bodies, calls } = setup('/admin/apparel/a1/edit', {
      'GET /api/products/a1': () => [200, apparel()],
      'PUT /api/apparel/products/a1': () => [200, apparel()],
    });
    expect(await screen.findByRole('form', { name: 'Edit Apparel Product' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Apparel Product' })).toBeInTheDocument();
    expect(screen.getByText('SKU:')).toHaveTextContent('APP-0007');
    expect(field('Title')).toHaveValue('Cody B Tee');
    expect(field('Case Price ($)')).toHaveValue('240.00');
    expect(field('Package')).toHaveValue('12,1');
    expect(field('Image URL')).toHaveValue('');
    await waitFor(() => expect(field('Apparel Type')).toHaveValue('t1'));
    expect(colourBox('Blue')).toBeChecked();
    expect(gridRows()).toHaveLength(2);
    expect(cell('Size for variant 1')).toHaveValue('M');
    expect(cell('Gender for variant 1')).toHaveDisplayValue("Men's");
    expect(cell('Color for variant 1')).toHaveDisplayValue('Blue');
    expect(cell('Unit price for variant 1')).toHaveValue('20.00');
    expect(cell('Stock for variant 1')).toHaveValue('12');
    // Stored variants show their own SKU.
    expect(within(gridRows()[1]!).getByText('APP-0007-L-F')).toBeInTheDocument();
    expect(calls.mock.calls.some(([r]) => new URL(r.url).pathname === '/api/apparel/sku/preview')).toBe(false);

    await userEvent.clear(cell('Unit price for variant 1'));
    await userEvent.type(cell('Unit price for variant 1'), '21');
    await userEvent.clear(cell('Stock for variant 2'));
    await userEvent.type(cell('Stock for variant 2'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    await userEvent.selectOptions(cell('Size for variant 3'), 'XL');
    expect(within(gridRows()[2]!).getByText('APP-0007-XL-U')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Apparel Product' }));
    expect(await screen.findByText('Apparel product updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/apparel'));
    const [body] = await bodies('PUT');
    expect(body).not.toHaveProperty('sku');
    expect(body).toMatchObject({ title: 'Cody B Tee', casePrice: 240, package: '12,1', apparelTypeId: 't1', colors: ['co1'] });
    expect(body!.variants).toEqual([
      { size: 'M', gender: 'MALE', colorId: 'co1', unitPrice: 21 },
      { size: 'L', gender: 'FEMALE', colorId: null, unitPrice: 22.5, availableStock: 40 },
      { size: 'XL', gender: 'UNISEX', colorId: null, unitPrice: 20, availableStock: 999 },
    ]);
  });

  it('says "Error updating apparel product: {message}"', async () => {
    setup('/admin/apparel/a1/edit', {
      'GET /api/products/a1': () => [200, apparel()],
      'PUT /api/apparel/products/a1': () => [404, { message: 'Apparel product not found' }],
    });
    await screen.findByRole('form', { name: 'Edit Apparel Product' });
    await waitFor(() => expect(field('Apparel Type')).toHaveValue('t1'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Apparel Product' }));
    expect(await screen.findAllByText('Error updating apparel product: Apparel product not found')).toHaveLength(2);
  });

  it('says when the product cannot be read, or is not apparel', async () => {
    const { unmount } = setup('/admin/apparel/nope/edit', { 'GET /api/products/nope': () => [404, { message: 'Product not found' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading apparel product: Product not found');
    expect(screen.getByRole('link', { name: 'Back to apparel' })).toHaveAttribute('href', '/admin/apparel');
    unmount();
    setup('/admin/apparel/p1/edit', { 'GET /api/products/p1': () => [200, apparel({ id: 'p1', title: 'Sky Dragon', isApparel: false })] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sky Dragon is not an apparel product.');
    expect(screen.getByRole('link', { name: 'Edit it on its own screen' })).toHaveAttribute('href', '/admin/products/p1/edit');
  });
});
