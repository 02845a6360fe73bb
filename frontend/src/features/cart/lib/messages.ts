/** The cart's toasts (storefront.md §8), word for word. */
export const cartMessages = {
  added: (title: string) => `${title} added to cart!`,
  addShowFailed: (message: string) => `Failed to add show to cart: ${message}`,
  addProductFailed: 'Failed to add product to cart',
  removed: (title: string) => `Removed ${title} from cart`,
  removeFailed: 'Unable to remove product from cart',
  updated: (title: string) => `Updated quantity for ${title}`,
  updateFailed: 'Unable to update quantity',
} as const;

/** What a failed call says when the server gave no message (§8). */
export const NETWORK_FAILURE = 'Network response was not ok';
