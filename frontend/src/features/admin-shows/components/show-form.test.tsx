import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '@/test/deferred';
import { caseOnly, pickerPage, pickerProduct, show } from '../test/fixtures';
import { renderShowForm } from '../test/render-form';
import { QUANTITY_MESSAGE, showMessages as m } from './show-schema';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, select, textarea' });
const lineGroup = (name: string) => screen.getByRole('group', { name });
const PRODUCTS = { 'GET /api/products': () => [200, pickerPage([pickerProduct(), caseOnly()])] as [number, unknown] };

async function ready() {
  await screen.findByRole('option', { name: 'Fourth of July' });
  await screen.findByRole('option', { name: 'Generic' });
}

async function fillValid(ue = userEvent) {
  await ue.type(field('Title'), ' Patriot Finale ');
  await ue.type(field('Description'), 'Red, white and boom');
  await ue.type(field('Price ($)'), '899.5');
  await ue.selectOptions(field('Show Type'), 'Fourth of July');
  await ue.selectOptions(field('Brand'), 'Generic');
  await ue.selectOptions(field('Category'), 'Cakes');
}

async function addFromPicker(names: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Add products' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Products' });
  for (const name of names) {
    await userEvent.click(await within(dialog).findByRole('button', { name }));
  }
  await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
}

describe('/admin/shows/create', () => {
  it('shows every §5 message when submitted empty, on its field, and sends nothing', async () => {
    const { sent } = renderShowForm('/admin/shows/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Show' })).toBeInTheDocument();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Create Show' }));
    for (const message of [m.title, m.showType, m.casePrice, m.products, m.brand, m.category]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Title')).toHaveAccessibleDescription(m.title);
    expect(field('Show Type')).toHaveAccessibleDescription(m.showType);
    expect(field('Price ($)')).toHaveAccessibleDescription(`The price of the whole show. ${m.casePrice}`);
    expect(screen.getByRole('group', { name: /^Products/ })).toHaveAccessibleDescription(m.products);
    expect(field('Title')).toHaveFocus();
    expect(sent('POST')).toHaveLength(0);
  });

  it('takes a price above 0 with at most two decimals, and a whole quantity of at least 1', async () => {
    renderShowForm('/admin/shows/create', PRODUCTS);
    await ready();
    for (const [price, ok] of [['0', false], ['abc', false], ['1.999', false], ['-5', false], ['1499.99', true]] as const) {
      await userEvent.clear(field('Price ($)'));
      await userEvent.type(field('Price ($)'), price);
      await userEvent.tab();
      if (ok) await waitFor(() => expect(screen.queryByText(m.casePrice)).not.toBeInTheDocument());
      else expect(await screen.findByText(m.casePrice)).toBeInTheDocument();
    }
    await addFromPicker(['Add case of Sky Dragon']);
    const quantity = within(lineGroup('Sky Dragon as a case')).getByLabelText('Quantity');
    expect(quantity).toHaveValue(1);
    for (const [value, ok] of [['0', false], ['', false], ['2.5', false], ['10000', false], ['12', true]] as const) {
      await userEvent.clear(quantity);
      if (value) await userEvent.type(quantity, value);
      await userEvent.tab();
      if (ok) await waitFor(() => expect(screen.queryByText(QUANTITY_MESSAGE)).not.toBeInTheDocument());
      else await waitFor(() => expect(quantity).toHaveAccessibleDescription(QUANTITY_MESSAGE));
    }
  });

  it('creates the show with its lines (case and unit, quantities, notes), says so and returns to the list', async () => {
    const answer = deferred<[number, unknown]>();
    let body: unknown;
    const { router } = renderShowForm('/admin/shows/create', {
      ...PRODUCTS,
      'POST /api/shows': async (req) => {
        body = await req.json();
        return answer.promise;
      },
    });
    await ready();
    await fillValid();
    await addFromPicker(['Add case of Sky Dragon', 'Add unit of Sky Dragon', 'Add case of Thunder King']);
    const unitLine = lineGroup('Sky Dragon as a unit');
    await userEvent.clear(within(unitLine).getByLabelText('Quantity'));
    await userEvent.type(within(unitLine).getByLabelText('Quantity'), '24');
    await userEvent.type(within(unitLine).getByLabelText('Notes'), ' low fuse ');
    // A case-only product: no Unit choice.
    expect(within(lineGroup('Thunder King as a case')).queryByRole('radio', { name: 'Unit' })).not.toBeInTheDocument();
    expect(within(lineGroup('Thunder King as a case')).getByText('Sold by the case only')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Show' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve([201, show({ id: 's9' })]);
    expect(await screen.findByText('Show created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/shows'));
    expect(body).toEqual({
      title: 'Patriot Finale',
      description: 'Red, white and boom',
      casePrice: 899.5,
      image: '/placeholder.png',
      inStock: true,
      showTypeId: 't2',
      brandId: 'b2',
      categoryId: 'c2',
      products: [
        { productId: 'p1', quantity: 1, isUnit: false },
        { productId: 'p1', quantity: 24, notes: 'low fuse', isUnit: true },
        { productId: 'p2', quantity: 1, isUnit: false },
      ],
    });
  });

  it('switches a line between case and unit, warns of a duplicate on the line, and removes lines', async () => {
    const { sent } = renderShowForm('/admin/shows/create', PRODUCTS);
    await ready();
    await addFromPicker(['Add case of Sky Dragon', 'Add unit of Sky Dragon']);
    const unitLine = lineGroup('Sky Dragon as a unit');
    await userEvent.click(within(unitLine).getByRole('radio', { name: 'Case' }));
    // Now both lines hold Sky Dragon as a case: the later one says so.
    const lines = screen.getAllByRole('group', { name: 'Sky Dragon as a case' });
    expect(lines).toHaveLength(2);
    await waitFor(() => expect(lines[1]).toHaveAccessibleDescription('"Sky Dragon" is already in the show as a case'));
    expect(lines[0]).not.toHaveAccessibleDescription();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create Show' }));
    expect(sent('POST')).toHaveLength(0);
    await userEvent.click(within(lines[1]!).getByRole('radio', { name: 'Unit' }));
    await waitFor(() => expect(screen.queryByText('"Sky Dragon" is already in the show as a case')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sky Dragon as a unit' }));
    expect(screen.queryByRole('group', { name: 'Sky Dragon as a unit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add products' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sky Dragon as a case' }));
    expect(await screen.findByText(m.products)).toBeInTheDocument();
  });

  it("puts the server's field errors (422) on their fields and lines, and says \"Error creating show: {message}\"", async () => {
    renderShowForm('/admin/shows/create', {
      ...PRODUCTS,
      'POST /api/shows': () => [
        422,
        {
          message: '"Thunder King" cannot be added by the unit',
          errors: {
            title: ['Title is required'],
            'products[1].productId': ['"Thunder King" cannot be added by the unit'],
            'products[0].quantity': ['Quantity must be a whole number from 1 to 9999'],
            videoURL: ['Video URL must be a web address'],
            sku: ['Something the form does not show'],
          },
        },
      ],
    });
    await ready();
    await fillValid();
    await userEvent.type(field('Video URL'), 'not a link');
    await addFromPicker(['Add case of Sky Dragon', 'Add case of Thunder King']);
    await userEvent.click(screen.getByRole('button', { name: 'Create Show' }));
    expect(await screen.findByText('Error creating show: "Thunder King" cannot be added by the unit')).toBeInTheDocument();
    await waitFor(() => expect(field('Title')).toHaveAccessibleDescription('Title is required'));
    expect(field('Title')).toHaveFocus();
    expect(field('Video URL')).toHaveAccessibleDescription('Video URL must be a web address');
    expect(lineGroup('Thunder King as a case')).toHaveAccessibleDescription('"Thunder King" cannot be added by the unit');
    expect(within(lineGroup('Sky Dragon as a case')).getByLabelText('Quantity')).toHaveAccessibleDescription(QUANTITY_MESSAGE);
    // A field the form does not show: in the form's alert.
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Something the form does not show')).toBe(true);
    expect(screen.getByRole('form', { name: 'Create Show' })).toBeInTheDocument();
  });

  it('says "Failed to create show" when the server gives no message', async () => {
    renderShowForm('/admin/shows/create', { ...PRODUCTS, 'POST /api/shows': () => [403, {}] });
    await ready();
    await fillValid();
    await addFromPicker(['Add case of Thunder King']);
    await userEvent.click(screen.getByRole('button', { name: 'Create Show' }));
    expect(await screen.findAllByText('Failed to create show')).toHaveLength(2);
  });

  it('uploads an image and fills the Image URL, or says why not on the field', async () => {
    let answer: [number, unknown] = [201, { url: '/uploads/abc.png' }];
    let contentType: string | null = null;
    renderShowForm('/admin/shows/create', {
      'POST /api/admin/images': (req) => {
        contentType = req.headers.get('content-type');
        return answer;
      },
    });
    await ready();
    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/placeholder.svg');
    const upload = screen.getByLabelText('Upload an image');
    await userEvent.upload(upload, new File(['png bytes'], 'finale.png', { type: 'image/png' }));
    await waitFor(() => expect(field('Image URL')).toHaveValue('/uploads/abc.png'));
    expect(contentType).toBe('image/png');
    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', '/uploads/abc.png');
    answer = [422, { message: 'Images must be JPEG, PNG or WebP', errors: { image: ['Images must be JPEG, PNG or WebP'] } }];
    await userEvent.upload(upload, new File(['<svg/>'], 'x.webp', { type: 'image/webp' }));
    await waitFor(() => expect(field('Image URL')).toHaveAccessibleDescription('Leave empty for the placeholder image. Images must be JPEG, PNG or WebP'));
    answer = [413, { message: 'Images must be at most 5 MB' }];
    await userEvent.upload(upload, new File(['big'], 'big.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByText('Images must be at most 5 MB')).toBeInTheDocument());
  });

  it('says when the show types, brands and categories cannot be read', async () => {
    renderShowForm('/admin/shows/create', { 'GET /api/shows/types/all': () => [400, { message: 'nope' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading show types, brands and categories.');
  });
});

describe('/admin/shows/{showId}/edit', () => {
  it('loads the show with its lines, and saves it with "Show updated successfully!"', async () => {
    let body: unknown;
    const { router } = renderShowForm('/admin/shows/s1/edit', {
      ...PRODUCTS,
      'GET /api/shows/s1': () => [200, show()],
      'PUT /api/shows/s1': async (req) => {
        body = await req.json();
        return [200, show({ title: 'Midnight Countdown II' })];
      },
    });
    expect(await screen.findByRole('form', { name: 'Edit Show' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Show' })).toBeInTheDocument();
    expect(screen.getByText('SHOW-1')).toBeInTheDocument();
    expect(field('Title')).toHaveValue('Midnight Countdown');
    expect(field('Price ($)')).toHaveValue('1499.99');
    expect(field('Image URL')).toHaveValue('');
    await waitFor(() => expect(field('Show Type')).toHaveValue('t1'));
    expect(field('Brand')).toHaveValue('b1');
    expect(field('Category')).toHaveValue('c1');
    const skyDragon = lineGroup('Sky Dragon as a case');
    expect(within(skyDragon).getByText('CB-100')).toBeInTheDocument();
    expect(within(skyDragon).getByLabelText('Quantity')).toHaveValue(3);
    expect(within(skyDragon).getByLabelText('Notes')).toHaveValue('finale');
    expect(within(lineGroup('Thunder King as a case')).getByLabelText('Quantity')).toHaveValue(2);

    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'Midnight Countdown II');
    await userEvent.click(within(skyDragon).getByRole('radio', { name: 'Unit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Show' }));
    expect(await screen.findByText('Show updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/shows'));
    expect(body).toEqual({
      title: 'Midnight Countdown II',
      description: 'Ring in the year',
      casePrice: 1499.99,
      image: '/placeholder.png',
      inStock: true,
      showTypeId: 't1',
      brandId: 'b1',
      categoryId: 'c1',
      products: [
        { productId: 'p1', quantity: 3, notes: 'finale', isUnit: true },
        { productId: 'p2', quantity: 2, isUnit: false },
      ],
    });
  });

  it('says "Error updating show: {message}", or "Failed to update show"', async () => {
    let answer: [number, unknown] = [404, { message: 'Show not found' }];
    renderShowForm('/admin/shows/s1/edit', { 'GET /api/shows/s1': () => [200, show()], 'PUT /api/shows/s1': () => answer });
    await screen.findByRole('form', { name: 'Edit Show' });
    await waitFor(() => expect(field('Brand')).toHaveValue('b1'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Show' }));
    expect(await screen.findAllByText('Error updating show: Show not found')).toHaveLength(2);
    answer = [400, {}];
    await userEvent.click(screen.getByRole('button', { name: 'Update Show' }));
    expect(await screen.findAllByText('Failed to update show')).toHaveLength(2);
  });

  it('says when the show cannot be read', async () => {
    renderShowForm('/admin/shows/nope/edit', { 'GET /api/shows/nope': () => [404, { message: 'Show not found' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading show: Show not found');
    expect(screen.getByRole('link', { name: 'Back to shows' })).toHaveAttribute('href', '/admin/shows');
  });
});
