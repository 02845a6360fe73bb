import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { CaseBreakReport } from '../components/case-break-report';
import { ReportRunner } from '../components/report-runner';
import { SalesReport } from '../components/sales-report';
import { viewOf, viewTitle } from '../lib/views';

const LEADS = {
  'case-break': 'Requests to break a case into units: process one to add its units to stock.',
  sales: 'Purchase orders in a date range, with their buyers, lines and status history.',
  run: 'Reports computed by the server from the shop’s data: ask for one, then read or download it.',
} as const;

/** /admin/reports?type=...: the case break report, the sales report, or the computed reports (back-office.md §2). */
export default function ReportsRoute() {
  const [params] = useSearchParams();
  const view = viewOf(params);
  return (
    <Page title={viewTitle(view)} lead={LEADS[view.screen]} wide>
      {view.screen === 'case-break' && <CaseBreakReport />}
      {view.screen === 'sales' && <SalesReport />}
      {view.screen === 'run' && <ReportRunner kind={view.kind} />}
    </Page>
  );
}
