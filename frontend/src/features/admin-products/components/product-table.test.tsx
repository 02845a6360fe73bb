import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { expectDeleteFailures, expectEmptyThenFailed } from '@/test/admin';
import ProductListRoute from '../routes/product-list';
import { options, product, productPage } from '../test/fixtures';

const LIST = 'GET /api/products';

function setup(path = '/admin/products', handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [LIST]: () => [200, productPage([product(), product({ id: 'p2', sku: 'CB-200', title: 'Thunder', inStock: false, isCaseBreakable: false })])], ...handlers });
  const view = renderAt(
    <>
      <ProductListRoute />
      <Toaster />
    </>,
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const lists = () =>
    calls.mock.calls
      .filter(([r]) => r.method === 'GET' && new URL(r.url).pathname === '/api/products')
      .map(([r]) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, calls, lists };
}

describe('/admin/products', () => {
  it('lists All Products 25 per page in the server title order, with Create, Edit and Delete', async () => {
    const { lists } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All Products' });
    expect(await within(table).findByRole('cell', { name: 'Sky Dragon' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').slice(1, -1).map((c) => c.textContent)).toEqual([
      'CB-100',
      'Sky Dragon',
      'Cody B',
      'Fountains',
      '$120.00',
      '12, 6',
      'Yes',
      'Yes',
    ]);
    expect(screen.getByRole('link', { name: 'Create Product' })).toHaveAttribute('href', '/admin/products/create');
    expect(screen.getByRole('link', { name: 'Edit Sky Dragon' })).toHaveAttribute('href', '/admin/products/p1/edit');
    expect(lists()).toEqual([{ page: '1', pageSize: '25' }]);
  });

  it('sorts by a column and filters by brand and category on the server, keeping both in the address', async () => {
    const { lists, router } = setup('/admin/products?sort=-casePrice&brand=b1', {
      'GET /api/metadata': () => [200, options()],
    });
    const table = await screen.findByRole('table', { name: 'All Products' });
    await within(table).findByRole('cell', { name: 'Sky Dragon' });
    // From the address: the API is asked, and the header says so.
    expect(lists()[0]).toEqual({ page: '1', pageSize: '25', brands: 'b1', sort: '-casePrice' });
    expect(within(table).getByRole('columnheader', { name: /Case Price/ })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('b1'));
    // Brand, Category, Package and the flags are filters or plain columns, not server sorts.
    expect(within(within(table).getByRole('columnheader', { name: 'Brand' })).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: /SKU/ }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', brands: 'b1', sort: 'sku' }));
    expect(router.state.location.search).toBe('?sort=sku&brand=b1');
    await userEvent.click(within(table).getByRole('button', { name: /SKU/ }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ sort: '-sku' }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Cakes');
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', brands: 'b1', categories: 'c2', sort: '-sku' }));
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('c2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'All brands');
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', categories: 'c2', sort: '-sku' }));
    expect(router.state.location.search).toBe('?sort=-sku&category=c2');
  });

  it('ignores an address sort the API does not have', async () => {
    const { lists } = setup('/admin/products?sort=brand');
    await screen.findByRole('cell', { name: 'Sky Dragon' });
    expect(lists()).toEqual([{ page: '1', pageSize: '25' }]);
  });

  it('shows Out of Stock with inStock=false and searches titles on the server', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { lists } = setup('/admin/products?inStock=false');
    expect(await screen.findByRole('table', { name: 'Out of Stock' })).toBeInTheDocument();
    await ue.type(screen.getByRole('searchbox', { name: 'Search products by title' }), 'thun');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', inStock: 'false', searchTitle: 'thun' }));
    expect(lists()[0]).toEqual({ page: '1', pageSize: '25', inStock: 'false' });
    jest.useRealTimers();
  });

  it('deletes after \'Are you sure you want to delete "{title}"?\' and says "Product deleted successfully"', async () => {
    let deleted = false;
    const { calls } = setup('/admin/products', {
      [LIST]: () => [200, productPage(deleted ? [product()] : [product(), product({ id: 'p2', title: 'Thunder' })])],
      'DELETE /api/products/p2': () => {
        deleted = true;
        return [204, null];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Thunder' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Product' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Thunder"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Thunder' })).not.toBeInTheDocument());
    const del = calls.mock.calls.find(([r]) => r.method === 'DELETE')![0];
    expect(del.headers.get('authorization')).toBe('Bearer token-123');
  });

  it('says "Error deleting product: {message}", or "Failed to delete product" without one', () =>
    expectDeleteFailures((answer) => setup('/admin/products', { 'DELETE /api/products/p1': answer }), {
      title: 'Sky Dragon',
      message: 'Sky Dragon is used by 2 shows and cannot be deleted',
      noun: 'product',
    }));

  it('says "No data found." and "Error loading data"', () =>
    expectEmptyThenFailed((answer) => setup('/admin/products', { [LIST]: () => answer }), productPage([])));
});
