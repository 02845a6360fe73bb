import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { deleteRow, expectDeleteFailures, expectEmptyThenFailed } from '@/test/admin';
import ApparelListRoute from '../routes/apparel-list';
import { apparel, apparelPage } from '../test/fixtures';

const LIST = 'GET /api/apparel';

function setup(path = '/admin/apparel', handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    [LIST]: () => [200, apparelPage([apparel(), apparel({ id: 'a2', sku: 'APP-0008', title: 'Hoodie', inStock: false, variants: [] })], 60, true)],
    ...handlers,
  });
  const view = renderAt(
    <>
      <ApparelListRoute />
      <Toaster />
    </>,
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const lists = () =>
    calls.mock.calls.filter(([r]) => r.method === 'GET' && new URL(r.url).pathname === '/api/apparel').map(([r]) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, calls, lists };
}

describe('/admin/apparel', () => {
  it('sorts on the server by SKU, title or case price, the sort in the address', async () => {
    const { lists, router } = setup('/admin/apparel?sort=sku');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(lists()[0]).toEqual({ page: '1', pageSize: '25', showOutOfStock: 'true', sort: 'sku' }));
    await userEvent.click(within(table).getByRole('button', { name: /Case Price/ }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', showOutOfStock: 'true', sort: 'casePrice' }));
    expect(router.state.location.search).toBe('?sort=casePrice');
  });

  it('lists All Apparel 25 a page with View, Variants, Edit and Delete, and the apparel sections', async () => {
    const { lists } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Apparel Products' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Apparel sections' });
    expect(within(nav).getByRole('link', { name: 'All Apparel' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Out of Stock' })).toHaveAttribute('href', '/admin/apparel?inStock=false');
    expect(within(nav).getByRole('link', { name: 'Out of Stock' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Manage Types' })).toHaveAttribute('href', '/admin/apparel/types');

    const table = await screen.findByRole('table', { name: 'All Apparel' });
    expect(await within(table).findByRole('cell', { name: 'Cody B Tee' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').slice(1, -1).map((c) => c.textContent)).toEqual(['APP-0007', 'Cody B Tee', 'T-Shirt', 'Cody B', '$240.00', '2', 'Yes']);
    expect(screen.getByRole('link', { name: 'Create Apparel Product' })).toHaveAttribute('href', '/admin/apparel/create');
    expect(screen.getByRole('link', { name: 'View Cody B Tee' })).toHaveAttribute('href', '/apparel/a1');
    expect(screen.getByRole('link', { name: 'Manage variants of Cody B Tee' })).toHaveAttribute('href', '/admin/apparel/a1/variants');
    expect(screen.getByRole('link', { name: 'Edit Cody B Tee' })).toHaveAttribute('href', '/admin/apparel/a1/edit');
    expect(lists()).toEqual([{ page: '1', pageSize: '25', showOutOfStock: 'true' }]);
  });

  it('goes back to page 1 when the search changes, and when the section changes', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { lists, router } = setup();
    await screen.findByRole('cell', { name: 'Cody B Tee' });
    await ue.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '2', pageSize: '25', showOutOfStock: 'true' }));
    await ue.type(screen.getByRole('searchbox', { name: 'Search apparel by title' }), 'tee');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', showOutOfStock: 'true', searchTitle: 'tee' }));

    await ue.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '2', pageSize: '25', showOutOfStock: 'true', searchTitle: 'tee' }));
    await ue.click(within(screen.getByRole('navigation', { name: 'Apparel sections' })).getByRole('link', { name: 'Out of Stock' }));
    expect(router.state.location.search).toBe('?inStock=false');
    expect(await screen.findByRole('table', { name: 'Out of Stock' })).toBeInTheDocument();
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', inStock: 'false' }));
    expect(within(screen.getByRole('navigation', { name: 'Apparel sections' })).getByRole('link', { name: 'Out of Stock' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    jest.useRealTimers();
  });

  it('deletes after \'Are you sure you want to delete "{title}"?\' and says so', async () => {
    let deleted = false;
    const { calls } = setup('/admin/apparel', {
      [LIST]: () => [200, apparelPage(deleted ? [apparel()] : [apparel(), apparel({ id: 'a2', title: 'Hoodie' })])],
      'DELETE /api/apparel/products/a2': () => {
        deleted = true;
        return [204, null];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Hoodie' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Apparel Product' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Hoodie"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.mock.calls.some(([r]) => r.method === 'DELETE')).toBe(false);

    await deleteRow('Hoodie');
    expect(await screen.findByText('Apparel product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Hoodie' })).not.toBeInTheDocument());
    const del = calls.mock.calls.find(([r]) => r.method === 'DELETE')![0];
    expect(del.headers.get('authorization')).toBe('Bearer token-123');
  });

  it('says "Error deleting apparel product: {message}", or "Failed to delete apparel product" without one', () =>
    expectDeleteFailures((answer) => setup('/admin/apparel', { 'DELETE /api/apparel/products/a1': answer }), {
      title: 'Cody B Tee',
      message: 'Cody B Tee is used by 3 order items and cannot be deleted',
      noun: 'apparel product',
    }));

  it('says "No data found." and "Error loading data"', () =>
    expectEmptyThenFailed((answer) => setup('/admin/apparel', { [LIST]: () => answer }), apparelPage([])));
});
