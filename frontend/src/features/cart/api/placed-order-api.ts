import type { Schemas } from '@/api';
import { api } from '@/lib/api';

/** A line of a placed order as GET /api/orders/{id} answers it: what the confirmation names. */
export type PlacedOrderLine = Schemas['OrderItemJson'];

/** The placed order (the confirmation reads its lines). */
export type PlacedOrderLines = Schemas['OrderJson'];

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
