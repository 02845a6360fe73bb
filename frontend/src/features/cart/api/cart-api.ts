import { api, MY_PROFILE_TAG, ORDER_LIST_TAG } from '@/lib/api';
import type { RootState } from '@/lib/root-reducer';
import type {
  AddToCartArgs,
  CancelPaymentArgs,
  Cart,
  CartLine,
  CompletePurchaseArgs,
  LineKey,
  OpenPaymentArgs,
  PaymentSession,
  PlacedOrder,
  Quote,
  QuoteArgs,
  RemoveFromCartArgs,
  Terminal,
  UpdateQuantityArgs,
} from './types';

export type * from './types';

const cartPath = (cartId: string) => `/cart/${encodeURIComponent(cartId)}`;

/** A variant id of "unit", "case" or blank means no variant and is not sent (storefront.md §5). */
export function variantParam(variantId: string | null | undefined): string | undefined {
  const v = variantId?.trim();
  return v && v !== 'unit' && v !== 'case' ? v : undefined;
}

/** Whether `line` is the line `key` names (same product, same variant or none). */
export function isLine(line: Pick<CartLine, 'productId' | 'variantId'>, key: LineKey): boolean {
  return line.productId === key.productId && (variantParam(line.variantId) ?? null) === (variantParam(key.variantId) ?? null);
}

/** The body of add, remove and updateQuantity: the line and cart, without a "none" variant. */
function lineBody({ cartId, productId, variantId, ...rest }: LineKey & { cartId: string } & Record<string, unknown>) {
  const variant = variantParam(variantId);
  return { productId, cartId, ...rest, ...(variant ? { variantId: variant } : {}) };
}

/**
 * What a cart change invalidates. Add, remove and updateQuantity answer the whole cart, which is
 * written into the cached cart (`writeBack`): a success refetches only the quote (its figures
 * are the server's). A failure refetches the cart too, as the cart may have changed meanwhile.
 */
const cartChanged = (cartId: string, failed: boolean) => [
  { type: 'Quote' as const, id: cartId },
  ...(failed ? [{ type: 'Cart' as const, id: cartId }] : []),
];

/** The badge figure: cases plus units over every line. */
export function cartItemCount(cart: Pick<Cart, 'cartProducts'> | undefined): number {
  if (!cart || !Array.isArray(cart.cartProducts)) return 0;
  return cart.cartProducts.reduce(
    (sum, line) => sum + (Number(line.caseQuantity) || 0) + (Number(line.unitQuantity) || 0),
    0,
  );
}

/** Whether a line change counts units: never for apparel items and shows, which count as cases. */
export const countsUnits = (line: Pick<CartLine, 'product'> | undefined, isUnit: boolean): boolean =>
  isUnit && !line?.product?.isApparel && !line?.product?.isShow;

// The read is injected first so the mutations below can patch its cache entry with a typed util.
const cartReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, string>({
      query: (cartId) => cartPath(cartId),
      providesTags: (_result, _error, cartId) => [{ type: 'Cart', id: cartId }],
    }),
  }),
});

/**
 * The end of an optimistic cart change: the cart the server answered replaces the cached one
 * (no second request for it); a refused change undoes the optimistic patch.
 */
async function writeBack(
  dispatch: (write: ReturnType<typeof cartReadApi.util.updateQueryData>) => unknown,
  cartId: string,
  patch: { undo: () => void },
  queryFulfilled: Promise<{ data: Cart }>,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(cartReadApi.util.updateQueryData('getCart', cartId, () => data));
  } catch {
    patch.undo();
  }
}

export const cartApi = cartReadApi.injectEndpoints({
  endpoints: (build) => ({
    /** Adds one case, unit or apparel item. Optimistic for a line already in the cart. */
    addToCart: build.mutation<Cart, AddToCartArgs>({
      query: ({ cartId, ...line }) => ({ url: `${cartPath(cartId)}/add`, method: 'POST', body: lineBody({ cartId, ...line }) }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartReadApi.util.updateQueryData('getCart', args.cartId, (cart) => {
            const line = cart.cartProducts?.find((l) => isLine(l, args));
            if (!line) return; // A new line needs its product: it arrives with the server's cart.
            if (countsUnits(line, args.isUnit)) line.unitQuantity += 1;
            else line.caseQuantity += 1;
          }),
        );
        await writeBack(dispatch, args.cartId, patch, queryFulfilled);
      },
      invalidatesTags: (_r, error, { cartId }) => cartChanged(cartId, Boolean(error)),
    }),
    /** Removes a whole line. Optimistic. */
    removeFromCart: build.mutation<Cart, RemoveFromCartArgs>({
      query: ({ cartId, ...line }) => ({ url: `${cartPath(cartId)}/remove`, method: 'POST', body: lineBody({ cartId, ...line }) }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartReadApi.util.updateQueryData('getCart', args.cartId, (cart) => {
            cart.cartProducts = (cart.cartProducts ?? []).filter((l) => !isLine(l, args));
          }),
        );
        await writeBack(dispatch, args.cartId, patch, queryFulfilled);
      },
      invalidatesTags: (_r, error, { cartId }) => cartChanged(cartId, Boolean(error)),
    }),
    /** Sets the cases (or units, or apparel items) of a line; a line left with neither goes. Optimistic. */
    updateCartQuantity: build.mutation<Cart, UpdateQuantityArgs>({
      query: ({ cartId, ...line }) => ({
        url: `${cartPath(cartId)}/updateQuantity`,
        method: 'POST',
        body: lineBody({ cartId, ...line }),
      }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartReadApi.util.updateQueryData('getCart', args.cartId, (cart) => {
            const line = cart.cartProducts?.find((l) => isLine(l, args));
            if (!line) return;
            if (countsUnits(line, args.isUnit)) line.unitQuantity = args.quantity;
            else line.caseQuantity = args.quantity;
            if (line.caseQuantity === 0 && line.unitQuantity === 0) {
              cart.cartProducts = cart.cartProducts.filter((l) => l !== line);
            }
          }),
        );
        await writeBack(dispatch, args.cartId, patch, queryFulfilled);
      },
      invalidatesTags: (_r, error, { cartId }) => cartChanged(cartId, Boolean(error)),
    }),
    /**
     * The order summary for the cart and the shipping choice. A POST that changes nothing, so
     * a query: it depends on the cart and on the profile (address, terms), and provides both tags.
     */
    getQuote: build.query<Quote, QuoteArgs>({
      query: ({ cartId, shipToTerminalId, liftGate }) => ({
        url: `${cartPath(cartId)}/quote`,
        method: 'POST',
        body: { shipToTerminalId, liftGate },
      }),
      providesTags: (_r, _e, { cartId }) => [{ type: 'Quote', id: cartId }, MY_PROFILE_TAG],
    }),
    /** The checkout token request: opens a payment session for the amount the buyer saw. Changes no cached data. */
    openPaymentSession: build.mutation<PaymentSession, OpenPaymentArgs>({
      query: ({ cartId, amount, shipToTerminalId, liftGate }) => ({
        url: `${cartPath(cartId)}/purchase`,
        method: 'POST',
        body: { amount, shipToTerminalId, liftGate },
      }),
    }),
    /** Gives a payment session up (idempotent; releases the stock hold). */
    cancelPaymentSession: build.mutation<null, CancelPaymentArgs>({
      query: ({ cartId, checkoutToken }) => ({
        url: `${cartPath(cartId)}/purchase/cancel`,
        method: 'POST',
        body: { checkoutToken },
      }),
    }),
    /** Completes a paid session: the order is created and the cart emptied. */
    completePurchase: build.mutation<PlacedOrder, CompletePurchaseArgs>({
      query: (body) => ({ url: '/purchase', method: 'POST', body }),
      // Every cart (and so every quote) and the order list.
      invalidatesTags: ['Cart', 'Quote', ORDER_LIST_TAG],
    }),
    getTerminals: build.query<Terminal[], { state: string; zipcode: string }>({
      query: ({ state, zipcode }) => {
        const search = new URLSearchParams({ state });
        if (zipcode.trim()) search.set('zipcode', zipcode.trim());
        return `/terminal?${search}`;
      },
      providesTags: [{ type: 'Terminal', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useUpdateCartQuantityMutation,
  useGetQuoteQuery,
  useOpenPaymentSessionMutation,
  useCancelPaymentSessionMutation,
  useCompletePurchaseMutation,
  useGetTerminalsQuery,
} = cartApi;

const CART_CHANGES: ReadonlySet<string> = new Set(['addToCart', 'removeFromCart', 'updateCartQuantity']);

/**
 * Whether a cart change is on its way to the server (the checkout waits for it). A mutation's
 * state does not keep its arguments; a user has one cart, so any pending change is this cart's.
 */
export function selectCartChanging(state: RootState): boolean {
  return Object.values(state.api?.mutations ?? {}).some((m) => m?.status === 'pending' && CART_CHANGES.has(m.endpointName ?? ''));
}
