import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import { Page } from '@/components/page';
import { REPORT_TYPE_PARAM, REPORT_TYPES } from '@/lib/admin-views';

/** A back-office screen still to be built: its title inside the admin layout, and a short note. */
function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title} wide>
      <div className="space-y-6">
        {children}
        <p role="status" className="alert">
          This screen is coming soon.
        </p>
      </div>
    </Page>
  );
}

const REPORT_TITLES: Record<string, string> = {
  [REPORT_TYPES.caseBreak]: 'Case Break Report',
  [REPORT_TYPES.sales]: 'Sales Report',
  [REPORT_TYPES.inventory]: 'Inventory Report',
  [REPORT_TYPES.userActivity]: 'User Activity Report',
  [REPORT_TYPES.financial]: 'Financial Report',
};

/** /admin/reports?type=...: the report chosen in the sidebar. */
export function ReportsPage() {
  const [params] = useSearchParams();
  return <ComingSoon title={REPORT_TITLES[params.get(REPORT_TYPE_PARAM) ?? ''] ?? 'Reports'} />;
}
