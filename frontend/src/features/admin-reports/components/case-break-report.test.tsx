import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderReports } from '../test/render';
import { caseBreak, caseBreakReport } from '../test/fixtures';
import { formatDateTime } from '@/lib/format';

const LIST = 'GET /api/reports/case-break';
const NOW = new Date('2026-07-04T15:00:00.000Z');

const pending = caseBreak();
const done = caseBreak({ id: 'cb2', productId: 'p2', sku: 'BB-7', title: 'Big Boom', quantity: 6, quantityAdded: 6, owedUnits: 0, status: 'COMPLETED', boxSize: [6] });
const failed = caseBreak({ id: 'cb3', productId: 'p3', sku: 'SS-1', title: 'Sky Storm', quantity: 4, owedUnits: 0, status: 'FAILED', boxSize: [24, 4] });
const report = caseBreakReport([pending, done, failed], { count: 3, totalQuantity: 22, statusCounts: { PENDING: 1, PROCESSING: 0, COMPLETED: 1, FAILED: 1 } });

function setup(handlers: Parameters<typeof renderReports>[1] = {}) {
  return renderReports('?type=case-break', { [LIST]: () => [200, report], ...handlers });
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the case break report (?type=case-break)', () => {
  it('asks for every status up to the end of today, and shows the rows and the server totals', async () => {
    const { queries, calls } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Case Break Report' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Case Break Requests' });
    await within(table).findByRole('cell', { name: 'Tiger Roar' });
    expect(queries(LIST)).toEqual([{ endDate: '2026-07-04T23:59:59.999Z', status: 'ALL' }]);
    expect(calls.mock.calls[0]![0].headers.get('authorization')).toBe('Bearer token-123');
    const [, first] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').slice(0, -1).map((c) => c.textContent)).toEqual([
      'Tiger Roar',
      'TR-100',
      '1212 units ship once a case is opened',
      '12, 6',
      'Pending',
      formatDateTime('2026-07-01T15:30:00.000Z'),
    ]);
    const totals = screen.getByRole('group', { name: 'Totals' });
    const figure = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(figure('Requests')).toBe('3');
    expect(figure('Total Quantity')).toBe('22');
    expect(figure('Pending')).toBe('1');
    expect(figure('Processing')).toBe('0');
    expect(figure('Completed')).toBe('1');
    expect(figure('Failed')).toBe('1');
    // §4: Process is disabled once COMPLETED or FAILED.
    expect(screen.getByRole('button', { name: 'Process Tiger Roar (12 requested)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Process Big Boom (6 requested)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Process Sky Storm (4 requested)' })).toBeDisabled();
  });

  it('filters by status (§9 options) and date range, the start sent as T00:00:00.000Z; a start after the end is not asked for', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { queries } = setup();
    await screen.findByRole('cell', { name: 'Tiger Roar' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Pending', 'Processing', 'Completed', 'Failed']);
    await user.selectOptions(status, 'Pending');
    await waitFor(() => expect(queries(LIST).at(-1)).toEqual({ endDate: '2026-07-04T23:59:59.999Z', status: 'PENDING' }));
    const start = screen.getByLabelText('Start date');
    await user.type(start, '2026-06-01');
    await waitFor(() =>
      expect(queries(LIST).at(-1)).toEqual({ startDate: '2026-06-01T00:00:00.000Z', endDate: '2026-07-04T23:59:59.999Z', status: 'PENDING' }),
    );
    const asked = queries(LIST).length;
    await user.clear(start);
    await user.type(start, '2026-07-05');
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(queries(LIST)).toHaveLength(asked);
  });

  it('says "Failed to fetch case break report" when the list fails', async () => {
    setup({ [LIST]: () => [500, {}] });
    // Queries retry 5xx three times with a growing delay.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(await screen.findByText('Failed to fetch case break report')).toBeInTheDocument();
  });

  describe('Process', () => {
    it('opens a dialog prefilled with the requested quantity, refuses anything but a positive whole number, and Escape closes it', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { sent } = setup();
      const open = await screen.findByRole('button', { name: 'Process Tiger Roar (12 requested)' });
      await user.click(open);
      const dialog = screen.getByRole('dialog', { name: 'Process Case Break Request' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity to add' });
      expect(quantity).toHaveFocus();
      expect(quantity).toHaveValue(12);
      expect(quantity).toHaveAttribute('min', '1');
      for (const bad of ['0', '-3', '']) {
        await user.clear(quantity);
        if (bad) await user.type(quantity, bad);
        await user.click(await within(dialog).findByRole('button', { name: 'Process' }));
        expect(await within(dialog).findByText('Please enter a valid positive number')).toBeInTheDocument();
        expect(quantity).toHaveAttribute('aria-invalid', 'true');
      }
      expect(sent('POST /api/reports/case-break/cb1/process')).toHaveLength(0);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(open).toHaveFocus();
    });

    it('sends the quantity, says §8 "Case break request processed successfully" and lists the request anew', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      let answer = report;
      const { sent, queries } = setup({
        [LIST]: () => [200, answer],
        'POST /api/reports/case-break/cb1/process': () => {
          answer = caseBreakReport([{ ...pending, status: 'COMPLETED', quantityAdded: 14, owedUnits: 0 }, done, failed]);
          return [200, { ...pending, status: 'COMPLETED', quantityAdded: 14, owedUnits: 0 }];
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Process Tiger Roar (12 requested)' }));
      const quantity = screen.getByRole('spinbutton', { name: 'Quantity to add' });
      await user.clear(quantity);
      await user.type(quantity, '14');
      await user.click(screen.getByRole('button', { name: 'Process' }));
      expect(await screen.findByText('Case break request processed successfully')).toBeInTheDocument();
      const [request] = sent('POST /api/reports/case-break/cb1/process');
      expect(await request!.json()).toEqual({ quantityAdded: 14 });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(queries(LIST)).toHaveLength(2));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Process Tiger Roar (12 requested)' })).toBeDisabled());
    });

    it("says a 409 in the dialog and as §8's toast, and lists the request anew; a 400 lands on the field", async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      let status = 409;
      const { queries } = setup({
        'POST /api/reports/case-break/cb1/process': () =>
          status === 409
            ? [409, { message: 'This case break request is already COMPLETED and cannot be processed again' }]
            : [400, { message: 'Invalid', errors: { quantityAdded: ['Please enter a valid positive number'] } }],
      });
      await user.click(await screen.findByRole('button', { name: 'Process Tiger Roar (12 requested)' }));
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Process' }));
      const message = 'Failed to process request: This case break request is already COMPLETED and cannot be processed again';
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
      expect(screen.getAllByText(message)).toHaveLength(2);
      await waitFor(() => expect(queries(LIST)).toHaveLength(2));

      status = 400;
      await user.click(within(dialog).getByRole('button', { name: 'Process' }));
      const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity to add' });
      await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
      expect(quantity).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid positive number'));
    });
  });

  it('says the units an open request owes its order, and lands the server\'s 422 for fewer units on the field', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const owed = 'At least 12 units are owed to the waiting order';
    setup({
      'POST /api/reports/case-break/cb1/process': () => [422, { message: owed, errors: { quantityAdded: [owed] } }],
    });
    const table = await screen.findByRole('table', { name: 'Case Break Requests' });
    await within(table).findByRole('cell', { name: 'Tiger Roar' });
    const row = (title: string) => within(table).getByRole('cell', { name: title }).closest('tr')!;
    expect(within(row('Tiger Roar')).getByText('12 units ship once a case is opened')).toBeInTheDocument();
    expect(within(row('Big Boom')).queryByText(/ship once a case is opened/)).not.toBeInTheDocument();
    expect(within(row('Sky Storm')).queryByText(/ship once a case is opened/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Process Tiger Roar (12 requested)' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('the first 12 fill the waiting order (12 units ship once a case is opened)');
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity to add' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Process' }));
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining(owed));
  });

  it('exports the listed rows as case-break-report-{date}.csv with exactly the §9 columns', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const downloads = captureDownloads();
    try {
      setup();
      await screen.findByRole('cell', { name: 'Tiger Roar' });
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(downloads.saved).toHaveLength(1);
      const [file] = downloads.saved;
      expect(file!.name).toBe('case-break-report-2026-07-04.csv');
      const lines = (await file!.blob.text()).split('\r\n');
      expect(lines[0]).toBe('"ID","Product ID","SKU","Product","Quantity","Status","Date"');
      expect(lines.slice(1, 4)).toEqual([
        '"cb1","p1","TR-100","Tiger Roar","12","PENDING","2026-07-01T15:30:00.000Z"',
        '"cb2","p2","BB-7","Big Boom","6","COMPLETED","2026-07-01T15:30:00.000Z"',
        '"cb3","p3","SS-1","Sky Storm","4","FAILED","2026-07-01T15:30:00.000Z"',
      ]);
    } finally {
      downloads.restore();
    }
  });
});
