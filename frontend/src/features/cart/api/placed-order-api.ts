import { api } from '@/lib/api';

/** A line of a placed order as GET /api/orders/{id} answers it: what the confirmation names. */
export interface PlacedOrderLine {
  id: string;
  title: string;
  isUnit: boolean;
  quantity: number;
  /** Units of the line that ship once a case is opened (the server's count; 0 for most lines). */
  owedUnits: number;
}

/** The placed order's lines. */
export interface PlacedOrderLines {
  id: string;
  items: PlacedOrderLine[];
}

export const placedOrderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The order a purchase just made, for the success page. */
    getPlacedOrder: build.query<PlacedOrderLines, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
  }),
});

export const { useGetPlacedOrderQuery } = placedOrderApi;
