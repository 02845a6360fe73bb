import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN, server } from '@/test/server';
import type { Report } from '../api/reports-api';
import { report, reportPage, salesResult } from '../test/fixtures';
import { captureDownloads, renderReports } from '../test/render';
import { REPORT_POLL_MS } from './report-view';

const NOW = new Date('2026-07-04T15:00:00.000Z');
const LIST = 'GET /api/reports';
const emptyList = (): [number, unknown] => [200, reportPage([])];

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  // jsdom has no canvas: chart.js finds no context and says so; the chart's container and its
  // text alternative are what these tests read.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const error = console.error;
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('Failed to create chart')) return;
    error(...args);
  });
});
afterEach(() => {
  jest.useRealTimers();
});

const address = () => screen.getByTestId('location').textContent;

describe('the computed reports', () => {
  it('opens Inventory from the sidebar with its type preselected: no dates, its two flags on, a default name', async () => {
    renderReports('?type=inventory', { [LIST]: emptyList });
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory Report' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New Report' });
    expect(screen.getByRole('combobox', { name: 'Report type' })).toHaveValue('INVENTORY');
    expect(within(screen.getByRole('combobox', { name: 'Report type' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Sales',
      'Inventory',
      'User Activity',
      'Financial',
      'Product Performance',
    ]);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Inventory report 2026-07-04');
    expect(within(form).queryByLabelText('Start date')).not.toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Include items with zero stock' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Include notes' })).toBeChecked();
    expect(within(form).getAllByRole('checkbox')).toHaveLength(2);
    expect(await screen.findByText('No reports yet.')).toBeInTheDocument();
  });

  it('offers each type with its §3 parameters; changing the type changes the address', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderReports('?type=user-activity', { [LIST]: emptyList });
    const type = screen.getByRole('combobox', { name: 'Report type' });
    expect(screen.getByLabelText('Start date')).toHaveValue('');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-07-04');
    expect(screen.getByRole('checkbox', { name: 'Include admin activity' })).toBeChecked();

    await user.selectOptions(type, 'Product Performance');
    expect(address()).toBe('/admin/reports?type=product-performance');
    // The choice stays (and keeps the focus) while the form is made anew for the type.
    expect(screen.getByRole('combobox', { name: 'Report type' })).toBe(type);
    expect(type).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Product Performance Report' })).toBeInTheDocument();
    const top = screen.getByRole('spinbutton', { name: 'Top performers' });
    expect(top).toHaveValue(10);
    expect(top).toHaveAttribute('min', '1');
    expect(top).toHaveAttribute('max', '100');
    expect(screen.getByRole('checkbox', { name: 'Include category analysis' })).toBeChecked();
    await user.clear(top);
    await user.type(top, '101');
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText('Enter a whole number from 1 to 100')).toBeInTheDocument();

    await user.selectOptions(type, 'Sales');
    expect(address()).toBe('/admin/reports?type=sales&run=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Sales Summary Report' })).toBeInTheDocument();
    const interval = screen.getByRole('combobox', { name: 'Interval' });
    expect(interval).toHaveValue('day');
    expect(within(interval).getAllByRole('option').map((o) => o.textContent)).toEqual(['Day', 'Week', 'Month']);
    expect(screen.getByRole('checkbox', { name: 'Include show details' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include product breakdown' })).toBeChecked();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();

    await user.selectOptions(type, 'Financial');
    expect(address()).toBe('/admin/reports?type=financial');
    expect(screen.getByRole('checkbox', { name: 'Break down by product' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Break down by category' })).toBeChecked();
  });

  it('asks for the report, polls it every second until COMPLETED, and shows the summary, the tables and the charts', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const answers: Report[] = [
      report({ type: 'SALES', name: 'July sales' }),
      report({ type: 'SALES', name: 'July sales', status: 'PROCESSING' }),
      report({
        type: 'SALES',
        name: 'July sales',
        status: 'COMPLETED',
        completedAt: '2026-07-04T15:00:02.000Z',
        fileUrl: '/api/reports/r1/csv',
        parameters: { startDate: '2026-07-01T00:00:00.000Z', endDate: '2026-07-04T23:59:59.999Z', interval: 'week', includeShowDetails: false },
        result: salesResult(),
      }),
    ];
    let polls = 0;
    const bodies: unknown[] = [];
    const { sent } = renderReports('?type=sales&run=1', {
      [LIST]: emptyList,
      'POST /api/reports': async (req) => {
        bodies.push(await req.json());
        return [202, answers[0]];
      },
      'GET /api/reports/r1': () => [200, answers[Math.min(polls++, answers.length - 1)]],
    });
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'July sales');
    await user.type(screen.getByLabelText('Start date'), '2026-07-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'Week');
    await user.click(screen.getByRole('checkbox', { name: 'Include show details' }));
    await user.click(screen.getByRole('button', { name: 'Run Report' }));

    expect(await screen.findByText('Report requested successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        type: 'SALES',
        name: 'July sales',
        parameters: {
          startDate: '2026-07-01T00:00:00.000Z',
          endDate: '2026-07-04T23:59:59.999Z',
          includeShowDetails: false,
          includeProductBreakdown: true,
          interval: 'week',
        },
      },
    ]);
    expect(address()).toBe('/admin/reports?type=sales&run=1&reportId=r1');
    const shown = screen.getByRole('region', { name: 'Report' });
    expect(await within(shown).findByRole('heading', { level: 2, name: 'July sales' })).toHaveFocus();
    expect(within(shown).getByText('The report is being computed...')).toBeInTheDocument();
    expect(within(shown).getByText('Pending')).toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(REPORT_POLL_MS);
    });
    expect(await within(shown).findByText('Processing')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(REPORT_POLL_MS);
    });
    expect(await within(shown).findByText('Completed')).toBeInTheDocument();
    expect(within(shown).queryByText('The report is being computed...')).not.toBeInTheDocument();
    const asked = sent('GET /api/reports/r1').length;
    expect(asked).toBe(3);
    // Done: no more polling.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5 * REPORT_POLL_MS);
    });
    expect(sent('GET /api/reports/r1')).toHaveLength(asked);

    const summary = within(shown).getByRole('group', { name: 'Summary' });
    expect(within(summary).getByText('Orders').nextElementSibling).toHaveTextContent('3');
    expect(within(summary).getByText('Revenue').nextElementSibling).toHaveTextContent('$1,234.50');
    expect(within(shown).getByText('Week')).toBeInTheDocument();

    const series = within(shown).getByRole('table', { name: 'Sales over time' });
    const [, first] = within(series).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-07-01', '2', '$1,000.00']);
    const products = within(shown).getByRole('table', { name: 'Products sold' });
    expect(within(products).getAllByRole('cell').map((c) => c.textContent)).toEqual(['TR-100', '1,500', '62.5%']);

    const chart = within(shown).getByRole('figure', { name: 'Revenue over time' });
    expect(
      await within(chart).findByRole('img', {
        name: 'Line chart of Revenue by Period, 2 points; the figures are in the table "Sales over time".',
      }),
    ).toBeInTheDocument();
    expect(chart.querySelector('canvas')).not.toBeNull();
    // The chart sits with the table it is drawn from.
    expect(series.closest('.space-y-3')).toContainElement(chart);
    expect(within(shown).getAllByRole('figure')).toHaveLength(1);
  });

  it('says why a report FAILED', async () => {
    renderReports('?type=financial&reportId=r9', {
      [LIST]: emptyList,
      'GET /api/reports/r9': () => [200, report({ id: 'r9', status: 'FAILED', errorMessage: 'The database was unavailable' })],
    });
    expect(await screen.findByText('The report failed: The database was unavailable')).toBeInTheDocument();
    // A report already in the address does not take the focus.
    expect(screen.getByRole('heading', { level: 2, name: 'Financial report 2026-07-04' })).not.toHaveFocus();
  });

  it('says "Failed to load report" when the report cannot be read', async () => {
    renderReports('?type=financial&reportId=gone', {
      [LIST]: emptyList,
      'GET /api/reports/gone': () => [404, { message: 'Report not found' }],
    });
    expect(await screen.findByText('Failed to load report')).toBeInTheDocument();
  });

  it("places the server's field errors on their fields", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderReports('?type=financial', {
      [LIST]: emptyList,
      'POST /api/reports': () => [
        422,
        { message: 'Validation failed', errors: { 'parameters.startDate': ['startDate must be on or before endDate'], type: ['Type must be SALES'] } },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Run Report' }));
    expect(await screen.findByText('Error creating report: Validation failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Start date')).toHaveAccessibleDescription(expect.stringContaining('startDate must be on or before endDate'));
    expect(screen.getByRole('form', { name: 'New Report' }).querySelector('[role="alert"]')).toHaveTextContent('Type must be SALES');
  });

  it("lists the reports asked for; View shows one, and a completed one's CSV downloads with the bearer token", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const downloads = captureDownloads();
    const done = report({
      id: 'r2',
      type: 'USER_ACTIVITY',
      name: 'June users',
      status: 'COMPLETED',
      completedAt: '2026-07-04T15:01:00.000Z',
      fileUrl: '/api/reports/r2/csv',
    });
    const csvRequests: Request[] = [];
    server.use(
      http.get(`${API_ORIGIN}/reports/r2/csv`, ({ request }) => {
        csvRequests.push(request);
        return new HttpResponse('Sign-ups per day\r\nDay,Sign-ups\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="user-activity-report-2026-07-04.csv"' },
        });
      }),
    );
    try {
      const { queries } = renderReports('?type=user-activity', {
        [LIST]: () => [200, reportPage([done, report()], 2)],
        'GET /api/reports/r2': () => [200, { ...done, result: { summary: [], tables: [], charts: [] } }],
      });
      const table = await screen.findByRole('table', { name: 'All Reports' });
      await within(table).findByText('June users');
      expect(queries(LIST)).toEqual([{ page: '1', pageSize: '25' }]);
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('User Activity');
      expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Pending');
      expect(screen.queryByRole('button', { name: 'Download CSV of Financial report 2026-07-04' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'View June users' }));
      expect(address()).toBe('/admin/reports?type=user-activity&reportId=r2');
      const shown = screen.getByRole('region', { name: 'Report' });
      expect(await within(shown).findByRole('heading', { level: 2, name: 'June users' })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Download CSV of June users' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(csvRequests[0]!.headers.get('authorization')).toBe('Bearer token-123');
      expect(downloads.saved[0]!.name).toBe('user-activity-report-2026-07-04.csv');
      expect(await downloads.saved[0]!.blob.text()).toBe('Sign-ups per day\r\nDay,Sign-ups\r\n');

      await user.click(within(shown).getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
    } finally {
      downloads.restore();
    }
  });
});
