import { api, REVALIDATE } from '@/lib/api';

/** Work waiting, by status. */
export interface WorkCounts {
  pending: number;
  processing: number;
}

/** GET /api/admin/summary: the dashboard's four counts (admin-contract.md) and the work waiting. */
export interface AdminSummary {
  users: number;
  /** The sum of available stock of unit products and apparel variants. */
  inventory: number;
  products: number;
  shows: number;
  /** Orders PENDING or PROCESSING. */
  ordersToHandle: WorkCounts;
  /** Case break requests PENDING or PROCESSING. */
  openCaseBreaks: WorkCounts;
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSummary: build.query<AdminSummary, void>({
      query: () => ({ url: '/admin/summary', ...REVALIDATE }),
      // Any write to users, stock, products or shows changes a count.
      providesTags: [
        { type: 'User', id: 'LIST' },
        { type: 'Inventory', id: 'LIST' },
        { type: 'Product', id: 'LIST' },
        { type: 'Show', id: 'LIST' },
        // Orders and case breaks change as buyers buy: refetched on each visit (REVALIDATE).
      ],
    }),
  }),
});

export const { useGetAdminSummaryQuery } = adminApi;
