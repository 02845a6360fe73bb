import { rangeQuery, reportCsvName } from '../api/reports-api';
import { caseBreak, sale, salesResult } from '../test/fixtures';
import { formatCell } from './cells';
import { chartDescription, chartModel } from './chart-data';
import { CASE_BREAK_CSV_COLUMNS, caseBreakCsv, caseBreakCsvName, csvField, salesCsv, salesCsvName } from './csv';
import { defaultRange, rangeError, rangeParams, RANGE_ORDER_MESSAGE, todayUtc } from './dates';
import { runHref, viewOf, viewTitle } from './views';

const NOW = new Date('2026-07-04T23:30:00.000Z');

describe('report dates (back-office.md §5)', () => {
  it('ends today (UTC) with no start, and sends the start and end of the UTC days', () => {
    expect(defaultRange(NOW)).toEqual({ startDate: '', endDate: '2026-07-04' });
    expect(rangeParams(defaultRange(NOW))).toEqual({ endDate: '2026-07-04T23:59:59.999Z' });
    expect(rangeParams({ startDate: '2026-07-01', endDate: '2026-07-04' })).toEqual({
      startDate: '2026-07-01T00:00:00.000Z',
      endDate: '2026-07-04T23:59:59.999Z',
    });
    expect(rangeParams({ startDate: '', endDate: '' })).toEqual({});
  });

  it('refuses a start after the end', () => {
    expect(rangeError({ startDate: '2026-07-05', endDate: '2026-07-04' })).toBe(RANGE_ORDER_MESSAGE);
    expect(rangeError({ startDate: '2026-07-04', endDate: '2026-07-04' })).toBeNull();
    expect(rangeError({ startDate: '2026-07-05', endDate: '' })).toBeNull();
  });

  it('builds the list queries: ALL for the case breaks, no status for All orders', () => {
    const filter = { status: '' as const, startDate: '2026-07-01', endDate: '2026-07-04' };
    expect(rangeQuery(filter, 'ALL')).toBe('startDate=2026-07-01T00%3A00%3A00.000Z&endDate=2026-07-04T23%3A59%3A59.999Z&status=ALL');
    expect(rangeQuery(filter)).toBe('startDate=2026-07-01T00%3A00%3A00.000Z&endDate=2026-07-04T23%3A59%3A59.999Z');
    expect(rangeQuery({ ...filter, status: 'FAILED' }, 'ALL')).toMatch(/&status=FAILED$/);
  });
});

describe('CSV (back-office.md §9)', () => {
  it('quotes fields as RFC 4180 says and neutralises formulas, as the server does', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('Smith, "Doc"')).toBe('"Smith, ""Doc"""');
    expect(csvField('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    expect(csvField('-12.5')).toBe('"-12.5"');
    expect(csvField(null)).toBe('""');
  });

  it("neutralises formulas at a cell's start and after each ; or TAB (OWASP), numbers stay numbers", () => {
    const cases: [string, string][] = [
      ['+1+cmd', "'+1+cmd"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=cmd', "'\t'=cmd"],
      ['\r=cmd', "'\r=cmd"],
      ["Bob;=cmd|'/C calc'!A0;", "Bob;'=cmd|'/C calc'!A0;"],
      ['Big Bang;=HYPERLINK("x")', `Big Bang;'=HYPERLINK(""x"")`],
      ['Boom\t@SUM(A1)', "Boom\t'@SUM(A1)"],
      ['a;;+b', "a;;'+b"],
      ['Tom-Tom; Jerry', 'Tom-Tom; Jerry'],
      ['-12.50', '-12.50'],
      ['a;-12.50', 'a;-12.50'],
      ['-1e5', "'-1e5"],
      ['-12.50+cmd', "'-12.50+cmd"],
    ];
    for (const [text, expected] of cases) expect([text, csvField(text)]).toEqual([text, `"${expected}"`]);
  });

  it("neutralises a buyer's name and a product title in the sales and case break CSVs", () => {
    const evil = sale({ user: { ...sale().user, profile: { firstName: 'Bob;=cmd|', lastName: "'/C calc'!A0;", phoneNumber: null } } });
    expect(salesCsv([evil]).split('\r\n')[1]).toContain(`,"Bob;'=cmd| '/C calc'!A0;",`);
    expect(caseBreakCsv([caseBreak({ title: 'Boom;=1+1\t@SUM(A1)' })]).split('\r\n')[1]).toContain(
      `,"Boom;'=1+1\t'@SUM(A1)",`,
    );
  });

  it('writes the case break rows with exactly the §9 columns, named case-break-report-{date}.csv', () => {
    expect(CASE_BREAK_CSV_COLUMNS).toEqual(['ID', 'Product ID', 'SKU', 'Product', 'Quantity', 'Status', 'Date']);
    expect(caseBreakCsv([caseBreak(), caseBreak({ id: 'cb2', title: 'Boom, Big', status: 'COMPLETED', quantity: 3 })])).toBe(
      '"ID","Product ID","SKU","Product","Quantity","Status","Date"\r\n' +
        '"cb1","p1","TR-100","Tiger Roar","12","PENDING","2026-07-01T15:30:00.000Z"\r\n' +
        '"cb2","p1","TR-100","Boom, Big","3","COMPLETED","2026-07-01T15:30:00.000Z"\r\n',
    );
    expect(caseBreakCsvName(NOW)).toBe('case-break-report-2026-07-04.csv');
  });

  it("writes the orders with the API's figures, named sales-report-{date}.csv", () => {
    expect(salesCsv([sale()])).toBe(
      '"ID","Date","Buyer","Email","Status","Order Type","Subtotal","Shipping","Tax","Lift Gate Fee","Grand Total"\r\n' +
        '"0190aaaa-0000-7000-8000-000000000001","2026-07-02T18:00:00.000Z","Ann Blast","ann.blast@example.com","PENDING","retail","240.00","35.50","16.80","0.00","292.30"\r\n',
    );
    expect(salesCsvName(NOW)).toBe('sales-report-2026-07-04.csv');
    expect(reportCsvName('USER_ACTIVITY', NOW)).toBe('user-activity-report-2026-07-04.csv');
    expect(todayUtc(NOW)).toBe('2026-07-04');
  });
});

describe('result cells', () => {
  it('shows money with $ and two decimals, whole numbers grouped, percentages, text as it is', () => {
    expect(formatCell(1234.5, 'money')).toBe('$1,234.50');
    expect(formatCell(0, 'money')).toBe('$0.00');
    expect(formatCell(1500, 'int')).toBe('1,500');
    expect(formatCell(62.5, 'percent')).toBe('62.5%');
    expect(formatCell('TR-100', 'text')).toBe('TR-100');
    expect(formatCell('2026-07-01', undefined)).toBe('2026-07-01');
    expect(formatCell(null, 'money')).toBe('—');
    expect(formatCell(3, undefined)).toBe('3');
  });
});

describe('charts', () => {
  it('are drawn from the table they name: x labels and one series per y column', () => {
    const result = salesResult();
    const [chart] = result.charts;
    const table = result.tables[0]!;
    const model = chartModel(chart!, table);
    expect(model).toEqual({
      xLabel: 'Period',
      labels: ['2026-07-01', '2026-07-02'],
      series: [{ key: 'revenue', label: 'Revenue', kind: 'money', values: [1000, 234.5] }],
    });
    expect(chartDescription(chart!, table, model!)).toBe(
      'Line chart of Revenue by Period, 2 points; the figures are in the table "Sales over time".',
    );
    expect(chartModel({ ...chart!, x: 'nope' }, table)).toBeNull();
    expect(chartModel({ ...chart!, y: ['nope'] }, table)).toBeNull();
  });
});

describe('the reports views (/admin/reports?type=...)', () => {
  const view = (search: string) => viewOf(new URLSearchParams(search));
  it('maps the sidebar to the screens: Case Break and Sales have their own, the others run reports', () => {
    expect(view('type=case-break')).toEqual({ screen: 'case-break' });
    expect(view('type=sales')).toEqual({ screen: 'sales' });
    expect(view('type=sales&run=1')).toEqual({ screen: 'run', kind: 'SALES' });
    expect(view('type=inventory')).toEqual({ screen: 'run', kind: 'INVENTORY' });
    expect(view('type=user-activity')).toEqual({ screen: 'run', kind: 'USER_ACTIVITY' });
    expect(view('type=financial')).toEqual({ screen: 'run', kind: 'FINANCIAL' });
    expect(view('type=product-performance')).toEqual({ screen: 'run', kind: 'PRODUCT_PERFORMANCE' });
    expect(view('')).toEqual({ screen: 'run', kind: null });
    expect(viewTitle(view('type=inventory'))).toBe('Inventory Report');
    expect(viewTitle(view(''))).toBe('Reports');
    expect(runHref('SALES')).toBe('/admin/reports?type=sales&run=1');
    expect(runHref('PRODUCT_PERFORMANCE')).toBe('/admin/reports?type=product-performance');
  });
});
