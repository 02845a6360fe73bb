import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred } from '@/test/deferred';
import { mockApi, renderAt, signedInState } from '@/test/render';
import AdminDashboard from '../routes/dashboard';

const SUMMARY = 'GET /api/admin/summary';
const admin = signedInState({ role: 'ADMIN' });

const tile = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });

describe('admin dashboard', () => {
  it('shows the four counts of one summary call, each tile linking to its list', async () => {
    const answer = deferred<[number, unknown]>();
    const calls = mockApi({ [SUMMARY]: () => answer.promise });
    renderAt(<AdminDashboard />, { path: '/admin', preloadedState: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    for (const name of ['Users', 'Inventory', 'Products', 'Shows']) expect(tile(name)).toHaveTextContent('Loading...');
    expect(screen.getByText('Loading dashboard...')).toHaveAttribute('role', 'status');
    answer.resolve([200, { users: 12, inventory: 4810, products: 230, shows: 7 }]);
    await waitFor(() => expect(tile('Users')).toHaveTextContent('12'));
    expect(tile('Inventory')).toHaveTextContent('4,810');
    expect(tile('Products')).toHaveTextContent('230');
    expect(tile('Shows')).toHaveTextContent('7');
    expect(TILE_LINKS()).toEqual([
      ['Users', '/admin/users'],
      ['Inventory', '/admin/inventory'],
      ['Products', '/admin/products'],
      ['Shows', '/admin/shows'],
    ]);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(calls.mock.calls[0]![0].headers.get('authorization')).toBe('Bearer token-123');
  });

  it('says "Error Loading Dashboard" with the reason and Retry, tiles saying Error, and recovers on Retry', async () => {
    let fail = true;
    mockApi({ [SUMMARY]: () => (fail ? [404, { message: 'Not found' }] : [200, { users: 3, inventory: 0, products: 1, shows: 2 }]) });
    renderAt(<AdminDashboard />, { path: '/admin', preloadedState: admin });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Dashboard' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Not found');
    for (const name of ['Users', 'Inventory', 'Products', 'Shows']) expect(tile(name)).toHaveTextContent('Error');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tile('Users')).toHaveTextContent('3'));
    expect(tile('Inventory')).toHaveTextContent('0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Network response was not ok" when the server gives no message', async () => {
    mockApi({ [SUMMARY]: () => [403, {}] });
    renderAt(<AdminDashboard />, { path: '/admin', preloadedState: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error Loading DashboardNetwork response was not ok');
  });

  it('shows the orders to handle and the open case breaks, each status linking to its filtered report', async () => {
    mockApi({
      [SUMMARY]: () => [
        200,
        { users: 3, inventory: 0, products: 1, shows: 2, ordersToHandle: { pending: 4, processing: 1 }, openCaseBreaks: { pending: 2, processing: 0 } },
      ],
    });
    renderAt(<AdminDashboard />, { path: '/admin', preloadedState: admin });
    const work = await screen.findByRole('list', { name: 'Work to do' });
    const orders = within(work).getByRole('heading', { name: 'Orders to Handle' }).closest('li')!;
    await waitFor(() => expect(orders).toHaveTextContent('5'));
    expect(within(work).getByRole('link', { name: 'Pending orders: 4' })).toHaveAttribute('href', '/admin/reports?type=sales&status=PENDING');
    expect(within(work).getByRole('link', { name: 'Processing orders: 1' })).toHaveAttribute('href', '/admin/reports?type=sales&status=PROCESSING');
    const breaks = within(work).getByRole('heading', { name: 'Open Case Breaks' }).closest('li')!;
    expect(breaks).toHaveTextContent('2');
    expect(within(work).getByRole('link', { name: 'Pending case break requests: 2' })).toHaveAttribute(
      'href',
      '/admin/reports?type=case-break&status=PENDING',
    );
    expect(within(work).getByRole('link', { name: 'Processing case break requests: 0' })).toHaveAttribute(
      'href',
      '/admin/reports?type=case-break&status=PROCESSING',
    );
  });

  it('marks a tile whose count is missing as Error', async () => {
    mockApi({ [SUMMARY]: () => [200, { users: 3, products: 1, shows: 2 }] });
    renderAt(<AdminDashboard />, { path: '/admin', preloadedState: admin });
    await waitFor(() => expect(tile('Users')).toHaveTextContent('3'));
    expect(tile('Inventory')).toHaveTextContent('Error');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function TILE_LINKS() {
  return screen
    .getAllByRole('link')
    .filter((a) => a.querySelector('h2'))
    .map((a) => [a.querySelector('h2')?.textContent, a.getAttribute('href')]);
}
