/** Every route path of the single-page app, in one place. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 25;

const firstPage = `?page=${DEFAULT_PAGE}&pageSize=${DEFAULT_PAGE_SIZE}`;

export const paths = {
  home: '/',
  products: '/products',
  productsFirstPage: `/products${firstPage}`,
  product: (id: string, search = '') => `/products/${encodeURIComponent(id)}${search}`,
  shows: '/shows',
  showsFirstPage: `/shows${firstPage}`,
  show: (id: string) => `/shows/${encodeURIComponent(id)}`,
  apparel: '/apparel',
  apparelFirstPage: `/apparel${firstPage}`,
  apparelItem: (id: string, search = '') => `/apparel/${encodeURIComponent(id)}${search}`,
  brand: '/codyb',
  register: '/user/register',
  login: '/user/login',
  profile: '/profile',
  profileEdit: '/profile/edit',
  cart: (cartId: string) => `/profile/cart/${encodeURIComponent(cartId)}`,
  admin: '/admin',
  events: '/events',
  newYears: '/events/new-years',
  genderReveal: '/events/gender-reveal',
  fourthJuly: '/events/fourth-july',
  about: '/about',
  contactUs: '/contact-us',
  cookiePolicy: '/cookie-policy',
  customerService: '/customer-service',
  faq: '/faq',
  fireworksSafety: '/fireworks-safety',
  privacyPolicy: '/privacy-policy',
  shippingInfo: '/shipping-info',
  termsOfUse: '/terms-of-use',
} as const;

/** The search key that carries the address a guard turned the visitor away from. */
export const REDIRECT_PARAM = 'redirect';

/**
 * Returns `value` when it is a same-origin path ("/x", never "//host" or "/\host"),
 * otherwise null. Used before following a `redirect` search value.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in address, carrying a redirect value when one is given. */
export function loginPath(redirect?: string | null): string {
  const safe = safeRedirect(redirect);
  return safe ? `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : paths.login;
}
