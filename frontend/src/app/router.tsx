import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { CrashBoundary } from '@/components/crash-screen';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/require-auth';
import type { AppDispatch } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import type { PageLoader } from './routes/page-loader';
import { RootLayout } from './layout/root-layout';

type PageModule = { default: ComponentType; load?: PageLoader };

interface RouteHandle {
  preload?: () => Promise<PageModule>;
}

/**
 * A page's component from its lazy chunk. Until the chunk has loaded it suspends (React.lazy):
 * the root layout's Suspense shows Loading on a first visit, while a navigation keeps the previous
 * page and the loading bar up (the router renders each address in a transition). Once loaded, a
 * new instance renders the module directly, without suspending for a microtask.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function LazyPage() {
    // Chosen once per instance: switching component types would remount the page.
    const [Page] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Page />;
  }
  return { element: <LazyPage />, handle: { preload } satisfies RouteHandle };
}

/** A lazily loaded page: its own chunk, also fetched early by `preload` on link intent. */
function page(path: string | undefined, load: () => Promise<PageModule>): RouteObject {
  const route = lazyPage(load);
  return path === undefined ? { ...route, index: true } : { ...route, path };
}

/** A lazily loaded layout route without a path of its own (its children carry the paths). */
function layout(load: () => Promise<PageModule>, children: RouteObject[]): RouteObject {
  return { ...lazyPage(load), children };
}

/** A route's pattern relative to the root layout ('/products/:productId' -> 'products/:productId'). */
const child = ({ path }: { path: string }) => path.slice(1);

/** A route's pattern relative to `parent` ('/profile/edit' under '/profile' -> 'edit'). */
const under = (parent: { path: string }, { path }: { path: string }) => path.slice(parent.path.length + 1);

const products = () => import(/* webpackChunkName: "products" */ '@/app/routes/catalogue/products');
const productDetail = () => import(/* webpackChunkName: "product-detail" */ '@/app/routes/catalogue/product-detail');
const apparel = () => import(/* webpackChunkName: "apparel" */ '@/app/routes/catalogue/apparel');
const apparelDetail = () => import(/* webpackChunkName: "apparel-detail" */ '@/app/routes/catalogue/apparel-detail');
const shows = () => import(/* webpackChunkName: "shows" */ '@/app/routes/catalogue/shows');
const showDetail = () => import(/* webpackChunkName: "show-detail" */ '@/app/routes/catalogue/show-detail');
const brandPage = () => import(/* webpackChunkName: "brand" */ '@/app/routes/catalogue/brand');

const profileRoute = () => import(/* webpackChunkName: "profile" */ '@/app/routes/profile/profile');
const profileEdit = () => import(/* webpackChunkName: "profile-edit" */ '@/features/profile/routes/profile-edit');
const cartRoute = () => import(/* webpackChunkName: "cart" */ '@/app/routes/profile/cart');
const checkoutSuccess = () => import(/* webpackChunkName: "checkout-success" */ '@/features/cart/routes/checkout-success');
const notFound = () => import(/* webpackChunkName: "not-found" */ '@/components/not-found');

// The back office: its layout and every screen are lazy chunks, outside the storefront's first load.
const adminLayout = () => import(/* webpackChunkName: "admin-layout" */ '@/features/admin/routes/layout');
const adminDashboard = () => import(/* webpackChunkName: "admin-dashboard" */ '@/features/admin/routes/dashboard');
const adminMetadata = () => import(/* webpackChunkName: "admin-metadata" */ '@/features/admin-vocabulary/routes/metadata');
const adminShowTypes = () => import(/* webpackChunkName: "admin-show-types" */ '@/features/admin-vocabulary/routes/show-types');
const adminApparelTypes = () => import(/* webpackChunkName: "admin-apparel-types" */ '@/features/admin-vocabulary/routes/apparel-types');
const adminInventory = () => import(/* webpackChunkName: "admin-inventory" */ '@/features/admin-inventory/routes/inventory');
const adminProducts = () => import(/* webpackChunkName: "admin-products" */ '@/features/admin-products/routes/product-list');
const adminProductCreate = () => import(/* webpackChunkName: "admin-product-form" */ '@/features/admin-products/routes/product-create');
const adminProductEdit = () => import(/* webpackChunkName: "admin-product-edit" */ '@/features/admin-products/routes/product-edit');
const adminShows = () => import(/* webpackChunkName: "admin-shows" */ '@/features/admin-shows/routes/show-list');
const adminShowCreate = () => import(/* webpackChunkName: "admin-show-form" */ '@/features/admin-shows/routes/show-create');
const adminShowEdit = () => import(/* webpackChunkName: "admin-show-edit" */ '@/features/admin-shows/routes/show-edit');
const adminUsers = () => import(/* webpackChunkName: "admin-users" */ '@/features/admin-users/routes/user-list');
const adminUserNew = () => import(/* webpackChunkName: "admin-user-new" */ '@/features/admin-users/routes/user-new');
const adminUserEdit = () => import(/* webpackChunkName: "admin-user-edit" */ '@/features/admin-users/routes/user-edit');
const adminUserResetPassword = () => import(/* webpackChunkName: "admin-user-reset-password" */ '@/features/admin-users/routes/user-reset-password');
const adminUserPermissions = () => import(/* webpackChunkName: "admin-user-permissions" */ '@/features/admin-users/routes/user-permissions');
const adminApparel = () => import(/* webpackChunkName: "admin-apparel" */ '@/features/admin-apparel/routes/apparel-list');
const adminApparelCreate = () => import(/* webpackChunkName: "admin-apparel-form" */ '@/features/admin-apparel/routes/apparel-create');
const adminApparelEdit = () => import(/* webpackChunkName: "admin-apparel-edit" */ '@/features/admin-apparel/routes/apparel-edit');
const adminApparelVariants = () => import(/* webpackChunkName: "admin-apparel-variants" */ '@/features/admin-apparel/routes/apparel-variants');
const adminReports = () => import(/* webpackChunkName: "admin-reports" */ '@/features/admin-reports/routes/reports');
const adminMail = () => import(/* webpackChunkName: "admin-mail" */ '@/features/admin-mail/routes/mail');

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    children: [
      page(undefined, () => import(/* webpackChunkName: "home" */ '@/app/routes/catalogue/home')),
      page(child(paths.products), products),
      page(child(paths.product), productDetail),
      page(child(paths.apparel), apparel),
      page(child(paths.apparelItem), apparelDetail),
      page(child(paths.shows), shows),
      page(child(paths.show), showDetail),
      page(child(paths.brand), brandPage),
      page(child(paths.register), () => import(/* webpackChunkName: "register" */ '@/features/auth/routes/register')),
      page(child(paths.login), () => import(/* webpackChunkName: "login" */ '@/features/auth/routes/login')),
      page(child(paths.forgotPassword), () => import(/* webpackChunkName: "forgot-password" */ '@/features/auth/routes/forgot-password')),
      page(child(paths.resetPassword), () => import(/* webpackChunkName: "reset-password" */ '@/features/auth/routes/reset-password')),
      {
        path: child(paths.profile),
        element: <RequireAuth />,
        children: [
          page(undefined, profileRoute),
          page(under(paths.profile, paths.profileEdit), profileEdit),
          page(under(paths.profile, paths.cart), cartRoute),
          page(under(paths.profile, paths.cartSuccess), checkoutSuccess),
          page('*', notFound),
        ],
      },
      {
        path: child(paths.admin),
        element: <RequireAdmin />,
        children: [
          layout(adminLayout, [
            page(undefined, adminDashboard),
            page(under(paths.admin, paths.adminUsers), adminUsers),
            page(under(paths.admin, paths.adminUserNew), adminUserNew),
            page(under(paths.admin, paths.adminUserEdit), adminUserEdit),
            page(under(paths.admin, paths.adminUserResetPassword), adminUserResetPassword),
            page(under(paths.admin, paths.adminUserPermissions), adminUserPermissions),
            page(under(paths.admin, paths.adminInventory), adminInventory),
            page(under(paths.admin, paths.adminProducts), adminProducts),
            page(under(paths.admin, paths.adminProductCreate), adminProductCreate),
            page(under(paths.admin, paths.adminProductEdit), adminProductEdit),
            page(under(paths.admin, paths.adminProductMetadata), adminMetadata),
            page(under(paths.admin, paths.adminShowTypes), adminShowTypes),
            page(under(paths.admin, paths.adminApparelTypes), adminApparelTypes),
            page(under(paths.admin, paths.adminShows), adminShows),
            page(under(paths.admin, paths.adminShowsAlias), adminShows),
            page(under(paths.admin, paths.adminShowCreate), adminShowCreate),
            page(under(paths.admin, paths.adminShowEdit), adminShowEdit),
            page(under(paths.admin, paths.adminApparel), adminApparel),
            page(under(paths.admin, paths.adminApparelCreate), adminApparelCreate),
            page(under(paths.admin, paths.adminApparelEdit), adminApparelEdit),
            page(under(paths.admin, paths.adminApparelVariants), adminApparelVariants),
            page(under(paths.admin, paths.adminReports), adminReports),
            page(under(paths.admin, paths.adminMail), adminMail),
            page('*', notFound),
          ]),
        ],
      },
      page(child(paths.events), () => import(/* webpackChunkName: "events" */ '@/features/events/routes/events')),
      page(child(paths.newYears), () => import(/* webpackChunkName: "new-years" */ '@/features/events/routes/new-years')),
      page(child(paths.genderReveal), () => import(/* webpackChunkName: "gender-reveal" */ '@/features/events/routes/gender-reveal')),
      page(child(paths.fourthJuly), () => import(/* webpackChunkName: "fourth-july" */ '@/features/events/routes/fourth-july')),
      page(child(paths.about), () => import(/* webpackChunkName: "about" */ '@/features/info/routes/about')),
      page(child(paths.contactUs), () => import(/* webpackChunkName: "contact-us" */ '@/features/info/routes/contact-us')),
      page(child(paths.cookiePolicy), () => import(/* webpackChunkName: "cookie-policy" */ '@/features/info/routes/cookie-policy')),
      page(child(paths.customerService), () => import(/* webpackChunkName: "customer-service" */ '@/features/info/routes/customer-service')),
      page(child(paths.faq), () => import(/* webpackChunkName: "faq" */ '@/features/info/routes/faq')),
      page(child(paths.fireworksSafety), () => import(/* webpackChunkName: "fireworks-safety" */ '@/features/info/routes/fireworks-safety')),
      page(child(paths.privacyPolicy), () => import(/* webpackChunkName: "privacy-policy" */ '@/features/info/routes/privacy-policy')),
      page(child(paths.shippingInfo), () => import(/* webpackChunkName: "shipping-info" */ '@/features/info/routes/shipping-info')),
      page(child(paths.termsOfUse), () => import(/* webpackChunkName: "terms-of-use" */ '@/features/info/routes/terms-of-use')),
      page('*', notFound),
    ],
  },
];

/** Fetches the chunks of every route that `to` would render; settles once they are in (or failed). */
export function preloadRoute(to: string): Promise<void> {
  // (No window when the build prerenders the home page.)
  const origin = globalThis.location?.origin ?? 'http://localhost';
  const url = new URL(to, origin);
  if (url.origin !== origin) return Promise.resolve();
  const loads = (matchRoutes(routes, url.pathname) ?? []).map((match) =>
    (match.route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined),
  );
  return Promise.all(loads).then(() => undefined);
}

/**
 * The page at `to` made ready for its first render: its chunks in, then its loaders' reads
 * (PageLoader) answered. Settles either way (a failed read renders as the page shows failures).
 */
export async function loadRoute(to: string, dispatch: AppDispatch): Promise<void> {
  const url = new URL(to, window.location.origin);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const modules = await Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined)),
  );
  const reads = modules.flatMap((module, i) => module?.load?.(dispatch, { params: matches[i].params, search: url.search }) ?? []);
  await Promise.all(reads.map((read) => Promise.resolve(read).catch(() => undefined)));
}

/**
 * The page at the current address inside its layouts; the crash screen in place of everything
 * when the shell itself throws (a crashing page keeps the shell: root-layout.tsx).
 */
export function AppRoutes() {
  const { key } = useLocation();
  return <CrashBoundary standalone resetKey={key}>{useRoutes(routes)}</CrashBoundary>;
}
