/** Business constants of storefront.md §9. */
export const SESSION_DURATION_MS = 24 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;
export const TOAST_DURATION_MS = 5000;
export const SHOP_PHONE = '(701) 555-0147';
export const SHOP_PHONE_HREF = 'tel:+17015550147';
export const SHOP_EMAIL = 'support@fireworks-shop.example';
export const SHOP_LOCATION = 'Fargo, North Dakota, USA';
