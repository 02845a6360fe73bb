import { waitFor } from '@testing-library/react';
import { api, ORDER_LIST_TAG, type ApiRootState } from '@/lib/api';
import { deferred } from '@/test/deferred';
import { makeStore, mockApi, signedInState } from '@/test/render';
import { CART_API, CART_ID, cartOf, cartProduct, line, quote, USER_ID } from '../test/fixtures';
import { cartApi, cartItemCount, isLine, variantParam } from './cart-api';

const comet = cartProduct('p1', 'Comet Rack', { unitProduct: { unitPrice: 9.99 } });
const hoodie = cartProduct('a1', 'Cody B Hoodie', { isApparel: true });

function setup() {
  const store = makeStore(signedInState());
  return store;
}

const cached = (store: ReturnType<typeof setup>) => cartApi.endpoints.getCart.select(CART_ID)(store.getState() as ApiRootState).data;

describe('cart helpers', () => {
  it.each([null, undefined, '', '  ', 'unit', 'case'])('treats the variant id %p as none', (v) => {
    expect(variantParam(v)).toBeUndefined();
  });

  it('keeps a real variant id and matches lines by product and variant', () => {
    expect(variantParam('v-1')).toBe('v-1');
    expect(isLine({ productId: 'a1', variantId: 'v-1' }, { productId: 'a1', variantId: 'v-1' })).toBe(true);
    expect(isLine({ productId: 'a1', variantId: 'v-1' }, { productId: 'a1', variantId: 'v-2' })).toBe(false);
    expect(isLine({ productId: 'p1', variantId: null }, { productId: 'p1', variantId: 'unit' })).toBe(true);
  });

  it('counts cases plus units over every line', () => {
    expect(cartItemCount(cartOf(line(comet, { caseQuantity: 2, unitQuantity: 3 }), line(hoodie, { caseQuantity: 4 })))).toBe(9);
    expect(cartItemCount(undefined)).toBe(0);
  });
});

describe('cart mutations', () => {
  it('sends the line without a "none" variant', async () => {
    const bodies: unknown[] = [];
    mockApi({
      [`POST ${CART_API}/add`]: async (req) => {
        bodies.push(await req.json());
        return [200, cartOf()];
      },
      [`POST ${CART_API}/updateQuantity`]: async (req) => {
        bodies.push(await req.json());
        return [200, cartOf()];
      },
      [`POST ${CART_API}/remove`]: async (req) => {
        bodies.push(await req.json());
        return [200, cartOf()];
      },
    });
    const store = setup();
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ cartId: CART_ID, productId: 'p1', isUnit: true, variantId: 'unit' }));
    await store.dispatch(cartApi.endpoints.updateCartQuantity.initiate({ cartId: CART_ID, productId: 'a1', isUnit: false, quantity: 3, variantId: 'v-1' }));
    await store.dispatch(cartApi.endpoints.removeFromCart.initiate({ cartId: CART_ID, productId: 'p1', variantId: '' }));
    expect(bodies).toEqual([
      { productId: 'p1', cartId: CART_ID, isUnit: true },
      { productId: 'a1', cartId: CART_ID, isUnit: false, quantity: 3, variantId: 'v-1' },
      { productId: 'p1', cartId: CART_ID },
    ]);
  });

  it('updates the cached cart at once, then keeps the cart the server answers without fetching it again, and refreshes its quote', async () => {
    let cartReads = 0;
    let quoteReads = 0;
    const answer = deferred<[number, unknown]>();
    mockApi({
      [`GET ${CART_API}`]: () => {
        cartReads += 1;
        return [200, cartOf(line(comet, { caseQuantity: 1, unitQuantity: 2 }))];
      },
      [`POST ${CART_API}/quote`]: () => {
        quoteReads += 1;
        return [200, quote()];
      },
      [`POST ${CART_API}/updateQuantity`]: () => answer.promise,
      // A new line: its product comes with the answer.
      [`POST ${CART_API}/add`]: () => [200, cartOf(line(comet, { caseQuantity: 5, unitQuantity: 3 }), line(hoodie, { caseQuantity: 1, variantId: 'v-1' }))],
    });
    const store = setup();
    store.dispatch(cartApi.endpoints.getCart.initiate(CART_ID));
    store.dispatch(cartApi.endpoints.getQuote.initiate({ cartId: CART_ID, shipToTerminalId: null, liftGate: false }));
    await waitFor(() => expect(cached(store)).toBeDefined());
    await waitFor(() => expect(quoteReads).toBe(1));

    const done = store.dispatch(cartApi.endpoints.updateCartQuantity.initiate({ cartId: CART_ID, productId: 'p1', isUnit: false, quantity: 5 }));
    // Optimistic: the line shows 5 cases before the server answers.
    expect(cached(store)?.cartProducts[0]).toMatchObject({ caseQuantity: 5, unitQuantity: 2 });
    // The server's cart (another tab added a unit meanwhile) is what the cache then holds.
    answer.resolve([200, cartOf(line(comet, { caseQuantity: 5, unitQuantity: 3 }))]);
    await done;
    expect(cached(store)?.cartProducts[0]).toMatchObject({ caseQuantity: 5, unitQuantity: 3 });
    await waitFor(() => expect(quoteReads).toBe(2));

    await store.dispatch(cartApi.endpoints.addToCart.initiate({ cartId: CART_ID, productId: 'a1', isUnit: false, variantId: 'v-1' }));
    expect(cached(store)?.cartProducts.map((l) => [l.productId, l.caseQuantity])).toEqual([
      ['p1', 5],
      ['a1', 1],
    ]);
    await waitFor(() => expect(quoteReads).toBe(3));
    // The cart itself was read once: every change wrote the answer instead of fetching it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cartReads).toBe(1);
  });

  it('undoes the optimistic change when the server refuses it', async () => {
    mockApi({
      [`GET ${CART_API}`]: () => [200, cartOf(line(comet, { caseQuantity: 1, unitQuantity: 2 }), line(hoodie, { caseQuantity: 1, variantId: 'v-1' }))],
      [`POST ${CART_API}/updateQuantity`]: () => [409, { message: 'Comet Rack is out of stock' }],
      [`POST ${CART_API}/remove`]: () => [404, { message: 'Cart not found' }],
      [`POST ${CART_API}/add`]: () => [409, { message: 'Cody B Hoodie (APP-1-M-U) is out of stock' }],
    });
    const store = setup();
    store.dispatch(cartApi.endpoints.getCart.initiate(CART_ID));
    await waitFor(() => expect(cached(store)).toBeDefined());

    const update = store.dispatch(cartApi.endpoints.updateCartQuantity.initiate({ cartId: CART_ID, productId: 'p1', isUnit: true, quantity: 3 }));
    expect(cached(store)?.cartProducts[0].unitQuantity).toBe(3);
    await update;
    expect(cached(store)?.cartProducts[0].unitQuantity).toBe(2);

    const remove = store.dispatch(cartApi.endpoints.removeFromCart.initiate({ cartId: CART_ID, productId: 'p1' }));
    expect(cached(store)?.cartProducts).toHaveLength(1);
    await remove;
    await waitFor(() => expect(cached(store)?.cartProducts).toHaveLength(2));

    // Apparel items count as cases, whatever isUnit says.
    const add = store.dispatch(cartApi.endpoints.addToCart.initiate({ cartId: CART_ID, productId: 'a1', isUnit: true, variantId: 'v-1' }));
    expect(cached(store)?.cartProducts[1]).toMatchObject({ caseQuantity: 2, unitQuantity: 0 });
    await add;
    await waitFor(() => expect(cached(store)?.cartProducts[1].caseQuantity).toBe(1));
  });

  it('a completed purchase refreshes every cart and the order list', async () => {
    let cartReads = 0;
    let orderReads = 0;
    // A stand-in for the orders feature's list: anything tagged as the order list.
    const probe = api.injectEndpoints({
      endpoints: (build) => ({
        probeOrders: build.query<unknown, void>({
          query: () => '/orders?page=1&pageSize=25',
          providesTags: [ORDER_LIST_TAG],
        }),
      }),
    });
    mockApi({
      [`GET ${CART_API}`]: () => {
        cartReads += 1;
        return [200, cartOf()];
      },
      'GET /api/orders': () => {
        orderReads += 1;
        return [200, { contents: [], totalItems: 0, hasMore: false, totalPages: 0 }];
      },
      'POST /api/purchase': () => [200, { id: 'o-1', status: 'PENDING' }],
    });
    const store = setup();
    store.dispatch(cartApi.endpoints.getCart.initiate(CART_ID));
    store.dispatch(probe.endpoints.probeOrders.initiate());
    await waitFor(() => expect(cartReads + orderReads).toBe(2));
    const amounts = { subtotal: 1, tax: 0, liftGateFee: 0, shipping: 0, grandTotal: 1 };
    await store.dispatch(cartApi.endpoints.completePurchase.initiate({ userId: USER_ID, shippingAddressId: 'a', amounts, checkoutToken: 't' }));
    await waitFor(() => expect(cartReads).toBe(2));
    await waitFor(() => expect(orderReads).toBe(2));
  });
});
