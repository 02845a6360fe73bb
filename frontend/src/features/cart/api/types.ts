import type { PostalAddress } from '@/lib/address';
import type { OrderType } from '@/lib/orders';

/** The JSON of the cart and checkout calls (notes/checkout-contract.md). Money is a number the server computed. */

/** The product of a cart line (the same JSON as GET /api/products/{id}; only what the cart shows is named). */
export interface CartProduct {
  id: string;
  sku: string;
  title: string;
  image: string | null;
  casePrice: number;
  isShow: boolean;
  isApparel: boolean;
  inStock: boolean;
  package?: number[];
  unitProduct: { unitPrice: number; package?: number[] } | null;
}

/** The apparel variant of a cart line. */
export interface CartVariant {
  id: string;
  sku: string;
  size: string;
  gender: string;
  color: { name: string } | null;
  unitPrice: number;
  availableStock?: number;
}

export interface CartLine {
  id: string;
  cartId: string;
  productId: string;
  product: CartProduct;
  variantId?: string | null;
  variant?: CartVariant | null;
  /** Cases; shows and apparel items count here. */
  caseQuantity: number;
  unitQuantity: number;
}

export interface Cart {
  id: string;
  userId: string;
  cartProducts: CartLine[];
}

/** Which line a call is about: a product and, for apparel, its variant. */
export interface LineKey {
  productId: string;
  variantId?: string | null;
}

export interface AddToCartArgs extends LineKey {
  cartId: string;
  isUnit: boolean;
}

export type RemoveFromCartArgs = LineKey & { cartId: string };

export interface UpdateQuantityArgs extends LineKey {
  cartId: string;
  /** The new number of cases (or units, or apparel items); 0 clears them. */
  quantity: number;
  isUnit: boolean;
}

export type BlockedReason = 'EMPTY_CART' | 'MISSING_ADDRESS' | 'NOT_SHIPPED' | 'TERMS_NOT_ACCEPTED';

export interface Terminal {
  id: string;
  terminalName: string;
  company?: string;
  address: PostalAddress;
}

/** The shipping choices a quote and a payment session are made for. */
export interface ShippingChoice {
  shipToTerminalId: string | null;
  liftGate: boolean;
}

export type QuoteArgs = ShippingChoice & { cartId: string };

/** POST /api/cart/{cartId}/quote: every figure of the order summary, computed by the server. */
export interface Quote {
  subtotal: number;
  orderType: OrderType;
  shipping: number;
  liftGateFee: number;
  tax: number;
  grandTotal: number;
  itemCount: number;
  canCheckout: boolean;
  blocked: { reason: BlockedReason; message: string } | null;
  shippingAddress: (PostalAddress & { id: string }) | null;
  terminal: Terminal | null;
  /** Unit lines the unit stock cannot fill now: these units ship once a case is opened. */
  owedUnits: OwedUnits[];
}

/** The server's count of a cart line's units that are not in stock now (decisions.md "Stock"). */
export interface OwedUnits {
  productId: string;
  title: string;
  units: number;
}

/** POST /api/cart/{cartId}/purchase: the payment session (checkout token). */
export interface PaymentSession {
  checkoutToken: string;
  paymentUrl: string;
  amount: number;
  expiresAt: string;
}

export type OpenPaymentArgs = QuoteArgs & { amount: number };

export interface CancelPaymentArgs {
  cartId: string;
  checkoutToken: string;
}

/** The quote's five figures, sent back with the purchase. */
export interface Amounts {
  subtotal: number;
  tax: number;
  liftGateFee: number;
  shipping: number;
  grandTotal: number;
}

export interface CompletePurchaseArgs {
  userId: string;
  shippingAddressId: string;
  amounts: Amounts;
  checkoutToken: string;
}

/** POST /api/purchase answers the order; the cart only needs to know it exists. */
export interface PlacedOrder {
  id: string;
  status: string;
}
