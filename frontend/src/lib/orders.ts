/** Words for the order figures the cart, checkout and order history show (the server's codes). */
export type OrderType = 'show' | 'apparelOnly' | 'retail' | 'wholesale' | 'combo';

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  show: 'Show',
  apparelOnly: 'Apparel only',
  retail: 'Retail',
  wholesale: 'Wholesale',
  combo: 'Combo',
};

/** "Retail" for "retail"; an unknown code as it is. */
export const orderTypeLabel = (type: string): string => ORDER_TYPE_LABELS[type as OrderType] ?? type;

/**
 * An order's short number for people (the buyer's history, the back office): the last eight
 * hex digits of its id, upper case. Order ids are UUIDv7: their first group is the clock, shared
 * by every order placed within the same 65 seconds, while their tail is random.
 */
export const orderNumber = (id: string): string => id.replace(/-/g, '').slice(-8).toUpperCase();

/**
 * The search parameter naming an order: the success page's order, and the order that the
 * profile's order history opens (`/profile?order={id}`).
 */
export const ORDER_PARAM = 'order';
