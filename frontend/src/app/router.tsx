import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteCrashScreen } from '@/components/crash-screen';
import { Loading } from '@/components/loading';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/require-auth';
import { paths } from '@/lib/paths';
import { registerPreloader } from '@/lib/preload';
import { RootLayout } from './layout/root-layout';

type PageModule = { default: ComponentType };

interface RouteHandle {
  preload?: () => Promise<PageModule>;
}

/** A lazily loaded page: its own chunk, also fetched early by `preload` on link intent. */
function page(path: string | undefined, load: () => Promise<PageModule>, extra: Partial<RouteObject> = {}): RouteObject {
  const route = {
    ...extra,
    handle: { preload: load } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load()).default }),
  } as RouteObject;
  if (path === undefined) return { ...route, index: true } as RouteObject;
  return { ...route, path } as RouteObject;
}

const products = () => import(/* webpackChunkName: "products" */ '@/app/routes/catalogue/products');
const productDetail = () => import(/* webpackChunkName: "product-detail" */ '@/app/routes/catalogue/product-detail');
const apparel = () => import(/* webpackChunkName: "apparel" */ '@/app/routes/catalogue/apparel');
const apparelDetail = () => import(/* webpackChunkName: "apparel-detail" */ '@/app/routes/catalogue/apparel-detail');
const shows = () => import(/* webpackChunkName: "shows" */ '@/app/routes/catalogue/shows');
const showDetail = () => import(/* webpackChunkName: "show-detail" */ '@/app/routes/catalogue/show-detail');
const brandPage = () => import(/* webpackChunkName: "brand" */ '@/app/routes/catalogue/brand');

const profileRoute = () => import(/* webpackChunkName: "profile" */ '@/features/profile/routes/profile');
const adminRoute = () => import(/* webpackChunkName: "admin" */ '@/features/admin/routes/dashboard');

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteCrashScreen standalone />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        // A pathless layer so a crashing page keeps the navbar and footer.
        errorElement: <RouteCrashScreen />,
        children: [
          page(undefined, () => import(/* webpackChunkName: "home" */ '@/app/routes/catalogue/home')),
          page(paths.products.slice(1), products),
          page(`${paths.products.slice(1)}/:productId`, productDetail),
          page(paths.apparel.slice(1), apparel),
          page(`${paths.apparel.slice(1)}/:productId`, apparelDetail),
          page(paths.shows.slice(1), shows),
          page(`${paths.shows.slice(1)}/:showId`, showDetail),
          page(paths.brand.slice(1), brandPage),
          page('user/register', () => import(/* webpackChunkName: "register" */ '@/features/auth/routes/register')),
          page('user/login', () => import(/* webpackChunkName: "login" */ '@/features/auth/routes/login')),
          {
            path: 'profile',
            element: <RequireAuth />,
            children: [page(undefined, profileRoute), page('*', profileRoute)],
          },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [page(undefined, adminRoute), page('*', adminRoute)],
          },
          page('events', () => import(/* webpackChunkName: "events" */ '@/features/events/routes/events')),
          page('events/new-years', () => import(/* webpackChunkName: "new-years" */ '@/features/events/routes/new-years')),
          page('events/gender-reveal', () => import(/* webpackChunkName: "gender-reveal" */ '@/features/events/routes/gender-reveal')),
          page('events/fourth-july', () => import(/* webpackChunkName: "fourth-july" */ '@/features/events/routes/fourth-july')),
          page('about', () => import(/* webpackChunkName: "about" */ '@/features/info/routes/about')),
          page('contact-us', () => import(/* webpackChunkName: "contact-us" */ '@/features/info/routes/contact-us')),
          page('cookie-policy', () => import(/* webpackChunkName: "cookie-policy" */ '@/features/info/routes/cookie-policy')),
          page('customer-service', () => import(/* webpackChunkName: "customer-service" */ '@/features/info/routes/customer-service')),
          page('faq', () => import(/* webpackChunkName: "faq" */ '@/features/info/routes/faq')),
          page('fireworks-safety', () => import(/* webpackChunkName: "fireworks-safety" */ '@/features/info/routes/fireworks-safety')),
          page('privacy-policy', () => import(/* webpackChunkName: "privacy-policy" */ '@/features/info/routes/privacy-policy')),
          page('shipping-info', () => import(/* webpackChunkName: "shipping-info" */ '@/features/info/routes/shipping-info')),
          page('terms-of-use', () => import(/* webpackChunkName: "terms-of-use" */ '@/features/info/routes/terms-of-use')),
          page('*', () => import(/* webpackChunkName: "not-found" */ '@/components/not-found')),
        ],
      },
    ],
  },
];

/** Fetches the chunks of every route that `to` would render. */
export function preloadRoute(to: string): void {
  const url = new URL(to, window.location.origin);
  if (url.origin !== window.location.origin) return;
  for (const match of matchRoutes(routes, url.pathname) ?? []) {
    void (match.route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined);
  }
}

export function createAppRouter() {
  registerPreloader(preloadRoute);
  return createBrowserRouter(routes);
}
