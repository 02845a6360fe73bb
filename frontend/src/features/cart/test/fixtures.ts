import type { Loose } from '@/test/loose';
import { user } from '@/test/render';
import type { Cart, CartLine, CartProduct, Quote, Terminal } from '../api/types';

/** The signed-in test user's cart id and user id (src/test/render's user()). */
export const CART_ID = user().Cart!.id;
export const USER_ID = user().id!;
export const CART_API = `/api/cart/${CART_ID}`;

export const cartProduct = (id: string, title: string, over: Loose<CartProduct> = {}): CartProduct =>
  ({
    id,
    sku: `SKU-${id}`,
    title,
    image: null,
    casePrice: 100,
    isShow: false,
    isApparel: false,
    inStock: true,
    package: [12, 1],
    unitProduct: null,
    ...over,
  }) as CartProduct;

export const line = (product: CartProduct, over: Loose<CartLine> = {}): CartLine =>
  ({
    id: `line-${product.id}${over.variantId ? `-${over.variantId}` : ''}`,
    cartId: CART_ID,
    productId: product.id,
    product,
    variantId: null,
    variant: null,
    caseQuantity: 1,
    unitQuantity: 0,
    ...over,
  }) as CartLine;

export const cartOf = (...lines: CartLine[]): Cart => ({ id: CART_ID, userId: USER_ID, cartProducts: lines });

/** A quote whose figures do not add up: anything shown must be the server's, not a sum. */
export const quote = (over: Partial<Quote> = {}): Quote => ({
  subtotal: 111.11,
  orderType: 'retail',
  shipping: 22.22,
  liftGateFee: 0,
  tax: 3.33,
  grandTotal: 999.99,
  itemCount: 7,
  canCheckout: true,
  blocked: null,
  shippingAddress: { id: 'addr-1', street1: '1 Main St', street2: null, city: 'Fargo', state: 'ND', postalCode: '58102' },
  terminal: null,
  owedUnits: [],
  ...over,
});

export const terminal = (id: string, name: string, state = 'ND'): Terminal =>
  ({
    id,
    terminalName: name,
    company: 'Freight Co',
    address: { id: `ta-${id}`, street1: `${id} Depot Rd`, street2: null, city: 'Fargo', state, postalCode: '58102' },
  }) as Terminal;
