import { INVENTORY_VIEW_PARAM, INVENTORY_VIEWS, PRODUCT_STOCK_PARAM, REPORT_TYPE_PARAM, REPORT_TYPES, VIEW_PARAMS } from '@/lib/admin-views';
import { paths } from '@/lib/paths';

export interface AdminLink {
  label: string;
  to: string;
}

export interface AdminSection {
  title: string;
  links: AdminLink[];
}

const q = (key: string, value: string) => `?${key}=${encodeURIComponent(value)}`;

/** The admin top bar (back-office.md §2: the menu lists Home, Apparel Products and Reports). */
export const ADMIN_TOP_LINKS: AdminLink[] = [
  { label: 'Home', to: paths.admin.getHref() },
  { label: 'Apparel Products', to: paths.adminApparel.getHref() },
  { label: 'Reports', to: paths.adminReports.getHref() },
];

/** The sidebar sections of back-office.md §2, in its order and wording, then the outgoing mail (issue 35). */
export const ADMIN_SECTIONS: AdminSection[] = [
  { title: 'Users', links: [{ label: 'All Users', to: paths.adminUsers.getHref() }] },
  {
    title: 'Inventory',
    links: [
      { label: 'All Inventory', to: paths.adminInventory.getHref() },
      { label: 'Low Stock', to: paths.adminInventory.getHref(q(INVENTORY_VIEW_PARAM, INVENTORY_VIEWS.lowStock)) },
      { label: 'Out of Stock', to: paths.adminInventory.getHref(q(INVENTORY_VIEW_PARAM, INVENTORY_VIEWS.outOfStock)) },
    ],
  },
  {
    title: 'Shows',
    links: [
      { label: 'All Shows', to: paths.adminShows.getHref() },
      { label: 'Manage Types', to: paths.adminShowTypes.getHref() },
    ],
  },
  {
    title: 'Products',
    links: [
      { label: 'All Products', to: paths.adminProducts.getHref() },
      { label: 'Out of Stock', to: paths.adminProducts.getHref(q(PRODUCT_STOCK_PARAM, 'false')) },
      { label: 'Manage Metadata', to: paths.adminProductMetadata.getHref() },
    ],
  },
  {
    title: 'Reports',
    links: [
      { label: 'Case Break', to: paths.adminReports.getHref(q(REPORT_TYPE_PARAM, REPORT_TYPES.caseBreak)) },
      { label: 'Sales', to: paths.adminReports.getHref(q(REPORT_TYPE_PARAM, REPORT_TYPES.sales)) },
      { label: 'Inventory', to: paths.adminReports.getHref(q(REPORT_TYPE_PARAM, REPORT_TYPES.inventory)) },
      { label: 'User Activity', to: paths.adminReports.getHref(q(REPORT_TYPE_PARAM, REPORT_TYPES.userActivity)) },
      { label: 'Financial', to: paths.adminReports.getHref(q(REPORT_TYPE_PARAM, REPORT_TYPES.financial)) },
    ],
  },
  { title: 'Mail', links: [{ label: 'Outgoing mail', to: paths.adminMail.getHref() }] },
];

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The view-picking search values of an address ("view=low-stock&inStock=&type="). */
function viewOf(search: string): string {
  const params = new URLSearchParams(search);
  return VIEW_PARAMS.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
}

/**
 * Whether a link names the screen shown: the same path and the same view (All Inventory and
 * Low Stock share a path; other search values, such as a page number, do not count).
 */
export function isCurrentLink(to: string, location: { pathname: string; search: string }): boolean {
  const url = new URL(to, 'http://x');
  return trimSlash(url.pathname) === trimSlash(location.pathname) && viewOf(url.search) === viewOf(location.search);
}
