import type { Schemas } from '@/api';
import { api, REVALIDATE } from '@/lib/api';

/** Work waiting, by status. */
export type WorkCounts = Schemas['WorkCountsJson'];

/** The dashboard's four tiles: counts, stock summed, orders and case breaks PENDING or PROCESSING. */
export type AdminSummary = Schemas['SummaryJson'];

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
