import type { Schemas } from '@/api';
import type { InventoryView } from '@/lib/admin-views';
import { api, REVALIDATE } from '@/lib/api';

/** A unit product or an apparel variant with its stock (admin-contract.md, GET /api/admin/inventory). */
/** A unit product or an apparel variant with its stock (`kind`: `unit` or `variant`). */
export type InventoryItem = Schemas['InventoryItemJson'];

export type InventoryPage = Schemas['InventoryJson'];

export interface InventoryArgs {
  page: number;
  pageSize: number;
  search: string;
  view: InventoryView | null;
  /** The column sort (`-availableStock`), or null for the server's SKU order. */
  sort?: string | null;
}

/** The query string: blank search and the All Inventory view are left out. */
export function inventorySearch({ page, pageSize, search, view, sort = null }: InventoryArgs): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) q.set('search', search.trim());
  if (view) q.set('view', view);
  if (sort) q.set('sort', sort);
  return q.toString();
}

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInventory: build.query<InventoryPage, InventoryArgs>({
      query: (args) => ({ url: `/admin/inventory?${inventorySearch(args)}`, ...REVALIDATE }),
      providesTags: [{ type: 'Inventory', id: 'LIST' }],
    }),
  }),
});

export const { useGetInventoryQuery } = inventoryApi;
