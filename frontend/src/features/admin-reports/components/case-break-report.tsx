import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '@/components/data-table';
import { REPORT_STATUS_PARAM } from '@/lib/admin-views';
import { saveBlob } from '@/lib/download';
import { owedUnitsText } from '@/lib/owed-units';
import { useGetCaseBreaksQuery, type CaseBreakRequest, type RangeFilter } from '../api/reports-api';
import { caseBreakCsv, caseBreakCsvName } from '../lib/csv';
import { defaultRange, rangeError } from '../lib/dates';
import { formatDateTime } from '@/lib/format';
import { CASE_BREAK_FETCH_FAILED, loadFailure } from '../lib/messages';
import { isClosed, STATUS_LABELS, STATUSES, statusFilterOf } from '../lib/statuses';
import { Figures } from './figures';
import { ProcessDialog } from './process-dialog';
import { RangeFilterBar } from './range-filter';
import { StatusBadge } from './status-badge';

const whole = new Intl.NumberFormat('en-US');

const columns: DataColumn<CaseBreakRequest>[] = [
  { accessorKey: 'title', header: 'Product' },
  { accessorKey: 'sku', header: 'SKU' },
  {
    accessorKey: 'quantity',
    header: 'Quantity',
    cell: ({ row }) => (
      <>
        {whole.format(row.original.quantity)}
        {row.original.owedUnits > 0 && <span className="block text-xs text-base-content/80">{owedUnitsText(row.original.owedUnits)}</span>}
      </>
    ),
  },
  {
    id: 'boxSize',
    accessorFn: (r) => r.boxSize.join(', '),
    header: 'Box Size',
  },
  { accessorKey: 'status', header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue<string>()} /> },
  {
    accessorKey: 'createdOn',
    header: 'Date',
    cell: ({ getValue }) => <time dateTime={getValue<string>()}>{formatDateTime(getValue<string>())}</time>,
  },
];

/**
 * The case break report (back-office.md §2-§5, §9): requests filtered by status and date range,
 * the server's totals, Process (disabled once COMPLETED or FAILED) and the listed rows as
 * case-break-report-{date}.csv.
 */
export function CaseBreakReport() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<RangeFilter>(() => ({ status: statusFilterOf(params.get(REPORT_STATUS_PARAM)), ...defaultRange() }));
  const [processing, setProcessing] = useState<CaseBreakRequest | null>(null);
  const invalid = rangeError(filter) !== null;
  const { data, isLoading, isFetching, isError, error, refetch } = useGetCaseBreaksQuery(filter, { skip: invalid });
  const rows = data?.data;

  const onExport = () => {
    if (!rows) return;
    saveBlob(new Blob([caseBreakCsv(rows)], { type: 'text/csv;charset=utf-8' }), caseBreakCsvName());
  };

  return (
    <div className="space-y-6">
      {data && (
        <Figures
          label="Totals"
          items={[
            { label: 'Requests', value: whole.format(data.count) },
            { label: 'Total Quantity', value: whole.format(data.totalQuantity) },
            ...STATUSES.map((s) => ({ label: STATUS_LABELS[s], value: whole.format(data.statusCounts[s] ?? 0) })),
          ]}
        />
      )}
      <DataTable<CaseBreakRequest>
        title="Case Break Requests"
        columns={columns}
        data={invalid ? [] : rows}
        getRowId={(r) => r.id}
        isLoading={isLoading}
        isFetching={isFetching}
        error={isError ? loadFailure(error, CASE_BREAK_FETCH_FAILED) : null}
        onRetry={() => void refetch()}
        emptyMessage="No case break requests found."
        search={false}
        rowActions={(r) => (
          <button
            type="button"
            className="btn btn-primary btn-xs"
            disabled={isClosed(r.status)}
            aria-label={`Process ${r.title} (${r.quantity} requested)`}
            onClick={() => setProcessing(r)}
          >
            Process
          </button>
        )}
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <RangeFilterBar value={filter} onChange={setFilter} />
          <button type="button" className="btn btn-sm" disabled={!rows || rows.length === 0 || invalid} onClick={onExport}>
            Export CSV
          </button>
        </div>
      </DataTable>
      {processing && <ProcessDialog request={processing} onClose={() => setProcessing(null)} />}
    </div>
  );
}
