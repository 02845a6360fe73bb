/** Show type codes and their labels (storefront.md §2), shared with the back office. */
export { SHOW_TYPE_LABELS, showTypeLabel } from '@/lib/show-types';
