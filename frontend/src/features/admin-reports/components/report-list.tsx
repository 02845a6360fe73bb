import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/app-link';
import { DataTable, TABLE_PAGE_SIZE, type DataColumn } from '@/components/data-table';
import { EMPTY_CELL } from '../lib/cells';
import { reportsApi, useGetReportsQuery, type Report } from '../api/reports-api';
import { formatDateTime } from '@/lib/format';
import { LIST_LOAD_FAILED } from '../lib/messages';
import { reportKindLabel } from '../lib/report-types';
import { isClosed } from '../lib/statuses';
import { StatusBadge } from './status-badge';
import { useReportDownload } from './use-report-download';

const moment = (at: string | null) => (at ? <time dateTime={at}>{formatDateTime(at)}</time> : EMPTY_CELL);

const columns: DataColumn<Report>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'type', header: 'Type', cell: ({ getValue }) => reportKindLabel(getValue<string>()) },
  { accessorKey: 'status', header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue<string>()} /> },
  { accessorKey: 'createdAt', header: 'Requested', cell: ({ getValue }) => moment(getValue<string>()) },
  { accessorKey: 'createdBy', header: 'By', cell: ({ getValue }) => <span className="break-all">{getValue<string>()}</span> },
  { accessorKey: 'completedAt', header: 'Finished', cell: ({ getValue }) => moment(getValue<string | null>()) },
];

/** Every report asked for, newest first (the server's paging): View shows one under the form; a completed one downloads. */
export function ReportList({ hrefOf, shownId }: { hrefOf: (report: Report) => string; shownId: string | null }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const { data, isLoading, isFetching, isError, refetch } = useGetReportsQuery({ page, pageSize });
  const { save, busy } = useReportDownload();

  // The report shown under the form is polled; once it is done while this page still lists it
  // as running, the page is asked for again.
  const shown = reportsApi.endpoints.getReport.useQueryState(shownId ?? skipToken).data;
  const listed = shown && data?.contents.find((r) => r.id === shown.id);
  const stale = !!shown && !!listed && isClosed(shown.status) && listed.status !== shown.status;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  return (
    <DataTable<Report>
      title="All Reports"
      columns={columns}
      data={data?.contents}
      getRowId={(r) => r.id}
      isLoading={isLoading}
      isFetching={isFetching}
      error={isError ? LIST_LOAD_FAILED : null}
      onRetry={() => void refetch()}
      emptyMessage="No reports yet."
      search={false}
      paging={{
        page,
        pageSize,
        totalItems: data?.totalItems ?? 0,
        hasMore: data?.hasMore ?? false,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
      }}
      rowActions={(r) => (
        <>
          <AppLink to={hrefOf(r)} className="btn btn-xs" aria-label={`View ${r.name}`}>
            View
          </AppLink>
          {r.status === 'COMPLETED' && r.fileUrl && (
            <button type="button" className="btn btn-xs" disabled={busy(r)} aria-label={`Download CSV of ${r.name}`} onClick={() => void save(r)}>
              CSV
            </button>
          )}
        </>
      )}
    />
  );
}
