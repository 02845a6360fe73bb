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
