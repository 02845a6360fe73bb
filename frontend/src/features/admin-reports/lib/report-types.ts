/** The five computed report types (back-office.md §1 and §3), as the server names them. */
export const REPORT_KINDS = ['SALES', 'INVENTORY', 'USER_ACTIVITY', 'FINANCIAL', 'PRODUCT_PERFORMANCE'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  SALES: 'Sales',
  INVENTORY: 'Inventory',
  USER_ACTIVITY: 'User Activity',
  FINANCIAL: 'Financial',
  PRODUCT_PERFORMANCE: 'Product Performance',
};

/** "User Activity" for USER_ACTIVITY; an unknown code as it is. */
export const reportKindLabel = (kind: string): string => REPORT_KIND_LABELS[kind as ReportKind] ?? kind;

export const isReportKind = (value: string): value is ReportKind => (REPORT_KINDS as readonly string[]).includes(value);

/** The boolean parameters of §3 (every one defaults to true). */
export const FLAG_LABELS = {
  includeShowDetails: 'Include show details',
  includeProductBreakdown: 'Include product breakdown',
  includeZeroStock: 'Include items with zero stock',
  includeNotes: 'Include notes',
  includeAdminActivity: 'Include admin activity',
  includeBreakdownByProduct: 'Break down by product',
  includeBreakdownByCategory: 'Break down by category',
  includeCategoryAnalysis: 'Include category analysis',
} as const;
export type Flag = keyof typeof FLAG_LABELS;

export const INTERVALS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;
export type Interval = (typeof INTERVALS)[number]['value'];

/** §9: the default number of top performers; the server takes 1 to 100. */
export const DEFAULT_TOP_PERFORMERS = 10;
export const MIN_TOP_PERFORMERS = 1;
export const MAX_TOP_PERFORMERS = 100;

/** What each type takes (§3): dates (all but INVENTORY), its flags, and its own extras. */
export interface ReportParameters {
  dated: boolean;
  flags: Flag[];
  interval?: true;
  topPerformersCount?: true;
}

export const REPORT_PARAMETERS: Record<ReportKind, ReportParameters> = {
  SALES: { dated: true, flags: ['includeShowDetails', 'includeProductBreakdown'], interval: true },
  INVENTORY: { dated: false, flags: ['includeZeroStock', 'includeNotes'] },
  USER_ACTIVITY: { dated: true, flags: ['includeAdminActivity'] },
  FINANCIAL: { dated: true, flags: ['includeBreakdownByProduct', 'includeBreakdownByCategory'] },
  PRODUCT_PERFORMANCE: { dated: true, flags: ['includeCategoryAnalysis'], topPerformersCount: true },
};
