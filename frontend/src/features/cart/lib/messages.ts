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

/** The server's message as a sentence (some end without a full stop: "Only 2 left of ..."). */
const sentence = (message: string) => (/[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`);

/**
 * What the checkout says when a purchase fails, with what to do next (decisions.md "Stock":
 * every purchase failure is shown). `message` is the server's reason.
 */
export const checkoutMessages = {
  /** The server refused the purchase after the payment window: it voided the payment. */
  purchaseRefused: (message: string) =>
    `Your purchase could not be completed: ${sentence(message)} Your card has not been charged. Review your cart and check out again.`,
  /** The purchase's answer did not come (network, server failure): it may or may not be done. */
  purchaseUnconfirmed: (message: string) =>
    `We could not confirm your purchase (${message}). Check your order history on your profile before you check out again.`,
  /** The checkout token request was refused (stock, changed total, too many attempts). */
  checkoutRefused: (message: string) => `Checkout could not start: ${sentence(message)}`,
  /** The checkout token request failed on the way. */
  checkoutFailed: (message: string) => `Checkout could not start (${message}). Please try again in a moment.`,
  windowBlocked: 'The payment window could not be opened. Allow pop-ups for this site, then check out again.',
  /** The cart's note while a payment session is open (the server's 409 message). */
  locked: 'Your cart is being paid for. Cancel the payment to change it.',
} as const;
