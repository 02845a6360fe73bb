import type { Schemas } from '@/api';

/**
 * The JSON of the cart and checkout calls (notes/checkout-contract.md), as the API document
 * describes it (`@/api`). Money is a number the server computed.
 */

/** The product of a cart line (the same JSON as GET /api/products/{id}). */
export type CartProduct = Schemas['ProductJson'];

/** The apparel variant of a cart line. */
export type CartVariant = Schemas['VariantJson'];

/** A line; `caseQuantity` counts cases, and shows and apparel items count there. */
export type CartLine = Schemas['CartLineJson'];

export type Cart = Schemas['CartJson'];

/** Which line a call is about: a product and, for apparel, its variant. */
export interface LineKey {
  productId: string;
  variantId?: string | null;
}

/** The arguments of the cart calls: the cart in the address, the body's fields beside it. */
export type AddToCartArgs = Schemas['AddBody'] & { cartId: string; isUnit: boolean };

export type RemoveFromCartArgs = Schemas['RemoveBody'] & { cartId: string };

/** `quantity`: the new number of cases (or units, or apparel items); 0 clears them. */
export type UpdateQuantityArgs = Schemas['UpdateBody'] & { cartId: string; isUnit: boolean };

export type BlockedReason = 'EMPTY_CART' | 'MISSING_ADDRESS' | 'NOT_SHIPPED' | 'TERMS_NOT_ACCEPTED';

export type Terminal = Schemas['TerminalJson'];

/** The shipping choices a quote and a payment session are made for. */
export interface ShippingChoice {
  shipToTerminalId: string | null;
  liftGate: boolean;
}

export type QuoteArgs = ShippingChoice & { cartId: string };

/** POST /api/cart/{cartId}/quote: every figure of the order summary, computed by the server. */
export type Quote = Schemas['CartQuoteJson'];

/** The server's count of a cart line's units that are not in stock now (decisions.md "Stock"). */
export type OwedUnits = Schemas['OwedUnitsJson'];

/** POST /api/cart/{cartId}/purchase: the payment session (checkout token). */
export type PaymentSession = Schemas['OpenedJson'];

export type OpenPaymentArgs = QuoteArgs & Schemas['OpenBody'];

export type CancelPaymentArgs = Schemas['CancelBody'] & { cartId: string };

/** The quote's five figures, sent back with the purchase. */
export type Amounts = Schemas['AmountsBody'];

export type CompletePurchaseArgs = Schemas['PurchaseBody'];

/** POST /api/purchase answers the order; the cart only needs to know it exists. */
export type PlacedOrder = Schemas['OrderJson'];
