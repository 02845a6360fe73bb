import { api } from '@/lib/api';

export interface CartLine {
  id: string;
  cartId: string;
  productId: string;
  variantId?: string | null;
  caseQuantity: number;
  unitQuantity: number;
  product?: unknown;
  variant?: unknown;
}

export interface Cart {
  id: string;
  userId: string;
  cartProducts: CartLine[];
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, string>({
      query: (cartId) => `/cart/${encodeURIComponent(cartId)}`,
      providesTags: (_result, _error, cartId) => [{ type: 'Cart', id: cartId }],
    }),
  }),
});

export const { useGetCartQuery } = cartApi;

/** The badge figure: cases plus units over every line. */
export function cartItemCount(cart: Cart | undefined): number {
  if (!cart || !Array.isArray(cart.cartProducts)) return 0;
  return cart.cartProducts.reduce(
    (sum, line) => sum + (Number(line.caseQuantity) || 0) + (Number(line.unitQuantity) || 0),
    0,
  );
}
