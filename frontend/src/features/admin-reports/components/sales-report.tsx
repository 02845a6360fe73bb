import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { DataTable, type DataColumn } from '@/components/data-table';
import { REPORT_STATUS_PARAM } from '@/lib/admin-views';
import { saveBlob } from '@/lib/download';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';
import { useGetPurchasesQuery, useGetPurchaseTotalsQuery, useSetPurchaseStatusMutation, type RangeFilter, type Sale } from '../api/reports-api';
import { buyerName, salesCsv, salesCsvName } from '../lib/csv';
import { defaultRange, rangeError } from '../lib/dates';
import { orderNumber } from '@/lib/orders';
import { loadFailure, processFailure, PURCHASE_ORDER_PROCESSED, PURCHASE_STATUS_FAILED, PURCHASES_FETCH_FAILED } from '../lib/messages';
import { statusFilterOf } from '../lib/statuses';
import { runHref } from '../lib/views';
import { Figures } from './figures';
import { OrderDetailDialog } from './order-detail';
import { RangeFilterBar } from './range-filter';
import { StatusBadge } from './status-badge';
import { StatusButtons } from './status-buttons';

const whole = new Intl.NumberFormat('en-US');

const columns: DataColumn<Sale>[] = [
  {
    id: 'order',
    accessorFn: (s) => orderNumber(s.id),
    header: 'Order',
    cell: ({ getValue }) => <span className="font-mono">{getValue<string>()}</span>,
  },
  {
    accessorKey: 'date',
    header: 'Date',
    cell: ({ getValue }) => <time dateTime={getValue<string>()}>{formatDateTime(getValue<string>())}</time>,
  },
  {
    id: 'buyer',
    accessorFn: (s) => buyerName(s) || s.user.email,
    header: 'Buyer',
    cell: ({ row }) => {
      const name = buyerName(row.original);
      return (
        <>
          {name && <span className="block">{name}</span>}
          <span className="block break-all text-sm text-base-content/80">{row.original.user.email}</span>
        </>
      );
    },
  },
  { accessorKey: 'status', header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue<string>()} /> },
  {
    accessorKey: 'grandTotal',
    header: 'Grand Total',
    cell: ({ getValue }) => <span className="tabular-nums">{formatMoney(getValue<number>())}</span>,
  },
];

/**
 * The sales report (back-office.md §2-§4, §9): purchase orders in a date range (the end today to
 * start with) with a status filter, the server's Total Sales and Total Orders, status buttons
 * per row and in the detail, and the listed orders as sales-report-{date}.csv (the API's figures).
 */
export function SalesReport() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<RangeFilter>(() => ({ status: statusFilterOf(params.get(REPORT_STATUS_PARAM)), ...defaultRange() }));
  const [detail, setDetail] = useState<Sale | null>(null);
  const invalid = rangeError(filter) !== null;
  const { data: rows, isLoading, isFetching, isError, error, refetch } = useGetPurchasesQuery(filter, { skip: invalid });
  // The list is the specification's array of orders; its count and sum come from their own route.
  const { data: totals } = useGetPurchaseTotalsQuery(filter, { skip: invalid });
  const [setStatus, { isLoading: saving, originalArgs }] = useSetPurchaseStatusMutation();
  // The order as it now stands (the list is patched with each answer); the snapshot once it leaves the filter.
  const shown = detail ? (rows?.find((s) => s.id === detail.id) ?? detail) : null;

  const onSetStatus = async (sale: Sale, status: Sale['status']) => {
    try {
      const updated = await setStatus({ id: sale.id, status }).unwrap();
      if (detail?.id === sale.id) setDetail(updated);
      dispatch(toastShown(PURCHASE_ORDER_PROCESSED, 'success'));
    } catch (e) {
      dispatch(toastShown(processFailure(e, PURCHASE_STATUS_FAILED), 'error'));
    }
  };
  const busyWith = (sale: Sale) => saving && originalArgs?.id === sale.id;

  const onExport = () => {
    if (!rows) return;
    saveBlob(new Blob([salesCsv(rows)], { type: 'text/csv;charset=utf-8' }), salesCsvName());
  };

  return (
    <div className="space-y-6">
      <p>
        <AppLink to={runHref('SALES')} className="link link-primary">
          Run a sales summary report
        </AppLink>{' '}
        (revenue over time, shows and products sold).
      </p>
      {totals && (
        <Figures
          label="Totals"
          items={[
            { label: 'Total Sales', value: formatMoney(totals.totalSales) },
            { label: 'Total Orders', value: whole.format(totals.count) },
          ]}
        />
      )}
      <DataTable<Sale>
        title="Purchase Orders"
        columns={columns}
        data={invalid ? [] : rows}
        getRowId={(s) => s.id}
        isLoading={isLoading}
        isFetching={isFetching}
        error={isError ? loadFailure(error, PURCHASES_FETCH_FAILED) : null}
        onRetry={() => void refetch()}
        emptyMessage="No purchase orders found."
        search={false}
        rowActions={(s) => (
          <>
            <button type="button" className="btn btn-xs" aria-label={`Details of order ${orderNumber(s.id)}`} onClick={() => setDetail(s)}>
              Details
            </button>
            <StatusButtons sale={s} busy={busyWith(s)} onSetStatus={(sale, status) => void onSetStatus(sale, status)} />
          </>
        )}
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <RangeFilterBar value={filter} onChange={setFilter} />
          <button type="button" className="btn btn-sm" disabled={!rows || rows.length === 0 || invalid} onClick={onExport}>
            Export CSV
          </button>
        </div>
      </DataTable>
      {shown && (
        <OrderDetailDialog
          sale={shown}
          busy={busyWith(shown)}
          onSetStatus={(sale, status) => void onSetStatus(sale, status)}
          onClose={() => setDetail(null)}
        />
      )}
    </div>
  );
}
