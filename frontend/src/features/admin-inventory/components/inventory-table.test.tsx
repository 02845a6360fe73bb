import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { mockApi, renderAt, signedInState } from '@/test/render';
import type { InventoryItem } from '../api/inventory-api';
import InventoryRoute from '../routes/inventory';

const INVENTORY = 'GET /api/admin/inventory';

const unit = (n: number, stock: number): InventoryItem => ({
  id: `u${n}`,
  kind: 'unit',
  sku: `CB-${String(n).padStart(3, '0')}-u`,
  product: { id: `p${n}`, title: `Rocket ${n}` },
  unitPrice: 4.5,
  package: [1, 24],
  availableStock: stock,
});

const variant: InventoryItem = {
  id: 'v1',
  kind: 'variant',
  sku: 'APP-0001-XL-M-RED',
  product: { id: 'a1', title: 'Logo Tee' },
  unitPrice: 19.99,
  package: [1, 1],
  availableStock: 999,
};

/** Answers like the server: 23 items, paged, filtered by search and view. */
function inventoryServer() {
  const all = [...Array.from({ length: 22 }, (_, i) => unit(i + 1, i % 12)), variant];
  return (req: Request): [number, unknown] => {
    const q = new URL(req.url).searchParams;
    const page = Number(q.get('page'));
    const size = Number(q.get('pageSize'));
    const search = (q.get('search') ?? '').toLowerCase();
    const view = q.get('view');
    const matching = all.filter(
      (i) =>
        (i.sku.toLowerCase().includes(search) || i.product.title.toLowerCase().includes(search)) &&
        (view === 'low-stock' ? i.availableStock > 0 && i.availableStock < 10 : view === 'out-of-stock' ? i.availableStock === 0 : true),
    );
    const items = matching.slice((page - 1) * size, page * size);
    return [200, { items, pagination: { hasMore: page * size < matching.length, totalItems: matching.length } }];
  };
}

function setup(path = '/admin/inventory', answer = inventoryServer()) {
  const calls = mockApi({ [INVENTORY]: answer });
  const view = renderAt(<InventoryRoute />, { path, preloadedState: signedInState({ role: 'ADMIN' }) });
  const queries = () => calls.mock.calls.map(([r]) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, queries };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('/admin/inventory', () => {
  it('sorts on the server by the column clicked, keeping the sort in the address and going back to page 1', async () => {
    const { queries, router } = setup('/admin/inventory?view=low-stock&sort=-availableStock');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(queries()[0]).toEqual({ page: '1', pageSize: '10', view: 'low-stock', sort: '-availableStock' });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Available Stock/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByRole('button', { name: /Unit Price/ }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', pageSize: '10', view: 'low-stock', sort: 'unitPrice' }));
    expect(router.state.location.search).toBe('?view=low-stock&sort=unitPrice');
    await userEvent.click(within(table).getByRole('button', { name: /Product/ }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ sort: 'title' }));
    // The Type and Package columns are not the server's to sort by.
    expect(within(within(table).getByRole('columnheader', { name: 'Type' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists All Inventory 10 per page with SKU, product, type, price, package and stock', async () => {
    const { queries } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'CB-001-u' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'All Inventory' })).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(within(rows()[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'CB-001-u',
      'Rocket 1',
      'Unit',
      '$4.50',
      '1, 24',
      '0 (out of stock)',
    ]);
    expect(screen.getByText('Showing 1-10 of 23')).toBeInTheDocument();
    expect(queries()).toEqual([{ page: '1', pageSize: '10' }]);
  });

  it('pages and changes the page size; the search goes to the server and starts again at page 1', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { queries } = setup();
    await screen.findByRole('cell', { name: 'CB-001-u' });
    await ue.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'CB-011-u' })).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'APP-0001-XL-M-RED' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Apparel variant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await ue.click(screen.getByRole('button', { name: '25' }));
    await waitFor(() => expect(rows()).toHaveLength(23));
    await ue.type(screen.getByRole('searchbox', { name: 'Search inventory' }), 'tee');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queries().at(-1)).toEqual({ page: '1', pageSize: '25', search: 'tee' });
    jest.useRealTimers();
  });

  it('shows Low Stock (?view=low-stock) and Out of Stock (?view=out-of-stock)', async () => {
    const { queries, router, unmount } = setup('/admin/inventory?view=low-stock');
    expect(await screen.findByRole('table', { name: 'Low Stock' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'CB-002-u' });
    expect(queries()[0]).toEqual({ page: '1', pageSize: '10', view: 'low-stock' });
    await act(() => router.navigate('/admin/inventory?view=out-of-stock'));
    expect(await screen.findByRole('table', { name: 'Out of Stock' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(queries().at(-1)).toEqual({ page: '1', pageSize: '10', view: 'out-of-stock' });
    unmount();
  });

  it('says "No inventory items found." and "Error fetching inventory data"', async () => {
    const { unmount } = setup('/admin/inventory', () => [200, { items: [], pagination: { hasMore: false, totalItems: 0 } }]);
    expect(await screen.findByRole('cell', { name: 'No inventory items found.' })).toBeInTheDocument();
    unmount();
    setup('/admin/inventory?view=low-stock', () => [403, { message: 'Forbidden' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching inventory data');
  });
});
