import { REPORT_TYPE_PARAM, REPORT_TYPES } from '@/lib/admin-views';
import { paths } from '@/lib/paths';
import type { ReportKind } from './report-types';

/** /admin/reports?type=sales&run=1: the computed sales report rather than the purchase orders. */
export const RUN_PARAM = 'run';
/** The report shown under the form (/admin/reports?type=inventory&reportId=...). */
export const REPORT_ID_PARAM = 'reportId';

/** What /admin/reports shows: the case breaks, the purchase orders, or the computed reports (a type preselected). */
export type ReportsView = { screen: 'case-break' } | { screen: 'sales' } | { screen: 'run'; kind: ReportKind | null };

/** The sidebar's value of each computed type (back-office.md §2; Product Performance has no sidebar entry). */
const KIND_VIEWS: Record<ReportKind, string> = {
  SALES: REPORT_TYPES.sales,
  INVENTORY: REPORT_TYPES.inventory,
  USER_ACTIVITY: REPORT_TYPES.userActivity,
  FINANCIAL: REPORT_TYPES.financial,
  PRODUCT_PERFORMANCE: REPORT_TYPES.productPerformance,
};

/** The screen an address asks for: Case Break and Sales have their own; the others run reports. */
export function viewOf(params: URLSearchParams): ReportsView {
  const type = params.get(REPORT_TYPE_PARAM) ?? '';
  if (type === REPORT_TYPES.caseBreak) return { screen: 'case-break' };
  if (type === REPORT_TYPES.sales && !params.has(RUN_PARAM)) return { screen: 'sales' };
  const kind = (Object.keys(KIND_VIEWS) as ReportKind[]).find((k) => KIND_VIEWS[k] === type) ?? null;
  return { screen: 'run', kind };
}

/** The search of the computed-report screen with `kind` preselected. */
export function runSearch(kind: ReportKind): URLSearchParams {
  const q = new URLSearchParams({ [REPORT_TYPE_PARAM]: KIND_VIEWS[kind] });
  if (kind === 'SALES') q.set(RUN_PARAM, '1');
  return q;
}

/** A link to the computed-report screen with `kind` preselected. */
export const runHref = (kind: ReportKind): string => paths.adminReports.getHref(`?${runSearch(kind).toString()}`);

/** Each screen's title (the h1). */
export function viewTitle(view: ReportsView): string {
  switch (view.screen) {
    case 'case-break':
      return 'Case Break Report';
    case 'sales':
      return 'Sales Report';
    case 'run':
      return view.kind ? RUN_TITLES[view.kind] : 'Reports';
  }
}

const RUN_TITLES: Record<ReportKind, string> = {
  SALES: 'Sales Summary Report',
  INVENTORY: 'Inventory Report',
  USER_ACTIVITY: 'User Activity Report',
  FINANCIAL: 'Financial Report',
  PRODUCT_PERFORMANCE: 'Product Performance Report',
};
