import { api, REVALIDATE } from '@/lib/api';

/** GET /api/admin/summary: the dashboard's four counts (admin-contract.md). */
export interface AdminSummary {
  users: number;
  /** The sum of available stock of unit products and apparel variants. */
  inventory: number;
  products: number;
  shows: number;
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
      ],
    }),
  }),
});

export const { useGetAdminSummaryQuery } = adminApi;
