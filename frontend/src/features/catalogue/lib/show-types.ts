/** Show type codes and their labels (storefront.md §2). */
export const SHOW_TYPE_LABELS: Record<string, string> = {
  CUSTOM: 'Custom Shows',
  FOURTH_JULY: 'Fourth of July',
  NEW_YEARS: 'New Year',
  GENDER_REVEAL: 'Gender Reveal',
  RETAIL: 'Retail',
  WHOLESALE: 'Wholesale',
  WEDDING: 'Wedding',
};

export const showTypeLabel = (name: string | null | undefined): string =>
  name ? (SHOW_TYPE_LABELS[name] ?? name.replace(/_/g, ' ')) : '';
