import { paths } from './paths';

/**
 * The views of the back-office lists that the sidebar links to (back-office.md §2), as search
 * values. The admin shell builds the links and the screens read them, so both name them here.
 */

/** /admin/inventory?view=...: 0 < stock < 10, or stock 0 (decisions.md "Stock"). */
export const INVENTORY_VIEW_PARAM = 'view';
export const INVENTORY_VIEWS = { lowStock: 'low-stock', outOfStock: 'out-of-stock' } as const;
export type InventoryView = (typeof INVENTORY_VIEWS)[keyof typeof INVENTORY_VIEWS];

/** /admin/products?inStock=false: the products whose admin-set inStock flag is off. */
export const PRODUCT_STOCK_PARAM = 'inStock';

/** /admin/reports?type=...: the report the sidebar opens. */
export const REPORT_TYPE_PARAM = 'type';
export const REPORT_TYPES = {
  caseBreak: 'case-break',
  sales: 'sales',
  inventory: 'inventory',
  userActivity: 'user-activity',
  financial: 'financial',
  // Not in §2's sidebar: offered by the reports screen's type choice.
  productPerformance: 'product-performance',
} as const;
export type ReportType = (typeof REPORT_TYPES)[keyof typeof REPORT_TYPES];

/**
 * /admin/reports?type=sales&status=PENDING: the report's status filter to start with (the
 * dashboard's counts of orders to handle and open case breaks link to their lists this way).
 */
export const REPORT_STATUS_PARAM = 'status';

/** The search keys that pick a view; two addresses show the same view when these agree. */
export const VIEW_PARAMS = [INVENTORY_VIEW_PARAM, PRODUCT_STOCK_PARAM, REPORT_TYPE_PARAM] as const;


/**
 * /admin/apparel?inStock=false: the apparel products without stock (§4: the out-of-stock
 * section; GET /api/apparel?inStock=false). The same key as the products' view, in VIEW_PARAMS.
 */
export const APPAREL_STOCK_PARAM = PRODUCT_STOCK_PARAM;

/** The apparel screens' own sidebar (back-office.md §2): All Apparel, the out-of-stock view and Manage Types. */
export const APPAREL_LINKS = [
  { label: 'All Apparel', to: paths.adminApparel.getHref() },
  { label: 'Out of Stock', to: paths.adminApparel.getHref(`?${APPAREL_STOCK_PARAM}=false`) },
  { label: 'Manage Types', to: paths.adminApparelTypes.getHref() },
];
