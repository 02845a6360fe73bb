import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import type { Report } from '../api/reports-api';
import type { ReportKind } from '../lib/report-types';
import { REPORT_ID_PARAM, runSearch } from '../lib/views';
import { ReportForm, ReportTypeChoice } from './report-form';
import { ReportList } from './report-list';
import { ReportView } from './report-view';

/**
 * The computed reports (back-office.md §3): a request form with `kind` preselected (the sidebar's
 * Inventory, User Activity and Financial, the Sales screen's "Run a report", or Product
 * Performance from the type choice), the report asked for (polled until it is done), and every
 * report asked for so far. The report shown is in the address (reportId).
 */
export function ReportRunner({ kind }: { kind: ReportKind | null }) {
  const [params, setParams] = useSearchParams();
  const reportId = params.get(REPORT_ID_PARAM);
  // A report the admin asks for or opens takes the focus; one in the address on arrival does not.
  const [arrivedWith] = useState(reportId);
  const chosen = kind ?? 'SALES';

  const withReport = (search: URLSearchParams, id: string | null) => {
    if (id) search.set(REPORT_ID_PARAM, id);
    return search;
  };
  const hrefOf = (report: Report) => paths.adminReports.getHref(`?${withReport(new URLSearchParams(params), report.id).toString()}`);

  return (
    <div className="space-y-10">
      <section aria-labelledby="new-report-heading" className="space-y-4">
        <h2 id="new-report-heading" className="text-xl font-semibold">
          New Report
        </h2>
        <ReportTypeChoice kind={chosen} onChange={(next) => setParams(withReport(runSearch(next), reportId))} />
        <ReportForm key={chosen} kind={chosen} onCreated={(report) => setParams(withReport(new URLSearchParams(params), report.id))} />
      </section>
      {reportId && (
        <section aria-label="Report" className="rounded-box border border-base-300 p-4">
          <ReportView key={reportId} id={reportId} focusOnShow={reportId !== arrivedWith} />
        </section>
      )}
      <ReportList hrefOf={hrefOf} shownId={reportId} />
    </div>
  );
}
