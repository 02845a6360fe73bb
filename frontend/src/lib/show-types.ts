/**
 * Show type codes and their names (storefront.md §2 "Show type labels"): the storefront and the
 * back office both show the name, never the stored code.
 */
export const SHOW_TYPE_LABELS: Record<string, string> = {
  CUSTOM: 'Custom Shows',
  FOURTH_JULY: 'Fourth of July',
  NEW_YEARS: 'New Year',
  GENDER_REVEAL: 'Gender Reveal',
  RETAIL: 'Retail',
  WHOLESALE: 'Wholesale',
  WEDDING: 'Wedding',
};

/** "Fourth of July" for FOURTH_JULY; a type the admin added is shown as named (underscores as spaces). */
export const showTypeLabel = (name: string | null | undefined): string =>
  name ? (SHOW_TYPE_LABELS[name] ?? name.replace(/_/g, ' ')) : '';
