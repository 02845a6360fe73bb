import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { Toaster } from '@/components/toaster';
import { formatDate, formatDateTime } from '@/lib/format';
import { mockApi, renderAt, signedInState } from '@/test/render';
import { server } from '@/test/server';
import { REVOKE_AFTER_MS } from '../lib/download';
import UserListRoute from '../routes/user-list';
import { adminUser, userPage } from '../test/fixtures';

const LIST = 'GET /api/user/getAll';
const EXPORT_URL = `${location.origin}/api/admin/users/export`;

const bob = adminUser({
  id: 'u2',
  email: 'bob@example.com',
  role: 'MANAGER',
  active: false,
  lastLogin: null,
  profile: { firstName: null, lastName: null, phoneNumber: null },
});

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [LIST]: () => [200, userPage([adminUser(), bob], 12, true)], ...handlers });
  const view = renderAt(
    <>
      <UserListRoute />
      <Toaster />
    </>,
    { path: '/admin/users', preloadedState: signedInState({ role: 'ADMIN' }) },
  );
  const lists = () =>
    calls.mock.calls.filter(([r]) => new URL(r.url).pathname === '/api/user/getAll').map(([r]) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...view, calls, lists };
}

describe('/admin/users', () => {
  it('sorts on the server by a column, the sort in the address', async () => {
    const { lists, router } = setup();
    const table = await screen.findByRole('table', { name: 'All Users' });
    await within(table).findByText('bob@example.com');
    expect(lists()[0]).not.toHaveProperty('sort');
    await userEvent.click(within(table).getByRole('button', { name: /Last Login/ }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10', sort: 'lastLogin' }));
    expect(router.state.location.search).toBe('?sort=lastLogin');
    await userEvent.click(within(table).getByRole('button', { name: /Last Login/ }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ sort: '-lastLogin' }));
    expect(within(table).getByRole('columnheader', { name: /Last Login/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('lists All Users 10 per page, sorted by the server, with New User and the three row actions', async () => {
    const { calls, lists } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All Users' });
    expect(await within(table).findByRole('cell', { name: 'Ann Blast' })).toBeInTheDocument();
    const [, ann, noName] = within(table).getAllByRole('row');
    expect(within(ann!).getAllByRole('cell').slice(0, -1).map((c) => c.textContent)).toEqual([
      'Ann Blast',
      'ann.blast@example.com',
      'USER',
      'Active',
      formatDateTime('2026-06-01T14:30:00.000Z'),
      formatDate('2026-01-15T09:00:00.000Z'),
    ]);
    expect(within(noName!).getAllByRole('cell').slice(0, -1).map((c) => c.textContent)).toEqual([
      'No name',
      'bob@example.com',
      'MANAGER',
      'Inactive',
      'Never',
      formatDate('2026-01-15T09:00:00.000Z'),
    ]);
    expect(screen.getByRole('link', { name: 'New User' })).toHaveAttribute('href', '/admin/users/new');
    expect(screen.getByRole('link', { name: 'Edit bob@example.com' })).toHaveAttribute('href', '/admin/users/u2/edit');
    expect(screen.getByRole('link', { name: 'Reset password of bob@example.com' })).toHaveAttribute('href', '/admin/users/u2/reset-password');
    expect(screen.getByRole('link', { name: 'Permissions of bob@example.com' })).toHaveAttribute('href', '/admin/users/u2/permissions');
    expect(screen.getByText('Showing 1-2 of 12')).toBeInTheDocument();
    expect(lists()).toEqual([{ page: '1', pageSize: '10' }]);
    expect(calls.mock.calls[0]![0].headers.get('authorization')).toBe('Bearer token-123');
  });

  it('sends the role, status and search filters to the server, each starting again at page 1', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { lists } = setup();
    await screen.findByRole('cell', { name: 'Ann Blast' });
    await ue.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '2', pageSize: '10' }));

    await ue.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'MANAGER');
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10', role: 'MANAGER' }));
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Active', 'Inactive']);
    await ue.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10', role: 'MANAGER', active: 'false' }));
    await ue.type(screen.getByRole('searchbox', { name: 'Search users by email or name' }), ' bob ');
    act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '10', role: 'MANAGER', active: 'false', search: 'bob' }));

    await ue.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lists().at(-1)?.page).toBe('2'));
    await ue.click(within(screen.getByRole('group', { name: 'Items per page' })).getByRole('button', { name: '25' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', role: 'MANAGER', active: 'false', search: 'bob' }));
    await ue.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All');
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: '1', pageSize: '25', active: 'false', search: 'bob' }));
    jest.useRealTimers();
  });

  it('says "No users found." and "Error fetching users data"', async () => {
    const { unmount } = setup({ [LIST]: () => [200, userPage([])] });
    expect(await screen.findByRole('cell', { name: 'No users found.' })).toBeInTheDocument();
    unmount();
    setup({ [LIST]: () => [400, { message: 'role must be USER, MANAGER, ADMIN or MEMBER' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching users data');
  });

  describe('Export CSV', () => {
    const csv = 'Name,Email,Role,Last Login,ID,Created At\r\nAnn Blast,ann.blast@example.com,USER,,u1,2026-01-15T09:00:00.000Z\r\n';
    let created: Blob[];
    let revoked: string[];
    let clicked: HTMLAnchorElement[];

    const { createObjectURL, revokeObjectURL } = URL;
    afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

    beforeEach(() => {
      created = [];
      revoked = [];
      clicked = [];
      // jsdom has no object URLs, and an anchor's click would try to navigate.
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:http://localhost/users-csv';
        },
        revokeObjectURL: (url: string) => revoked.push(url),
      });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });

    it("downloads the server's file for the filters shown, with the bearer token, as users-export-{date}.csv", async () => {
      jest.useFakeTimers();
      const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const exports: Request[] = [];
      server.use(
        http.get(EXPORT_URL, ({ request }) => {
          exports.push(request.clone());
          return new HttpResponse(csv, {
            headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="users-export-2026-07-04.csv"' },
          });
        }),
      );
      setup();
      await screen.findByRole('cell', { name: 'Ann Blast' });
      await ue.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'ADMIN');
      await ue.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
      await ue.type(screen.getByRole('searchbox', { name: 'Search users by email or name' }), 'ann');
      act(() => jest.advanceTimersByTime(SEARCH_SETTLE_MS));
      await ue.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(exports).toHaveLength(1);
      const request = exports[0]!;
      expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({ search: 'ann', role: 'ADMIN', active: 'true' });
      expect(request.headers.get('authorization')).toBe('Bearer token-123');
      // The server's CSV as it came: the frontend builds none.
      expect(await created[0]!.text()).toBe(csv);
      expect(clicked[0]!.download).toBe('users-export-2026-07-04.csv');
      expect(clicked[0]!.href).toBe('blob:http://localhost/users-csv');
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoked).toEqual([]);
      act(() => jest.advanceTimersByTime(REVOKE_AFTER_MS));
      expect(revoked).toEqual(['blob:http://localhost/users-csv']);
      expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
      jest.useRealTimers();
    });

    it('exports the whole list without filters, and says "Error loading export data" when it fails', async () => {
      let status = 200;
      const exports: string[] = [];
      server.use(
        http.get(EXPORT_URL, ({ request }) => {
          exports.push(request.url);
          return status === 200 ? new HttpResponse(csv, { headers: { 'content-type': 'text/csv' } }) : HttpResponse.json({ message: 'boom' }, { status });
        }),
      );
      setup();
      await screen.findByRole('cell', { name: 'Ann Blast' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(exports).toEqual([EXPORT_URL]);
      // No file name from the server: today's date (UTC, as the server names it).
      expect(clicked[0]!.download).toBe(`users-export-${new Date().toISOString().slice(0, 10)}.csv`);

      status = 500;
      // The button says "Exporting..." until the finished export has re-rendered it.
      await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Error loading export data')).toBeInTheDocument();
      expect(clicked).toHaveLength(1);
    });
  });
});
