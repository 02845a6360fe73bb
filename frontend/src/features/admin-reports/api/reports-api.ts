import type { Schemas } from '@/api';
import { api, ORDER_LIST_TAG, REVALIDATE } from '@/lib/api';
import { fileResponse, type FileDownload } from '@/lib/download';
import { rangeParams, todayUtc, type DateRange } from '../lib/dates';
import type { ReportKind } from '../lib/report-types';
import type { Status } from '../lib/statuses';

/** A case break request (admin-contract.md; back-office.md §3). */
/**
 * The document's shapes, with the codes it gives as text (status, report type) narrowed to the
 * values the server sends.
 */
type Narrowed<T, N> = Omit<T, keyof N> & N;

/** A case break request: `owedUnits` is what the order still waits for (0 once processed or failed). */
export type CaseBreakRequest = Narrowed<Schemas['CaseBreakJson'], { status: Status }>;

export type CaseBreakReport = Narrowed<
  Schemas['CaseBreakReportJson'],
  { data: CaseBreakRequest[]; statusCounts: Partial<Record<Status, number>> }
>;

/** A list's filters: a date range and a status ('' is All). */
export interface RangeFilter extends DateRange {
  status: Status | '';
}

export type Buyer = Schemas['BuyerJson'];

/** A sold line; `owedUnits`: units of it that ship once a case is opened (the server's count). */
export type SaleItem = Schemas['PurchaseItemJson'];

/** `from` is null for the first entry (the purchase), `changedBy` null for the shop. */
export type StatusChange = Narrowed<Schemas['StatusChangeJson'], { from: Status | null; to: Status }>;

export type Sale = Narrowed<Schemas['SaleJson'], { status: Status; statusHistory: StatusChange[] }>;

export type SalesTotals = Schemas['SalesTotalsJson'];

/** PENDING until the payment provider confirms it (a provider that did not answer), then DONE. */
export type RefundStatus = 'PENDING' | 'DONE';

/** A refund of an order's payment; `createdBy` is the admin's id. */
export type Refund = Narrowed<Schemas['RefundJson'], { status: RefundStatus }>;

/** The refund form as sent: every field of the document's body, the reason required. */
export type RefundRequest = Narrowed<Required<Schemas['RefundBody']>, { reason: string }> & { orderId: string };

export type ColumnKind = 'text' | 'int' | 'money' | 'percent';

export interface ResultColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export type CellValue = string | number | boolean | null;

export interface ResultTable {
  id: string;
  title: string;
  columns: ResultColumn[];
  /** One value per column. */
  rows: CellValue[][];
}

export interface ResultChart {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  /** The id of the table it is drawn from. */
  table: string;
  /** The column key of the x axis. */
  x: string;
  /** The column keys drawn. */
  y: string[];
}

export interface SummaryFigure {
  label: string;
  value: CellValue;
  /** Not sent by the server yet: how to show the figure (money with $). */
  kind?: ColumnKind;
}

/** A completed report's figures: summary, tables, and charts drawn from those tables. */
export interface ReportResult {
  summary: SummaryFigure[];
  tables: ResultTable[];
  charts: ResultChart[];
}

/** A report (back-office.md §3 "Report"). */
/** A report; `fileUrl` once COMPLETED, `result` only from GET /api/reports/{id} once COMPLETED. */
export type Report = Narrowed<
  Schemas['ReportJson'],
  { type: ReportKind; status: Status; parameters: Record<string, unknown>; result?: ReportResult | null }
>;

export type ReportPage = Narrowed<Schemas['ReportListJson'], { contents: Report[] }>;

export type ReportRequestBody = Narrowed<
  Schemas['ReportBody'],
  { type: ReportKind; name: string; parameters: Record<string, string | number | boolean> }
>;

/** A downloaded file: an object URL (revoked by whoever saves it) and its name. */
export type { FileDownload };

/** The query of a case break or purchase list: the dates as §5 instants, then the status. */
export function rangeQuery(filter: RangeFilter, allStatus?: string): string {
  const q = new URLSearchParams(rangeParams(filter));
  const status = filter.status || allStatus;
  if (status) q.set('status', status);
  return q.toString();
}

/** `{type}-report-{date}.csv`, as the server names it (sales-report, user-activity-report, ...). */
export const reportCsvName = (type: string, now = new Date()): string =>
  `${type.toLowerCase().replace(/_/g, '-')}-report-${todayUtc(now)}.csv`;

const CASE_BREAKS = { type: 'CaseBreak', id: 'LIST' } as const;
/** Every purchase list of the back office (the buyer's own list is ORDER_LIST_TAG). */
const SALES = { type: 'Order', id: 'SALES' } as const;
const REPORTS = { type: 'Report', id: 'LIST' } as const;
/** An order's refunds (by the order's id). */
const refundsOf = (orderId: string) => ({ type: 'Refund', id: orderId }) as const;
const at = (id: string) => encodeURIComponent(id);

/** The back office's reports: case breaks, purchase orders and the five computed reports. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCaseBreaks: build.query<CaseBreakReport, RangeFilter>({
      // §9: the filter's All is sent as ALL.
      query: (filter) => ({ url: `/reports/case-break?${rangeQuery(filter, 'ALL')}`, ...REVALIDATE }),
      providesTags: [CASE_BREAKS],
    }),
    processCaseBreak: build.mutation<CaseBreakRequest, { id: string; productId: string; quantityAdded: number }>({
      query: ({ id, quantityAdded }) => ({ url: `/reports/case-break/${at(id)}/process`, method: 'POST', body: { quantityAdded } }),
      // Units were added to the product's stock and the order's owed units filled. A 409 (closed
      // meanwhile) or 404 also means the lists are stale.
      invalidatesTags: (result, error, { productId }) =>
        result || (error && (error.status === 409 || error.status === 404))
          ? [CASE_BREAKS, SALES, { type: 'Inventory', id: 'LIST' }, { type: 'Product', id: productId }]
          : [],
    }),
    // back-office.md §7: an array of orders, newest first.
    getPurchases: build.query<Sale[], RangeFilter>({
      query: (filter) => ({ url: `/reports/purchases?${rangeQuery(filter)}`, ...REVALIDATE }),
      providesTags: (result) => [SALES, ...(result ?? []).map((s) => ({ type: 'Order' as const, id: s.id }))],
    }),
    getPurchaseTotals: build.query<SalesTotals, RangeFilter>({
      query: (filter) => ({ url: `/reports/purchases/totals?${rangeQuery(filter)}`, ...REVALIDATE }),
      providesTags: [SALES],
    }),
    setPurchaseStatus: build.mutation<Sale, { id: string; status: Status }>({
      query: ({ id, status }) => ({ url: `/reports/purchases/${at(id)}`, method: 'PATCH', body: { status } }),
      // The answer is the order as it now stands: shown at once in every cached list (the
      // invalidation then refetches the lists, whose filters and totals the change may move).
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: sale } = await queryFulfilled;
          for (const args of reportsApi.util.selectCachedArgsForQuery(getState(), 'getPurchases')) {
            dispatch(
              reportsApi.util.updateQueryData('getPurchases', args, (draft) => {
                const i = draft.findIndex((s) => s.id === id);
                if (i >= 0) draft[i] = sale;
              }),
            );
          }
        } catch {
          // The screen says why.
        }
      },
      // A status filter or the count may change; the buyer's own order list shows the status too.
      invalidatesTags: (_r, error, { id }) => (error && error.status !== 404 ? [] : [SALES, { type: 'Order', id }, ORDER_LIST_TAG]),
    }),
    // Oldest first.
    getRefunds: build.query<Refund[], string>({
      query: (orderId) => ({ url: `/reports/purchases/${at(orderId)}/refunds`, ...REVALIDATE }),
      providesTags: (_r, _e, orderId) => [refundsOf(orderId)],
    }),
    refundOrder: build.mutation<Refund, RefundRequest>({
      query: ({ orderId, ...body }) => ({ url: `/reports/purchases/${at(orderId)}/refunds`, method: 'POST', body }),
      // A refund changes the order's refunded figure, so the lists and their totals (net of
      // refunds). A 503 leaves the refund pending: listed, but it gave nothing back yet. A 409 or
      // 422 changed nothing.
      invalidatesTags: (result, error, { orderId }) => {
        if (result) return [refundsOf(orderId), SALES, { type: 'Order', id: orderId }];
        return error?.status === 503 ? [refundsOf(orderId)] : [];
      },
    }),
    // A pending refund asked for again: done (the lists' totals move), removed (refused), or
    // still pending (503).
    retryRefund: build.mutation<Refund, { orderId: string; refundId: string }>({
      query: ({ orderId, refundId }) => ({
        url: `/reports/purchases/${at(orderId)}/refunds/${at(refundId)}/retry`,
        method: 'POST',
      }),
      invalidatesTags: (result, error, { orderId }) => {
        if (result) return [refundsOf(orderId), SALES, { type: 'Order', id: orderId }];
        return error?.status === 409 || error?.status === 404 ? [refundsOf(orderId), SALES] : [];
      },
    }),
    getReports: build.query<ReportPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: `/reports?page=${page}&pageSize=${pageSize}`, ...REVALIDATE }),
      providesTags: (result) => [REPORTS, ...(result?.contents ?? []).map((r) => ({ type: 'Report' as const, id: r.id }))],
    }),
    getReport: build.query<Report, string>({
      query: (id) => ({ url: `/reports/${at(id)}`, ...REVALIDATE }),
      providesTags: (_r, _e, id) => [{ type: 'Report', id }],
    }),
    createReport: build.mutation<Report, ReportRequestBody>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
      invalidatesTags: [REPORTS],
    }),
    // A mutation, not a query: each click downloads afresh. The CSV is the server's, fetched with
    // the bearer token (a plain link would go without it).
    downloadReportCsv: build.mutation<FileDownload, Pick<Report, 'fileUrl' | 'type'>>({
      query: ({ fileUrl, type }) => ({
        // fileUrl is the API's path (/api/reports/{id}/csv); the base URL already ends in /api.
        url: (fileUrl ?? '').replace(/^\/api(?=\/)/, ''),
        method: 'GET',
        cache: 'no-store',
        responseHandler: fileResponse(() => reportCsvName(type)),
      }),
    }),
  }),
});

export const {
  useGetCaseBreaksQuery,
  useProcessCaseBreakMutation,
  useGetPurchasesQuery,
  useGetPurchaseTotalsQuery,
  useSetPurchaseStatusMutation,
  useGetRefundsQuery,
  useRefundOrderMutation,
  useRetryRefundMutation,
  useGetReportsQuery,
  useGetReportQuery,
  useCreateReportMutation,
  useDownloadReportCsvMutation,
} = reportsApi;
