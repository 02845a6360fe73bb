import type { PostalAddress } from '@/lib/address';
import { api, ORDER_LIST_TAG } from '@/lib/api';

export type OrderStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface OrderItem {
  id: string;
  productId: string;
  variantId: string | null;
  isUnit: boolean;
  quantity: number;
  unitPrice: number;
  itemSubtotal: number;
  title: string;
  sku: string;
}

/** An order as GET /api/orders and /api/orders/{id} answer it; every figure is the server's. */
export interface Order {
  id: string;
  status: OrderStatus | string;
  orderType: string;
  /** RFC 3339. */
  createdOn: string;
  subtotal: number;
  shipping: number;
  tax: number;
  liftGateFee: number;
  grandTotal: number;
  liftGate: boolean;
  shipToTerminalId: string | null;
  shippingAddress: PostalAddress | null;
  itemCount: number;
  items: OrderItem[];
}

export interface OrderPage {
  contents: Order[];
  totalItems: number;
  hasMore: boolean;
  totalPages: number;
}

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
