import type { Schemas } from '@/api';
import { api, ORDER_LIST_TAG } from '@/lib/api';

export type OrderStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export type OrderItem = Schemas['OrderItemJson'];

/** An order as GET /api/orders and /api/orders/{id} answer it; every figure is the server's. */
export type Order = Schemas['OrderJson'];

export type OrderPage = Schemas['PageJson_OrderJson'];

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's orders, newest first. */
    getOrders: build.query<OrderPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => `/orders?page=${page}&pageSize=${pageSize}`,
      providesTags: (result) => [ORDER_LIST_TAG, ...(result?.contents ?? []).map((o) => ({ type: 'Order' as const, id: o.id }))],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery } = ordersApi;
