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
