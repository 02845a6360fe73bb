import type { CaseBreakReport, CaseBreakRequest, Refund, Report, ReportPage, ReportResult, Sale, SaleItem, SalesTotals } from '../api/reports-api';

export const caseBreak = (over: Partial<CaseBreakRequest> = {}): CaseBreakRequest =>
  ({
    id: 'cb1',
    productId: 'p1',
    sku: 'TR-100',
    title: 'Tiger Roar',
    orderId: 'o1',
    quantity: 12,
    quantityAdded: null,
    owedUnits: 12,
    status: 'PENDING',
    boxSize: [12, 6],
    createdOn: '2026-07-01T15:30:00.000Z',
    ...over,
  }) as CaseBreakRequest;

export const caseBreakReport = (data: CaseBreakRequest[], over: Partial<CaseBreakReport> = {}): CaseBreakReport => ({
  data,
  count: data.length,
  totalQuantity: data.reduce((n, r) => n + r.quantity, 0),
  statusCounts: { PENDING: 0, PROCESSING: 0, COMPLETED: 0, FAILED: 0 },
  ...over,
});

export const saleItem = (over: Partial<SaleItem> = {}): SaleItem => ({
  id: 'i1',
  product: { id: 'p1', title: 'Tiger Roar', sku: 'TR-100', isShow: false, isApparel: false },
  variant: null,
  isUnit: false,
  quantity: 2,
  unitPrice: 120,
  itemSubTotal: 240,
  owedUnits: 0,
  ...over,
});

export const sale = (over: Partial<Sale> = {}): Sale => ({
  id: '0190aaaa-0000-7000-8000-000000000001',
  date: '2026-07-02T18:00:00.000Z',
  status: 'PENDING',
  orderType: 'retail',
  user: { id: 'u1', email: 'ann.blast@example.com', profile: { firstName: 'Ann', lastName: 'Blast', phoneNumber: '(701) 555-0100' } },
  shippingAddress: { street1: '1 Main St', street2: 'Suite 4', city: 'Fargo', state: 'ND', postalCode: '58102' },
  shipToTerminalId: null,
  purchaseItems: [saleItem()],
  subTotal: 240,
  shippingCost: 35.5,
  tax: 16.8,
  liftGateFee: 0,
  grandTotal: 292.3,
  refunded: 0,
  refundable: 292.3,
  statusHistory: [{ from: null, to: 'PENDING', changedBy: null, changedAt: '2026-07-02T18:00:00.000Z' }],
  ...over,
});

/** A confirmed refund of the first sale. */
export const refund = (over: Partial<Refund> = {}): Refund => ({
  id: '0190cccc-0000-7000-8000-000000000001',
  orderId: '0190aaaa-0000-7000-8000-000000000001',
  amount: 3,
  reason: 'One rocket was a dud',
  restocked: false,
  status: 'DONE',
  providerRefundId: 're_1',
  createdBy: '0190f1c2-0000-7000-8000-000000000001',
  createdOn: '2026-07-03T10:00:00.000Z',
  ...over,
});

/** GET /api/reports/purchases/totals: the server's count and sum. */
export const salesTotals = (count: number, totalSales: number): SalesTotals => ({ count, totalSales });

/** A sales result: a series table with a line chart drawn from it, and a product table. */
export const salesResult = (): ReportResult => ({
  summary: [
    { label: 'Orders', value: 3 },
    { label: 'Revenue', value: 1234.5, kind: 'money' },
  ],
  tables: [
    {
      id: 'series',
      title: 'Sales over time',
      columns: [
        { key: 'period', label: 'Period', kind: 'text' },
        { key: 'orders', label: 'Orders', kind: 'int' },
        { key: 'revenue', label: 'Revenue', kind: 'money' },
      ],
      rows: [
        ['2026-07-01', 2, 1000],
        ['2026-07-02', 1, 234.5],
      ],
    },
    {
      id: 'products',
      title: 'Products sold',
      columns: [
        { key: 'sku', label: 'SKU', kind: 'text' },
        { key: 'quantity', label: 'Quantity', kind: 'int' },
        { key: 'share', label: 'Share', kind: 'percent' },
      ],
      rows: [['TR-100', 1500, 62.5]],
    },
  ],
  charts: [{ id: 'revenue', title: 'Revenue over time', kind: 'line', table: 'series', x: 'period', y: ['revenue'] }],
});

export const report = (over: Partial<Report> = {}): Report => ({
  id: 'r1',
  type: 'FINANCIAL',
  name: 'Financial report 2026-07-04',
  description: null,
  status: 'PENDING',
  createdAt: '2026-07-04T15:00:00.000Z',
  completedAt: null,
  parameters: {},
  createdBy: 'admin@shop.localhost',
  fileUrl: null,
  errorMessage: null,
  ...over,
});

export const reportPage = (contents: Report[], totalItems = contents.length, hasMore = false): ReportPage => ({ contents, totalItems, hasMore });
