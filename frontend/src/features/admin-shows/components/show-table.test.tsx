import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { Toaster } from '@/components/toaster';
import { mockApi, renderAt, signedInState } from '@/test/render';
import ShowListRoute from '../routes/show-list';
import { show, showPage } from '../test/fixtures';

const LIST = 'GET /api/shows';
const second = () => show({ id: 's2', sku: 'SHOW-2', title: 'Patriot Finale', inStock: false, showProducts: [], showType: null });

function setup(handlers: Parameters<typeof mockApi>[0] = {}, path = '/admin/shows') {
  const calls = mockApi({ [LIST]: () => [200, showPage([show(), second()])], ...handlers });
  const view = renderAt(
    <>
      <ShowListRoute />
      <Toaster />
    </>,
    { path, preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const lists = () =>
    calls.mock.calls.filter(([r]) => r.method === 'GET' && new URL(r.url).pathname === '/api/shows').map(([r]) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, calls, lists };
}

describe('/admin/shows', () => {
  it('sorts on the server by SKU, title or price, the sort in the address', async () => {
    const { lists, router } = setup({}, '/admin/shows?sort=-casePrice');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(lists()[0]).toEqual({ page: '1', pageSize: '25', sort: '-casePrice' }));
    expect(within(table).getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', sort: 'title' }));
    expect(router.state.location.search).toBe('?sort=title');
  });

  it('lists All Shows 25 per page in the server title order, with Create, View, Edit and Delete', async () => {
    const { lists } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Shows' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All Shows' });
    expect(await within(table).findByRole('cell', { name: 'Midnight Countdown' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').slice(1, -1).map((c) => c.textContent)).toEqual([
      'SHOW-1',
      'Midnight Countdown',
      'New Years',
      'Cody B',
      'Shows',
      '$1,499.99',
      '2',
      'Yes',
    ]);
    expect(within(rows[2]!).getAllByRole('cell')[8]).toHaveTextContent('No');
    expect(screen.getByRole('link', { name: 'Create Show' })).toHaveAttribute('href', '/admin/shows/create');
    expect(screen.getByRole('link', { name: 'View Midnight Countdown' })).toHaveAttribute('href', '/shows/s1');
    expect(screen.getByRole('link', { name: 'Edit Midnight Countdown' })).toHaveAttribute('href', '/admin/shows/s1/edit');
    expect(screen.getByText('Showing 1-2 of 2')).toBeInTheDocument();
    expect(lists()).toEqual([{ page: '1', pageSize: '25' }]);
  });

  it('searches titles on the server, pages, and changes the page size back to page 1', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { lists } = setup({ [LIST]: () => [200, showPage([show()], 60, true)] });
    await screen.findByRole('cell', { name: 'Midnight Countdown' });
    const pages = screen.getByRole('navigation', { name: 'All Shows pages' });
    await ue.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '2', pageSize: '25' }));
    await ue.click(within(pages).getByRole('button', { name: '10' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10' }));
    await ue.type(screen.getByRole('searchbox', { name: 'Search shows by title' }), 'midnight');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10', searchTitle: 'midnight' }));
    jest.useRealTimers();
  });

  it('deletes after \'Are you sure you want to delete "{title}"?\' and says "Show deleted successfully"', async () => {
    let deleted = false;
    const { calls } = setup({
      [LIST]: () => [200, showPage(deleted ? [show()] : [show(), second()])],
      'DELETE /api/shows/s2': () => {
        deleted = true;
        return [204, null];
      },
    });
    const button = await screen.findByRole('button', { name: 'Delete Patriot Finale' });
    await userEvent.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Show' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Patriot Finale"?');
    // Cancel first: nothing is deleted.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Show deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Patriot Finale' })).not.toBeInTheDocument());
    const deletes = calls.mock.calls.filter(([r]) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]![0].headers.get('authorization')).toBe('Bearer token-123');
  });

  it('says "Error deleting show: {message}", or "Failed to delete show" without one', async () => {
    let answer: [number, unknown] = [409, { message: 'Midnight Countdown is used by 3 order items and cannot be deleted' }];
    setup({ 'DELETE /api/shows/s1': () => answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Midnight Countdown' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting show: Midnight Countdown is used by 3 order items and cannot be deleted')).toBeInTheDocument();
    answer = [500, {}];
    await userEvent.click(screen.getByRole('button', { name: 'Delete Midnight Countdown' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete show')).toBeInTheDocument();
  });

  it('says "No data found." and "Error fetching shows"', async () => {
    const { unmount } = setup({ [LIST]: () => [200, showPage([])] });
    expect(await screen.findByRole('cell', { name: 'No data found.' })).toBeInTheDocument();
    unmount();
    setup({ [LIST]: () => [400, { message: 'bad page' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching shows');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
