import { generatePath, type PathParam } from 'react-router';

import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants';

export { DEFAULT_PAGE, DEFAULT_PAGE_SIZE };

/** The search of a listing's first page, as the navigation links carry it. */
export const FIRST_PAGE = `?page=${DEFAULT_PAGE}&pageSize=${DEFAULT_PAGE_SIZE}`;

type HrefArgs<P extends string> = [PathParam<P>] extends [never]
  ? [search?: string]
  : [params: Record<PathParam<P>, string>, search?: string];

/** A route of the single-page app. */
export interface AppRoute<P extends string> {
  /** The react-router pattern ('/products/:productId'); the router uses it, nothing else spells it. */
  readonly path: P;
  /** A link to the route: the pattern's parameters (URI-encoded), then an optional search ('?a=1'). */
  readonly getHref: (...args: HrefArgs<P>) => string;
}

function route<const P extends string>(path: P): AppRoute<P> {
  return {
    path,
    getHref: (...args) => {
      const withParams = typeof args[0] === 'object';
      const params = (withParams ? args[0] : {}) as Record<string, string>;
      const search = (withParams ? args[1] : args[0]) ?? '';
      return `${generatePath(path as string, params)}${search}`;
    },
  };
}

const products = route('/products');
const apparel = route('/apparel');
const shows = route('/shows');
const user = '/user';
const profile = route('/profile');
const cart = route(`${profile.path}/cart/:cartId`);
const events = route('/events');
const admin = route('/admin');
const adminUsers = route(`${admin.path}/users`);
const adminUser = `${adminUsers.path}/:userId` as const;
const adminProducts = route(`${admin.path}/products`);
const adminShows = route(`${admin.path}/shows`);
const adminApparel = route(`${admin.path}/apparel`);

/** Every route of the single-page app, in one place (storefront.md and back-office.md §2). */
export const paths = {
  home: route('/'),
  products,
  product: route(`${products.path}/:productId`),
  apparel,
  apparelItem: route(`${apparel.path}/:productId`),
  shows,
  show: route(`${shows.path}/:showId`),
  brand: route('/codyb'),
  register: route(`${user}/register`),
  login: route(`${user}/login`),
  forgotPassword: route(`${user}/forgot-password`),
  // The link of a password reset mail (the server writes it: /reset-password?token=...).
  resetPassword: route('/reset-password'),
  profile,
  profileEdit: route(`${profile.path}/edit`),
  cart,
  cartSuccess: route(`${cart.path}/success`),
  events,
  newYears: route(`${events.path}/new-years`),
  genderReveal: route(`${events.path}/gender-reveal`),
  fourthJuly: route(`${events.path}/fourth-july`),
  about: route('/about'),
  contactUs: route('/contact-us'),
  cookiePolicy: route('/cookie-policy'),
  customerService: route('/customer-service'),
  faq: route('/faq'),
  fireworksSafety: route('/fireworks-safety'),
  privacyPolicy: route('/privacy-policy'),
  shippingInfo: route('/shipping-info'),
  termsOfUse: route('/terms-of-use'),
  // The back office (back-office.md §2).
  admin,
  adminUsers,
  adminUserNew: route(`${adminUsers.path}/new`),
  adminUserEdit: route(`${adminUser}/edit`),
  adminUserResetPassword: route(`${adminUser}/reset-password`),
  adminUserPermissions: route(`${adminUser}/permissions`),
  adminInventory: route(`${admin.path}/inventory`),
  adminProducts,
  adminProductCreate: route(`${adminProducts.path}/create`),
  adminProductEdit: route(`${adminProducts.path}/:productId/edit`),
  // The sidebar's "Manage Metadata" (brands, categories, colours, effects); §2 names no address.
  adminProductMetadata: route(`${adminProducts.path}/metadata`),
  adminShows,
  // §2: /admin/admin shows the shows management screen too.
  adminShowsAlias: route(`${admin.path}/admin`),
  adminShowCreate: route(`${adminShows.path}/create`),
  adminShowEdit: route(`${adminShows.path}/:showId/edit`),
  adminShowTypes: route(`${adminShows.path}/showTypes`),
  adminApparel,
  adminApparelCreate: route(`${adminApparel.path}/create`),
  // The apparel screen's "Manage Types"; §2 names no address.
  adminApparelTypes: route(`${adminApparel.path}/types`),
  adminApparelEdit: route(`${adminApparel.path}/:productId/edit`),
  adminApparelVariants: route(`${adminApparel.path}/:productId/variants`),
  adminReports: route(`${admin.path}/reports`),
  // The outbox (issue 35); §2 names no address.
  adminMail: route(`${admin.path}/mail`),
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
  return paths.login.getHref(safe ? `?${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : '');
}
