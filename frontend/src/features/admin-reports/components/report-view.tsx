import { useEffect, useRef } from 'react';
import { reportsApi, useGetReportQuery, type Report } from '../api/reports-api';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { REPORT_LOAD_FAILED } from '../lib/messages';
import { FLAG_LABELS, INTERVALS, reportKindLabel } from '../lib/report-types';
import { isClosed } from '../lib/statuses';
import { ReportResultView } from './report-result';
import { StatusBadge } from './status-badge';
import { useReportDownload } from './use-report-download';

/** How often a report being computed is asked for again. */
export const REPORT_POLL_MS = 1000;

const PARAMETER_LABELS: Record<string, string> = {
  startDate: 'Start date',
  endDate: 'End date',
  interval: 'Interval',
  topPerformersCount: 'Top performers',
  ...FLAG_LABELS,
};

function parameterText(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if ((key === 'startDate' || key === 'endDate') && typeof value === 'string') return formatCalendarDate(value);
  if (key === 'interval') return INTERVALS.find((i) => i.value === value)?.label ?? String(value);
  return String(value);
}

/** The report's parameters as the server stored them (defaults filled in). */
function Parameters({ report }: { report: Report }) {
  const entries = Object.entries(report.parameters ?? {}).filter(([, v]) => v !== null && v !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium">{PARAMETER_LABELS[key] ?? key}</dt>
          <dd>{parameterText(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One report: asked for every second while PENDING or PROCESSING (the job runs on the server),
 * then its result, or why it failed. A completed report's CSV downloads with the bearer token.
 */
export function ReportView({ id, focusOnShow = false }: { id: string; focusOnShow?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Polling stops once the report will change no more, or the call failed (Retry starts it again).
  const cached = reportsApi.endpoints.getReport.useQueryState(id);
  const settled = (cached.data !== undefined && isClosed(cached.data.status)) || cached.isError;
  const { data: report, isLoading, isError, refetch } = useGetReportQuery(id, { pollingInterval: settled ? 0 : REPORT_POLL_MS });
  const { save, busy } = useReportDownload();

  const loaded = report !== undefined;
  useEffect(() => {
    if (focusOnShow && loaded) headingRef.current?.focus();
  }, [focusOnShow, loaded]);

  if (isError && !report) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>{REPORT_LOAD_FAILED}</span>
        <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (isLoading || !report) {
    return (
      <p role="status" className="flex items-center gap-2">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        Loading the report...
      </p>
    );
  }

  return (
    <article aria-labelledby={`report-${report.id}`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`report-${report.id}`} ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          {report.name}
        </h2>
        {report.status === 'COMPLETED' && report.fileUrl && (
          <button type="button" className="btn btn-sm" disabled={busy(report)} onClick={() => void save(report)}>
            {busy(report) ? 'Downloading...' : 'Download CSV'}
          </button>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-2">
        <span>{reportKindLabel(report.type)} report</span>
        <StatusBadge status={report.status} />
        <span className="text-sm text-base-content/80">
          requested by {report.createdBy} on <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          {report.completedAt && (
            <>
              , finished <time dateTime={report.completedAt}>{formatDateTime(report.completedAt)}</time>
            </>
          )}
        </span>
      </p>
      {report.description && <p>{report.description}</p>}
      <Parameters report={report} />
      {isError && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>{REPORT_LOAD_FAILED}</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      )}
      {!isClosed(report.status) && (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          The report is being computed...
        </p>
      )}
      {report.status === 'FAILED' && (
        <p role="alert" className="alert alert-error">
          The report failed: {report.errorMessage ?? 'Unknown error'}
        </p>
      )}
      {report.status === 'COMPLETED' && report.result && <ReportResultView result={report.result} />}
    </article>
  );
}
