import { MAX_SEARCH_LEN } from './limits';

/** A listing's first page and its page size when the address names none (storefront.md §9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 25;

/** Business constants of storefront.md §9. */
export const SESSION_DURATION_MS = 24 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;
export const TOAST_DURATION_MS = 5000;
/** The longest search text the catalogue accepts (GET /api/products answers 400 past it). */
export const MAX_SEARCH_LENGTH = MAX_SEARCH_LEN;
export const SHOP_PHONE = '(701) 555-0147';
export const SHOP_PHONE_HREF = 'tel:+17015550147';
export const SHOP_EMAIL = 'support@fireworks-shop.example';
export const SHOP_LOCATION = 'Fargo, North Dakota, USA';

/** The checkout (storefront.md §4 and §9). */
/** After any cart change the checkout waits this long for the cart and its quote to settle. */
export const CART_SETTLE_MS = 1000;
/** A payment window left open this long is given up (and its session cancelled). */
export const PAYMENT_TIMEOUT_MS = 5 * 60 * 1000;
/** How often the payment window is checked for having been closed... */
export const PAYMENT_POLL_INTERVAL_MS = 500;
/** ...and at most how many times (600 x 500 ms: the same 5 minutes). */
export const PAYMENT_POLL_MAX = 600;
/** Focus or visibility regained (or the window closed) without a result: checked after this delay. */
export const PAYMENT_FOCUS_CHECK_MS = 1000;
/** The payment window's name and size (checkout-contract.md). */
export const PAYMENT_WINDOW_NAME = 'payment';
export const PAYMENT_WINDOW_FEATURES = 'width=480,height=640';
