import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/toaster';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState } from '@/test/render';
import MetadataRoute from '../routes/metadata';
import { item, kindPage, metadataPages } from '../test/fixtures';

const PAGES = 'GET /api/metadata';
const admin = signedInState({ role: 'ADMIN' });

function setup(handlers: Parameters<typeof mockApi>[0] = {}, path = '/admin/products/metadata') {
  const calls = mockApi({ [PAGES]: () => [200, metadataPages()], ...handlers });
  const view = renderAt(
    <>
      <MetadataRoute />
      <Toaster />
    </>,
    { path, preloadedState: admin },
  );
  return { calls, ...view };
}

const table = (name: string) => screen.getByRole('table', { name });
const names = (name: string) =>
  within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('/admin/products/metadata', () => {
  it('shows the four kinds as tabs with their counts, from one call, and no paging', async () => {
    const { calls } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Metadata' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Brands 3' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Brands3', 'Categories2', 'Colors1', 'Effects0']);
    expect(await screen.findByRole('cell', { name: 'Cody B' })).toBeInTheDocument();
    // Sorted by name.
    expect(names('Brands')).toEqual(['Brothers', 'Cody B', 'Generic']);
    expect(screen.queryByRole('navigation', { name: /pages/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: /Brands/ })).toContainElement(table('Brands'));
    expect(calls).toHaveBeenCalledTimes(1);
    const url = new URL(calls.mock.calls[0]![0].url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', pageSize: '100' });
    expect(calls.mock.calls[0]![0].cache).toBe('no-cache');
  });

  it("reads each kind as the API's array of the page's items, with the paging facts beside them", async () => {
    const paging = (totalItems: number) => ({ page: 1, pageSize: 100, totalItems, totalPages: Math.ceil(totalItems / 100), hasMore: totalItems > 100 });
    setup({
      [PAGES]: () => [
        200,
        {
          brands: [item('b1', 'Cody B', 12), item('b2', 'Generic', 3)],
          categories: [item('c1', 'Fountains', 20)],
          colors: [],
          effects: [item('e1', 'Crackle', 2)],
          pagination: { brands: paging(120), categories: paging(1), colors: paging(0), effects: paging(1) },
        },
      ],
    });
    expect(await screen.findByRole('cell', { name: 'Cody B' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Brands120', 'Categories1', 'Colors0', 'Effects1']);
    expect(names('Brands')).toEqual(['Cody B', 'Generic']);
    expect(screen.getByText('Showing the first 2 of 120 brands.')).toBeInTheDocument();
  });

  it('switches tabs by click and by arrow keys, keeping the tab in the address', async () => {
    const { router } = setup({}, '/admin/products/metadata?tab=colors');
    expect(await screen.findByRole('tab', { name: /Colors/ })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Effects/ }));
    expect(screen.getByRole('cell', { name: 'No data found.' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=effects');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Brands/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Brands/ })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Effects/ })).toHaveFocus();
  });

  it('adds a brand: the button is disabled while the name is blank, "Name is required" once cleared, then the toast', async () => {
    let body: unknown;
    let created = false;
    const { calls } = setup({
      [PAGES]: () => [200, created ? metadataPages({ brands: kindPage([item('b1', 'Cody B', 12), item('b9', 'Sky Bacon')]) }) : metadataPages()],
      'POST /api/metadata/brands': async (req) => {
        body = await req.json();
        created = true;
        return [201, { id: 'b9', name: 'Sky Bacon', productCount: 0 }];
      },
    });
    await screen.findByRole('cell', { name: 'Cody B' });
    const form = screen.getByRole('form', { name: 'Add Brand' });
    const name = within(form).getByLabelText('New brand name');
    const add = within(form).getByRole('button', { name: 'Add Brand' });
    expect(add).toBeDisabled();
    await userEvent.type(name, '   ');
    expect(add).toBeDisabled();
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Name is required');
    await userEvent.clear(name);
    await userEvent.type(name, '  Sky Bacon ');
    expect(within(form).queryByText('Name is required')).not.toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByText('Brand created successfully')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Sky Bacon' });
    expect(calls.mock.calls[1]![0].headers.get('authorization')).toBe('Bearer token-123');
    // The list is read again and the form is empty for the next one.
    expect(await screen.findByRole('cell', { name: 'Sky Bacon' })).toBeInTheDocument();
    expect(name).toHaveValue('');
  });

  it('says "Error creating category: {message}" with the server message, and the fallback without one', async () => {
    let answer: [number, unknown] = [409, { message: 'Category "Fountains" already exists' }];
    setup({ 'POST /api/metadata/categories': () => answer }, '/admin/products/metadata?tab=categories');
    await screen.findByRole('cell', { name: 'Fountains' });
    const name = screen.getByLabelText('New category name');
    await userEvent.type(name, 'fountains');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Error creating category: Category "Fountains" already exists')).toBeInTheDocument();
    expect(name).toHaveValue('fountains');
    answer = [400, {}];
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Failed to create category')).toBeInTheDocument();
  });

  it("puts the server's name message on the field (422)", async () => {
    setup({ 'POST /api/metadata/colors': () => [422, { message: 'Name is required', errors: { name: ['Name is too long'] } }] }, '/admin/products/metadata?tab=colors');
    await screen.findByRole('cell', { name: 'Gold' });
    await userEvent.type(screen.getByLabelText('New color name'), 'x'.repeat(10));
    await userEvent.click(screen.getByRole('button', { name: 'Add Color' }));
    expect(await screen.findByText('Error creating color: Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('New color name')).toHaveAccessibleDescription('Name is too long');
  });

  it('edits a name in place: Save disabled and "Name is required" while blank, Escape or Cancel leave it', async () => {
    let body: unknown;
    let renamed = false;
    setup({
      [PAGES]: () => [200, renamed ? metadataPages({ brands: kindPage([item('b1', 'Cody B.', 12), item('b2', 'Generic', 3)]) }) : metadataPages()],
      'PUT /api/metadata/brands/b1': async (req) => {
        body = await req.json();
        renamed = true;
        return [200, { id: 'b1', name: 'Cody B.' }];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Cody B' }));
    const row = within(screen.getByRole('form', { name: 'Edit Cody B' }));
    const input = row.getByLabelText('Name');
    expect(input).toHaveValue('Cody B');
    expect(input).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Cody B' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Cody B' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(field);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(field, 'Cody B.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand updated successfully')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Cody B.' });
    expect(await screen.findByRole('cell', { name: 'Cody B.' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('keeps the row in edit when the update fails, with "Error updating effect: {message}"', async () => {
    setup({
      [PAGES]: () => [200, metadataPages({ effects: kindPage([item('e1', 'Crackle', 2), item('e2', 'Strobe', 1)]) })],
      'PUT /api/metadata/effects/e1': () => [409, { message: 'Effect "Strobe" already exists' }],
    }, '/admin/products/metadata?tab=effects');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Crackle' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Strobe{Enter}');
    expect(await screen.findByText('Error updating effect: Effect "Strobe" already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Strobe');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('cell', { name: 'Crackle' })).toBeInTheDocument();
  });

  it('deletes after confirmation, and says why when the server refuses', async () => {
    const answer = deferred<[number, unknown]>();
    let deleted = false;
    const { calls } = setup({
      [PAGES]: () => [200, deleted ? metadataPages({ brands: kindPage([item('b1', 'Cody B', 12), item('b2', 'Generic', 3)]) }) : metadataPages()],
      'DELETE /api/metadata/brands/b3': () => {
        deleted = true;
        return [204, null];
      },
      'DELETE /api/metadata/brands/b1': () => answer.promise,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Brothers' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Brand' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Brothers"?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.mock.calls.filter(([r]) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Brothers' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Brand deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Brothers' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Cody B' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    answer.resolve([409, { message: 'Cody B is used by 12 products and cannot be deleted' }]);
    expect(await screen.findByText('Error deleting brand: Cody B is used by 12 products and cannot be deleted')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Cody B' })).toBeInTheDocument();
  });

  it('says "Error loading data" with Retry when the lists cannot be read', async () => {
    let fail = true;
    setup({ [PAGES]: () => (fail ? [400, { message: 'bad' }] : [200, metadataPages()]) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Cody B' })).toBeInTheDocument();
  });
});
