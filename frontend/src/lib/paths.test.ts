/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchPath } from 'react-router';
import { FIRST_PAGE, loginPath, paths, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile/cart/abc?x=1#top', '/profile/cart/abc?x=1#top'],
    ['/admin', '/admin'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'profile', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'refuses %p',
    (value) => {
      expect(safeRedirect(value)).toBeNull();
    },
  );

  it('builds the sign-in address with a redirect value', () => {
    expect(loginPath('/profile?a=1')).toBe('/user/login?redirect=%2Fprofile%3Fa%3D1');
    expect(loginPath('//evil.example')).toBe('/user/login');
    expect(loginPath(null)).toBe('/user/login');
  });
});

describe('paths', () => {
  it('builds links from the route patterns, encoding the parameters', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.products.getHref(FIRST_PAGE)).toBe('/products?page=1&pageSize=25');
    expect(paths.product.path).toBe('/products/:productId');
    expect(paths.product.getHref({ productId: 'a b/c' }, '?page=2')).toBe('/products/a%20b%2Fc?page=2');
    expect(paths.cart.getHref({ cartId: 'c1' })).toBe('/profile/cart/c1');
    expect(paths.cartSuccess.path).toBe('/profile/cart/:cartId/success');
    expect(paths.cartSuccess.getHref({ cartId: 'c1' })).toBe('/profile/cart/c1/success');
    expect(paths.adminUserResetPassword.getHref({ userId: 'u1' })).toBe('/admin/users/u1/reset-password');
  });

  it('gives every route a link that its own pattern matches', () => {
    for (const [name, route] of Object.entries(paths)) {
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, key]) => [key, `${key}-1`]));
      const href = (route.getHref as (params: Record<string, string>) => string)(params);
      expect({ name, match: matchPath(route.path, href)?.params }).toEqual({ name, match: params });
    }
  });
});

describe('the server knows every route', () => {
  it('lists in crates/api/src/app_routes.txt exactly the patterns of `paths`, and names the record of each detail page', () => {
    const text = readFileSync(resolve(__dirname, '../../../crates/api/src/app_routes.txt'), 'utf8');
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(/\s+/));
    const server = lines.map(([pattern]) => pattern).sort();
    const app = Object.values(paths)
      .map((r) => r.path as string)
      .sort();
    expect(server).toEqual(app);
    const records = Object.fromEntries(lines.filter((l) => l.length > 1).map(([p, what]) => [p, what]));
    expect(records).toEqual({
      [paths.product.path]: 'product',
      [paths.apparelItem.path]: 'product',
      [paths.show.path]: 'show',
    });
  });
});
