import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sale } from '../api/reports-api';
import { formatDateTime } from '@/lib/format';
import { sale, saleItem, salesTotals } from '../test/fixtures';
import { captureDownloads, renderReports } from '../test/render';

const LIST = 'GET /api/reports/purchases';
const TOTALS = 'GET /api/reports/purchases/totals';
const NOW = new Date('2026-07-04T15:00:00.000Z');

const ann = sale({
  purchaseItems: [
    saleItem(),
    saleItem({ id: 'i2', product: { id: 'p2', title: 'Finale Show', sku: 'SHOW-1', isShow: true, isApparel: false }, quantity: 1 }),
    saleItem({ id: 'i3', product: { id: 'p3', title: 'Tiger Roar Unit', sku: 'TR-100-U', isShow: false, isApparel: false }, isUnit: true }),
    saleItem({
      id: 'i4',
      product: { id: 'p4', title: 'Shop Tee', sku: 'TEE', isShow: false, isApparel: true },
      variant: { sku: 'TEE-L-M-BLA', size: 'L', color: { name: 'Black' } },
      isUnit: true,
      unitPrice: 20,
      itemSubTotal: 40,
    }),
  ],
});
const bob = sale({
  id: '0190bbbb-0000-7000-8000-000000000002',
  status: 'COMPLETED',
  user: { id: 'u2', email: 'bob@example.com', profile: { firstName: null, lastName: null, phoneNumber: null } },
  grandTotal: 100,
});
// The server's sum, on purpose not what the rows add up to: the screen never adds money.
const TOTAL_SALES = 999.99;

function setup(handlers: Parameters<typeof renderReports>[1] = {}) {
  return renderReports('?type=sales', { [LIST]: () => [200, [ann, bob]], [TOTALS]: () => [200, salesTotals(2, TOTAL_SALES)], ...handlers });
}

const moved = (s: Sale, to: Sale['status']): Sale => ({
  ...s,
  status: to,
  statusHistory: [...s.statusHistory, { from: s.status, to, changedBy: 'admin@shop.localhost', changedAt: '2026-07-04T15:00:00.000Z' }],
});

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the sales report (?type=sales)', () => {
  it("asks for the orders up to the end of today, and shows the server's Total Sales and Total Orders", async () => {
    const { queries } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sales Report' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Purchase Orders' });
    await within(table).findByText('Ann Blast');
    expect(queries(LIST)).toEqual([{ endDate: '2026-07-04T23:59:59.999Z' }]);
    expect(queries(TOTALS)).toEqual([{ endDate: '2026-07-04T23:59:59.999Z' }]);
    const totals = await screen.findByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('Total Sales').nextElementSibling).toHaveTextContent('$999.99');
    expect(within(totals).getByText('Total Orders').nextElementSibling).toHaveTextContent('2');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').slice(0, -1).map((c) => c.textContent)).toEqual([
      '00000001',
      formatDateTime('2026-07-02T18:00:00.000Z'),
      'Ann Blastann.blast@example.com',
      'Pending',
      '$292.30',
    ]);
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent('bob@example.com');
    expect(screen.getByRole('link', { name: 'Run a sales summary report' })).toHaveAttribute('href', '/admin/reports?type=sales&run=1');
  });

  it('starts with the status the address names (the dashboard links ?status=PENDING)', async () => {
    const { queries } = renderReports('?type=sales&status=PENDING', { [LIST]: () => [200, [ann]], [TOTALS]: () => [200, salesTotals(1, TOTAL_SALES)] });
    await screen.findByText('Ann Blast');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING');
    expect(queries(LIST)).toEqual([{ endDate: '2026-07-04T23:59:59.999Z', status: 'PENDING' }]);
  });

  it('filters by status (All sends none) and dates', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { queries } = setup();
    await screen.findByText('Ann Blast');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(() => expect(queries(LIST).at(-1)).toEqual({ endDate: '2026-07-04T23:59:59.999Z', status: 'COMPLETED' }));
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2026-06-30');
    await user.type(screen.getByLabelText('Start date'), '2026-06-01');
    await waitFor(() =>
      expect(queries(LIST).at(-1)).toEqual({ startDate: '2026-06-01T00:00:00.000Z', endDate: '2026-06-30T23:59:59.999Z', status: 'COMPLETED' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(queries(LIST).at(-1)).toEqual({ startDate: '2026-06-01T00:00:00.000Z', endDate: '2026-06-30T23:59:59.999Z' }));
    // The totals are asked for with the same filter as the list.
    await waitFor(() => expect(queries(TOTALS).at(-1)).toEqual(queries(LIST).at(-1)));
  });

  it('sets a status from the row buttons (PATCH), says §8 success, and shows the new status', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let current = ann;
    const bodies: unknown[] = [];
    const { sent } = setup({
      [LIST]: () => [200, [current, bob]],
      [`PATCH /api/reports/purchases/${ann.id}`]: async (req) => {
        const body = (await req.json()) as { status: Sale['status'] };
        bodies.push(body);
        current = moved(current, body.status);
        return [200, current];
      },
    });
    await screen.findByText('Ann Blast');
    const group = screen.getByRole('group', { name: 'Status of order 00000001' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Processing', 'Completed', 'Failed']);
    // Bob's order is COMPLETED: that button is the current status.
    expect(screen.getByRole('button', { name: 'Set order 00000002 to Completed' })).toBeDisabled();
    await user.click(within(group).getByRole('button', { name: 'Set order 00000001 to Processing' }));
    expect(await screen.findByText('Purchase order request processed successfully')).toBeInTheDocument();
    const [patch] = sent(`PATCH /api/reports/purchases/${ann.id}`);
    expect(bodies).toEqual([{ status: 'PROCESSING' }]);
    expect(patch!.headers.get('authorization')).toBe('Bearer token-123');
    const row = screen.getByRole('group', { name: 'Status of order 00000001' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Processing', { selector: '.badge' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Set order 00000001 to Processing' })).toBeDisabled();
  });

  it("says §8's failure with the server's message, or the fallback", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let answer: [number, unknown] = [404, { message: 'Order not found' }];
    setup({ [`PATCH /api/reports/purchases/${ann.id}`]: () => answer });
    await screen.findByText('Ann Blast');
    await user.click(screen.getByRole('button', { name: 'Set order 00000001 to Failed' }));
    expect(await screen.findByText('Failed to process request: Order not found')).toBeInTheDocument();
    answer = [500, {}];
    await user.click(screen.getByRole('button', { name: 'Set order 00000001 to Failed' }));
    expect(await screen.findByText('Failed to process request: Failed to update purchase order status')).toBeInTheDocument();
  });

  it('says "Failed to fetch purchase order report" when the list fails', async () => {
    setup({ [LIST]: () => [500, {}] });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(await screen.findByText('Failed to fetch purchase order report')).toBeInTheDocument();
  });

  it('shows the detail: buyer, address, items with their badges, the summary and the status history, updated by a status change', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let current = ann;
    setup({
      [LIST]: () => [200, [current, bob]],
      [`PATCH /api/reports/purchases/${ann.id}`]: async (req) => {
        current = moved(current, ((await req.json()) as { status: Sale['status'] }).status);
        return [200, current];
      },
    });
    const open = await screen.findByRole('button', { name: 'Details of order 00000001' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Order 00000001' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('ann.blast@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('(701) 555-0100')).toBeInTheDocument();
    expect(within(dialog).getByText('Fargo, ND 58102')).toBeInTheDocument();
    expect(within(dialog).getByText('Suite 4')).toBeInTheDocument();

    const items = within(dialog).getByRole('table', { name: 'Items' });
    const rows = within(items).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Case', 'Show', 'Unit', 'Apparel']);
    expect(within(rows[3]!).getByText('L · Black · TEE-L-M-BLA')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('cell').slice(2).map((c) => c.textContent)).toEqual(['2', '$120.00', '$240.00']);

    const summary = within(dialog).getByRole('heading', { name: 'Order Summary' }).nextElementSibling as HTMLElement;
    const figure = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(figure('Subtotal')).toBe('$240.00');
    expect(figure('Shipping')).toBe('$35.50');
    expect(figure('Tax')).toBe('$16.80');
    expect(figure('Lift Gate Fee')).toBe('$0.00');
    expect(figure('Grand Total')).toBe('$292.30');

    const history = within(dialog).getByRole('list', { name: 'Status History' });
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Placed as Pending by the shop on ${formatDateTime('2026-07-02T18:00:00.000Z')}`,
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Set order 00000001 to Completed' }));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(
      `Pending → to Completed by admin@shop.localhost on ${formatDateTime('2026-07-04T15:00:00.000Z')}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Set order 00000001 to Completed' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("exports the listed orders as sales-report-{date}.csv with the API's figures", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const downloads = captureDownloads();
    try {
      setup();
      await screen.findByText('Ann Blast');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      const [file] = downloads.saved;
      expect(file!.name).toBe('sales-report-2026-07-04.csv');
      const lines = (await file!.blob.text()).split('\r\n');
      expect(lines[0]).toBe('"ID","Date","Buyer","Email","Status","Order Type","Subtotal","Shipping","Tax","Lift Gate Fee","Grand Total"');
      expect(lines[1]).toBe(`"${ann.id}","2026-07-02T18:00:00.000Z","Ann Blast","ann.blast@example.com","PENDING","retail","240.00","35.50","16.80","0.00","292.30"`);
      expect(lines[2]).toBe(`"${bob.id}","2026-07-02T18:00:00.000Z","","bob@example.com","COMPLETED","retail","240.00","35.50","16.80","0.00","100.00"`);
    } finally {
      downloads.restore();
    }
  });
});
